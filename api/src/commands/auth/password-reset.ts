import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { PASSWORD_RESET_MESSAGES, PASSWORD_RESET_TTL_MS, RESEND_VERIFICATION_MIN_INTERVAL_MS, type PasswordResetConfirmRequest, type PasswordResetRequest } from "@clausewise/shared";
import { hashPassword } from "../../auth/password";
import { assertStrongPassword } from "../../auth/password-strength";
import { randomToken, sha256 } from "../../auth/tokens";
import type { AppDeps } from "../../context";
import { companies, emailTokens, sessions, users } from "../../db/schema";
import { resetPasswordTemplate } from "../../email/templates/reset-password";
import { AppError } from "../../http/errors";
import { publishAccessChanged } from "../team/events";
import { recordAuthEvent } from "./audit";

export const RESET_PASSWORD_PURPOSE = "reset_password";

export function resetLink(appUrl: string, token: string): string {
  return `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

/**
 * "Forgot password?": mails a single-use link to the address if it belongs to an active account of an
 * active company. The caller always gets the same answer, so the form tells nobody who has an
 * account; one mail a minute per account at most, so it cannot be used to flood someone's inbox.
 * Returns the token mailed (tests), or null when nothing was sent.
 */
export async function requestPasswordReset(deps: AppDeps, input: PasswordResetRequest): Promise<string | null> {
  const now = deps.now();
  const [row] = await deps.db
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.email, input.email))
    .limit(1);
  if (!row || !row.user.isActive || row.company.accountStatus !== "active") return null;
  const { user } = row;
  const token = await deps.db.transaction(async (tx) => {
    // Serialises two requests for one account, so the interval check cannot be raced.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const [recent] = await tx
      .select({ id: emailTokens.id })
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, RESET_PASSWORD_PURPOSE), gt(emailTokens.createdAt, new Date(now.getTime() - RESEND_VERIFICATION_MIN_INTERVAL_MS))))
      .orderBy(desc(emailTokens.createdAt))
      .limit(1);
    if (recent) return null;
    const issued = randomToken();
    await tx.insert(emailTokens).values({ userId: user.id, purpose: RESET_PASSWORD_PURPOSE, tokenHash: sha256(issued), createdAt: now, expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS) });
    await recordAuthEvent(tx, { action: "auth.request_password_reset", companyId: user.companyId, userId: user.id, now });
    return issued;
  });
  if (!token) return null;
  const mail = resetPasswordTemplate({ firstName: user.firstName, link: resetLink(deps.config.appUrl, token), supportEmail: deps.config.supportEmail });
  await deps.mailer.send(deps.db, { to: user.email, companyId: user.companyId, ...mail });
  return token;
}

const resetInvalid = () => new AppError("token_invalid", PASSWORD_RESET_MESSAGES.invalid);

/**
 * The reset page: the link is the credential. Sets the new password, spends every reset link of the
 * account, confirms the address (the mail reached it), and signs the account out everywhere; its live
 * connections close at once. The person then signs in with the new password (and their second factor).
 */
export async function resetPassword(deps: AppDeps, input: PasswordResetConfirmRequest): Promise<void> {
  const now = deps.now();
  const passwordHash = await hashPassword(input.newPassword);
  const user = await deps.db.transaction(async (tx) => {
    const [token] = await tx
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.tokenHash, sha256(input.token)), eq(emailTokens.purpose, RESET_PASSWORD_PURPOSE)))
      .limit(1);
    if (!token || token.usedAt) throw resetInvalid();
    if (token.expiresAt <= now) throw new AppError("token_expired", PASSWORD_RESET_MESSAGES.expired);
    // Two submissions at once: only the one that claims the token goes on.
    const claimed = await tx
      .update(emailTokens)
      .set({ usedAt: now })
      .where(and(eq(emailTokens.id, token.id), isNull(emailTokens.usedAt)))
      .returning({ id: emailTokens.id });
    if (claimed.length === 0) throw resetInvalid();
    const [row] = await tx.select({ user: users, company: companies }).from(users).innerJoin(companies, eq(companies.id, users.companyId)).where(eq(users.id, token.userId)).limit(1);
    if (!row) throw resetInvalid();
    if (!row.user.isActive) throw new AppError("account_suspended", "Your account has been deactivated. Please contact your company administrator.");
    if (row.company.accountStatus !== "active") {
      throw new AppError("account_suspended", "Your company's account is suspended. Please contact your company administrator or ClauseWise support.");
    }
    // A weak password rolls back here, and the link still works for a better one.
    await assertStrongPassword(input.newPassword, { ...row.user, companyName: row.company.name }, "newPassword");
    await tx.update(users).set({ passwordHash, emailVerifiedAt: row.user.emailVerifiedAt ?? now, updatedAt: now }).where(eq(users.id, row.user.id));
    await tx
      .update(emailTokens)
      .set({ usedAt: now })
      .where(and(eq(emailTokens.userId, row.user.id), eq(emailTokens.purpose, RESET_PASSWORD_PURPOSE), isNull(emailTokens.usedAt)));
    const ended = await tx.delete(sessions).where(eq(sessions.userId, row.user.id)).returning({ id: sessions.id });
    await recordAuthEvent(tx, { action: "auth.reset_password", companyId: row.user.companyId, userId: row.user.id, now, data: { endedSessions: ended.length } });
    return row.user;
  });
  await publishAccessChanged(deps, { companyId: user.companyId, userId: user.id });
}
