import type { ApiErrorBody } from "@clausewise/shared";
import { useConnectionStore } from "../stores/connection";

/**
 * A non-OK answer of the API. `message` follows spec §8 "Generic": `${status}: ${server message}`;
 * `serverMessage` is the human text alone, for places that show it without the status.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly serverMessage: string,
    readonly fields?: Record<string, string>,
  ) {
    super(`${status}: ${serverMessage}`);
  }
}

/** Spec §8: a 401 is recognised by its message prefix, whatever raised it. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith("401: ");
}

export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The server's own words for an error, or `fallback` when it gave none (network failure, bug). */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage || fallback;
  return fallback;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | undefined>;
  signal?: AbortSignal;
}

function withQuery(path: string, query: RequestOptions["query"]): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") params.set(key, value);
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => "");
  let body: Partial<ApiErrorBody> | undefined;
  try {
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    if (parsed && typeof parsed === "object") body = parsed as Partial<ApiErrorBody>;
  } catch {
    body = undefined;
  }
  const message = typeof body?.message === "string" && body.message ? body.message : text || res.statusText;
  return new ApiError(res.status, typeof body?.error === "string" ? body.error : undefined, message, body?.fields);
}

/** Every data call of the web app goes through here: same origin, session cookie, JSON both ways. */
export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiExchange<T>(method, path, options)).data;
}

/** A GET whose answer headers matter too (X-Total-Count, Link of paged lists). */
export function apiGetWithHeaders<T>(path: string, options: Omit<RequestOptions, "body"> = {}): Promise<{ data: T; headers: Headers }> {
  return apiExchange<T>("GET", path, options);
}

async function apiExchange<T>(method: Method, path: string, options: RequestOptions): Promise<{ data: T; headers: Headers }> {
  const headers: Record<string, string> = { Accept: "application/json" };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  let res: Response;
  try {
    res = await fetch(withQuery(path, options.query), {
      method,
      headers,
      body,
      credentials: "include",
      signal: options.signal,
    });
  } catch (error) {
    // fetch rejects with a TypeError when the server cannot be reached (offline, DNS, refused); the
    // offline banner shows until a call gets through. Cancelled calls (AbortError) say nothing.
    if (error instanceof TypeError) useConnectionStore.getState().apiFailed();
    throw error;
  }
  useConnectionStore.getState().apiReached();
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return { data: undefined as T, headers: res.headers };
  const text = await res.text();
  if (!text) return { data: undefined as T, headers: res.headers };
  const contentType = res.headers.get("content-type") ?? "";
  return { data: (contentType.includes("json") ? JSON.parse(text) : text) as T, headers: res.headers };
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, "body">) => apiRequest<T>("GET", path, options),
  post: <T>(path: string, body?: unknown) => apiRequest<T>("POST", path, { body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>("PUT", path, { body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>("PATCH", path, { body }),
  delete: <T>(path: string) => apiRequest<T>("DELETE", path),
};
