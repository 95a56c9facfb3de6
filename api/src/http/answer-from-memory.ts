import type { AppDeps } from "../context";
import type { SessionCache } from "../auth/session-cache";
import { sessionCookieOf } from "../auth/cookies";
import { httpRequestDuration } from "../metrics";
import { encodedAnswer, type AnswerCache } from "./answer-cache";
import { requestIdOf } from "./middleware";

/**
 * The hot path of a company-wide list that is in memory, answered before the app (issue 15,
 * `bench:api`): Hono's context, router and middleware chain — ten async hops, cookie and URL parsing —
 * cost some 50 µs of CPU per cached answer, more than the rest of the answer (104–117 µs per
 * request before, 43–62 µs after; DECISIONS.md). Answered here, the Response goes back synchronously
 * and @hono/node-server writes it without awaiting anything.
 *
 * It answers only when the app would answer the same bytes from the same caches: a GET of one of
 * `paths` (routes whose handlers are `keyAccess("read"), cachedCompanyAnswer()`), with a session
 * cookie that the session cache holds as active and past its second factor, no Authorization header
 * (an API key goes the long way: its scope and plan are checked there) and no body, and an answer of
 * the caller's company for that exact path and query in the answer cache. Anything else — a miss, a
 * signed-out or unknown cookie, an expired session — returns undefined and goes to the app as
 * before, which reads the database and fills the caches. What the app's middleware adds to such an
 * answer is added here: the request id, the security headers, the metric and the log line. (The
 * middleware that refuses or changes requests acts only on writes, bodies and keys.)
 */
export function answerFromMemory(options: {
  deps: AppDeps;
  sessions: SessionCache;
  answers: AnswerCache;
  paths: readonly string[];
  securityHeaders: Promise<[string, string][]>;
}): (request: Request) => Response | undefined {
  const { deps, sessions, answers } = options;
  const paths = new Set(options.paths);
  let securityHeaders: [string, string][] | null = null;
  void options.securityHeaders.then((headers) => (securityHeaders = headers));
  /** Every header of an answer but the request id, per answer and encoding (its body): built once, copied per request. */
  const heads = new WeakMap<Uint8Array, Record<string, string>>();
  const headOf = (body: Uint8Array, answerHeaders: Record<string, string>) => {
    let head = heads.get(body);
    if (!head) {
      head = { ...Object.fromEntries(securityHeaders!), ...answerHeaders };
      heads.set(body, head);
    }
    return head;
  };

  return (request) => {
    if (request.method !== "GET" || !securityHeaders) return undefined;
    const url = request.url;
    const target = url.slice(url.indexOf("/", url.indexOf("//") + 2));
    const query = target.indexOf("?");
    const path = query < 0 ? target : target.slice(0, query);
    if (!paths.has(path)) return undefined;
    const { headers } = request;
    if (headers.get("authorization") !== null || headers.get("content-length") !== null) return undefined;
    const started = performance.now();
    const token = sessionCookieOf(request, deps.config);
    const session = token ? sessions.peek(token, deps.now()) : undefined;
    if (session?.status !== "active" || session.auth.pendingSecondFactor) return undefined;
    const answer = answers.get(session.auth.company.id, target);
    if (!answer) return undefined;

    const requestId = requestIdOf(headers.get("x-request-id") ?? undefined);
    const encoded = encodedAnswer(answer, headers.get("accept-encoding") ?? undefined);
    const head: Record<string, string> = { "x-request-id": requestId, ...headOf(encoded.body, encoded.headers) };
    const ms = performance.now() - started;
    httpRequestDuration.observe({ method: "GET", route: path, status: "200" }, ms / 1000);
    deps.logger.info({ requestId, method: "GET", path, status: 200, ms: Math.round(ms) }, "request");
    return new Response(encoded.body, { status: 200, headers: head });
  };
}
