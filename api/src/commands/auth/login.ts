import { eq } from "drizzle-orm";
import type { LoginRequest } from "@clausewise/shared";
import type { AppDeps } from "../../context";
import { companies, users } from "../../db/schema";
import { dummyPasswordHash, verifyPassword } from "../../auth/password";
import { assertLoginAllowed, recordLoginAttempt } from "../../auth/rate-limit";
import { createSession, destroySession, type SessionMeta } from "../../auth/sessions";
import { AppError } from "../../http/errors";
import { recordAuthEvent } from "./audit";

// One message whether or not the account exists, so the answer does not reveal who has an account.
export const invalidCredentials = () => new AppError("invalid_credentials", "Incorrect email or password.");

/**
 * Password sign-in. Order matters: the rate limit first (a blocked caller learns nothing), then the
 * password, compared against a dummy hash when there is no account so timing tells nothing either;
 * only a caller who knows the password learns that the account is deactivated or suspended.
 * The session id always rotates: whatever session the browser sent is destroyed.
 */
export async function login(deps: AppDeps, input: LoginRequest, meta: SessionMeta & { ip: string; previousSessionToken?: string | undefined }) {
  const now = deps.now();
  await assertLoginAllowed(deps.db, { email: input.email, ip: meta.ip, now });

  const [row] = await deps.db
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.email, input.email))
    .limit(1);
  const passwordOk = await verifyPassword(row?.user.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!row || !row.user.passwordHash || !passwordOk) {
    await recordLoginAttempt(deps.db, { email: input.email, ip: meta.ip, success: false, now });
    throw invalidCredentials();
  }
  await recordLoginAttempt(deps.db, { email: input.email, ip: meta.ip, success: true, now });
  if (!row.user.isActive) {
    throw new AppError("account_suspended", "Your account has been deactivated. Please contact your company administrator.");
  }
  if (row.company.accountStatus !== "active") {
    throw new AppError("account_suspended", "Your company's account is suspended. Please contact your company administrator or ClauseWise support.");
  }

  // With two-factor sign-in on, the password alone only opens a session that still owes the code.
  const pendingSecondFactor = row.user.totpEnabledAt !== null;
  const sessionToken = await deps.db.transaction(async (tx) => {
    if (meta.previousSessionToken) await destroySession(tx, meta.previousSessionToken);
    const token = await createSession(tx, row.user.id, { ...meta, pendingSecondFactor }, now);
    await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, row.user.id));
    await recordAuthEvent(tx, { action: "auth.login", companyId: row.company.id, userId: row.user.id, now, data: { ip: meta.ip } });
    return token;
  });
  return { user: { ...row.user, lastLoginAt: now }, company: row.company, sessionToken, pendingSecondFactor };
}
