import { gzipSync } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";
import type { EventBus } from "../events/bus";
import { acceptsEncoding } from "./compress";
import { nodeResponse } from "./fixed-headers";

/** The bytes of one JSON answer and the headers of it that belong to the answer itself. */
export interface Answer {
  plain: Uint8Array<ArrayBuffer>;
  /** Gzipped once when the answer is large enough to be worth it (compress.ts' threshold). */
  gzip: Uint8Array<ArrayBuffer> | null;
  headers: [string, string][];
  readAt: number;
}

export interface AnswerCache {
  get(companyId: string, key: string): Answer | undefined;
  /** Stores unless the company's answers were forgotten since `generation` (a read that an invalidation overtook). */
  set(companyId: string, key: string, answer: Answer, generation: number): void;
  generation(companyId: string): number;
  forgetCompany(companyId: string): void;
  clear(): void;
  readonly size: number;
  close(): void;
}

/**
 * Recent answers of company-wide lists (GET /api/contracts: every member of a company sees the same
 * list), so a burst of dashboards does not run the same queries again and again. An answer lives
 * `ttlMs` at most and is forgotten at once when a write request finishes in this process (every
 * company's: a write may touch any row) and when the bus carries any event of its company (an
 * upload, a workflow step, an analysis, an erasure — from any instance). Changes that publish no
 * event and come from elsewhere (another instance's edit of a title, a nightly job) show within
 * `ttlMs`. `ttlMs` 0 turns it off.
 */
export function createAnswerCache(options: { ttlMs: number; bus?: EventBus; maxEntries?: number }): AnswerCache {
  const { ttlMs } = options;
  const maxEntries = options.maxEntries ?? 2_000;
  const byCompany = new Map<string, Map<string, Answer>>();
  const generations = new Map<string, number>();
  let everything = 0;
  let size = 0;

  const cache: AnswerCache = {
    get(companyId, key) {
      if (ttlMs <= 0) return undefined;
      const answers = byCompany.get(companyId);
      const answer = answers?.get(key);
      if (!answer) return undefined;
      if (performance.now() - answer.readAt < ttlMs) return answer;
      answers!.delete(key);
      size--;
      return undefined;
    },
    set(companyId, key, answer, generation) {
      if (ttlMs <= 0 || cache.generation(companyId) !== generation) return;
      if (size >= maxEntries) cache.clear();
      let answers = byCompany.get(companyId);
      if (!answers) byCompany.set(companyId, (answers = new Map()));
      if (!answers.has(key)) size++;
      answers.set(key, answer);
    },
    generation: (companyId) => everything * 1_000_000 + (generations.get(companyId) ?? 0),
    forgetCompany(companyId) {
      generations.set(companyId, (generations.get(companyId) ?? 0) + 1);
      size -= byCompany.get(companyId)?.size ?? 0;
      byCompany.delete(companyId);
    },
    clear() {
      everything++;
      generations.clear();
      byCompany.clear();
      size = 0;
    },
    get size() {
      return size;
    },
    close: () => unsubscribe(),
  };
  const unsubscribe = (ttlMs > 0 ? options.bus : undefined)?.subscribe((event) => cache.forgetCompany(event.companyId)) ?? (() => {});
  return cache;
}

/** Headers of an answer that are part of it (the rest, like X-Request-Id, belong to each request). */
const ANSWER_HEADERS = ["content-type", "x-total-count", "link"];

/**
 * Serves a signed-in caller's GET from the answer cache of their company, keyed by the path and
 * query; on a miss the route answers and a 200 JSON answer is kept. Put it after `keyAccess`: the
 * caller must already be accepted (a route's requireAuth would refuse the same callers this skips).
 * Only for routes whose answer depends on the company and the URL alone, not on who asks.
 */
export function cachedCompanyAnswer(): MiddlewareHandler<AppEnv> {
  /* Requests that miss the same answer while it is being read wait for that one read instead of
   * each running the queries (when an answer expires under load, 50 connections would otherwise
   * run 50 identical reads at once). Keyed by company and URL, like the answers. */
  const reading = new Map<string, Promise<Answer | null>>();
  return async (c, next) => {
    const cache = c.get("answerCache");
    const auth = c.get("auth");
    if (!cache || !auth || auth.pendingSecondFactor || c.req.method !== "GET") return next();
    const companyId = auth.company.id;
    const url = new URL(c.req.url);
    const key = url.pathname + url.search;
    const cached = cache.get(companyId, key);
    if (cached) return respond(c, cached);
    const flightKey = `${companyId} ${key}`;
    const inFlight = reading.get(flightKey);
    if (inFlight) {
      const shared = await inFlight;
      if (shared) return respond(c, shared);
      return next();
    }
    let settle!: (answer: Answer | null) => void;
    reading.set(flightKey, new Promise<Answer | null>((resolve) => (settle = resolve)));
    let answer: Answer | null = null;
    try {
      const generation = cache.generation(companyId);
      await next();
      const res = c.res;
      if (res.status !== 200 || !(res.headers.get("content-type") ?? "").startsWith("application/json") || res.headers.has("content-encoding")) return;
      const plain = new Uint8Array(await res.arrayBuffer());
      answer = {
        plain,
        gzip: plain.length >= 1024 ? new Uint8Array(gzipSync(plain, { level: 6 })) : null,
        headers: ANSWER_HEADERS.flatMap((name) => {
          const value = res.headers.get(name);
          return value === null ? [] : [[name, value] as [string, string]];
        }),
        readAt: performance.now(),
      };
      cache.set(companyId, key, answer, generation);
      // Hono merges the old answer's headers over a new one unless cleared (compress.ts).
      c.res = undefined;
      c.res = respond(c, answer);
    } finally {
      reading.delete(flightKey);
      // Waiters share an answer only if no write overtook the read (else they read for themselves).
      settle(answer && cache.get(companyId, key) === answer ? answer : null);
    }
  };
}

/** The bytes and headers of a cached answer in the encoding this client accepts. */
export function encodedAnswer(answer: Answer, acceptEncoding: string | undefined): { body: Uint8Array<ArrayBuffer>; headers: Record<string, string> } {
  const headers: Record<string, string> = Object.fromEntries(answer.headers);
  if (answer.gzip && acceptsEncoding(acceptEncoding, "gzip")) {
    headers["content-encoding"] = "gzip";
    headers.vary = "Accept-Encoding";
    return { body: answer.gzip, headers };
  }
  return { body: answer.plain, headers };
}

/**
 * The cached answer as a Response whose headers are a plain object: @hono/node-server then writes it
 * without building a WHATWG Headers object, and nothing after this middleware touches it
 * (`cachedAnswer`; compress.ts leaves it alone).
 */
function respond(c: Context<AppEnv>, answer: Answer): Response {
  const { body, headers } = encodedAnswer(answer, c.req.header("accept-encoding"));
  c.set("cachedAnswer", true);
  // Elsewhere than on Node, c.body keeps the headers set with c.header (the request id).
  return nodeResponse(c) ? new Response(body, { status: 200, headers }) : c.body(body, 200, headers);
}
