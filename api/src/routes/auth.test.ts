import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_DEFAULTS, SESSION_MESSAGES, USER_ABILITIES, type CurrentUser } from "@clausewise/shared";
import { sha256 } from "../auth/tokens";
import { apiKeys, auditEvents, companies, companySettings, emailOutbox, notificationPreferences, sessions, subscriptions, userSettings, users } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { createCompany, createTeam, createUser, TEST_PASSWORD } from "../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
const uniqueEmail = () => `person-${Date.now()}-${++counter}@example.test`;
const signupBody = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail(),
  password: "a-long-password",
  firstName: "Avery",
  lastName: "Moreau",
  companyName: "Northern Pipe & Steel Ltd.",
  ...overrides,
});

function setCookieHeader(res: { headers: Headers }): string {
  const line = res.headers.getSetCookie().find((l) => l.startsWith("cw_session="));
  expect(line, "a cw_session cookie is set").toBeDefined();
  return line!;
}

describe("POST /api/auth/signup", () => {
  it("creates a company with the user as admin, signs them in and sends the verification mail", async () => {
    const client = t.client();
    const body = signupBody({ email: `  New.Admin.${++counter}@Example.TEST ` });
    const res = await client.post<{ user: CurrentUser }>("/api/auth/signup", body);
    expect(res.status).toBe(201);
    const email = body.email.trim().toLowerCase();
    expect(res.body.user).toMatchObject({ email, firstName: "Avery", lastName: "Moreau", role: "admin", companyName: "Northern Pipe & Steel Ltd.", emailVerified: false, isPlatformAdmin: false });
    expect(Object.keys(res.body.user.abilities).sort()).toEqual([...USER_ABILITIES].sort());
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|password_hash|totp|argon2/i);

    const cookie = setCookieHeader(res);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    // Not remembered: the cookie ends with the browser (the server ends the session sooner still).
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
    expect(cookie).not.toMatch(/Secure/i); // http app URL in tests
    // Beside it, the page-readable hint that a session exists: no secret, same lifetime.
    const hint = res.headers.getSetCookie().find((l) => l.startsWith("cw_signed_in="));
    expect(hint).toMatch(/^cw_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly|Max-Age|Expires/i);

    const me = await client.get<CurrentUser>("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(res.body.user.id);

    const db = t.deps.db;
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ role: "admin", companyId: res.body.user.companyId, emailVerifiedAt: null });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    const [company] = await db.select().from(companies).where(eq(companies.id, user!.companyId));
    expect(company).toMatchObject({ name: "Northern Pipe & Steel Ltd.", subscriptionPlan: "starter", accountStatus: "active" });
    expect(await db.select().from(companySettings).where(eq(companySettings.companyId, company!.id))).toMatchObject([{ aiReviewEnabled: true }]);
    expect(await db.select().from(subscriptions).where(eq(subscriptions.companyId, company!.id))).toMatchObject([{ plan: "starter", status: "active", provider: "manual" }]);
    expect(await db.select().from(userSettings).where(eq(userSettings.userId, user!.id))).toMatchObject([{ phone: null, jobTitle: null }]);
    expect(await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user!.id))).toMatchObject([
      { digestFrequency: "daily", reminderTiming: "24h", quietHours: false, quietStart: "22:00", quietEnd: "08:00", timezone: "America/Toronto" },
    ]);
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.status).toBe("logged");
    expect(mails[0]!.text).toContain(`${t.deps.config.appUrl}/verify-email?token=`);
    const audit = await db.select().from(auditEvents).where(and(eq(auditEvents.userId, user!.id), eq(auditEvents.action, "auth.signup")));
    expect(audit).toHaveLength(1);
  });

  it("answers 409 email_taken for an address that already has an account, and creates nothing", async () => {
    const body = signupBody();
    expect((await t.client().post("/api/auth/signup", body)).status).toBe(201);
    const before = await t.deps.db.select().from(companies);
    const res = await t.client().post("/api/auth/signup", { ...body, email: body.email.toUpperCase(), companyName: "Copycat Inc." });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "email_taken", message: expect.stringContaining("already exists") });
    expect(res.headers.getSetCookie()).toHaveLength(0);
    expect(await t.deps.db.select().from(companies)).toHaveLength(before.length);
  });

  it("rejects bad input with 400 and a field message", async () => {
    const short = await t.client().post("/api/auth/signup", signupBody({ password: "short" }));
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ error: "validation_failed", fields: { password: expect.stringContaining("at least 8 characters") } });
    expect(short.body.message).toContain("at least 8 characters");

    const email = await t.client().post("/api/auth/signup", signupBody({ email: "not-an-email" }));
    expect(email.status).toBe(400);
    expect(email.body).toMatchObject({ fields: { email: "Invalid email address" } });

    const missing = await t.client().post("/api/auth/signup", signupBody({ companyName: "  " }));
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ fields: { companyName: "Company name is required" } });

    const notJson = await t.client().post("/api/auth/signup", "{oops", { "content-type": "application/json" });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toMatchObject({ error: "bad_request" });
  });
});

