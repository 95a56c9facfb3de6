import { gunzipSync } from "node:zlib";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContractSummary } from "@clausewise/shared";
import { createTestApp, type TestApp } from "../test/app";
import { createContract, createTeam } from "../test/factories";
import { signedIn } from "../test/lifecycle-factories";
import { createAnswerCache } from "./answer-cache";

const TTL = 60_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ answerCacheMs: TTL, sessionCacheMs: TTL });
});
afterAll(() => t.close());

async function team(titles: string[]) {
  const created = await createTeam(t.deps.db);
  for (const title of titles) await createContract(t.deps.db, { companyId: created.company.id, title, createdBy: created.admin.user.id });
  return created;
}
const titles = async (token: string, query = "") => {
  const res = await signedIn(t, token).get<ContractSummary[]>(`/api/contracts${query}`);
  expect(res.status).toBe(200);
  return res.body.map((c) => c.title).sort();
};

/** A raw GET, to see the bytes and headers as sent (fetch would decode them). */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${t.baseUrl}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("GET /api/contracts with the answer cache", () => {
  it("serves the company's list again from memory, and a write request in this process forgets it", async () => {
    const one = await team(["Alpha", "Beta"]);
    expect(await titles(one.reviewer.token)).toEqual(["Alpha", "Beta"]);
    // A row written behind the API's back (another instance that published nothing) is not seen yet...
    await createContract(t.deps.db, { companyId: one.company.id, title: "Gamma" });
    expect(await titles(one.admin.token)).toEqual(["Alpha", "Beta"]);
    // ...until any write request finishes here.
    expect((await signedIn(t, one.reviewer.token).post("/api/notifications/mark-all-read")).status).toBe(200);
    expect(await titles(one.admin.token)).toEqual(["Alpha", "Beta", "Gamma"]);
  });

  it("forgets a company's answers on any bus event of that company, and only that company's", async () => {
    const one = await team(["One"]);
    const two = await team(["Two"]);
    expect(await titles(one.admin.token)).toEqual(["One"]);
    expect(await titles(two.admin.token)).toEqual(["Two"]);
    await createContract(t.deps.db, { companyId: one.company.id, title: "One more" });
    await createContract(t.deps.db, { companyId: two.company.id, title: "Two more" });
    await t.deps.bus.publish({ type: "contract:updated", companyId: one.company.id, payload: {} });
    expect(await titles(one.admin.token)).toEqual(["One", "One more"]);
    expect(await titles(two.admin.token)).toEqual(["Two"]);
  });

  it("never answers one company with another's list, and keeps queries apart", async () => {
    const one = await team(["Apple supply", "Apple lease"]);
    const two = await team(["Banana"]);
    expect(await titles(one.admin.token)).toEqual(["Apple lease", "Apple supply"]);
    expect(await titles(two.admin.token)).toEqual(["Banana"]);
    expect(await titles(one.admin.token, "?search=lease")).toEqual(["Apple lease"]);
    expect(await titles(one.admin.token)).toEqual(["Apple lease", "Apple supply"]);
  });

  it("refuses a signed-out caller even when the list is cached", async () => {
    const one = await team(["Private"]);
    expect(await titles(one.reviewer.token)).toEqual(["Private"]);
    expect((await signedIn(t, one.reviewer.token).post("/api/auth/logout")).status).toBeLessThan(300);
    expect((await signedIn(t, one.reviewer.token).get("/api/contracts")).status).toBe(401);
    expect((await t.client().get("/api/contracts")).status).toBe(401);
  });

  it("shows an erased contract gone at once", async () => {
    const one = await team(["Keep", "Erase"]);
    const list = await signedIn(t, one.admin.token).get<ContractSummary[]>("/api/contracts");
    const erase = list.body.find((c) => c.title === "Erase")!;
    expect((await signedIn(t, one.admin.token).request("DELETE", `/api/contracts/${erase.id}`)).status).toBe(204);
    expect(await titles(one.reviewer.token)).toEqual(["Keep"]);
  });

  it("keeps the answer's own headers, gzips for clients that accept it, and gives each request its own id", async () => {
    const one = await team(Array.from({ length: 30 }, (_, i) => `Paged contract ${String(i).padStart(2, "0")}`));
    const cookie = `cw_session=${one.admin.token}`;
    const answers = [];
    for (let i = 0; i < 2; i++) answers.push(await rawGet("/api/contracts?limit=10&sort=title", { cookie, "accept-encoding": "gzip" }));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe("gzip");
      expect(res.headers["x-total-count"]).toBe("30");
      expect(res.headers.link).toMatch(/^<\/api\/contracts\?[^>]*cursor=[^>]+>; rel="next"$/);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.headers["content-security-policy"]).toBeDefined();
      const rows = JSON.parse(gunzipSync(res.body).toString("utf8")) as ContractSummary[];
      expect(rows.map((r) => r.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Paged contract ${String(i).padStart(2, "0")}`));
    }
    expect(answers[0]!.headers["x-request-id"]).not.toBe(answers[1]!.headers["x-request-id"]);
    // A cached answer carries the security headers like any other (set on Node's response, http/fixed-headers.ts).
    for (const answer of answers) {
      expect(answer.headers["content-security-policy"]).toContain("default-src 'self'");
      expect(answer.headers["x-frame-options"]).toBe("DENY");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    }
    const plain = await rawGet("/api/contracts?limit=10&sort=title", { cookie });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body.toString("utf8"))).toEqual(JSON.parse(gunzipSync(answers[0]!.body).toString("utf8")));
  });

  it("answers concurrent requests that miss together with the one read", async () => {
    const one = await team(["Concurrent A", "Concurrent B"]);
    const other = await team(["Elsewhere"]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signedIn(t, i % 2 ? one.reviewer.token : other.reviewer.token).get<ContractSummary[]>("/api/contracts?sort=title")),
    );
    answers.forEach((res, i) => {
      expect(res.status).toBe(200);
      expect(res.body.map((c) => c.title)).toEqual(i % 2 ? ["Concurrent A", "Concurrent B"] : ["Elsewhere"]);
    });
  });

  it("does not keep refusals", async () => {
    const one = await team(["Only"]);
    expect((await signedIn(t, one.admin.token).get("/api/contracts?limit=0")).status).toBe(400);
    expect((await signedIn(t, one.admin.token).get("/api/contracts?limit=0")).status).toBe(400);
  });
});

describe("createAnswerCache", () => {
  const answer = () => ({ plain: new Uint8Array([1]), gzip: null, headers: [], readAt: performance.now() });

  it("keeps an answer no longer than its time to live", async () => {
    const cache = createAnswerCache({ ttlMs: 30 });
    cache.set("c", "k", answer(), cache.generation("c"));
    expect(cache.get("c", "k")).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cache.get("c", "k")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("does not store a read that an invalidation overtook", () => {
    const cache = createAnswerCache({ ttlMs: TTL });
    const before = cache.generation("c");
    cache.forgetCompany("c");
    cache.set("c", "k", answer(), before);
    const beforeClear = cache.generation("d");
    cache.clear();
    cache.set("d", "k", answer(), beforeClear);
    expect(cache.size).toBe(0);
  });

  it("is off with a time to live of 0", () => {
    const cache = createAnswerCache({ ttlMs: 0 });
    cache.set("c", "k", answer(), cache.generation("c"));
    expect(cache.get("c", "k")).toBeUndefined();
  });
});
