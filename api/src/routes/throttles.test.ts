import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { THROTTLES } from "@clausewise/shared";
import { companies, emailOutbox, users } from "../db/schema";
import { createTestApp, type TestApp, type TestResponse } from "../test/app";
import { createTeam } from "../test/factories";

/*
 * Forms anyone can reach, throttled per IP address (and per address for password resets):
 * 429 + Retry-After + {error: "rate_limited", message}, and nothing happens on a refused request.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => t.setNow(null));

const START = new Date("2026-11-24T08:00:00Z");
const at = (ms: number) => new Date(START.getTime() + ms);
const newEmail = () => `throttle-${randomUUID().slice(0, 8)}@example.test`;

function expectRateLimited(res: TestResponse, retryAfterSeconds: number, message: string) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ error: "rate_limited", message: expect.stringContaining(message) });
  expect(Number(res.headers.get("retry-after"))).toBe(retryAfterSeconds);
}

describe("sign-up", () => {
  const { max, windowMs } = THROTTLES.signupPerIp;
  const signup = (ip: string, email = newEmail()) =>
    t.client({ ip }).post("/api/auth/signup", { email, password: "a-long-password-1", firstName: "S", lastName: "U", companyName: "Spam Co" });

  it(`allows ${max} sign-ups an hour from one address, then 429 for that address only, and creates nothing`, async () => {
    const ip = "203.0.113.101";
    for (let i = 0; i < max; i++) {
      t.setNow(at(i * 1000));
      expect((await signup(ip)).status).toBe(201);
    }
    t.setNow(at(max * 1000));
    const email = newEmail();
    expectRateLimited(await signup(ip, email), windowMs / 1000 - max, "Too many sign-ups from this network.");
    expect(await t.deps.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect((await signup("203.0.113.102")).status).toBe(201);

    // The oldest sign-up leaves the window: one more fits.
    t.setNow(at(windowMs + 1));
    expect((await signup(ip)).status).toBe(201);
  }, 120_000);

  it("does not count bad input", async () => {
    const ip = "203.0.113.103";
    t.setNow(START);
    for (let i = 0; i < max + 5; i++) {
      expect((await t.client({ ip }).post("/api/auth/signup", { email: "not-an-address", password: "x" })).status).toBe(400);
    }
    expect((await signup(ip)).status).toBe(201);
  });
});

describe("password reset requests", () => {
  const perAddress = THROTTLES.passwordResetPerAddress;
  const perIp = THROTTLES.passwordResetPerIp;
  const reset = (ip: string, email: string) => t.client({ ip }).post("/api/auth/password-reset", { email });

  it(`allows ${perAddress.max} an hour for one address (account or not, so a 429 reveals nothing), from any network`, async () => {
    const team = await createTeam(t.deps.db);
    const email = team.reviewer.user.email;
    const ghost = newEmail();
    t.setNow(START);
    for (let i = 0; i < perAddress.max; i++) {
      expect((await reset(`198.18.1.${i + 1}`, email)).status).toBe(204);
      expect((await reset(`198.18.2.${i + 1}`, ghost)).status).toBe(204);
    }
    const mailsBefore = (await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).length;
    for (const address of [email, ghost]) expectRateLimited(await reset("198.18.3.1", address), perAddress.windowMs / 1000, "Too many password reset requests for this address.");
    expect(await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).toHaveLength(mailsBefore);
  });

  it(`allows ${perIp.max} an hour from one address of the network, whatever the e-mail`, async () => {
    const ip = "198.18.4.1";
    t.setNow(START);
    for (let i = 0; i < perIp.max; i++) expect((await reset(ip, newEmail())).status).toBe(204);
    expectRateLimited(await reset(ip, newEmail()), perIp.windowMs / 1000, "Too many password reset requests from this network.");
    expect((await reset("198.18.4.2", newEmail())).status).toBe(204);
  });
});

describe("invitation acceptance", () => {
  const { max, windowMs } = THROTTLES.invitationAcceptPerIp;

  it(`allows ${max} attempts in ${windowMs / 60_000} minutes from one address, then 429 before the token is even looked at`, async () => {
    const ip = "198.18.5.1";
    t.setNow(START);
    const accept = (token: string) => t.client({ ip }).post("/api/invitations/accept", { token, firstName: "I", lastName: "N", password: "a-strong-password" });
    for (let i = 0; i < max; i++) expect((await accept(randomUUID().replace(/-/g, "").repeat(2))).status).toBe(400);
    expectRateLimited(await accept(randomUUID().replace(/-/g, "").repeat(2)), windowMs / 1000, "Too many invitation attempts from this network.");
  });
});

describe("API keys", () => {
  const { max, windowMs } = THROTTLES.apiKeyFailuresPerIp;

  it(`answers ${max} wrong keys from one address with 401, then 429; a valid key from elsewhere still works`, async () => {
    const team = await createTeam(t.deps.db, { plan: "enterprise" });
    const created = await t.client().post<{ key: string }>("/api/settings/security/api-keys", { name: "CI" }, { cookie: `cw_session=${team.admin.token}` });
    expect(created.status).toBe(201);
    const ip = "198.18.6.1";
    t.setNow(START);
    const call = (key: string, from = ip) => t.client({ ip: from }).get("/api/contracts", { authorization: `Bearer ${key}` });
    for (let i = 0; i < max; i++) {
      const res = await call(`cw_guess_${i}`);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: "unauthorized" });
    }
    expectRateLimited(await call("cw_guess_more"), windowMs / 1000, "Too many requests with an invalid API key.");
    expect((await call(created.body.key, "198.18.6.2")).status).toBe(200);
    expect(await t.deps.db.select().from(companies).where(eq(companies.id, team.company.id))).toHaveLength(1);
  });
});
