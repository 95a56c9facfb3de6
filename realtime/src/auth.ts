import type { IncomingMessage } from "node:http";
import { resolveSession, SESSION_COOKIE, type AuthState } from "@clausewise/api/auth/sessions";
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

function headerGetter(req: IncomingMessage) {
  return {
    get(name: string) {
      const v = req.headers[name.toLowerCase()];
      return Array.isArray(v) ? v[0] : v;
    },
  };
}

/** A WebSocket upgrade from a foreign Origin is refused; one without Origin is a non-browser client. */
export function upgradeOriginAllowed(req: IncomingMessage, deps: AppDeps): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
  return isAllowedOrigin(origin, requestOrigin(headerGetter(req), deps.config, encrypted ? "https" : "http"), deps.config);
}

/** The signed-in user behind an upgrade request, from the session cookie. */
export async function authenticateUpgrade(req: Pick<IncomingMessage, "headers">, deps: AppDeps): Promise<AuthState | null> {
  const token = readCookie(req.headers.cookie, SESSION_COOKIE);
  if (!token) return null;
  const auth = await resolveSession(deps.db, token, deps.now());
  return auth && !auth.pendingSecondFactor ? auth : null;
}
