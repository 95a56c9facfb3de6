import { afterEach, describe, expect, it, vi } from "vitest";
import { useConnectionStore } from "../stores/connection";
import { api, ApiError, errorText, isUnauthorizedError } from "./client";

function respondWith(body: string | null, init: ResponseInit) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(body, init));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe("api client", () => {
  it("marks the server unreachable on a network failure, not on a cancelled call or an error answer, and reachable on any answer", async () => {
    useConnectionStore.setState({ apiUnreachable: false });
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new DOMException("The operation was aborted.", "AbortError"))));
    await expect(api.get("/api/things")).rejects.toThrow();
    expect(useConnectionStore.getState().apiUnreachable).toBe(false);

    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))));
    await expect(api.get("/api/things")).rejects.toThrow("Failed to fetch");
    expect(useConnectionStore.getState().apiUnreachable).toBe(true);

    respondWith('{"error":"internal","message":"Boom"}', { status: 500, headers: { "content-type": "application/json" } });
    await expect(api.get("/api/things")).rejects.toThrow("500: Boom");
    expect(useConnectionStore.getState().apiUnreachable).toBe(false);
  });

  it("sends credentials and JSON, and parses JSON answers", async () => {
    const fetchMock = respondWith('{"ok":true}', { status: 200, headers: { "content-type": "application/json" } });
    await expect(api.post("/api/things", { a: 1 })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    if (!init) throw new Error("fetch was not called");
    expect(url).toBe("/api/things");
    expect(init.credentials).toBe("include");
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });

  it("adds non-empty query values only", async () => {
    const fetchMock = respondWith("[]", { status: 200, headers: { "content-type": "application/json" } });
    await api.get("/api/contracts", { query: { search: "epc", status: undefined } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/contracts?search=epc");
  });

  it("raises '<status>: <message>' with the server's code (spec §8 Generic)", async () => {
    respondWith('{"error":"invalid_credentials","message":"Invalid email or password."}', {
      status: 401,
      headers: { "content-type": "application/json" },
    });
    const error = await api.post("/api/auth/login", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("401: Invalid email or password.");
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).code).toBe("invalid_credentials");
    expect(isUnauthorizedError(error)).toBe(true);
    expect(errorText(error, "fallback")).toBe("Invalid email or password.");
  });

  it("falls back to the body text, then to the status text", async () => {
    respondWith("Bad gateway upstream", { status: 502, statusText: "Bad Gateway" });
    await expect(api.get("/api/x")).rejects.toThrow("502: Bad gateway upstream");
    respondWith("", { status: 503, statusText: "Service Unavailable" });
    await expect(api.get("/api/x")).rejects.toThrow("503: Service Unavailable");
  });

  it("answers undefined for 204", async () => {
    respondWith(null, { status: 204 });
    await expect(api.post("/api/auth/logout")).resolves.toBeUndefined();
  });

  it("uses the fallback text for errors that did not come from the server", () => {
    expect(errorText(new TypeError("Failed to fetch"), "Please try again.")).toBe("Please try again.");
  });
});
