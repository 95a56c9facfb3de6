import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../context";
import { AppError } from "./errors";

export const DATABASE_UNAVAILABLE_MESSAGE = "The database is unavailable right now. Please try again in a moment.";
export const databaseUnavailable = () => new AppError("unavailable", DATABASE_UNAVAILABLE_MESSAGE, undefined, { "retry-after": "5" });

/**
 * One place maps errors to HTTP; unknown errors become a generic 500 logged with the request id. A
 * lost database connection is an outage, not a bug: 503 with a message, logged once as a warning
 * (the code only: a wrapped driver error's text carries the query's parameters).
 */
export function onError(error: Error, c: Context<AppEnv>): Response {
  const unavailable = c.get("deps")?.database.unavailableCode(error);
  if (unavailable) {
    (c.get("logger") ?? console).warn({ requestId: c.get("requestId") ?? "unknown", code: unavailable }, "database unavailable");
    error = databaseUnavailable();
  }
  if (error instanceof AppError) {
    if (error.headers) for (const [k, v] of Object.entries(error.headers)) c.header(k, v);
    return c.json(error.toBody(), error.status as ContentfulStatusCode);
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    const code = status === 413 ? "payload_too_large" : status === 401 ? "unauthorized" : status === 403 ? "forbidden" : status >= 500 ? "internal" : "bad_request";
    const message = status === 413 ? "The request is too large." : error.message || "Bad request";
    return c.json({ error: code, message }, status);
  }
  const requestId = c.get("requestId") ?? "unknown";
  (c.get("logger") ?? console).error({ err: error, requestId }, "unhandled error");
  return c.json({ error: "internal", message: `Something went wrong on our side. Reference: ${requestId}` }, 500);
}