describe("POST /api/auth/login and /api/auth/logout", () => {
  it("signs in with the right password and out again", async () => {
    const company = await createCompany(t.deps.db);
    const user = await createUser(t.deps.db, { companyId: company.id, role: "approver" });
    const client = t.client();

    const res = await client.post<{ user: CurrentUser }>("/api/auth/login", { email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, role: "approver", companyId: company.id, companyName: company.name, emailVerified: true });
    setCookieHeader(res);
    expect((await client.get("/api/auth/user")).status).toBe(200);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.lastLoginAt).not.toBeNull();
    expect(await t.deps.db.select().from(auditEvents).where(and(eq(auditEvents.userId, user.id), eq(auditEvents.action, "auth.login")))).toHaveLength(1);

    const out = await client.post("/api/auth/logout");
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().join()).toMatch(/cw_session=;.*Max-Age=0/i);
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await client.get("/api/auth/user")).status).toBe(401);
    expect(await t.deps.db.select().from(auditEvents).where(and(eq(auditEvents.userId, user.id), eq(auditEvents.action, "auth.logout")))).toHaveLength(1);
  });

  it("rotates the session id: the cookie the client had before no longer works", async () => {
    const company = await createCompany(t.deps.db);
    const user = await createUser(t.deps.db, { companyId: company.id });
    const client = t.client();
    await client.post("/api/auth/login", { email: user.email, password: TEST_PASSWORD });
    const first = client.cookies.get("cw_session")!;
    expect(first).toBeTruthy();

    const again = await client.post("/api/auth/login", { email: user.email, password: TEST_PASSWORD });
    expect(again.status).toBe(200);
    const second = client.cookies.get("cw_session")!;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect((await client.get("/api/auth/user")).status).toBe(200);

    const stale = t.client();
    stale.useSession(first);
    expect((await stale.get("/api/auth/user")).status).toBe(401);
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });

  it("answers 401 with the same message for a wrong password and an unknown account", async () => {
    const company = await createCompany(t.deps.db);
    const user = await createUser(t.deps.db, { companyId: company.id });
    const wrong = await t.client().post("/api/auth/login", { email: user.email, password: "not-the-password" });
    const unknown = await t.client().post("/api/auth/login", { email: uniqueEmail(), password: "not-the-password" });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: "invalid_credentials", message: "Incorrect email or password." });
      expect(res.headers.getSetCookie()).toHaveLength(0);
    }
  });

  it("refuses a deactivated user and a suspended company with 403 account_suspended, even with the right password", async () => {
    const company = await createCompany(t.deps.db);
    const inactive = await createUser(t.deps.db, { companyId: company.id, isActive: false });
    const res = await t.client().post("/api/auth/login", { email: inactive.email, password: TEST_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: "account_suspended", message: expect.stringContaining("deactivated") });
    expect(res.headers.getSetCookie()).toHaveLength(0);

    const suspended = await createCompany(t.deps.db, { accountStatus: "suspended" });
    const member = await createUser(t.deps.db, { companyId: suspended.id, role: "admin" });
    const res2 = await t.client().post("/api/auth/login", { email: member.email, password: TEST_PASSWORD });
    expect(res2.status).toBe(403);
    expect(res2.body).toMatchObject({ error: "account_suspended", message: expect.stringContaining("suspended") });

    // Without the password nothing about the account's state is revealed.
    const guess = await t.client().post("/api/auth/login", { email: inactive.email, password: "a-wrong-guess" });
    expect(guess.status).toBe(401);
  });

  it("rejects a login body without a password", async () => {
    const res = await t.client().post("/api/auth/login", { email: "someone@example.test" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "validation_failed", fields: { password: expect.any(String) } });
  });

  it("names the cookie __Host-cw_session (Secure, Path=/, no Domain) when a trusted proxy says the request came over https", async () => {
    const user = await createUser(t.deps.db, { companyId: (await createCompany(t.deps.db)).id });
    const res = await t.client().post("/api/auth/login", { email: user.email, password: TEST_PASSWORD }, { "x-forwarded-proto": "https" });
    expect(res.status).toBe(200);
    const line = res.headers.getSetCookie().find((l) => l.startsWith("__Host-cw_session="));
    expect(line).toMatch(/;\s*Secure/i);
    expect(line).toMatch(/;\s*Path=\/(;|$)/);
    expect(line).not.toMatch(/Domain=/i);
    expect(res.headers.getSetCookie().some((l) => l.startsWith("cw_session="))).toBe(false);
  });

  it("answers 204 to a logout without a session", async () => {
    expect((await t.client().post("/api/auth/logout")).status).toBe(204);
  });
});

