import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { Config } from "../env";

/** First value of a comma-separated forwarding header (the hop nearest the client). */
function firstHop(value: string | undefined): string | undefined {
  const first = value?.split(",")[0]?.trim();
  return first ? first : undefined;
}

/**
 * The caller's IP address. X-Forwarded-For is honoured only behind a trusted proxy (TRUST_PROXY);
 * otherwise anyone could pick their own address and slip past the per-IP sign-in limit.
 */
export function clientIp(c: Context, config: Config): string {
  if (config.trustProxy) {
    const forwarded = firstHop(c.req.header("x-forwarded-for"));
    if (forwarded) return forwarded.slice(0, 100);
  }
  return socketAddress(c) ?? "unknown";
}

/** The TCP peer's address, whatever the headers say; undefined in-process (app.request() has no socket). */
export function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** "https" or "http", as the browser saw it. */
export function requestProtocol(c: Context, config: Config): "http" | "https" {
  return protocolOf(c.req.raw, config);
}

/** requestProtocol for a bare Request (before any middleware ran). */
export function protocolOf(request: Request, config: Config): "http" | "https" {
  if (config.trustProxy) {
    const forwarded = firstHop(request.headers.get("x-forwarded-proto") ?? undefined)?.toLowerCase();
    if (forwarded === "https" || forwarded === "http") return forwarded;
  }
  // Request.url is absolute with its scheme in lower case: no need to parse all of it.
  return request.url.startsWith("https:") ? "https" : "http";
}

export function userAgent(c: Context): string | undefined {
  return c.req.header("user-agent");
}
