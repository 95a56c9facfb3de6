import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { SESSION_TTL_MS } from "@clausewise/shared";
import type { AppEnv } from "../context";
import { requestProtocol } from "./request";
import { SESSION_COOKIE } from "./sessions";

function cookieOptions(c: Context<AppEnv>) {
  const { config } = c.get("deps");
  // Secure whenever the public URL or this request is https; plain http only for local development.
  const secure = config.appUrl.startsWith("https://") || requestProtocol(c, config) === "https";
  return { httpOnly: true, sameSite: "Lax", path: "/", secure } as const;
}

export function readSessionCookie(c: Context<AppEnv>): string | undefined {
  return getCookie(c, SESSION_COOKIE) || undefined;
}

export function setSessionCookie(c: Context<AppEnv>, token: string): void {
  setCookie(c, SESSION_COOKIE, token, { ...cookieOptions(c), maxAge: Math.floor(SESSION_TTL_MS / 1000) });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, cookieOptions(c));
}
