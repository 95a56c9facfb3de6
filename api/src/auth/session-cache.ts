import { COLLAB_EVENTS } from "@clausewise/shared";
import type { EventBus } from "../events/bus";
import type { SessionPolicy } from "../env";
import type { Db } from "../db/client";
import { lookupSession, type AuthState, type SessionLookup } from "./sessions";

interface Entry {
  auth: AuthState;
  /** performance.now() when read from the database. */
  readAt: number;
  /** The app clock (deps.now()) when read: a test clock that moves makes the entry stale too. */
  clockAt: number;
  /** The session's own ends, so a cached session still times out on time. */
  expiresAt: number;
  idleEndsAt: number;
}

export interface SessionCache {
  /** Like lookupSession, but an active session read less than `ttlMs` ago is answered from memory. */
  lookup(db: Db, token: string, now: Date, policy: SessionPolicy): Promise<SessionLookup>;
  /** The active session `lookup` would answer from memory right now, without reading the database; undefined on a miss. */
  peek(token: string, now: Date): SessionLookup | undefined;
  /** Forgets every cached session (a write request in this process may have changed any of them). */
  clear(): void;
  /** Forgets the sessions of one user, or of every user of one company. */
  forgetUser(userId: string): void;
  forgetCompany(companyId: string): void;
  readonly size: number;
  /** Stops listening to the bus. */
  close(): void;
}

/** Events after which a cached session may be wrong: sign-out, password or e-mail change, role change, deactivation, suspension. */
const USER_EVENTS = new Set<string>([COLLAB_EVENTS.accessRevoked, COLLAB_EVENTS.userDeactivated]);

/**
 * A short in-memory cache of active sessions, keyed by the cookie's token itself (hashing it on
 * every request was a tenth of a cached answer's cost; the token is in this process's memory with
 * each request anyway, and the cache never leaves it), so a burst of requests from one browser costs one session query per `ttlMs` instead of one each
 * (DECISIONS.md "API per-request cost"). Only active sessions are kept; unknown, revoked and
 * expired cookies always go to the database. Forgotten at once:
 * - everything, when a request that may write (POST, PUT, PATCH, DELETE) finishes in this process
 *   (sign-out, revoking a session, password change, role change, deactivation, profile, plan…);
 * - a user's or a company's sessions when the bus says their access changed (any instance: the
 *   Redis bus carries these events between instances).
 * Other writes on another instance reach this one's cache within `ttlMs`.
 * A lookup that started before an invalidation never stores what it read (generation check), so a
 * slow read cannot put back a session that was just ended. `ttlMs` 0 turns the cache off.
 */
export function createSessionCache(options: { ttlMs: number; bus?: EventBus; maxEntries?: number }): SessionCache {
  const { ttlMs } = options;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, Entry>();
  let generation = 0;

  const forget = (match: (entry: Entry) => boolean) => {
    generation++;
    for (const [token, entry] of entries) if (match(entry)) entries.delete(token);
  };
  const cache: SessionCache = {
    peek(token, now) {
      if (ttlMs <= 0) return undefined;
      const at = now.getTime();
      const hit = entries.get(token);
      if (!hit) return undefined;
      const fresh = performance.now() - hit.readAt < ttlMs && Math.abs(at - hit.clockAt) < ttlMs;
      if (fresh && at < hit.expiresAt && at < hit.idleEndsAt) {
        return { status: "active", auth: hit.auth, expiresAt: new Date(hit.expiresAt), idleEndsAt: new Date(hit.idleEndsAt) };
      }
      entries.delete(token);
      return undefined;
    },
    async lookup(db, token, now, policy) {
      if (ttlMs <= 0) return lookupSession(db, token, now, policy);
      const remembered = cache.peek(token, now);
      if (remembered) return remembered;
      const at = now.getTime();
      const started = generation;
      const found = await lookupSession(db, token, now, policy);
      if (found.status === "active" && generation === started) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(token, {
          auth: found.auth,
          readAt: performance.now(),
          clockAt: at,
          expiresAt: found.expiresAt.getTime(),
          idleEndsAt: found.idleEndsAt.getTime(),
        });
      }
      return found;
    },
    clear() {
      generation++;
      entries.clear();
    },
    forgetUser: (userId) => forget((e) => e.auth.user.id === userId),
    forgetCompany: (companyId) => forget((e) => e.auth.company.id === companyId),
    get size() {
      return entries.size;
    },
    close: () => unsubscribe(),
  };
  const unsubscribe =
    (ttlMs > 0 ? options.bus : undefined)?.subscribe((event) => {
      if (event.type === COLLAB_EVENTS.companySuspended) cache.forgetCompany(event.companyId);
      else if (USER_EVENTS.has(event.type)) {
        const userId = event.payload.userId;
        if (typeof userId === "string") cache.forgetUser(userId);
        else cache.forgetCompany(event.companyId);
      }
    }) ?? (() => {});
  return cache;
}
