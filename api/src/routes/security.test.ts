import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { API_KEY_MESSAGES, SECOND_FACTOR_THROTTLE, SETTINGS_MESSAGES, type ApiKeySummary, type CreatedApiKey, type CurrentUser, type SessionSummary, type TwoFactorSetup, type TwoFactorStatus } from "@clausewise/shared";
import { createSession } from "../auth/sessions";
import { sha256 } from "../auth/tokens";
import { totpCode } from "../auth/totp";
import { apiKeys, sessions, users } from "../db/schema";
import { createTestApp, type TestApp, type TestClient } from "../test/app";
import { createContract, createTeam, createUser, TEST_PASSWORD } from "../test/factories";
import { signedIn } from "../test/review-factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userRow = async (id: string) => (await t.deps.db.select().from(users).where(eq(users.id, id)))[0]!;

/** Turns two-factor on through the API and answers the secret and the recovery codes. */
async function enable(client: TestClient): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await client.post<TwoFactorSetup>("/api/settings/security/two-factor/setup");
  expect(setup.status).toBe(200);
  const res = await client.post<{ recoveryCodes: string[] }>("/api/settings/security/two-factor/enable", { code: totpCode(setup.body.secret, new Date()) });
  expect(res.status).toBe(200);
  return { secret: setup.body.secret, recoveryCodes: res.body.recoveryCodes };
}

describe("two-factor set-up", () => {
  it("sets up, confirms with a code, shows recovery codes once, and stores only their hashes", async () => {
    const team = await createTeam(t.deps.db, { plan: "enterprise" });
    const client = signedIn(t, team.reviewer.token);
    const before = await client.get<TwoFactorStatus>("/api/settings/security/two-factor");
    expect(before.body).toEqual({ enabled: false, enabledAt: null, recoveryCodesRemaining: 0 });

    const setup = await client.post<TwoFactorSetup>("/api/settings/security/two-factor/setup");
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.otpauthUrl.startsWith("otpauth://totp/ClauseWise:")).toBe(true);
    // The QR code the authenticator scans is an SVG drawn by the server.
    expect(setup.body.qrCodeSvg).toMatch(/^<svg[^>]*viewBox="0 0 \d+ \d+"/);
    expect(setup.body.qrCodeSvg).toContain("<path");
    // Not on until confirmed: the password alone still signs in fully.
    expect((await userRow(team.reviewer.user.id)).totpEnabledAt).toBeNull();

    const res = await client.post<{ recoveryCodes: string[] }>("/api/settings/security/two-factor/enable", { code: totpCode(setup.body.secret, new Date()) });
    expect(res.status).toBe(200);
    expect(res.body.recoveryCodes).toHaveLength(10);
    const row = await userRow(team.reviewer.user.id);
    expect(row.totpEnabledAt).not.toBeNull();
    expect(row.totpRecoveryCodes).toHaveLength(10);
    expect(row.totpRecoveryCodes).not.toContain(res.body.recoveryCodes[0]);

    const after = await client.get<TwoFactorStatus>("/api/settings/security/two-factor");
    expect(after.body).toMatchObject({ enabled: true, recoveryCodesRemaining: 10 });
    expect(JSON.stringify(after.body)).not.toContain(setup.body.secret);
    const me = await client.get<CurrentUser>("/api/auth/user");
    expect(JSON.stringify(me.body)).not.toContain(setup.body.secret);
  });

  it("refuses a wrong code (400) and stays off", async () => {
    const team = await createTeam(t.deps.db, { plan: "enterprise" });
    const client = signedIn(t, team.admin.token);
    const setup = await client.post<TwoFactorSetup>("/api/settings/security/two-factor/setup");
    const wrong = totpCode(setup.body.secret, new Date(Date.now() - 10 * 60_000));
    const res = await client.post("/api/settings/security/two-factor/enable", { code: wrong === "000000" ? "111111" : wrong });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "validation_failed", message: SETTINGS_MESSAGES.invalidCode });
    expect((await userRow(team.admin.user.id)).totpEnabledAt).toBeNull();
    const empty = await client.post("/api/settings/security/two-factor/enable", {});
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: "validation_failed" });
  });

  it("turns off only with a valid code", async () => {
    const team = await createTeam(t.deps.db, { plan: "enterprise" });
    const client = signedIn(t, team.approver.token);
    const { secret } = await enable(client);
    expect((await client.post("/api/settings/security/two-factor/disable", { code: "12345678" })).status).toBe(400);
    expect((await userRow(team.approver.user.id)).totpEnabledAt).not.toBeNull();
    const res = await client.post("/api/settings/security/two-factor/disable", { code: totpCode(secret, new Date()) });
    expect(res.status).toBe(204);
    expect(await userRow(team.approver.user.id)).toMatchObject({ totpEnabledAt: null, totpSecret: null, totpRecoveryCodes: null });
  });

  it("replaces the recovery codes; the old ones stop working", async () => {
    const team = await createTeam(t.deps.db, { plan: "enterprise" });
    const client = signedIn(t, team.approver.token);
    const { secret, recoveryCodes } = await enable(client);
    const res = await client.post<{ recoveryCodes: string[] }>("/api/settings/security/two-factor/recovery-codes", { code: totpCode(secret, new Date()) });
    expect(res.status).toBe(200);
    expect(res.body.recoveryCodes).toHaveLength(10);
    const old = await client.post("/api/settings/security/two-factor/disable", { code: recoveryCodes[0] });
    expect(old.status).toBe(400);
  });

  it("refuses an API key caller (403): security settings need the browser session", async () => {
    const team = await createTeam(t.deps.db, { plan: "enterprise" });
    await t.deps.db.insert(apiKeys).values({ companyId: team.company.id, userId: team.admin.user.id, name: "ci", prefix: "cw_k", keyHash: sha256("cw_k-secret") });
    const res = await t.client().post("/api/settings/security/two-factor/setup", undefined, { authorization: "Bearer cw_k-secret" });
    expect(res.status).toBe(403);
    expect((await userRow(team.admin.user.id)).totpSecret).toBeNull();
  });
});

