import { and, eq, gt, isNull } from "drizzle-orm";
import { API_KEY_SCOPES, SESSION_TTL_MS, type ApiKeyScope } from "@clausewise/shared";
import type { Db } from "../db/client";
import { apiKeys, companies, sessions, users } from "../db/schema";
import { randomToken, sha256 } from "./tokens";

export const SESSION_COOKIE = "cw_session";

export type UserRow = typeof users.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

export interface AuthState {
  user: UserRow;
  company: CompanyRow;
  /** Hash of the session cookie (the sessions.id), when signed in by cookie. */
  sessionId: string | null;
  apiKeyId: string | null;
  /** What the API key may do (null for a session); routes declare what they need (http/key-access.ts). */
  apiKeyScope: ApiKeyScope | null;
  pendingSecondFactor: boolean;
}

export interface SessionMeta {
  ip?: string | undefined;
  userAgent?: string | undefined;
  pendingSecondFactor?: boolean;
}

/** Creates a session and returns the cookie value; only its hash is stored. */
export async function createSession(db: Db, userId: string, meta: SessionMeta = {}, now = new Date()): Promise<string> {
  const token = randomToken();
  await db.insert(sessions).values({
    id: sha256(token),
    userId,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    pendingSecondFactor: meta.pendingSecondFactor ?? false,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return token;
}

export async function destroySession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sha256(token)));
}

export async function destroyUserSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Resolves a session cookie to its user and company; inactive users and suspended companies get nothing. */
export async function resolveSession(db: Db, token: string, now = new Date()): Promise<AuthState | null> {
  const id = sha256(token);
  const rows = await db
    .select({ session: sessions, user: users, company: companies })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
    .limit(1);
  const row = rows[0];
  if (!row || !row.user.isActive || row.company.accountStatus !== "active") return null;
  // Refresh last-seen at most once a minute to keep reads cheap.
  if (now.getTime() - row.session.lastSeenAt.getTime() > 60_000) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return { user: row.user, company: row.company, sessionId: id, apiKeyId: null, apiKeyScope: null, pendingSecondFactor: row.session.pendingSecondFactor };
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
  return { user: row.user, company: row.company, sessionId: null, apiKeyId: row.key.id, apiKeyScope: scope, pendingSecondFactor: false };
}
