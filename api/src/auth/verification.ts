import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { RESEND_VERIFICATION_MIN_INTERVAL_MS, VERIFICATION_TOKEN_TTL_MS } from "@clausewise/shared";
import type { AppDeps } from "../context";
import type { Db } from "../db/client";
import { emailTokens } from "../db/schema";
import { verifyEmailTemplate } from "../email/templates/verify-email";
import { AppError } from "../http/errors";
import { rateLimited } from "./throttle";
import type { UserRow } from "./sessions";
import { randomToken, sha256 } from "./tokens";

export const VERIFY_EMAIL_PURPOSE = "verify_email";

/** Creates a single-use token for a mailed link; only its hash is stored, the caller mails the token. */
export async function issueEmailToken(db: Db, input: { userId: string; purpose: string; ttlMs: number; now: Date; email?: string }): Promise<string> {
  const token = randomToken();
  await db.insert(emailTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: sha256(token),
    email: input.email ?? null,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + input.ttlMs),
  });
  return token;
}

/**
 * Spends the link's token of that purpose, or throws `invalid` (unknown, used) or `expired`.
 * The claim is conditional, so of two clicks at once only one goes on.
 */
export async function claimEmailToken(db: Db, input: { token: string; purpose: string; now: Date; invalid: () => AppError; expired: () => AppError }) {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, sha256(input.token)), eq(emailTokens.purpose, input.purpose)))
    .limit(1);
  if (!row || row.usedAt) throw input.invalid();
  if (row.expiresAt <= input.now) throw input.expired();
  const claimed = await db
    .update(emailTokens)
    .set({ usedAt: input.now })
    .where(and(eq(emailTokens.id, row.id), isNull(emailTokens.usedAt)))
    .returning({ id: emailTokens.id });
  if (claimed.length === 0) throw input.invalid();
  return row;
}

/** Spends every open token of the user with one of these purposes (links that name an address no longer theirs). */
export async function spendEmailTokens(db: Db, input: { userId: string; purposes: string[]; now: Date }): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: input.now })
    .where(and(eq(emailTokens.userId, input.userId), inArray(emailTokens.purpose, input.purposes), isNull(emailTokens.usedAt)));
}

/** Creates a single-use verification token; only its hash is stored, the caller mails the token. */
export function issueVerificationToken(db: Db, userId: string, now: Date): Promise<string> {
  return issueEmailToken(db, { userId, purpose: VERIFY_EMAIL_PURPOSE, ttlMs: VERIFICATION_TOKEN_TTL_MS, now });
}

/** The token row for a link, or the error the verification page shows ("expired" makes it offer a resend). */
export async function findUsableVerificationToken(db: Db, token: string, now: Date) {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, sha256(token)), eq(emailTokens.purpose, VERIFY_EMAIL_PURPOSE)))
    .limit(1);
  if (!row || row.usedAt) throw tokenInvalid();
  if (row.expiresAt <= now) {
    throw new AppError("token_expired", "This verification link has expired. Please request a new verification email.");
  }
  return row;
}

export const tokenInvalid = () => new AppError("token_invalid", "This verification link has already been used or is invalid.");

/** Marks every open verification token of the user as used; answers false when another request won the race. */
export async function consumeVerificationTokens(db: Db, input: { tokenId: string; userId: string; now: Date }): Promise<boolean> {
  const claimed = await db
    .update(emailTokens)
    .set({ usedAt: input.now })
    .where(and(eq(emailTokens.id, input.tokenId), isNull(emailTokens.usedAt)))
    .returning({ id: emailTokens.id });
  if (claimed.length === 0) return false;
  // Older links of the same user are spent too: the address is verified now.
  await db
    .update(emailTokens)
    .set({ usedAt: input.now })
    .where(and(eq(emailTokens.userId, input.userId), eq(emailTokens.purpose, VERIFY_EMAIL_PURPOSE), isNull(emailTokens.usedAt)));
  return true;
}

/** One verification mail per interval per user, counting the one sent at sign-up. */
export async function assertResendAllowed(db: Db, userId: string, now: Date): Promise<void> {
  const [latest] = await db
    .select({ createdAt: emailTokens.createdAt })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, VERIFY_EMAIL_PURPOSE)))
    .orderBy(desc(emailTokens.createdAt))
    .limit(1);
  if (!latest) return;
  const retryAt = new Date(latest.createdAt.getTime() + RESEND_VERIFICATION_MIN_INTERVAL_MS);
  if (retryAt > now) throw rateLimited("A verification email was sent moments ago; please check your inbox and spam folder.", retryAt, now);
}

export function verificationLink(appUrl: string, token: string): string {
  return `${appUrl}/verify-email?token=${encodeURIComponent(token)}`;
}

/** Sends (or, without SMTP, logs) the verification mail. Never throws for delivery: the outbox row records failures. */
export async function sendVerificationEmail(deps: AppDeps, user: Pick<UserRow, "email" | "firstName" | "companyId">, token: string) {
  const mail = verifyEmailTemplate({
    firstName: user.firstName,
    link: verificationLink(deps.config.appUrl, token),
    supportEmail: deps.config.supportEmail,
  });
  return deps.mailer.send(deps.db, { to: user.email, companyId: user.companyId, ...mail });
}
