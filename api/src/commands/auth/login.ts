import { eq } from "drizzle-orm";
import type { LoginRequest } from "@clausewise/shared";
import type { AppDeps } from "../../context";
import { companies, users } from "../../db/schema";
import { dummyPasswordHash, verifyPassword } from "../../auth/password";
import { assertLoginAllowed, recordLoginAttempt } from "../../auth/rate-limit";
import { createSession, destroySession, pruneDeadSessions, type SessionMeta } from "../../auth/sessions";
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
export async function login(deps: AppDeps, input: LoginRequest, meta: SignInMeta & { device: string }) {
  const now = deps.now();
  const attempt = { email: input.email, ip: meta.ip, now, device: meta.device };
  await assertLoginAllowed(deps.db, attempt);

  const [row] = await deps.db
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.email, input.email))
    .limit(1);
  const passwordOk = await verifyPassword(row?.user.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!row || !row.user.passwordHash || !passwordOk) {
    await recordLoginAttempt(deps.db, { ...attempt, success: false });
    throw invalidCredentials();
  }
  await recordLoginAttempt(deps.db, { ...attempt, success: true });
  return openSession(deps, row, { ...meta, remember: input.remember ?? false }, { now, method: "password" });
}

type SignInMeta = SessionMeta & { ip: string; previousSessionToken?: string | undefined };

/**
 * The part of every sign-in after the person proved who they are (password, or the single sign-on
 * provider): deactivated accounts and suspended companies stop here, the session id rotates, and a
 * user with two-factor sign-in on gets a session that still owes the code.
 */
export async function openSession(
  deps: AppDeps,
  row: { user: typeof users.$inferSelect; company: typeof companies.$inferSelect },
  meta: SignInMeta,
  options: { now: Date; method: "password" | "sso"; verifyEmail?: boolean },
) {
  const { now } = options;
  if (!row.user.isActive) {
    throw new AppError("account_suspended", "Your account has been deactivated. Please contact your company administrator.");
  }
  if (row.company.accountStatus !== "active") {
    throw new AppError("account_suspended", "Your company's account is suspended. Please contact your company administrator or ClauseWise support.");
  }

  const pendingSecondFactor = row.user.totpEnabledAt !== null;
  const emailVerifiedAt = row.user.emailVerifiedAt ?? (options.verifyEmail ? now : null);
  const policy = deps.config.sessions;
  const sessionToken = await deps.db.transaction(async (tx) => {
    if (meta.previousSessionToken) await destroySession(tx, meta.previousSessionToken);
    await pruneDeadSessions(tx, row.user.id, now, policy);
    const token = await createSession(tx, row.user.id, { ip: meta.ip, userAgent: meta.userAgent, pendingSecondFactor, remember: meta.remember }, now, policy);
    await tx.update(users).set({ lastLoginAt: now, emailVerifiedAt }).where(eq(users.id, row.user.id));
    await recordAuthEvent(tx, { action: "auth.login", companyId: row.company.id, userId: row.user.id, now, data: { ip: meta.ip, method: options.method } });
    return token;
  });
  return { user: { ...row.user, lastLoginAt: now, emailVerifiedAt }, company: row.company, sessionToken, pendingSecondFactor };
}
