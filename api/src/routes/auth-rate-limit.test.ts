import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_THROTTLE } from "@clausewise/shared";
import { loginAttempts } from "../db/schema";
import { createTestApp, type TestApp, type TestClient } from "../test/app";
import { createCompany, createUser, TEST_PASSWORD } from "../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => t.setNow(null));

const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
const { pair, ip: perIp, account, baseDelayMs, maxDelayMs } = LOGIN_THROTTLE;

async function freshUser() {
  const company = await createCompany(t.deps.db);
  return createUser(t.deps.db, { companyId: company.id });
}

const signIn = (client: TestClient, email: string, password: string) => client.post("/api/auth/login", { email, password });
const attemptsOf = async (email: string) => (await t.deps.db.select().from(loginAttempts).where(eq(loginAttempts.email, email))).length;

describe("sign-in throttle: one account from one address", () => {
  it(`allows ${pair.free} failures, then answers 429 with a doubling Retry-After, and never records a refused attempt`, async () => {
    const user = await freshUser();
    const attacker = t.client({ ip: "198.51.100.7" });
    const base = new Date("2026-11-22T12:00:00Z");
    for (let i = 0; i < pair.free; i++) {
      t.setNow(at(base, i * 1000));
      expect((await signIn(attacker, user.email, `guess-${i}`)).status).toBe(401);
    }

    const blocked = await signIn(attacker, user.email, "guess-again");
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ error: "rate_limited", message: "Too many failed sign-in attempts. Please try again in 1 second." });
    expect(Number(blocked.headers.get("retry-after"))).toBe(baseDelayMs / 1000);
    expect(blocked.headers.getSetCookie()).toHaveLength(0);

    // Hammering during the wait changes nothing: refused attempts are not recorded.
    const before = await attemptsOf(user.email);
    for (let i = 0; i < 5; i++) expect((await signIn(attacker, user.email, TEST_PASSWORD)).status).toBe(429);
    expect(await attemptsOf(user.email)).toBe(before);

    // After the wait, one more guess; the next wait is twice as long.
    t.setNow(at(base, (pair.free - 1) * 1000 + baseDelayMs));
    expect((await signIn(attacker, user.email, "guess-after-wait")).status).toBe(401);
    expect(Number((await signIn(attacker, user.email, "x")).headers.get("retry-after"))).toBe((2 * baseDelayMs) / 1000);
  });

  it(`caps the wait at ${maxDelayMs / 60_000} minutes however long the guessing goes on`, async () => {
    const user = await freshUser();
    const attacker = t.client({ ip: "198.51.100.8" });
    let clock = new Date("2026-11-22T13:00:00Z");
    t.setNow(clock);
    for (let i = 0; i < pair.free + 15; i++) {
      const res = await signIn(attacker, user.email, `guess-${i}`);
      if (res.status === 429) {
        clock = at(clock, Number(res.headers.get("retry-after")) * 1000);
        t.setNow(clock);
        expect((await signIn(attacker, user.email, `guess-${i}`)).status).toBe(401);
      }
    }
    const res = await signIn(attacker, user.email, "one-more");
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBe(maxDelayMs / 1000);
    expect(res.body).toMatchObject({ message: "Too many failed sign-in attempts. Please try again in 15 minutes." });
  });

  it("lets the owner in from another address while an attacker is being slowed down", async () => {
    const user = await freshUser();
    const attacker = t.client({ ip: "203.0.113.66" });
    t.setNow(new Date("2026-11-22T14:00:00Z"));
    for (let i = 0; i < pair.free; i++) expect((await signIn(attacker, user.email, `guess-${i}`)).status).toBe(401);
    expect((await signIn(attacker, user.email, TEST_PASSWORD)).status).toBe(429);

    const owner = t.client({ ip: "192.0.2.10" });
    const res = await signIn(owner, user.email, TEST_PASSWORD);
    expect(res.status).toBe(200);
    expect((await owner.get("/api/auth/user")).status).toBe(200);
  });

  it("starts counting afresh for that address after a successful sign-in there", async () => {
    const user = await freshUser();
    const client = t.client({ ip: "198.51.100.9" });
    t.setNow(new Date("2026-11-22T15:00:00Z"));
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < pair.free - 1; i++) expect((await signIn(client, user.email, "typo")).status).toBe(401);
      expect((await signIn(client, user.email, TEST_PASSWORD)).status).toBe(200);
    }
  });
});

describe("sign-in throttle: one address across accounts", () => {
  it(`slows an address down after ${perIp.free} failures on any accounts, and that address only`, async () => {
    t.setNow(new Date("2026-11-22T18:00:00Z"));
    const sprayer = t.client({ ip: "203.0.113.77" });
    for (let i = 0; i < perIp.free; i++) {
      expect((await signIn(sprayer, `spray-${i}-${Date.now()}@example.test`, "Winter2026!")).status).toBe(401);
    }
    const user = await freshUser();
    const blocked = await signIn(sprayer, user.email, TEST_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ error: "rate_limited", message: expect.stringContaining("try again in") });

    expect((await signIn(t.client({ ip: "203.0.113.78" }), user.email, TEST_PASSWORD)).status).toBe(200);
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

describe("sign-in throttle: one account from many addresses", () => {
  it(`slows down strangers after ${account.free} failures from everywhere, but not a browser that signed in to the account before`, async () => {
    const user = await freshUser();
    t.setNow(new Date("2026-11-22T20:00:00Z"));
    // The owner's browser signed in before: it carries a device cookie.
    const ownBrowser = t.client({ ip: "192.0.2.50" });
    expect((await signIn(ownBrowser, user.email, TEST_PASSWORD)).status).toBe(200);
    expect([...ownBrowser.cookies.keys()]).toContain("cw_device");
    await ownBrowser.post("/api/auth/logout");

    // A botnet: every address stays under its own limits.
    for (let i = 0; i < account.free; i++) {
      expect((await signIn(t.client({ ip: `10.${Math.floor(i / 250)}.${i % 250}.9` }), user.email, `guess-${i}`)).status).toBe(401);
    }

    // A new browser on a new address is slowed down, right password or not…
    const stranger = await signIn(t.client({ ip: "192.0.2.51" }), user.email, TEST_PASSWORD);
    expect(stranger.status).toBe(429);
    // …while the owner's browser, from a new address too, gets in.
    ownBrowser.cookies.delete("cw_session");
    const owner = await ownBrowser.post("/api/auth/login", { email: user.email, password: TEST_PASSWORD }, { "x-forwarded-for": "192.0.2.52" });
    expect(owner.status).toBe(200);
    // A forged device cookie is just a stranger.
    const forger = t.client({ ip: "192.0.2.53" });
    forger.cookies.set("cw_device", "made-up-device-token");
    expect((await signIn(forger, user.email, TEST_PASSWORD)).status).toBe(429);
  });

  it("counts failures for addresses that have no account, like any other", async () => {
    t.setNow(new Date("2026-11-22T22:00:00Z"));
    const ghost = `ghost-${Date.now()}@example.test`;
    const client = t.client({ ip: "192.0.2.77" });
    for (let i = 0; i < pair.free; i++) expect((await signIn(client, ghost, "guess")).status).toBe(401);
    expect((await signIn(client, ghost, "guess")).status).toBe(429);
  });
});
