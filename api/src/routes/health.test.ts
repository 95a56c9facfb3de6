import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/health", () => {
  it("answers ok once migrations ran", async () => {
    const res = await t.client().get("/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  it("answers JSON 404 for an unknown API path", async () => {
    const res = await t.client().get("/api/no-such-thing");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "not_found", message: "No such API endpoint." });
  });

  it("reports which database it runs on", () => {
    expect(t.deps.database.kind).toBe(t.deps.config.databaseUrl ? "postgres" : "pglite");
  });
});

describe("request size backstop", () => {
  it("refuses a body over twice the upload limit with a JSON 413, whatever the route", async () => {
    const res = await t.client().request("POST", "/api/auth/login", "x".repeat(21 * 1024 * 1024), { "content-type": "application/json" });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: "payload_too_large", message: "The request is too large." });
  });
});