describe("GET /api/auth/user", () => {
  it("answers 401 Unauthorized when signed out, and for an expired session", async () => {
    const res = await t.client().get("/api/auth/user");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: "unauthorized", message: expect.stringContaining("Unauthorized") });

    const team = await createTeam(t.deps.db);
    const client = t.client();
    client.useSession(team.reviewer.token);
    expect((await client.get("/api/auth/user")).status).toBe(200);
    t.setNow(new Date(Date.now() + SESSION_DEFAULTS.maxMs + 60_000));
    try {
      const expired = await client.get("/api/auth/user");
      expect(expired.status).toBe(401);
      expect(expired.body).toEqual({ error: "session_expired", message: SESSION_MESSAGES.expired });
    } finally {
      t.setNow(null);
    }
  });

  it("presents only whitelisted fields", async () => {
    const team = await createTeam(t.deps.db);
    const client = t.client();
    client.useSession(team.admin.token);
    const res = await client.get<CurrentUser>("/api/auth/user");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      ["abilities", "companyId", "companyName", "email", "emailVerified", "firstName", "id", "isPlatformAdmin", "lastName", "profileImageUrl", "role"].sort(),
    );
    expect(res.body).toMatchObject({ id: team.admin.user.id, role: "admin", companyName: team.company.name });
  });

  it("stops working for a user deactivated while signed in", async () => {
    const team = await createTeam(t.deps.db);
    const client = t.client();
    client.useSession(team.approver.token);
    expect((await client.get("/api/auth/user")).status).toBe(200);
    await t.deps.db.update(users).set({ isActive: false }).where(eq(users.id, team.approver.user.id));
    expect((await client.get("/api/auth/user")).status).toBe(401);
  });

  it("accepts an API key as a Bearer token and refuses a bad or revoked one", async () => {
    const team = await createTeam(t.deps.db, { plan: "enterprise" });
    const key = `cwk_${"k".repeat(10)}${Date.now()}`;
    const [row] = await t.deps.db
      .insert(apiKeys)
      .values({ companyId: team.company.id, userId: team.approver.user.id, name: "CI", prefix: key.slice(0, 8), keyHash: sha256(key) })
      .returning();
    const client = t.client();
    const ok = await client.get<CurrentUser>("/api/auth/user", { authorization: `Bearer ${key}` });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: team.approver.user.id, role: "approver" });

    const bad = await client.get("/api/auth/user", { authorization: `Bearer ${key}x` });
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ error: "unauthorized", message: expect.stringContaining("Unauthorized") });

    await t.deps.db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, row!.id));
    expect((await client.get("/api/auth/user", { authorization: `Bearer ${key}` })).status).toBe(401);
  });
});

