import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JSON_BODY_MAX_BYTES } from "@clausewise/shared";
import { users } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { rawRequest } from "../test/raw-http";
import { createContract, createTeam, TEST_PASSWORD } from "../test/factories";
import { signedIn } from "../test/lifecycle-factories";
import { metricsAccess } from "./metrics";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const raw = (method: string, path: string, headers: Record<string, string>, chunks: Buffer[]) => rawRequest(`${t.baseUrl}${path}`, method, headers, chunks);

/** A syntactically valid JSON login body of about `bytes` bytes (a long password). */
const bigLogin = (bytes: number) => Buffer.from(JSON.stringify({ email: "someone@example.test", password: "p".repeat(bytes) }));

describe("JSON body limit", () => {
  it(`answers 413 at once to a Content-Length over ${JSON_BODY_MAX_BYTES / 1024 / 1024} MB, signed out, without reading it`, async () => {
    const body = bigLogin(JSON_BODY_MAX_BYTES + 1024);
    const res = await raw("POST", "/api/auth/login", { "content-type": "application/json", "content-length": String(body.length) }, [body]);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ error: "payload_too_large", message: "The request body is too large (at most 1 MB)." });
    // The unread rest of the body makes the connection unusable for another request: it is closed.
    expect(res.headers.connection).toBe("close");
  });

  it("answers 413 to a chunked body with no Content-Length as soon as it passes the limit", async () => {
    const chunk = Buffer.alloc(64 * 1024, "a");
    // 40 chunks of 64 KB: 2.5 MB would follow; the answer comes after about 1 MB.
    const chunks = [Buffer.from('{"email":"someone@example.test","password":"'), ...Array.from({ length: 40 }, () => chunk), Buffer.from('"}')];
    const res = await raw("POST", "/api/auth/signup", { "content-type": "application/json", "transfer-encoding": "chunked" }, chunks);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ error: "payload_too_large" });
  });

  it("reads a body just under the limit as usual (here: a password too long for the schema)", async () => {
    const body = bigLogin(JSON_BODY_MAX_BYTES - 1024);
    const res = await raw("POST", "/api/auth/login", { "content-type": "application/json", "content-length": String(body.length) }, [body]);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ error: "validation_failed" });
  });

  it("lets the editor's save, which declares a larger limit, carry a 3 MB document", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, { companyId: team.company.id, content: "<p>Short.</p>" });
    const content = `<p>${"Long clause text. ".repeat(190_000)}</p>`;
    expect(content.length).toBeGreaterThan(3 * 1024 * 1024);
    const res = await signedIn(t, team.admin.token).request("PUT", `/api/contracts/${contract.id}`, { content });
    expect(res.status).toBe(200);
  });
});

describe("JSON routes read only JSON", () => {
  it("answers 415 to a text/plain body, even one that is valid JSON, and signs nobody in", async () => {
    const team = await createTeam(t.deps.db);
    const client = t.client();
    const res = await client.post("/api/auth/login", JSON.stringify({ email: team.admin.user.email, password: TEST_PASSWORD }), { "content-type": "text/plain;charset=UTF-8" });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: "unsupported_media_type", message: "Send the request body as JSON (Content-Type: application/json)." });
    expect(res.headers.getSetCookie()).toHaveLength(0);
  });

  it("answers 415 to a form or multipart body on a JSON route, and to a body without a Content-Type", async () => {
    const team = await createTeam(t.deps.db);
    const client = signedIn(t, team.admin.token);
    const form = new FormData();
    form.append("firstName", "Changed");
    expect((await client.request("PATCH", "/api/settings/profile", form)).status).toBe(415);
    expect((await client.request("PATCH", "/api/settings/profile", "firstName=Changed", { "content-type": "application/x-www-form-urlencoded" })).status).toBe(415);
    const untyped = await raw("PATCH", "/api/settings/profile", { cookie: `cw_session=${team.admin.token}` }, [Buffer.from('{"firstName":"Changed"}')]);
    expect(untyped.status).toBe(415);
    expect((await t.deps.db.select().from(users).where(eq(users.id, team.admin.user.id)))[0]!.firstName).not.toBe("Changed");
  });

  it("accepts application/json with a UTF-8 charset, vendor +json types, and an empty body without a type", async () => {
    const team = await createTeam(t.deps.db);
    const client = signedIn(t, team.admin.token);
    const profile = (firstName: string) => JSON.stringify({ firstName, lastName: "Doe", email: team.admin.user.email });
    const res = await client.request("PATCH", "/api/settings/profile", profile("Utf"), { "content-type": "application/json; charset=UTF-8" });
    expect(res.status).toBe(200);
    expect((await client.request("PATCH", "/api/settings/profile", profile("Vendor"), { "content-type": "application/merge-patch+json" })).status).toBe(200);
    expect((await client.request("PATCH", "/api/settings/profile", profile("Utf16"), { "content-type": "application/json; charset=utf-16" })).status).toBe(415);
    expect((await t.client().post("/api/auth/logout")).status).toBe(204);
  });
});

describe("GET /metrics", () => {
  it("answers a scraper on this machine when no token is set (the embedded default)", async () => {
    const res = await fetch(`${t.baseUrl}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("# TYPE");
  });

  it("answers 404 to a request that came through a proxy, however local the proxy is", async () => {
    const res = await fetch(`${t.baseUrl}/metrics`, { headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "not_found", message: "Not found" });
  });

  it("answers 401 without the right bearer token when METRICS_TOKEN is set, from anywhere", async () => {
    const guarded = await createTestApp({ metricsToken: "s3cret-scrape-token" });
    try {
      for (const authorization of [undefined, "Bearer wrong", "Basic czNjcmV0", "s3cret-scrape-token"]) {
        const res = await fetch(`${guarded.baseUrl}/metrics`, { headers: authorization ? { authorization } : {} });
        expect(res.status, String(authorization)).toBe(401);
        expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
        expect(await res.json()).toMatchObject({ error: "unauthorized" });
      }
      const ok = await fetch(`${guarded.baseUrl}/metrics`, { headers: { authorization: "Bearer s3cret-scrape-token", "x-forwarded-for": "203.0.113.9" } });
      expect(ok.status).toBe(200);
    } finally {
      await guarded.close();
    }
  });

  it("hides /metrics from any other address without a token", () => {
    const config = { metricsToken: undefined };
    expect(metricsAccess(config, { remoteAddress: "203.0.113.9", authorization: undefined, forwarded: false })).toBe("hidden");
    expect(metricsAccess(config, { remoteAddress: "10.0.0.5", authorization: "Bearer anything", forwarded: false })).toBe("hidden");
    expect(metricsAccess(config, { remoteAddress: "::ffff:127.0.0.1", authorization: undefined, forwarded: false })).toBe("allowed");
    expect(metricsAccess(config, { remoteAddress: "::1", authorization: undefined, forwarded: false })).toBe("allowed");
    expect(metricsAccess(config, { remoteAddress: undefined, authorization: undefined, forwarded: false })).toBe("hidden");
  });
});
