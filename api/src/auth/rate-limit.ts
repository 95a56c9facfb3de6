import { and, desc, eq, gt } from "drizzle-orm";
import { LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_IP, LOGIN_WINDOW_MS } from "@clausewise/shared";
import type { Db } from "../db/client";
import { loginAttempts } from "../db/schema";
import { AppError } from "../http/errors";

/** A 429 whose message says when to come back, with the matching Retry-After header. */
export function rateLimited(what: string, retryAt: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 120 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${minutes} minutes`;
  return new AppError("rate_limited", `${what} Please try again in ${wait}.`, undefined, { "Retry-After": String(seconds) });
}

/**
 * When the limit is reached, the moment the oldest failure that still counts leaves the window:
 * with `max` failures allowed, that is the max-th most recent failure plus the window.
 */
async function blockedUntil(db: Db, where: ReturnType<typeof and>, max: number): Promise<Date | null> {
  const rows = await db
    .select({ createdAt: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(where)
    .orderBy(desc(loginAttempts.createdAt))
    .limit(1)
    .offset(max - 1);
  const row = rows[0];
  return row ? new Date(row.createdAt.getTime() + LOGIN_WINDOW_MS) : null;
}

/**
 * Refuses a sign-in once an account or an IP address has used up its failures in the window.
 * A successful sign-in clears the account's count (not the IP's: one valid account must not
 * reset an attacker's budget for guessing others).
 */
export async function assertLoginAllowed(db: Db, input: { email: string; ip: string; now: Date }, what = "Too many failed sign-in attempts."): Promise<void> {
  const windowStart = new Date(input.now.getTime() - LOGIN_WINDOW_MS);
  const [lastSuccess] = await db
    .select({ createdAt: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, input.email), eq(loginAttempts.success, true), gt(loginAttempts.createdAt, windowStart)))
    .orderBy(desc(loginAttempts.createdAt))
    .limit(1);
  const accountSince = lastSuccess ? lastSuccess.createdAt : windowStart;

  const [accountUntil, ipUntil] = await Promise.all([
    blockedUntil(db, and(eq(loginAttempts.email, input.email), eq(loginAttempts.success, false), gt(loginAttempts.createdAt, accountSince)), LOGIN_MAX_FAILURES_PER_ACCOUNT),
    blockedUntil(db, and(eq(loginAttempts.ip, input.ip), eq(loginAttempts.success, false), gt(loginAttempts.createdAt, windowStart)), LOGIN_MAX_FAILURES_PER_IP),
  ]);
  const until = [accountUntil, ipUntil].filter((d): d is Date => d !== null && d > input.now).sort((a, b) => b.getTime() - a.getTime())[0];
  if (until) throw rateLimited(what, until, input.now);
}

export async function recordLoginAttempt(db: Db, input: { email: string; ip: string; success: boolean; now: Date }): Promise<void> {
  await db.insert(loginAttempts).values({ email: input.email, ip: input.ip, success: input.success, createdAt: input.now });
}