describe("sign-in with two-factor on", () => {
  async function userWithTwoFactor() {
    const team = await createTeam(t.deps.db, { plan: "enterprise" });
    const { secret, recoveryCodes } = await enable(signedIn(t, team.reviewer.token));
    return { team, email: team.reviewer.user.email, secret, recoveryCodes };
  }

  it("the password alone opens nothing; the code completes the sign-in with a new session", async () => {
    const { email, secret } = await userWithTwoFactor();
    const client = t.client({ ip: "10.9.0.1" });
    const login = await client.post<{ secondFactorRequired?: boolean }>("/api/auth/login", { email, password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.secondFactorRequired).toBe(true);
    const pendingCookie = client.cookies.get("cw_session")!;
    expect((await client.get("/api/auth/user")).status).toBe(401);
    expect((await client.get("/api/settings")).status).toBe(401);

    const res = await client.post<{ user: CurrentUser }>("/api/auth/second-factor", { code: totpCode(secret, new Date()) });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(email);
    expect(client.cookies.get("cw_session")).not.toBe(pendingCookie);
    expect((await client.get("/api/auth/user")).status).toBe(200);
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.id, sha256(pendingCookie)))).toEqual([]);
  });

  it("a recovery code works once", async () => {
    const { email, recoveryCodes, team } = await userWithTwoFactor();
    const first = t.client({ ip: "10.9.0.2" });
    await first.post("/api/auth/login", { email, password: TEST_PASSWORD });
    expect((await first.post("/api/auth/second-factor", { code: recoveryCodes[3]!.toUpperCase() })).status).toBe(200);
    expect((await userRow(team.reviewer.user.id)).totpRecoveryCodes).toHaveLength(9);
    const second = t.client({ ip: "10.9.0.3" });
    await second.post("/api/auth/login", { email, password: TEST_PASSWORD });
    const again = await second.post("/api/auth/second-factor", { code: recoveryCodes[3] });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ error: "invalid_credentials", message: SETTINGS_MESSAGES.invalidCode });
  });

  it("limits wrong codes, and signing in again with the password does not buy new guesses", async () => {
    const { email, secret } = await userWithTwoFactor();
    // A still clock: the wait after the fifth wrong code is a second, and this test must not race it.
    t.setNow(new Date());
    onTestFinished(() => t.setNow(null));
    for (let i = 0; i < SECOND_FACTOR_THROTTLE.account.free; i++) {
      const client = t.client({ ip: `10.9.1.${i}` });
      await client.post("/api/auth/login", { email, password: TEST_PASSWORD });
      const res = await client.post("/api/auth/second-factor", { code: "000000" === totpCode(secret, new Date()) ? "111111" : "000000" });
      expect(res.status).toBe(401);
    }
    const client = t.client({ ip: "10.9.1.99" });
    await client.post("/api/auth/login", { email, password: TEST_PASSWORD });
    const blocked = await client.post("/api/auth/second-factor", { code: totpCode(secret, new Date()) });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ error: "rate_limited", message: "Too many wrong codes. Please try again in 1 second." });
    expect((await client.get("/api/auth/user")).status).toBe(401);
  });

  it("throttles the Settings forms that take a code (turning two-factor off, new recovery codes) on the same counter", async () => {
    const { team, secret } = await userWithTwoFactor();
    t.setNow(new Date());
    onTestFinished(() => t.setNow(null));
    const client = signedIn(t, team.reviewer.token);
    const wrong = () => ("000000" === totpCode(secret, new Date()) ? "111111" : "000000");
    for (let i = 0; i < SECOND_FACTOR_THROTTLE.pair.free; i++) {
      expect((await client.post("/api/settings/security/two-factor/disable", { code: wrong() })).status).toBe(400);
    }
    const blocked = await client.post("/api/settings/security/two-factor/recovery-codes", { code: totpCode(secret, new Date()) });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toBe("1");
    expect((await userRow(team.reviewer.user.id)).totpEnabledAt).not.toBeNull();
  });

  it("answers 401 without a pending sign-in, and 400 for a malformed code", async () => {
    expect((await t.client().post("/api/auth/second-factor", { code: "123456" })).status).toBe(401);
    const { email } = await userWithTwoFactor();
    const client = t.client({ ip: "10.9.2.1" });
    await client.post("/api/auth/login", { email, password: TEST_PASSWORD });
    const bad = await client.post("/api/auth/second-factor", { code: "1" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: "validation_failed", message: `code: ${SETTINGS_MESSAGES.secondFactorRequired}` });
  });
});

