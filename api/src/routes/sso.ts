import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import { createOidcClient, OidcError, type OidcClient, type OidcPending } from "../auth/oidc";
import { readSessionCookie, setSessionCookie } from "../auth/cookies";
import { safeNextPath } from "../auth/redirect";
import { clientIp, requestProtocol, userAgent } from "../auth/request";
import { ssoLogin, SsoRefused } from "../commands/auth/sso-login";
import type { AppEnv } from "../context";
import type { Config } from "../env";
import { notFound } from "../http/errors";

const PENDING_COOKIE = "cw_sso";
const PENDING_PATH = "/api/auth/sso";
const PENDING_MAX_AGE_S = 10 * 60;
const pendingSchema = z.object({ state: z.string().min(1), nonce: z.string().min(1), verifier: z.string().min(1), next: z.string().optional() });

// One client (and one cached discovery) per configuration, i.e. per process.
const clients = new WeakMap<NonNullable<Config["oidc"]>, OidcClient>();
function oidcClient(c: Context<AppEnv>): OidcClient {
  const { config } = c.get("deps");
  if (!config.oidc) throw notFound("Single sign-on is not configured.");
  let client = clients.get(config.oidc);
  if (!client) clients.set(config.oidc, (client = createOidcClient(config.oidc, config.appUrl)));
  return client;
}

function cookieOptions(c: Context<AppEnv>) {
  const { config } = c.get("deps");
  const secure = config.appUrl.startsWith("https://") || requestProtocol(c, config) === "https";
  // Lax: the provider sends the browser back with a top-level GET, which carries Lax cookies.
  return { httpOnly: true, sameSite: "Lax", path: PENDING_PATH, secure } as const;
}

function readPending(c: Context<AppEnv>): OidcPending | undefined {
  const raw = getCookie(c, PENDING_COOKIE);
  if (!raw) return undefined;
  try {
    const parsed = pendingSchema.safeParse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const backToLogin = (c: Context<AppEnv>, reason: string) => c.redirect(`/login?sso_error=${reason}`, 302);

/**
 * OpenID Connect sign-in (DESIGN.md §1): `/api/auth/sso` leaves for the provider with state, nonce
 * and a PKCE challenge kept in a short-lived HttpOnly cookie; the provider sends the browser back
 * to `/api/auth/sso/callback`. Failures return to the sign-in page with a reason code only.
 */
export const ssoRoutes = new Hono<AppEnv>()
  .get("/auth/sso", async (c) => {
    const client = oidcClient(c);
    try {
      const { url, pending } = await client.start(safeNextPath(c.req.query("next")));
      setCookie(c, PENDING_COOKIE, Buffer.from(JSON.stringify(pending)).toString("base64url"), { ...cookieOptions(c), maxAge: PENDING_MAX_AGE_S });
      return c.redirect(url, 302);
    } catch (error) {
      if (!(error instanceof OidcError)) throw error;
      c.get("logger").warn({ err: error.cause }, "single sign-on: provider discovery failed");
      return backToLogin(c, error.reason);
    }
  })
  .get("/auth/sso/callback", async (c) => {
    const client = oidcClient(c);
    const pending = readPending(c);
    deleteCookie(c, PENDING_COOKIE, cookieOptions(c));
    if (!pending) return backToLogin(c, "sign_in_failed");
    const deps = c.get("deps");
    try {
      // The URL the provider redirected to, on the public origin it was registered with.
      const callbackUrl = new URL(client.redirectUri);
      callbackUrl.search = new URL(c.req.url).search;
      const identity = await client.finish(callbackUrl, pending);
      const result = await ssoLogin(deps, identity, { ip: clientIp(c, deps.config), userAgent: userAgent(c), previousSessionToken: readSessionCookie(c) });
      setSessionCookie(c, result.sessionToken);
      const next = pending.next ?? "/";
      if (result.pendingSecondFactor) return c.redirect(`/login?second_factor=1&next=${encodeURIComponent(next)}`, 302);
      return c.redirect(next, 302);
    } catch (error) {
      if (error instanceof OidcError) {
        c.get("logger").warn({ err: error.cause, reason: error.reason }, "single sign-on failed");
        return backToLogin(c, error.reason);
      }
      if (error instanceof SsoRefused) return backToLogin(c, error.reason);
      throw error;
    }
  });