describe("GET /api/auth/config", () => {
  it("is public and not in demo mode when SEED_DEMO is off", async () => {
    const res = await t.client().get("/api/auth/config");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ demoMode: false, demoUsers: [], sso: false, rememberDays: 30 });
  });

  it("shows the demo credentials only once the demo company exists", async () => {
    const demo = await createTestApp({ seedDemo: true });
    try {
      expect((await demo.client().get("/api/auth/config")).body).toMatchObject({ demoMode: false });
      await createCompany(demo.deps.db, { name: "Demo EPC Ltd." });
      const res = await demo.client().get("/api/auth/config");
      expect(res.body).toEqual({
        demoMode: true,
        demoUsers: [
          { email: "admin@demo.test", role: "admin" },
          { email: "approver@demo.test", role: "approver" },
          { email: "reviewer@demo.test", role: "reviewer" },
        ],
        demoPassword: "demo-password",
        sso: false,
        rememberDays: 30,
      });
    } finally {
      await demo.close();
    }
  });
});

describe("platform administrators", () => {
  it("are named by PLATFORM_ADMIN_EMAILS and need a verified address", async () => {
    const ops = await createTestApp({ platformAdminEmails: ["ops@clausewise.test", "new-ops@clausewise.test"] });
    try {
      const company = await createCompany(ops.deps.db);
      const verified = await createUser(ops.deps.db, { companyId: company.id, email: "ops@clausewise.test" });
      const client = ops.client();
      await client.post("/api/auth/login", { email: verified.email, password: TEST_PASSWORD });
      expect((await client.get<CurrentUser>("/api/auth/user")).body.isPlatformAdmin).toBe(true);

      // Signing up with a listed address that had no account yet does not make anyone an operator.
      const squatter = await ops.client().post<{ user: CurrentUser }>("/api/auth/signup", signupBody({ email: "new-ops@clausewise.test" }));
      expect(squatter.status).toBe(201);
      expect(squatter.body.user.isPlatformAdmin).toBe(false);
    } finally {
      await ops.close();
    }
  });
});

describe("GET /api/login and /api/logout", () => {
  it("sends the browser to the sign-in page, keeping only a safe relative next", async () => {
    const plain = await t.client().get("/api/login");
    expect(plain.status).toBe(302);
    expect(plain.headers.get("location")).toBe("/login");

    const next = await t.client().get(`/api/login?next=${encodeURIComponent("/contracts/42?tab=changes")}`);
    expect(next.headers.get("location")).toBe(`/login?next=${encodeURIComponent("/contracts/42?tab=changes")}`);

    for (const evil of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "contracts"]) {
      const res = await t.client().get(`/api/login?next=${encodeURIComponent(evil)}`);
      expect(res.status).toBe(302);
      expect(res.headers.get("location"), evil).toBe("/login");
    }
  });

  it("ends the session, clears the cookie and redirects to /", async () => {
    const team = await createTeam(t.deps.db);
    const client = t.client();
    client.useSession(team.admin.token);
    const res = await client.get("/api/logout");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect(res.headers.getSetCookie().join()).toMatch(/cw_session=;.*Max-Age=0/i);
    expect(client.cookies.has("cw_session")).toBe(false);

    const stale = t.client();
    stale.useSession(team.admin.token);
    stale.cookies.set("cw_signed_in", "1");
    expect((await stale.get("/api/auth/user")).status).toBe(401);
    // The hint of a session that no longer exists is cleared, so the page stops asking.
    expect(stale.cookies.has("cw_signed_in")).toBe(false);
    expect(stale.cookies.has("cw_session")).toBe(false);
    expect((await t.client().get("/api/logout")).status).toBe(302);
  });
});
