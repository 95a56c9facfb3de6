import { randomUUID } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { AppDeps, AppEnv } from "../context";
import { resolveApiKey, resolveSession, SESSION_COOKIE, type AuthState } from "../auth/sessions";
import { AppError, unauthorized } from "./errors";
import { keyNotAllowed } from "./key-access";

export function requestContext(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    const logger = deps.logger.child({ requestId });
    c.set("deps", deps);
    c.set("requestId", requestId);
    c.set("logger", logger);
    c.set("auth", null);
    c.set("apiKey", null);
    c.header("x-request-id", requestId);
    const started = performance.now();
    await next();
    if (c.req.path.startsWith("/api/")) {
      logger.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) }, "request");
    }
  };
}

/**
 * Resolves the caller from the session cookie or an API key; rejects only a key that is not valid.
 * A valid key is held in `apiKey`, not `auth`: it acts as its owner only on a route that declares
 * it takes keys (`keyAccess`), so every other route sees a key caller as nobody (default deny).
 */
export function resolveAuth(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { db, now } = c.get("deps");
    const header = c.req.header("authorization");
    if (header?.toLowerCase().startsWith("bearer ")) {
      const key = await resolveApiKey(db, header.slice(7).trim(), now());
      if (!key) throw new AppError("unauthorized", "Unauthorized: the API key is invalid or revoked.");
      c.set("apiKey", key);
    } else {
      const token = getCookie(c, SESSION_COOKIE);
      const auth: AuthState | null = token ? await resolveSession(db, token, now()) : null;
      c.set("auth", auth);
    }
    await next();
  };
}

/**
 * The signed-in caller, or a 401 the web client turns into its 'Unauthorized' toast. An API key on a
 * route that does not take keys is a 403 that says to sign in instead.
 */
export function requireAuth(c: Context<AppEnv>): AuthState {
  const auth = c.get("auth");
  if (!auth && c.get("apiKey")) throw keyNotAllowed();
  if (!auth || auth.pendingSecondFactor) throw unauthorized();
  return auth;
}
