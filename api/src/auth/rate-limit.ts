import { and, count, desc, eq, gt, lt, max, type SQL } from "drizzle-orm";
import { LOGIN_THROTTLE, type AttemptThrottle } from "@clausewise/shared";
import type { Db } from "../db/client";
import { loginAttempts } from "../db/schema";
import { sha256 } from "./tokens";
import { rateLimited } from "./throttle";

/**
 * When the next attempt may come after `failures` failures (the latest at `last`): at once while
 * fewer than `free`, then `baseDelayMs` after the latest, doubled for every further failure, at
 * most `maxDelayMs`.
 */
export function retryAfterFailures(failures: number, free: number, last: Date, limits: AttemptThrottle): Date | null {
  if (failures < free) return null;
  const doublings = Math.min(failures - free, 30);
  const delay = Math.min(limits.maxDelayMs, limits.baseDelayMs * 2 ** doublings);
  return new Date(last.getTime() + delay);
}

async function failuresWhere(db: Db, where: SQL | undefined): Promise<{ failures: number; last: Date | null }> {
  const [row] = await db
    .select({ failures: count(), last: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.success, false), where));
  return { failures: row?.failures ?? 0, last: row?.last ?? null };
}

async function lastSuccess(db: Db, where: SQL | undefined): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.success, true), where))
    .orderBy(desc(loginAttempts.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

const since = (now: Date, windowMs: number, after: Date | null = null) => {
  const windowStart = new Date(now.getTime() - windowMs);
  return gt(loginAttempts.createdAt, after && after > windowStart ? after : windowStart);
};

export interface AttemptKey {
  /** The account's e-mail (or another secret's key, e.g. "2fa:<email>"). */
  email: string;
  ip: string;
  now: Date;
  /** The caller's device cookie, if any: a device that signed in to this account before is not slowed by others' failures. */
  device?: string | undefined;
}

/**
 * Throttles guesses at a password (or a second-factor code) without ever locking the owner out.
 * Three counters, each with a few free failures and then a doubling wait after the latest one:
 * - this account from this IP address (counting afresh after a success there): the usual attacker;
 * - this IP address on any account: password spraying;
 * - this account from anywhere, applied only to devices that never signed in to it: a distributed
 *   attack slows down every stranger but not the owner's own browser.
 * Refused attempts are not recorded, so hammering during a wait does not lengthen it.
 */
export async function assertLoginAllowed(db: Db, key: AttemptKey, what = "Too many failed sign-in attempts.", limits: AttemptThrottle = LOGIN_THROTTLE): Promise<void> {
  const { email, ip, now } = key;
  const pairSuccess = await lastSuccess(db, and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip), since(now, limits.pair.windowMs)));
  const [pair, fromIp, account] = await Promise.all([
    failuresWhere(db, and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip), since(now, limits.pair.windowMs, pairSuccess))),
    failuresWhere(db, and(eq(loginAttempts.ip, ip), since(now, limits.ip.windowMs))),
    failuresWhere(db, and(eq(loginAttempts.email, email), since(now, limits.account.windowMs))),
  ]);
  const waits = [
    pair.last && retryAfterFailures(pair.failures, limits.pair.free, pair.last, limits),
    fromIp.last && retryAfterFailures(fromIp.failures, limits.ip.free, fromIp.last, limits),
  ];
  const accountWait = account.last && retryAfterFailures(account.failures, limits.account.free, account.last, limits);
  if (accountWait && accountWait > now && !(await isKnownDevice(db, key, limits.knownDeviceMs))) waits.push(accountWait);
  const until = waits.filter((d): d is Date => d instanceof Date && d > now).sort((a, b) => b.getTime() - a.getTime())[0];
  if (until) throw rateLimited(what, until, now);
}

/** Whether the caller's device cookie signed in to this account within the known-device period. */
async function isKnownDevice(db: Db, key: AttemptKey, knownDeviceMs: number): Promise<boolean> {
  if (!key.device || knownDeviceMs <= 0) return false;
  const found = await lastSuccess(
    db,
    and(eq(loginAttempts.email, key.email), eq(loginAttempts.device, sha256(key.device)), since(key.now, knownDeviceMs)),
  );
  return found !== null;
}

export async function recordLoginAttempt(db: Db, input: { email: string; ip: string; success: boolean; now: Date; device?: string | undefined }): Promise<void> {
  await db.insert(loginAttempts).values({
    email: input.email,
    ip: input.ip,
    success: input.success,
    device: input.success && input.device ? sha256(input.device) : null,
    createdAt: input.now,
  });
  // Now and then, forget what no counter reads any more (the longest look back is the known-device period).
  if (Math.random() < 0.01) await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, new Date(input.now.getTime() - LOGIN_THROTTLE.knownDeviceMs)));
}
