import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../context";
import { AppError } from "./errors";

/** One place maps errors to HTTP; unknown errors become a generic 500 logged with the request id. */
export function onError(error: Error, c: Context<AppEnv>): Response {
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
