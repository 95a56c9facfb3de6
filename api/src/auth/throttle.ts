import { and, count, eq, gt, lt, min } from "drizzle-orm";
import { THROTTLES } from "@clausewise/shared";
import type { Db } from "../db/client";
import { rateLimitHits } from "../db/schema";
import { AppError } from "../http/errors";

/** A 429 whose message says when to come back, with the matching Retry-After header. */
export function rateLimited(what: string, retryAt: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 120 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${minutes} minutes`;
  return new AppError("rate_limited", `${what} Please try again in ${wait}.`, undefined, { "Retry-After": String(seconds) });
}

export interface Throttle {
  /** Which throttle, e.g. "signup:ip"; with the subject it names the counter. */
  bucket: string;
  max: number;
  windowMs: number;
  /** The first sentence of the 429's message. */
  message: string;
}

/**
 * Refuses (429) when `subject` has used up `max` hits of this throttle within the window; the
 * caller may come back when the oldest hit leaves it. Counted in the database, so the limit holds
 * across several web processes without Redis.
 */
export async function assertUnderLimit(db: Db, throttle: Throttle, subject: string, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - throttle.windowMs);
  const [row] = await db
    .select({ hits: count(), oldest: min(rateLimitHits.createdAt) })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, throttle.bucket), eq(rateLimitHits.subject, subject), gt(rateLimitHits.createdAt, windowStart)));
  if (!row || row.hits < throttle.max || !row.oldest) return;
  // Counting every hit in the window (not only the max-th newest) keeps this one cheap query; the
  // wait is then until the oldest leaves, which is never shorter than needed.
  throw rateLimited(throttle.message, new Date(row.oldest.getTime() + throttle.windowMs), now);
}

export async function recordHit(db: Db, throttle: Throttle, subject: string, now: Date): Promise<void> {
  await db.insert(rateLimitHits).values({ bucket: throttle.bucket, subject, createdAt: now });
  // Now and then each throttle forgets its own old hits, so the table stays about the size of its windows.
  if (Math.random() < 0.01) await db.delete(rateLimitHits).where(and(eq(rateLimitHits.bucket, throttle.bucket), lt(rateLimitHits.createdAt, new Date(now.getTime() - throttle.windowMs))));
}

/** Checks the limit and, when under it, counts this request. */
export async function consumeLimit(db: Db, throttle: Throttle, subject: string, now: Date): Promise<void> {
  await assertUnderLimit(db, throttle, subject, now);
  await recordHit(db, throttle, subject, now);
}

/** Every throttle of this kind, by name; the numbers live in shared/src/limits.ts. */
export const throttles = {
  signupPerIp: { bucket: "signup:ip", ...THROTTLES.signupPerIp, message: "Too many sign-ups from this network." },
  passwordResetPerIp: { bucket: "password-reset:ip", ...THROTTLES.passwordResetPerIp, message: "Too many password reset requests from this network." },
  passwordResetPerAddress: { bucket: "password-reset:email", ...THROTTLES.passwordResetPerAddress, message: "Too many password reset requests for this address." },
  invitationAcceptPerIp: { bucket: "invitation-accept:ip", ...THROTTLES.invitationAcceptPerIp, message: "Too many invitation attempts from this network." },
  apiKeyFailuresPerIp: { bucket: "api-key:ip", ...THROTTLES.apiKeyFailuresPerIp, message: "Too many requests with an invalid API key." },
  invitationResend: { bucket: "invitation-resend", ...THROTTLES.invitationResend, message: "This invitation has been sent several times in the last hour." },
  supportReplyPerUser: { bucket: "support-reply:user", ...THROTTLES.supportReplyPerUser, message: "You have sent many replies in the last hour." },
} as const satisfies Record<string, Throttle>;
