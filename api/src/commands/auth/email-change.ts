import { and, eq, isNull, ne } from "drizzle-orm";
import { EMAIL_CHANGE_MESSAGES } from "@clausewise/shared";
import type { UserRow } from "../../auth/sessions";
import { claimEmailToken, spendEmailTokens, VERIFY_EMAIL_PURPOSE } from "../../auth/verification";
import type { AppDeps } from "../../context";
import { apiKeys, sessions, users } from "../../db/schema";
import { confirmEmailChangeTemplate, emailChangeNoticeTemplate } from "../../email/templates/email-change";
import { AppError } from "../../http/errors";
import { publishAccessChanged } from "../team/events";
import { RESET_PASSWORD_PURPOSE } from "./password-reset";
import { recordAuthEvent } from "./audit";

export const CONFIRM_EMAIL_CHANGE = "confirm_email_change";
export const UNDO_EMAIL_CHANGE = "undo_email_change";

export const confirmEmailLink = (appUrl: string, token: string) => `${appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
export const undoEmailChangeLink = (appUrl: string, token: string) => `${appUrl}/undo-email-change?token=${encodeURIComponent(token)}`;

/** After the request's commit: the confirmation link to the new address, the notice with the undo link to the old one. */
export async function sendEmailChangeMails(deps: AppDeps, input: { user: UserRow; oldEmail: string; newEmail: string; confirm: string; undo: string }) {
  const { user, oldEmail, newEmail } = input;
  const base = { firstName: user.firstName, oldEmail, newEmail, supportEmail: deps.config.supportEmail };
  const confirm = confirmEmailChangeTemplate({ ...base, link: confirmEmailLink(deps.config.appUrl, input.confirm) });
  await deps.mailer.send(deps.db, { to: newEmail, companyId: user.companyId, ...confirm });
  const notice = emailChangeNoticeTemplate({ ...base, link: undoEmailChangeLink(deps.config.appUrl, input.undo) });
  await deps.mailer.send(deps.db, { to: oldEmail, companyId: user.companyId, ...notice });
}

export const emailTaken = (message = "An account with this email address already exists. Please use a different email address.") => new AppError("email_taken", message);

/**
 * The link mailed to the new address: the address becomes the sign-in e-mail (and is verified: the
 * mail reached it). Links that went to the old address (verification, password reset) stop working.
 * A link replaced by a newer request, or whose change was undone, is invalid.
 */
export async function confirmEmailChange(deps: AppDeps, input: { token: string }): Promise<{ email: string }> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const token = await claimEmailToken(tx, {
      token: input.token,
      purpose: CONFIRM_EMAIL_CHANGE,
      now,
      invalid: () => new AppError("token_invalid", EMAIL_CHANGE_MESSAGES.confirmInvalid),
      expired: () => new AppError("token_expired", EMAIL_CHANGE_MESSAGES.confirmExpired),
    });
    const [user] = await tx.select().from(users).where(eq(users.id, token.userId)).for("update");
    if (!user || !token.email || user.pendingEmail !== token.email) throw new AppError("token_invalid", EMAIL_CHANGE_MESSAGES.confirmInvalid);
    const [other] = await tx.select({ id: users.id }).from(users).where(and(eq(users.email, token.email), ne(users.id, user.id))).limit(1);
    if (other) throw emailTaken();
    await tx.update(users).set({ email: token.email, pendingEmail: null, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id));
    await spendEmailTokens(tx, { userId: user.id, purposes: [CONFIRM_EMAIL_CHANGE, VERIFY_EMAIL_PURPOSE, RESET_PASSWORD_PURPOSE], now });
    await recordAuthEvent(tx, { action: "auth.confirm_email_change", companyId: user.companyId, userId: user.id, now, data: { from: user.email, to: token.email } });
    return { email: token.email };
  });
}

/**
 * The link mailed to the old address: someone else may be in the account. Restores the old address
 * (also after the change took effect), drops a pending change, spends every other mailed link,
 * ends every session and revokes every API key; live connections close at once. Works for a week.
 */
export async function undoEmailChange(deps: AppDeps, input: { token: string }): Promise<{ email: string }> {
  const now = deps.now();
  const user = await deps.db.transaction(async (tx) => {
    const token = await claimEmailToken(tx, {
      token: input.token,
      purpose: UNDO_EMAIL_CHANGE,
      now,
      invalid: () => new AppError("token_invalid", EMAIL_CHANGE_MESSAGES.undoInvalid),
      expired: () => new AppError("token_expired", EMAIL_CHANGE_MESSAGES.undoExpired),
    });
    const [row] = await tx.select().from(users).where(eq(users.id, token.userId)).for("update");
    if (!row || !token.email) throw new AppError("token_invalid", EMAIL_CHANGE_MESSAGES.undoInvalid);
    const [other] = await tx.select({ id: users.id }).from(users).where(and(eq(users.email, token.email), ne(users.id, row.id))).limit(1);
    if (other) throw emailTaken(EMAIL_CHANGE_MESSAGES.undoTaken);
    await tx.update(users).set({ email: token.email, pendingEmail: null, emailVerifiedAt: row.emailVerifiedAt ?? now, updatedAt: now }).where(eq(users.id, row.id));
    await spendEmailTokens(tx, { userId: row.id, purposes: [CONFIRM_EMAIL_CHANGE, UNDO_EMAIL_CHANGE, VERIFY_EMAIL_PURPOSE, RESET_PASSWORD_PURPOSE], now });
    const ended = await tx.delete(sessions).where(eq(sessions.userId, row.id)).returning({ id: sessions.id });
    const revoked = await tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.userId, row.id), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    await recordAuthEvent(tx, {
      action: "auth.undo_email_change",
      companyId: row.companyId,
      userId: row.id,
      now,
      data: { restored: token.email, replaced: row.email !== token.email ? row.email : null, pending: row.pendingEmail, endedSessions: ended.length, revokedApiKeys: revoked.length },
    });
    return { ...row, email: token.email };
  });
  await publishAccessChanged(deps, { companyId: user.companyId, userId: user.id });
  return { email: user.email };
}
