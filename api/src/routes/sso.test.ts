import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, companies, users } from "../db/schema";
import { createTestApp, type TestApp, type TestClient } from "../test/app";
import { createCompany, createUser } from "../test/factories";
import { startFakeOidc, type FakeOidc } from "../test/fake-oidc";

let provider: FakeOidc;
let t: TestApp;
beforeAll(async () => {
  provider = await startFakeOidc();
  t = await createTestApp({ oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret } });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

/** The browser's round trip: ClauseWise → provider → ClauseWise callback. Returns the callback's answer. */
async function ssoRoundTrip(client: TestClient, query = "") {
  const start = await client.get(`/api/auth/sso${query}`);
  expect(start.status).toBe(302);
  const authorize = await fetch(start.headers.get("location")!, { redirect: "manual" });
  expect(authorize.status).toBe(302);
  const back = new URL(authorize.headers.get("location")!);
  return client.get(back.pathname + back.search);
}

async function member(overrides: { verified?: boolean; isActive?: boolean } = {}) {
  const company = await createCompany(t.deps.db);
  return createUser(t.deps.db, { companyId: company.id, role: "approver", ...overrides });
}

describe("single sign-on (OpenID Connect)", () => {
  it("signs an existing account in through the provider, with state, nonce and PKCE", async () => {
    const user = await member();
    provider.signIn({ sub: "sub-1", email: user.email.toUpperCase(), email_verified: true });
    const client = t.client();

    const res = await ssoRoundTrip(client);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    const me = await client.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: user.email, role: "approver" });

    const request = provider.authorizations.at(-1)!;
    expect(request.get("response_type")).toBe("code");
    expect(request.get("scope")).toBe("openid email profile");
    expect(request.get("code_challenge_method")).toBe("S256");
    expect(request.get("state")).toBeTruthy();
    expect(request.get("nonce")).toBeTruthy();
    expect(request.get("redirect_uri")).toBe(`${t.deps.config.appUrl}/api/auth/sso/callback`);
    // The pending cookie is single-use: it is cleared on the way back.
    expect(client.cookies.has("cw_sso")).toBe(false);

    const audit = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.entityId, user.id));
    expect(audit.some((e) => e.action === "auth.login" && (e.data as { method?: string }).method === "sso")).toBe(true);
  });

  it("returns to a safe next path only, and rotates the session id", async () => {
    const user = await member();
    provider.signIn({ sub: "sub-2", email: user.email, email_verified: true });
    const client = t.client();
    client.useSession("stale-session-token");
    const res = await ssoRoundTrip(client, `?next=${encodeURIComponent("/contracts/abc?tab=changes")}`);
    expect(res.headers.get("location")).toBe("/contracts/abc?tab=changes");
    expect(client.cookies.get("cw_session")).not.toBe("stale-session-token");

    const evil = await ssoRoundTrip(t.client(), `?next=${encodeURIComponent("//evil.example/steal")}`);
    expect(evil.headers.get("location")).toBe("/");
  });

  it("confirms the e-mail of an account that had not verified it yet", async () => {
    const user = await member({ verified: false });
    provider.signIn({ sub: "sub-3", email: user.email, email_verified: true });
    const res = await ssoRoundTrip(t.client());
    expect(res.headers.get("location")).toBe("/");
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).not.toBeNull();
  });

  it.each([
    ["no account uses the e-mail", async () => ({ sub: "sub-4", email: "nobody-here@example.test", email_verified: true }), "no_account"],
    ["the provider did not verify the e-mail", async () => ({ sub: "sub-5", email: (await member()).email, email_verified: false }), "email_not_verified"],
    ["the provider shares no e-mail", async () => ({ sub: "sub-6" }), "email_missing"],
    ["the member was deactivated", async () => ({ sub: "sub-7", email: (await member({ isActive: false })).email, email_verified: true }), "account_suspended"],
  ])("refuses when %s, back on the sign-in page with a reason code and no session", async (_name, identity, reason) => {
    provider.signIn(await identity());
    const client = t.client();
    const res = await ssoRoundTrip(client);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/login?sso_error=${reason}`);
    expect(client.cookies.has("cw_session")).toBe(false);
  });

  it("refuses a suspended company's member", async () => {
    const user = await member();
    await t.deps.db.update(companies).set({ accountStatus: "suspended" }).where(eq(companies.id, user.companyId));
    provider.signIn({ sub: "sub-8", email: user.email, email_verified: true });
    const res = await ssoRoundTrip(t.client());
    expect(res.headers.get("location")).toBe("/login?sso_error=account_suspended");
  });

  // The id token comes straight from the token endpoint, over a connection the client authenticated
  // with its secret (OIDC Core 3.1.3.7), so its claims are what must be checked.
  it.each(["nonce", "audience"] as const)("refuses an id token with the wrong %s", async (kind) => {
    const user = await member();
    provider.signIn({ sub: "sub-9", email: user.email, email_verified: true });
    provider.tamperNext(kind);
    const client = t.client();
    const res = await ssoRoundTrip(client);
    expect(res.headers.get("location")).toBe("/login?sso_error=sign_in_failed");
    expect(client.cookies.has("cw_session")).toBe(false);
  });

  it("refuses a callback the browser did not start (no pending cookie, or another state)", async () => {
    const user = await member();
    provider.signIn({ sub: "sub-10", email: user.email, email_verified: true });
    // An attacker's own authorization code, delivered to a victim's browser (login forgery).
    const attacker = t.client();
    const start = await attacker.get("/api/auth/sso");
    const authorize = await fetch(start.headers.get("location")!, { redirect: "manual" });
    const back = new URL(authorize.headers.get("location")!);
    const victim = t.client();
    const forged = await victim.get(back.pathname + back.search);
    expect(forged.headers.get("location")).toBe("/login?sso_error=sign_in_failed");
    expect(victim.cookies.has("cw_session")).toBe(false);

    // The right browser, but the state was changed on the way.
    back.searchParams.set("state", "changed");
    const changed = await attacker.get(back.pathname + back.search);
    expect(changed.headers.get("location")).toBe("/login?sso_error=sign_in_failed");
    expect(attacker.cookies.has("cw_session")).toBe(false);
  });

  it("asks for the second factor of an account with two-factor sign-in on", async () => {
    const user = await member();
    await t.deps.db.update(users).set({ totpEnabledAt: new Date(), totpSecret: "JBSWY3DPEHPK3PXP" }).where(eq(users.id, user.id));
    provider.signIn({ sub: "sub-11", email: user.email, email_verified: true });
    const client = t.client();
    const res = await ssoRoundTrip(client, `?next=${encodeURIComponent("/team")}`);
    expect(res.headers.get("location")).toBe(`/login?second_factor=1&next=${encodeURIComponent("/team")}`);
    // The session still owes the code: nothing else opens with it.
    expect((await client.get("/api/contracts")).status).toBe(401);
  });

  it("tells the sign-in page that single sign-on is on", async () => {
    const res = await t.client().get("/api/auth/config");
    expect(res.body).toMatchObject({ sso: true });
  });
});

describe("single sign-on when the provider cannot be reached or is not configured", () => {
  it("returns to the sign-in page with provider_unavailable", async () => {
    const down = await createTestApp({ oidc: { issuer: "http://127.0.0.1:9", clientId: "x", clientSecret: "y" } });
    try {
      const res = await down.client().get("/api/auth/sso");
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/login?sso_error=provider_unavailable");
    } finally {
      await down.close();
    }
  });

  it("answers 404 with a message when OIDC is not configured", async () => {
    const plain = await createTestApp({ oidc: undefined });
    try {
      for (const path of ["/api/auth/sso", "/api/auth/sso/callback?code=x&state=y"]) {
        const res = await plain.client().get(path);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ error: "not_found", message: "Single sign-on is not configured." });
      }
      expect((await plain.client().get("/api/auth/config")).body).toMatchObject({ sso: false });
    } finally {
      await plain.close();
    }
  });
});
