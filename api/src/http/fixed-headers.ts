import type { Context } from "hono";
import type { ServerResponse } from "node:http";

/**
 * Sets headers that every answer carries whatever the route does (the request id, the security
 * headers) on Node's response object when there is one (@hono/node-server passes it as
 * `env.outgoing`). Node merges them with the answer's own headers when it writes the head, the
 * answer's winning. Setting them on the Fetch Response instead makes @hono/node-server build and
 * validate a WHATWG Headers object for every answer, which was a tenth of the CPU of a cached list
 * answer (issue 15, `bench:api`). Elsewhere (app.request in a test, another runtime) they go through
 * Hono's c.header as usual.
 */
export function setFixedHeaders(c: Context, headers: readonly (readonly [string, string])[]): void {
  const outgoing = nodeResponse(c);
  if (outgoing) {
    for (const [name, value] of headers) outgoing.setHeader(name, value);
    return;
  }
  for (const [name, value] of headers) c.header(name, value);
}

/** Node's response for this request, while its head is not written yet (null: not on @hono/node-server). */
export function nodeResponse(c: Context): ServerResponse | null {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  return outgoing && typeof outgoing.setHeader === "function" && !outgoing.headersSent ? outgoing : null;
}
