import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_IP, LOGIN_WINDOW_MS } from "@clausewise/shared";
import { loginAttempts } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { createCompany, createUser, TEST_PASSWORD } from "../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => t.setNow(null));

const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

async function freshUser() {
  const company = await createCompany(t.deps.db);
  return createUser(t.deps.db, { companyId: company.id });
}

describe("sign-in rate limit per account", () => {
  it(`allows ${LOGIN_MAX_FAILURES_PER_ACCOUNT} failures in the window, then answers 429 even to the right password, until the window has passed`, async () => {
    const user = await freshUser();
    const base = new Date("2026-11-22T12:00:00Z");
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      t.setNow(at(base, i * 1000));
      // A different IP each time: the account limit does not depend on where guesses come from.
      const res = await t.client({ ip: `198.51.100.${i + 1}` }).post("/api/auth/login", { email: user.email, password: `guess-${i}` });
      expect(res.status).toBe(401);
    }

    t.setNow(at(base, 10_000));
    const blocked = await t.client({ ip: "203.0.113.9" }).post("/api/auth/login", { email: user.email, password: TEST_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ error: "rate_limited", message: expect.stringMatching(/Too many failed sign-in attempts\. Please try again in 15 minutes\./) });
    // The oldest counted failure (at +0s) leaves the window at +15 min; it is now +10s.
    expect(Number(blocked.headers.get("retry-after"))).toBe(LOGIN_WINDOW_MS / 1000 - 10);
    expect(blocked.headers.getSetCookie()).toHaveLength(0);

    // Blocked attempts are not recorded, so hammering does not extend the block.
    const before = await t.deps.db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email));
    await t.client().post("/api/auth/login", { email: user.email, password: "more-guessing" });
    expect(await t.deps.db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email))).toHaveLength(before.length);

    t.setNow(at(base, LOGIN_WINDOW_MS));
    const later = await t.client().post("/api/auth/login", { email: user.email, password: TEST_PASSWORD });
    expect(later.status).toBe(200);
  });

  it("counts failures for addresses that have no account too, and per account only", async () => {
    const base = new Date("2026-11-22T14:00:00Z");
    t.setNow(base);
    const ghost = `ghost-${Date.now()}@example.test`;
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await t.client({ ip: `192.0.2.${i + 1}` }).post("/api/auth/login", { email: ghost, password: "guess" })).status).toBe(401);
    }
    expect((await t.client({ ip: "192.0.2.99" }).post("/api/auth/login", { email: ghost, password: "guess" })).status).toBe(429);

    const other = await freshUser();
    expect((await t.client({ ip: "192.0.2.99" }).post("/api/auth/login", { email: other.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it("starts counting afresh after a successful sign-in", async () => {
    const user = await freshUser();
    const base = new Date("2026-11-22T16:00:00Z");
    let step = 0;
    const attempt = (password: string) => {
      t.setNow(at(base, ++step * 1000));
      return t.client({ ip: `198.51.100.${step}` }).post("/api/auth/login", { email: user.email, password });
    };
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT - 1; i++) expect((await attempt("typo")).status).toBe(401);
    expect((await attempt(TEST_PASSWORD)).status).toBe(200);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT - 1; i++) expect((await attempt("typo")).status).toBe(401);
    expect((await attempt(TEST_PASSWORD)).status).toBe(200);
  });
});

describe("sign-in rate limit per IP address", () => {
  it(`allows ${LOGIN_MAX_FAILURES_PER_IP} failures from one address across accounts, then 429 for that address only`, async () => {
    const base = new Date("2026-11-22T18:00:00Z");
    t.setNow(base);
    const ip = "203.0.113.77";
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP; i++) {
      const res = await t.client({ ip }).post("/api/auth/login", { email: `spray-${i}-${Date.now()}@example.test`, password: "Winter2026!" });
      expect(res.status).toBe(401);
    }
    const user = await freshUser();
    const blocked = await t.client({ ip }).post("/api/auth/login", { email: user.email, password: TEST_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ error: "rate_limited", message: expect.stringContaining("try again in") });
    expect(Number(blocked.headers.get("retry-after"))).toBe(LOGIN_WINDOW_MS / 1000);

    // Another address is unaffected.
    expect((await t.client({ ip: "203.0.113.78" }).post("/api/auth/login", { email: user.email, password: TEST_PASSWORD })).status).toBe(200);

    t.setNow(at(base, LOGIN_WINDOW_MS + 1000));
    expect((await t.client({ ip }).post("/api/auth/login", { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it("uses the first X-Forwarded-For hop behind a trusted proxy and the socket address otherwise", async () => {
    const user = await freshUser();
    await t.client().post("/api/auth/login", { email: user.email, password: "x-wrong" }, { "x-forwarded-for": "198.18.0.5, 10.0.0.1" });
    const untrusted = await createTestApp({ trustProxy: false });
    try {
      const other = await createUser(untrusted.deps.db, { companyId: (await createCompany(untrusted.deps.db)).id });
      await untrusted.client().post("/api/auth/login", { email: other.email, password: "x-wrong" }, { "x-forwarded-for": "198.18.0.5" });
      const [row] = await untrusted.deps.db.select().from(loginAttempts).where(eq(loginAttempts.email, other.email));
      expect(row!.ip).toMatch(/127\.0\.0\.1$/);
    } finally {
      await untrusted.close();
    }
    const [row] = await t.deps.db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email));
    expect(row!.ip).toBe("198.18.0.5");
  });
});
