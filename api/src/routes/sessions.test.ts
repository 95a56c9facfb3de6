import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PENDING_SECOND_FACTOR_TTL_MS, SESSION_DEFAULTS, SESSION_MESSAGES, type CurrentUser, type SessionSummary } from "@clausewise/shared";
import { createSession } from "../auth/sessions";
import { sha256 } from "../auth/tokens";
import { totpCode } from "../auth/totp";
import { sessions, users } from "../db/schema";
import { createTestApp, type TestApp, type TestClient } from "../test/app";
import { createCompany, createUser, TEST_PASSWORD } from "../test/factories";
import { signedIn } from "../test/lifecycle-factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => t.setNow(null));

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const START = new Date("2026-11-23T09:00:00Z");
const at = (ms: number) => new Date(START.getTime() + ms);

async function freshUser() {
  return createUser(t.deps.db, { companyId: (await createCompany(t.deps.db)).id });
}

/** Signs in at START through the API, as a browser does. */
async function signIn(options: { remember?: boolean } = {}): Promise<{ client: TestClient; user: Awaited<ReturnType<typeof freshUser>> }> {
  const user = await freshUser();
  t.setNow(START);
  const client = t.client({ ip: `198.51.100.${Math.floor(Math.random() * 250) + 1}` });
  const res = await client.post("/api/auth/login", { email: user.email, password: TEST_PASSWORD, ...options });
  expect(res.status).toBe(200);
  return { client, user };
}

const me = (client: TestClient) => client.get<CurrentUser>("/api/auth/user");
const lastSeen = async (userId: string) => (await t.deps.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.userId, userId)))[0]?.at;

describe("idle timeout", () => {
  it(`ends a session after ${SESSION_DEFAULTS.idleMs / MINUTE} minutes without a request, with a 401 that says so and clears the cookie`, async () => {
    const { client } = await signIn();
    // Activity keeps it: each request within the idle timeout of the last one.
    for (const minutes of [29, 58, 87]) {
      t.setNow(at(minutes * MINUTE));
      expect((await me(client)).status).toBe(200);
    }
    t.setNow(at(87 * MINUTE + SESSION_DEFAULTS.idleMs));
    const expired = await me(client);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ error: "session_expired", message: SESSION_MESSAGES.expired });
    expect(expired.headers.getSetCookie().join()).toMatch(/cw_session=;.*Max-Age=0/i);
    expect(client.cookies.has("cw_session")).toBe(false);
  });

  it("writes last-seen at most once a minute, not on every request", async () => {
    const { client, user } = await signIn();
    t.setNow(at(30_000));
    expect((await me(client)).status).toBe(200);
    expect(await lastSeen(user.id)).toEqual(START);
    t.setNow(at(MINUTE));
    expect((await me(client)).status).toBe(200);
    expect(await lastSeen(user.id)).toEqual(at(MINUTE));
    t.setNow(at(MINUTE + 59_000));
    expect((await me(client)).status).toBe(200);
    expect(await lastSeen(user.id)).toEqual(at(MINUTE));
  });

  it("every route answers the timed-out session alike, and Settings no longer lists it", async () => {
    const { client, user } = await signIn();
    const other = signedIn(t, await createSession(t.deps.db, user.id, { userAgent: "Other laptop" }, at(40 * MINUTE), t.deps.config.sessions));
    t.setNow(at(SESSION_DEFAULTS.idleMs + 40 * MINUTE - 1000));
    const listed = await other.get<SessionSummary[]>("/api/settings/security/sessions");
    expect(listed.body.map((s) => s.userAgent)).toEqual(["Other laptop"]);
    const contracts = await client.get("/api/contracts");
    expect(contracts.status).toBe(401);
    expect(contracts.body).toMatchObject({ error: "session_expired" });
  });
});

describe("absolute lifetime", () => {
  it(`ends a session ${SESSION_DEFAULTS.maxMs / HOUR} hours after sign-in however busy it is`, async () => {
    const { client } = await signIn();
    for (let elapsed = 20 * MINUTE; elapsed < SESSION_DEFAULTS.maxMs; elapsed += 20 * MINUTE) {
      t.setNow(at(elapsed));
      expect((await me(client)).status, `at +${elapsed / MINUTE} min`).toBe(200);
    }
    t.setNow(at(SESSION_DEFAULTS.maxMs));
    expect((await me(client)).body).toEqual({ error: "session_expired", message: SESSION_MESSAGES.expired });
  });

  it("is a browser-session cookie unless remembered", async () => {
    const user = await freshUser();
    const res = await t.client().post("/api/auth/login", { email: user.email, password: TEST_PASSWORD });
    expect(res.headers.getSetCookie().find((l) => l.startsWith("cw_session="))).not.toMatch(/Max-Age|Expires/i);
  });
});

