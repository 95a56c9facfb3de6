import { SETTINGS_MESSAGES } from "@clausewise/shared";
import { createSession, destroySession, type AuthState } from "../../auth/sessions";
import type { AppDeps } from "../../context";
import { AppError } from "../../http/errors";
import { recordAudit } from "../audit";
import { assertCodeAttemptAllowed, checkSecondFactor, recordCodeAttempt } from "./second-factor";

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
  await assertCodeAttemptAllowed(deps, auth.user, ip);
  const token = await deps.db.transaction(async (tx) => {
    const method = await checkSecondFactor(tx, auth.user, code, now);
    if (!method) return null;
    await destroySession(tx, input.sessionToken);
    const fresh = await createSession(tx, auth.user.id, { ip, userAgent: input.userAgent, remember: auth.remember }, now, deps.config.sessions);
    await recordAudit(tx, { companyId: auth.company.id, userId: auth.user.id, action: "auth.second_factor", entityType: "user", entityId: auth.user.id, now, data: { method, ip } });
    return fresh;
  });
  await recordCodeAttempt(deps, auth.user, ip, token !== null);
  if (!token) throw new AppError("invalid_credentials", SETTINGS_MESSAGES.invalidCode);
  return token;
}