describe("sessions", () => {
  it("lists the caller's sessions, marks the current one, and revokes another", async () => {
    const team = await createTeam(t.deps.db, { plan: "enterprise" });
    const laptop = await createSession(t.deps.db, team.admin.user.id, { ip: "10.1.1.1", userAgent: "Laptop" });
    const client = signedIn(t, team.admin.token);
    const list = await client.get<SessionSummary[]>("/api/settings/security/sessions");
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    expect(list.body.find((s) => s.current)?.id).toBe(sha256(team.admin.token));
    const other = list.body.find((s) => !s.current)!;
    expect(other).toMatchObject({ ip: "10.1.1.1", userAgent: "Laptop" });

    expect((await client.request("DELETE", `/api/settings/security/sessions/${other.id}`)).status).toBe(204);
    expect((await signedIn(t, laptop).get("/api/auth/user")).status).toBe(401);
    expect((await client.get("/api/auth/user")).status).toBe(200);
  });

  it("signs out everywhere else", async () => {
    const team = await createTeam(t.deps.db, { plan: "enterprise" });
    const a = await createSession(t.deps.db, team.reviewer.user.id);
    const b = await createSession(t.deps.db, team.reviewer.user.id);
    const res = await signedIn(t, team.reviewer.token).request<{ revoked: number }>("DELETE", "/api/settings/security/sessions");
    expect(res.body).toEqual({ revoked: 2 });
    expect((await signedIn(t, a).get("/api/auth/user")).status).toBe(401);
    expect((await signedIn(t, b).get("/api/auth/user")).status).toBe(401);
    expect((await signedIn(t, team.reviewer.token).get("/api/auth/user")).status).toBe(200);
  });

  it("answers 404 for another user's session, in this company or another, and keeps it", async () => {
    const team = await createTeam(t.deps.db, { plan: "enterprise" });
    const other = await createTeam(t.deps.db, { plan: "enterprise" });
    const client = signedIn(t, team.admin.token);
    for (const token of [team.reviewer.token, other.admin.token]) {
      const res = await client.request("DELETE", `/api/settings/security/sessions/${sha256(token)}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: "not_found" });
      expect((await signedIn(t, token).get("/api/auth/user")).status).toBe(200);
    }
    expect((await client.request("DELETE", "/api/settings/security/sessions/not-a-session")).status).toBe(404);
  });
});

describe("API keys", () => {
  it("creates a key shown once, stores only its hash, and the key works as a Bearer token until revoked", async () => {
    const team = await createTeam(t.deps.db, { plan: "enterprise" });
    const client = signedIn(t, team.approver.token);
    const res = await client.post<CreatedApiKey>("/api/settings/security/api-keys", { name: "  Procurement sync " });
    expect(res.status).toBe(201);
    const { apiKey, key } = res.body;
    // Without a scope a key is read-only: the safe default for a client that does not know scopes.
    expect(apiKey).toMatchObject({ name: "Procurement sync", prefix: key.slice(0, 10), scope: "read", lastUsedAt: null });
    const [row] = await t.deps.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(row!.keyHash).toBe(sha256(key));
    expect(JSON.stringify(row)).not.toContain(key);

    const list = await client.get<ApiKeySummary[]>("/api/settings/security/api-keys");
    expect(list.body.map((k) => k.id)).toEqual([apiKey.id]);
    expect(JSON.stringify(list.body)).not.toContain(key);

    const bearer = { authorization: `Bearer ${key}` };
    const me = await t.client().get<CurrentUser>("/api/auth/user", bearer);
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(team.approver.user.email);

    expect((await client.request("DELETE", `/api/settings/security/api-keys/${apiKey.id}`)).status).toBe(204);
    expect((await t.client().get("/api/auth/user", bearer)).status).toBe(401);
    expect((await client.get<ApiKeySummary[]>("/api/settings/security/api-keys")).body).toEqual([]);
  });

  it("answers 404 for another user's key, in this company or another, and leaves it working", async () => {
    const team = await createTeam(t.deps.db, { plan: "enterprise" });
    const other = await createTeam(t.deps.db, { plan: "enterprise" });
    for (const owner of [team.reviewer, other.admin]) {
      const created = await signedIn(t, owner.token).post<CreatedApiKey>("/api/settings/security/api-keys", { name: "mine" });
      const res = await signedIn(t, team.admin.token).request("DELETE", `/api/settings/security/api-keys/${created.body.apiKey.id}`);
      expect(res.status).toBe(404);
      expect((await t.client().get("/api/auth/user", { authorization: `Bearer ${created.body.key}` })).status).toBe(200);
    }
    const list = await signedIn(t, team.admin.token).get<ApiKeySummary[]>("/api/settings/security/api-keys");
    expect(list.body).toEqual([]);
  });

  it("refuses a blank name (400) and creates nothing", async () => {
    const team = await createTeam(t.deps.db, { plan: "enterprise" });
    const res = await signedIn(t, team.reviewer.token).post("/api/settings/security/api-keys", { name: "  " });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "validation_failed", message: "name: Key name is required", fields: { name: "Key name is required" } });
    expect(await t.deps.db.select().from(apiKeys).where(eq(apiKeys.userId, team.reviewer.user.id))).toEqual([]);
  });

  it("an API key cannot mint more keys (403)", async () => {
    const team = await createTeam(t.deps.db, { plan: "enterprise" });
    const created = await signedIn(t, team.admin.token).post<CreatedApiKey>("/api/settings/security/api-keys", { name: "ci" });
    const res = await t.client().post("/api/settings/security/api-keys", { name: "more" }, { authorization: `Bearer ${created.body.key}` });
    expect(res.status).toBe(403);
    expect(await t.deps.db.select().from(apiKeys).where(eq(apiKeys.userId, team.admin.user.id))).toHaveLength(1);
  });

  it("makes a key of the chosen scope and lists it; a read-only key reads contracts, and is told it may not write", async () => {
    const team = await createTeam(t.deps.db, { plan: "enterprise" });
    const contract = await createContract(t.deps.db, { companyId: team.company.id });
    const client = signedIn(t, team.admin.token);
    const reader = await client.post<CreatedApiKey>("/api/settings/security/api-keys", { name: "dashboard", scope: "read" });
    const writer = await client.post<CreatedApiKey>("/api/settings/security/api-keys", { name: "sync", scope: "contracts:write" });
    expect([reader.status, writer.status]).toEqual([201, 201]);
    expect(writer.body.apiKey.scope).toBe("contracts:write");
    const list = await client.get<ApiKeySummary[]>("/api/settings/security/api-keys");
    expect(Object.fromEntries(list.body.map((k) => [k.name, k.scope]))).toEqual({ dashboard: "read", sync: "contracts:write" });

    const as = (created: CreatedApiKey) => ({ authorization: `Bearer ${created.key}` });
    expect((await t.client().get(`/api/contracts/${contract.id}`, as(reader.body))).status).toBe(200);
    const comment = { type: "comment", content: "Check the cap." };
    const refused = await t.client().post(`/api/contracts/${contract.id}/markups`, comment, as(reader.body));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: "api_key_scope", message: API_KEY_MESSAGES.readOnly });
    expect((await t.client().post(`/api/contracts/${contract.id}/markups`, comment, as(writer.body))).status).toBe(201);
    // Neither scope reaches identity or security.
    for (const created of [reader.body, writer.body]) {
      const res = await t.client().get("/api/settings/security/api-keys", as(created));
      expect(res.body).toEqual({ error: "api_key_not_allowed", message: API_KEY_MESSAGES.notAllowed });
    }
  });

  it.each([[{ name: "x", scope: "admin" }], [{ name: "x", scope: "" }], [{ name: "x", scope: ["read"] }], [{ name: "x", scope: null }]])("refuses %o (400) and creates nothing", async (body) => {
    const team = await createTeam(t.deps.db, { plan: "enterprise" });
    const res = await signedIn(t, team.reviewer.token).post("/api/settings/security/api-keys", body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "validation_failed", fields: { scope: expect.any(String) } });
    expect(await t.deps.db.select().from(apiKeys).where(eq(apiKeys.userId, team.reviewer.user.id))).toEqual([]);
  });

  it("a key made before scopes existed is read-only", async () => {
    const team = await createTeam(t.deps.db, { plan: "enterprise" });
    const contract = await createContract(t.deps.db, { companyId: team.company.id });
    // The migration's column default is what every older row got.
    await t.deps.db.insert(apiKeys).values({ companyId: team.company.id, userId: team.admin.user.id, name: "old", prefix: "cw_old", keyHash: sha256("cw_old-key") });
    const bearer = { authorization: "Bearer cw_old-key" };
    expect((await t.client().get(`/api/contracts/${contract.id}/markups`, bearer)).status).toBe(200);
    expect((await t.client().post(`/api/contracts/${contract.id}/markups`, { type: "comment", content: "x" }, bearer)).status).toBe(403);
  });

  it("a deactivated member's session gets 401", async () => {
    const team = await createTeam(t.deps.db, { plan: "enterprise" });
    const gone = await createUser(t.deps.db, { companyId: team.company.id, isActive: false });
    const res = await signedIn(t, await createSession(t.deps.db, gone.id)).post("/api/settings/security/api-keys", { name: "x" });
    expect(res.status).toBe(401);
  });
});
