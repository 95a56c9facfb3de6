import { SETTINGS_MESSAGES } from "@clausewise/shared";
import { assertLoginAllowed, recordLoginAttempt } from "../../auth/rate-limit";
import { createSession, destroySession, type AuthState } from "../../auth/sessions";
import type { AppDeps } from "../../context";
import { AppError } from "../../http/errors";
import { recordAudit } from "../audit";
import { checkSecondFactor } from "./second-factor";

/**
 * The second step of a sign-in with two-factor on. Failed codes count against their own budget
 * ("2fa:<email>", plus the IP's), which a correct password does not reset: otherwise signing in again
 * would buy fresh guesses at the six digits. Success swaps the half-open session for a full one.
 */
export async function completeSecondFactor(
  deps: AppDeps,
  input: { auth: AuthState; sessionToken: string; code: string; ip: string; userAgent?: string | undefined },
): Promise<string> {
  const { auth, code, ip } = input;
  const now = deps.now();
  const key = `2fa:${auth.user.email}`;
  await assertLoginAllowed(deps.db, { email: key, ip, now });
  const token = await deps.db.transaction(async (tx) => {
    const method = await checkSecondFactor(tx, auth.user, code, now);
    if (!method) return null;
    await destroySession(tx, input.sessionToken);
    const fresh = await createSession(tx, auth.user.id, { ip, userAgent: input.userAgent }, now);
    await recordAudit(tx, { companyId: auth.company.id, userId: auth.user.id, action: "auth.second_factor", entityType: "user", entityId: auth.user.id, now, data: { method, ip } });
    return fresh;
  });
  await recordLoginAttempt(deps.db, { email: key, ip, success: token !== null, now });
  if (!token) throw new AppError("invalid_credentials", SETTINGS_MESSAGES.invalidCode);
  return token;
}
