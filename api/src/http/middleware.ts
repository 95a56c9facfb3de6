import { randomUUID } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { SESSION_MESSAGES } from "@clausewise/shared";
import type { AppDeps, AppEnv } from "../context";
import { clearSessionCookie, readSessionCookie, readSignedInHint } from "../auth/cookies";
import { clientIp } from "../auth/request";
import { lookupSession, resolveApiKey, type AuthState } from "../auth/sessions";
import type { SessionCache } from "../auth/session-cache";
import { assertUnderLimit, recordHit, throttles } from "../auth/throttle";
import { AppError, unauthorized } from "./errors";
import { setFixedHeaders } from "./fixed-headers";
import { keyNotAllowed } from "./key-access";
import { payloadTooLarge } from "./validate";

/** The caller's X-Request-Id when it is a plain token (it goes into logs and answers), else a new one. */
export function requestIdOf(incoming: string | undefined): string {
  return incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
}

export function requestContext(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = requestIdOf(c.req.header("x-request-id"));
    const logger = deps.logger.child({ requestId });
    c.set("deps", deps);
    c.set("requestId", requestId);
    c.set("logger", logger);
    c.set("auth", null);
    c.set("apiKey", null);
    c.set("sessionExpired", false);
    setFixedHeaders(c, [["x-request-id", requestId]]);
    const started = performance.now();
    await next();
    if (c.req.path.startsWith("/api/")) {
      logger.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) }, "request");
    }
  };
}

/**
 * Resolves the caller from the session cookie or an API key. A valid key is held in `apiKey`, not
 * `auth`: it acts as its owner only on a route that declares it takes keys (`keyAccess`), so every
 * other route sees a key caller as nobody (default deny). A session is never rejected here (a route
 * that needs none works without); a timed-out one clears its cookie and is remembered, so a route
 * that needs a session says why it has ended. Failed API keys are throttled per IP address.
 */
export function resolveAuth(cache?: SessionCache): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { db, now, config } = c.get("deps");
    const header = c.req.header("authorization");
    if (header?.toLowerCase().startsWith("bearer ")) {
      const key = await resolveApiKey(db, header.slice(7).trim(), now());
      if (!key) await refuseApiKey(c);
      c.set("apiKey", key);
    } else {
      const token = readSessionCookie(c);
      const found = !token ? null : cache ? await cache.lookup(db, token, now(), config.sessions) : await lookupSession(db, token, now(), config.sessions);
      if (found?.status === "active") c.set("auth", found.auth);
      if (found?.status === "expired") {
        c.set("sessionExpired", true);
        clearSessionCookie(c);
      } else if (found?.status !== "active" && readSignedInHint(c)) {
        // Signed out elsewhere, revoked, or the session cookie is gone: the page should stop asking.
        clearSessionCookie(c);
      }
    }
    await next();
  };
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Whatever a write request changed (a sign-out, a revoked session, a role, a plan, a contract) is
 * seen by the very next request in this process: the read caches are emptied before it answers,
 * whether it succeeded or not. Put it before the middleware that reads them.
 */
export function forgetAfterWrites(...caches: { clear(): void }[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!WRITE_METHODS.has(c.req.method)) return next();
    try {
      await next();
    } finally {
      for (const cache of caches) cache.clear();
    }
  };
}

/** An unknown or revoked key: 401, or 429 once this IP address has sent too many of them. */
async function refuseApiKey(c: Context<AppEnv>): Promise<never> {
  const { db, now, config } = c.get("deps");
  const ip = clientIp(c, config);
  const at = now();
  await assertUnderLimit(db, throttles.apiKeyFailuresPerIp, ip, at);
  await recordHit(db, throttles.apiKeyFailuresPerIp, ip, at);
  throw new AppError("unauthorized", "Unauthorized: the API key is invalid or revoked.");
}

/**
 * The signed-in caller, or a 401 the web client turns into its 'Unauthorized' toast. An API key on a
 * route that does not take keys is a 403 that says to sign in instead.
 */
export function requireAuth(c: Context<AppEnv>): AuthState {
  const auth = c.get("auth");
  if (!auth && c.get("apiKey")) throw keyNotAllowed();
  if (!auth || auth.pendingSecondFactor) {
    throw c.get("sessionExpired") ? new AppError("session_expired", SESSION_MESSAGES.expired) : unauthorized();
  }
  return auth;
}

/** 413 for a request whose Content-Length is over `maxBytes`, before any of the body is read. */
export function refuseDeclaredLengthOver(maxBytes: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const declared = c.req.header("content-length");
    if (declared !== undefined && Number(declared) > maxBytes) throw payloadTooLarge("The request is too large.");
    await next();
  };
}
