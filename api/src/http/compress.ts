import { gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";

export type Encoding = "br" | "gzip";

/** Whether Accept-Encoding admits this coding: named with q > 0, or covered by `*` with q > 0. */
export function acceptsEncoding(header: string | undefined, coding: Encoding): boolean {
  if (!header) return false;
  const q = codingWeights(header);
  return (q.get(coding) ?? q.get("*") ?? 0) > 0;
}

/** Browsers send a handful of distinct Accept-Encoding values, and every answer asks: parsed once each. */
const parsedWeights = new Map<string, ReadonlyMap<string, number>>();
const PARSED_WEIGHTS_KEPT = 64;

function codingWeights(header: string): ReadonlyMap<string, number> {
  const known = parsedWeights.get(header);
  if (known) return known;
  const q = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = weight ? Number(weight.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  if (header.length <= 256) {
    if (parsedWeights.size >= PARSED_WEIGHTS_KEPT) parsedWeights.clear();
    parsedWeights.set(header, q);
  }
  return q;
}

/** The encoding to answer in: Brotli, else gzip, else none. */
export function preferredEncoding(header: string | undefined): Encoding | null {
  if (acceptsEncoding(header, "br")) return "br";
  if (acceptsEncoding(header, "gzip")) return "gzip";
  return null;
}

const COMPRESSIBLE_ANSWER = /^(application\/json|text\/csv|text\/plain)\b/i;

/**
 * Gzips the API's JSON (and CSV, plain text) answers of at least `threshold` bytes for clients that
 * accept gzip; smaller ones gain nothing and go as they are. The answers are whole in memory already
 * (c.json), so this compresses in one synchronous zlib call, much cheaper than a stream per answer.
 * File downloads (PDF, DOCX) are compressed formats already and pass untouched.
 */
export function compressAnswers(threshold = 1024): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.get("cachedAnswer")) return;
    const res = c.res;
    // Headers first: reading `body` turns @hono/node-server's lightweight Response into a full one
    // (a stream and more per answer), which answers already encoded (http/answer-cache.ts) never need.
    if (c.req.method === "HEAD" || res.headers.has("content-encoding")) return;
    if (!COMPRESSIBLE_ANSWER.test(res.headers.get("content-type") ?? "")) return;
    if (/no-transform/i.test(res.headers.get("cache-control") ?? "")) return;
    if (!res.body) return;
    const headers = new Headers(res.headers);
    headers.append("vary", "Accept-Encoding");
    const bytes = new Uint8Array(await res.arrayBuffer());
    // Hono merges the old answer's headers over a new one (its Content-Length, Vary) unless cleared.
    c.res = undefined;
    if (bytes.length < threshold || !acceptsEncoding(c.req.header("accept-encoding"), "gzip")) {
      c.res = new Response(bytes, { status: res.status, statusText: res.statusText, headers });
      return;
    }
    const zipped = gzipSync(bytes, { level: 6 });
    headers.set("content-encoding", "gzip");
    headers.set("content-length", String(zipped.length));
    c.res = new Response(new Uint8Array(zipped), { status: res.status, statusText: res.statusText, headers });
  };
}
