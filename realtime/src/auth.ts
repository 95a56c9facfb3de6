import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { cookieName, isSecureRequest, SESSION_COOKIE } from "@clausewise/api/auth/cookies";
import { lookupSession, type AuthState, type SessionLookup } from "@clausewise/api/auth/sessions";
import { isAllowedOrigin, requestOrigin } from "@clausewise/api/http/origin";
import type { AppDeps } from "@clausewise/api/context";

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

function headerGetter(req: UpgradeRequest) {
  return {
    get(name: string) {
      const v = req.headers[name.toLowerCase()];
      return Array.isArray(v) ? v[0] : v;
    },
  };
}

/**
 * What realtime keeps of an upgrade request to re-check its session while the connection lives: the
 * cookie and the forwarded protocol (which names the cookie), not the whole request.
 */
export interface UpgradeRequest {
  headers: IncomingHttpHeaders;
  /** The TLS socket says `encrypted` (neither server here terminates TLS itself, but it costs nothing). */
  socket?: unknown;
}

export function keptHeaders(req: UpgradeRequest): UpgradeRequest {
  return { headers: { cookie: req.headers.cookie, "x-forwarded-proto": req.headers["x-forwarded-proto"] }, socket: { encrypted: isEncrypted(req) } };
}

/** Connections whose look-up would be the same share it within a round of re-checks. */
export const sessionKey = (req: UpgradeRequest) => `${headerGetter(req).get("x-forwarded-proto") ?? ""}|${req.headers.cookie ?? ""}`;

const isEncrypted = (req: UpgradeRequest) => (req.socket as { encrypted?: boolean } | undefined)?.encrypted === true;

function protocolOf(req: UpgradeRequest, deps: AppDeps): "http" | "https" {
  if (deps.config.trustProxy) {
    const forwarded = headerGetter(req).get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
    if (forwarded === "https" || forwarded === "http") return forwarded;
  }
  return isEncrypted(req) ? "https" : "http";
}

/** A WebSocket upgrade from a foreign Origin is refused; one without Origin is a non-browser client. */
export function upgradeOriginAllowed(req: IncomingMessage, deps: AppDeps): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  return isAllowedOrigin(origin, requestOrigin(headerGetter(req), deps.config, isEncrypted(req) ? "https" : "http"), deps.config);
}

/**
 * The session behind an upgrade request, read from the same cookie the API sets (`__Host-` prefixed
 * over https). Each look-up counts as activity, so an open connection keeps its session alive until
 * the session's absolute end; a session still owing its second factor is no session here.
 */
export async function lookupUpgrade(req: UpgradeRequest, deps: AppDeps): Promise<SessionLookup> {
  const secure = isSecureRequest(deps.config, protocolOf(req, deps));
  const token = readCookie(req.headers.cookie, cookieName(SESSION_COOKIE, secure));
  if (!token) return { status: "none" };
  const found = await lookupSession(deps.db, token, deps.now(), deps.config.sessions);
  return found.status === "active" && found.auth.pendingSecondFactor ? { status: "none" } : found;
}

/** The signed-in user behind an upgrade request, or null. */
export async function authenticateUpgrade(req: UpgradeRequest, deps: AppDeps): Promise<AuthState | null> {
  const found = await lookupUpgrade(req, deps);
  return found.status === "active" ? found.auth : null;
}