describe("Remember me", () => {
  it(`keeps a session through ${SESSION_DEFAULTS.rememberIdleMs / DAY - 1} idle days, ends it after ${SESSION_DEFAULTS.rememberIdleMs / DAY}, and sets a cookie that outlives the browser`, async () => {
    const user = await freshUser();
    t.setNow(START);
    const client = t.client({ ip: "198.51.100.201" });
    const res = await client.post("/api/auth/login", { email: user.email, password: TEST_PASSWORD, remember: true });
    expect(res.headers.getSetCookie().find((l) => l.startsWith("cw_session="))).toContain(`Max-Age=${SESSION_DEFAULTS.rememberMaxMs / 1000}`);
    const [row] = await t.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row).toMatchObject({ remember: true, expiresAt: at(SESSION_DEFAULTS.rememberMaxMs) });

    t.setNow(at(SESSION_DEFAULTS.rememberIdleMs - HOUR));
    expect((await me(client)).status).toBe(200);
    t.setNow(at(2 * SESSION_DEFAULTS.rememberIdleMs - HOUR));
    expect((await me(client)).status).toBe(401);
  });

  it(`still ends ${SESSION_DEFAULTS.rememberMaxMs / DAY} days after sign-in`, async () => {
    const { client } = await signIn({ remember: true });
    for (let day = 5; day < SESSION_DEFAULTS.rememberMaxMs / DAY; day += 5) {
      t.setNow(at(day * DAY));
      expect((await me(client)).status).toBe(200);
    }
    t.setNow(at(SESSION_DEFAULTS.rememberMaxMs));
    expect((await me(client)).body).toMatchObject({ error: "session_expired" });
  });

  it("carries over the second factor: the session the code opens is remembered too", async () => {
    const user = await freshUser();
    const secret = "JBSWY3DPEHPK3PXP";
    await t.deps.db.update(users).set({ totpSecret: secret, totpEnabledAt: new Date() }).where(eq(users.id, user.id));
    const client = t.client({ ip: "198.51.100.202" });
    await client.post("/api/auth/login", { email: user.email, password: TEST_PASSWORD, remember: true });
    const done = await client.post("/api/auth/second-factor", { code: totpCode(secret, new Date()) });
    expect(done.status).toBe(200);
    expect(done.headers.getSetCookie().find((l) => l.startsWith("cw_session="))).toContain("Max-Age=");
    const rows = await t.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((r) => [r.remember, r.pendingSecondFactor])).toEqual([[true, false]]);
  });
});

describe("before the second factor", () => {
  async function twoFactorUser() {
    const user = await freshUser();
    const secret = "JBSWY3DPEHPK3PXP";
    await t.deps.db.update(users).set({ totpSecret: secret, totpEnabledAt: new Date() }).where(eq(users.id, user.id));
    return { user, secret };
  }

  it("answers the password with nothing but { secondFactorRequired: true }, and the user only after the code", async () => {
    const { user, secret } = await twoFactorUser();
    const client = t.client({ ip: "198.51.100.203" });
    const login = await client.post("/api/auth/login", { email: user.email, password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ secondFactorRequired: true });
    expect(login.text).not.toContain(user.email);
    expect(login.text).not.toContain(user.id);
    expect((await me(client)).status).toBe(401);

    const done = await client.post<{ user: CurrentUser }>("/api/auth/second-factor", { code: totpCode(secret, new Date()) });
    expect(done.status).toBe(200);
    expect(done.body.user).toMatchObject({ id: user.id, email: user.email });
  });

  it(`gives ${PENDING_SECOND_FACTOR_TTL_MS / MINUTE} minutes to enter the code`, async () => {
    const { user, secret } = await twoFactorUser();
    t.setNow(START);
    const client = t.client({ ip: "198.51.100.204" });
    await client.post("/api/auth/login", { email: user.email, password: TEST_PASSWORD });
    const [pending] = await t.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(pending!.expiresAt).toEqual(at(PENDING_SECOND_FACTOR_TTL_MS));
    t.setNow(at(PENDING_SECOND_FACTOR_TTL_MS));
    const late = await client.post("/api/auth/second-factor", { code: totpCode(secret, at(PENDING_SECOND_FACTOR_TTL_MS)) });
    expect(late.status).toBe(401);
  });
});

describe("the __Host- cookie over https", () => {
  it("sets and reads __Host-cw_session (Secure, Path=/, no Domain) when APP_URL is https, and ignores the unprefixed name", async () => {
    const https = await createTestApp({ appUrl: "https://clausewise.example" });
    try {
      const user = await createUser(https.deps.db, { companyId: (await createCompany(https.deps.db)).id });
      const client = https.client();
      const res = await client.post("/api/auth/login", { email: user.email, password: TEST_PASSWORD });
      expect(res.status).toBe(200);
      const lines = res.headers.getSetCookie();
      const session = lines.find((l) => l.startsWith("__Host-cw_session="));
      expect(session).toMatch(/;\s*Secure/i);
      expect(session).toMatch(/;\s*Path=\/(;|$)/);
      expect(session).toMatch(/;\s*HttpOnly/i);
      expect(session).not.toMatch(/Domain=/i);
      expect(lines.find((l) => l.startsWith("__Host-cw_device="))).toMatch(/;\s*Secure/i);
      expect(lines.find((l) => l.startsWith("__Host-cw_signed_in="))).toMatch(/;\s*Secure/i);
      expect(lines.some((l) => l.startsWith("cw_session=") || l.startsWith("cw_device=") || l.startsWith("cw_signed_in="))).toBe(false);
      expect((await client.get("/api/auth/user")).status).toBe(200);

      // The same token under the plain name is not a session here: only the prefixed cookie counts.
      const token = client.cookies.get("__Host-cw_session")!;
      const planted = https.client();
      planted.cookies.set("cw_session", token);
      expect((await planted.get("/api/auth/user")).status).toBe(401);
      expect(await https.deps.db.select().from(sessions).where(eq(sessions.id, sha256(token)))).toHaveLength(1);

      const out = await client.post("/api/auth/logout");
      expect(out.headers.getSetCookie().join()).toMatch(/__Host-cw_session=;.*Max-Age=0/i);
      expect((await client.get("/api/auth/user")).status).toBe(401);
    } finally {
      await https.close();
    }
  });

  it("keeps the plain name over http, where a __Host- cookie could not be set", async () => {
    const user = await freshUser();
    const res = await t.client().post("/api/auth/login", { email: user.email, password: TEST_PASSWORD });
    const names = res.headers.getSetCookie().map((l) => l.split("=")[0]);
    expect(names.sort()).toEqual(["cw_device", "cw_session", "cw_signed_in"]);
  });
});
