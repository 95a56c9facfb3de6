import { and, eq, gt, isNull, not, or, type SQL } from "drizzle-orm";
import { API_KEY_SCOPES, PENDING_SECOND_FACTOR_TTL_MS, SESSION_DEFAULTS, SESSION_TOUCH_INTERVAL_MS, type ApiKeyScope } from "@clausewise/shared";
import type { Db } from "../db/client";
import { apiKeys, companies, sessions, users } from "../db/schema";
import type { SessionPolicy } from "../env";
import { randomToken, sha256 } from "./tokens";

export type UserRow = typeof users.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
type SessionRow = typeof sessions.$inferSelect;

export interface AuthState {
  user: UserRow;
  company: CompanyRow;
  /** Hash of the session cookie (the sessions.id), when signed in by cookie. */
  sessionId: string | null;
  apiKeyId: string | null;
  /** What the API key may do (null for a session); routes declare what they need (http/key-access.ts). */
  apiKeyScope: ApiKeyScope | null;
  pendingSecondFactor: boolean;
  /** The session was opened with "Remember me" (its longer lifetimes carry over to the second factor). */
  remember: boolean;
}

export interface SessionMeta {
  ip?: string | undefined;
  userAgent?: string | undefined;
  pendingSecondFactor?: boolean;
  remember?: boolean;
}

/** The idle timeout of a session: longer for "Remember me". */
const idleMsOf = (session: Pick<SessionRow, "remember">, policy: SessionPolicy) => (session.remember ? policy.rememberIdleMs : policy.idleMs);

/**
 * Creates a session and returns the cookie value; only its hash is stored. Its absolute end is fixed
 * now; a session still owing its second factor lives only minutes.
 */
export async function createSession(db: Db, userId: string, meta: SessionMeta = {}, now = new Date(), policy: SessionPolicy = SESSION_DEFAULTS): Promise<string> {
  const token = randomToken();
  const remember = meta.remember ?? false;
  const lifetime = meta.pendingSecondFactor ? PENDING_SECOND_FACTOR_TTL_MS : remember ? policy.rememberMaxMs : policy.maxMs;
  await db.insert(sessions).values({
    id: sha256(token),
    userId,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    pendingSecondFactor: meta.pendingSecondFactor ?? false,
    remember,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + lifetime),
  });
  return token;
}

export async function destroySession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sha256(token)));
}

export async function destroyUserSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** SQL condition of a session that has neither reached its end nor sat idle too long (the Settings list). */
export function liveSessionCondition(now: Date, policy: SessionPolicy): SQL {
  const seenSince = (ms: number) => gt(sessions.lastSeenAt, new Date(now.getTime() - ms));
  // and() of defined conditions is always defined.
  return and(
    gt(sessions.expiresAt, now),
    or(and(eq(sessions.remember, false), seenSince(policy.idleMs)), and(eq(sessions.remember, true), seenSince(policy.rememberIdleMs))),
  )!;
}

/** Deletes a user's sessions that timed out; run at sign-in, so dead rows do not pile up. */
export async function pruneDeadSessions(db: Db, userId: string, now: Date, policy: SessionPolicy): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), not(liveSessionCondition(now, policy))));
}

/**
 * What a session cookie stands for: a live session, one that timed out (idle or past its absolute
 * end; the caller says so and asks to sign in again), or nothing (unknown, signed out, revoked).
 */
export type SessionLookup =
  | { status: "active"; auth: AuthState; /** Its absolute end. */ expiresAt: Date; /** When it times out without further activity. */ idleEndsAt: Date }
  | { status: "expired" }
  | { status: "none" };

/**
 * Resolves a session cookie; inactive users and suspended companies get nothing. Each lookup is
 * activity (an API request, or realtime's periodic check of a live connection), but last-seen is
 * written at most once a minute per session, so reads stay reads.
 */
export async function lookupSession(db: Db, token: string, now: Date, policy: SessionPolicy): Promise<SessionLookup> {
  const id = sha256(token);
  const rows = await db
    .select({ session: sessions, user: users, company: companies })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(sessions.id, id))
    .limit(1);
  const row = rows[0];
  if (!row) return { status: "none" };
  const { session } = row;
  // The row stays (pruned at the next sign-in), so every request already in flight hears "expired" too.
  if (session.expiresAt <= now || session.lastSeenAt.getTime() + idleMsOf(session, policy) <= now.getTime()) return { status: "expired" };
  if (!row.user.isActive || row.company.accountStatus !== "active") return { status: "none" };
  let lastSeenAt = session.lastSeenAt;
  if (now.getTime() - lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
    lastSeenAt = now;
  }
  return {
    status: "active",
    expiresAt: session.expiresAt,
    idleEndsAt: new Date(lastSeenAt.getTime() + idleMsOf(session, policy)),
    auth: { user: row.user, company: row.company, sessionId: id, apiKeyId: null, apiKeyScope: null, pendingSecondFactor: session.pendingSecondFactor, remember: session.remember },
  };
}

/** The live session behind a cookie, or null (timed out, unknown, or its user may not sign in). */
export async function resolveSession(db: Db, token: string, now: Date, policy: SessionPolicy): Promise<AuthState | null> {
  const found = await lookupSession(db, token, now, policy);
  return found.status === "active" ? found.auth : null;
}

/** Resolves an `Authorization: Bearer <key>` API key. */
export async function resolveApiKey(db: Db, key: string, now = new Date()): Promise<AuthState | null> {
  const rows = await db
    .select({ key: apiKeys, user: users, company: companies })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .innerJoin(companies, eq(companies.id, apiKeys.companyId))
    .where(and(eq(apiKeys.keyHash, sha256(key)), isNull(apiKeys.revokedAt)))
    .limit(1);
  const row = rows[0];
  if (!row || !row.user.isActive || row.company.accountStatus !== "active" || row.user.companyId !== row.key.companyId) return null;
  await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.key.id));
  // A scope this version does not know is read-only, never more.
  const scope = (API_KEY_SCOPES as readonly string[]).includes(row.key.scope) ? (row.key.scope as ApiKeyScope) : "read";
  return { user: row.user, company: row.company, sessionId: null, apiKeyId: row.key.id, apiKeyScope: scope, pendingSecondFactor: false, remember: false };
}
