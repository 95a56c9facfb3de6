import type { MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv } from "../context";
import type { SessionCache } from "../auth/session-cache";
import { readSessionCookie } from "../auth/cookies";
import { httpRequestDuration } from "../metrics";
import { encodedAnswer, type AnswerCache } from "./answer-cache";
import { requestIdOf } from "./middleware";

/**
 * The hot path of a company-wide list that is in memory, answered before the middleware chain
 * (issue 15, `bench:api`: the chain — ten async hops, the router, cookie and URL parsing per hop —
 * cost some 90 µs of the event loop per cached answer, four times the answer itself).
 *
 * It answers only when the full chain would answer the same bytes from the same caches:
 * a GET of one of `paths` (routes whose handlers are `keyAccess("read"), cachedCompanyAnswer()`),
 * with a session cookie that the session cache holds as active and past its second factor, no
 * Authorization header (an API key goes the long way: its scope and plan are checked there) and no
 * body, and an answer of the caller's company for that exact path and query in the answer cache.
 * Anything else — a miss, a signed-out or unknown cookie, an expired session — goes down the chain
 * as before, which reads the database and fills the caches. What the skipped middleware adds to
 * such an answer is added here: the request id, the security headers, the metric and the log line.
 * (The skipped ones that refuse or change requests act only on writes, bodies or keys.)
 */
export function answerFromMemory(options: {
  deps: AppDeps;
  sessions: SessionCache;
  answers: AnswerCache;
  paths: readonly string[];
  securityHeaders: Promise<[string, string][]>;
}): MiddlewareHandler<AppEnv> {
  const { deps, sessions, answers } = options;
  const paths = new Set(options.paths);
  let securityHeaders: [string, string][] | null = null;
  void options.securityHeaders.then((headers) => (securityHeaders = headers));
  return async (c, next) => {
    if (c.req.method !== "GET" || !securityHeaders) return next();
    const url = c.req.url;
    const target = url.slice(url.indexOf("/", url.indexOf("//") + 2));
    const query = target.indexOf("?");
    const path = query < 0 ? target : target.slice(0, query);
    if (!paths.has(path) || c.req.header("authorization") !== undefined || c.req.header("content-length") !== undefined) return next();
    const started = performance.now();
    c.set("deps", deps);
    const token = readSessionCookie(c);
    const session = token ? sessions.peek(token, deps.now()) : undefined;
    if (session?.status !== "active" || session.auth.pendingSecondFactor) return next();
    const answer = answers.get(session.auth.company.id, target);
    if (!answer) return next();

    const requestId = requestIdOf(c.req.header("x-request-id"));
    const { body, headers } = encodedAnswer(answer, c.req.header("accept-encoding"));
    const all: Record<string, string> = { "x-request-id": requestId };
    for (const [name, value] of securityHeaders) all[name] = value;
    Object.assign(all, headers);
    httpRequestDuration.observe({ method: "GET", route: path, status: "200" }, (performance.now() - started) / 1000);
    deps.logger.info({ requestId, method: "GET", path, status: 200, ms: Math.round(performance.now() - started) }, "request");
    return new Response(body, { status: 200, headers: all });
  };
}
