import { vi } from "vitest";
import { SIGNED_IN_HINT_COOKIE } from "@clausewise/shared";

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };
type Handler = (request: { method: string; url: URL; body: unknown }) => Answer;

/**
 * Stands in for the server at the edge of the browser: answers fetch() from a table of
 * "METHOD /path" handlers and records every call. Unknown routes answer 404 like the API does.
 */
export function fakeApi(routes: Record<string, Handler | Answer>) {
  // The browser holds the signed-in hint cookie unless the table answers the current user with 401.
  setSignedInHint(routes["GET /api/auth/user"] !== signedOut);
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname + url.search, body });
    const route = routes[`${method} ${url.pathname}`];
    const answer = typeof route === "function" ? route({ method, url, body }) : route;
    const { status, body: payload, headers } = answer ?? {
      status: 404,
      body: { error: "not_found", message: "No such API endpoint." },
    };
    if (status === 204) return new Response(null, { status });
    return new Response(JSON.stringify(payload ?? {}), { status, headers: { "content-type": "application/json", ...headers } });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls };
}

export const signedOut = { status: 401, body: { error: "unauthorized", message: "Unauthorized" } };

/** Sets or clears the cookie that tells the app a session may exist (shared/src/session-hint.ts). */
export function setSignedInHint(present: boolean): void {
  document.cookie = present ? `${SIGNED_IN_HINT_COOKIE}=1; path=/` : `${SIGNED_IN_HINT_COOKIE}=; path=/; max-age=0`;
}
