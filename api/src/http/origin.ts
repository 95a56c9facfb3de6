import type { Config } from "../env";

/** The origin (scheme://host[:port]) a request was addressed to, honouring proxy headers only when trusted. */
export function requestOrigin(headers: { get(name: string): string | null | undefined }, config: Config, fallbackProto = "http"): string | null {
  const forwardedHost = config.trustProxy ? headers.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  const host = forwardedHost || headers.get("host");
  if (!host) return null;
  const forwardedProto = config.trustProxy ? headers.get("x-forwarded-proto")?.split(",")[0]?.trim() : undefined;
  return `${forwardedProto || fallbackProto}://${host}`.toLowerCase();
}

/**
 * Whether a browser Origin may act with the user's cookie: the request's own origin, the configured
 * public URL, or an explicitly allowed origin. Used by the API (CSRF) and by realtime (WebSockets).
 */
export function isAllowedOrigin(origin: string, ownOrigin: string | null, config: Config): boolean {
  const o = origin.toLowerCase().replace(/\/$/, "");
  if (ownOrigin && o === ownOrigin) return true;
  if (o === new URL(config.appUrl).origin.toLowerCase()) return true;
  return config.allowedOrigins.includes(o);
}
