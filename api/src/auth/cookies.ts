import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { parse as parseCookies } from "hono/utils/cookie";
import { SIGNED_IN_HINT_COOKIE } from "@clausewise/shared";
import type { AppEnv } from "../context";
import type { Config } from "../env";
import { protocolOf, requestProtocol } from "./request";

/** The session cookie's name over plain http (local development, tests). */
export const SESSION_COOKIE = "cw_session";
/** The browser's device cookie: proof that this browser signed in to an account before (auth/rate-limit.ts). */
export const DEVICE_COOKIE = "cw_device";
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * Over https every cookie is `__Host-` prefixed: the browser then only accepts it with Secure,
 * Path=/ and no Domain, so a sibling subdomain or a plain-http page cannot plant or overwrite it
 * (cookie tossing / session fixation). Over http (localhost) the prefix is impossible, so the plain
 * name is used, and only then: an https request never reads the unprefixed name.
 */
export function cookieName(base: string, secure: boolean): string {
  return secure ? `__Host-${base}` : base;
}

/** Whether this request is served over https: the public URL is https, or the request (behind a trusted proxy) is. */
export function isSecureRequest(config: Config, protocol: "http" | "https"): boolean {
  return config.appUrl.startsWith("https://") || protocol === "https";
}

function secureRequest(c: Context<AppEnv>): boolean {
  const { config } = c.get("deps");
  return isSecureRequest(config, requestProtocol(c, config));
}

function cookieOptions(secure: boolean) {
  return { httpOnly: true, sameSite: "Lax", path: "/", secure } as const;
}

function readCookie(c: Context<AppEnv>, base: string): string | undefined {
  return getCookie(c, cookieName(base, secureRequest(c))) || undefined;
}

export function readSessionCookie(c: Context<AppEnv>): string | undefined {
  return readCookie(c, SESSION_COOKIE);
}

/** readSessionCookie for a bare Request (before any middleware ran). */
export function sessionCookieOf(request: Request, config: Config): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  const name = cookieName(SESSION_COOKIE, isSecureRequest(config, protocolOf(request, config)));
  return parseCookies(header, name)[name] || undefined;
}

export function readSignedInHint(c: Context<AppEnv>): boolean {
  return readCookie(c, SIGNED_IN_HINT_COOKIE) !== undefined;
}

/**
 * An ordinary session's cookie ends with the browser; a remembered one lasts as long as the
 * session may (the server still ends it sooner after the idle timeout).
 */
export function setSessionCookie(c: Context<AppEnv>, token: string, remember = false): void {
  const secure = secureRequest(c);
  const { sessions } = c.get("deps").config;
  const lifetime = remember ? { maxAge: Math.floor(sessions.rememberMaxMs / 1000) } : {};
  setCookie(c, cookieName(SESSION_COOKIE, secure), token, { ...cookieOptions(secure), ...lifetime });
  // Same lifetime, readable by the page, no secret (shared/src/session-hint.ts).
  setCookie(c, cookieName(SIGNED_IN_HINT_COOKIE, secure), "1", { ...cookieOptions(secure), httpOnly: false, ...lifetime });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  const secure = secureRequest(c);
  deleteCookie(c, cookieName(SESSION_COOKIE, secure), cookieOptions(secure));
  deleteCookie(c, cookieName(SIGNED_IN_HINT_COOKIE, secure), { ...cookieOptions(secure), httpOnly: false });
}

export function readDeviceCookie(c: Context<AppEnv>): string | undefined {
  return readCookie(c, DEVICE_COOKIE);
}

export function setDeviceCookie(c: Context<AppEnv>, token: string): void {
  const secure = secureRequest(c);
  setCookie(c, cookieName(DEVICE_COOKIE, secure), token, { ...cookieOptions(secure), maxAge: DEVICE_COOKIE_MAX_AGE_S });
}
