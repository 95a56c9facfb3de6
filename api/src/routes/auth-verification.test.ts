import { and, desc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { RESEND_VERIFICATION_MIN_INTERVAL_MS, VERIFICATION_TOKEN_TTL_MS, type CurrentUser } from "@clausewise/shared";
import { sha256 } from "../auth/tokens";
import { auditEvents, emailOutbox, emailTokens, users } from "../db/schema";
import { createTestApp, type TestApp, type TestClient } from "../test/app";
import { createCompany, createUser } from "../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => t.setNow(null));

let counter = 0;
/** Signs up a fresh account at the given time; returns its client and e-mail. */
async function signUp(at: Date): Promise<{ client: TestClient; email: string; user: CurrentUser }> {
  t.setNow(at);
  const client = t.client();
  const email = `verify-${Date.now()}-${++counter}@example.test`;
  const res = await client.post<{ user: CurrentUser }>("/api/auth/signup", { email, password: "a-long-password", firstName: "Jo", lastName: "Ng", companyName: "Prairie Power Co." });
  expect(res.status).toBe(201);
  return { client, email, user: res.body.user };
}

/** The token from the newest verification mail to an address, read the way a person would: from the link. */
async function tokenFromMail(email: string): Promise<string> {
  const [mail] = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(desc(emailOutbox.createdAt)).limit(1);
  const match = mail?.text.match(/\/verify-email\?token=([\w-]+)/);
  expect(match, "the mail carries a verification link").toBeTruthy();
  return decodeURIComponent(match![1]!);
}

const base = new Date("2026-11-22T10:00:00Z");

describe("email verification", () => {
  it("stores only the token's hash, with a 24-hour lifetime", async () => {
    const { email, user } = await signUp(base);
    const token = await tokenFromMail(email);
    const rows = await t.deps.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: "verify_email", tokenHash: sha256(token), usedAt: null });
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - base.getTime()).toBe(VERIFICATION_TOKEN_TTL_MS);
  });

  it("verifies the address from the link, signed out, and reports it in verification-status", async () => {
    const { client, email, user } = await signUp(base);
    expect((await client.get("/api/auth/verification-status")).body).toEqual({ emailVerified: false, email });
    const token = await tokenFromMail(email);

    t.setNow(new Date(base.getTime() + 20 * 60 * 1000));
    const res = await t.client().post("/api/auth/verify-email", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, user: { id: user.id, email, firstName: "Jo" } });

    expect((await client.get("/api/auth/verification-status")).body).toEqual({ emailVerified: true, email });
    expect((await client.get<CurrentUser>("/api/auth/user")).body.emailVerified).toBe(true);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt?.toISOString()).toBe(new Date(base.getTime() + 20 * 60 * 1000).toISOString());
    expect(await t.deps.db.select().from(auditEvents).where(and(eq(auditEvents.userId, user.id), eq(auditEvents.action, "auth.verify_email")))).toHaveLength(1);
  });

  it("refuses a link used twice with 400 token_invalid", async () => {
    const { email } = await signUp(base);
    const token = await tokenFromMail(email);
    expect((await t.client().post("/api/auth/verify-email", { token })).status).toBe(200);
    const again = await t.client().post("/api/auth/verify-email", { token });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: "token_invalid", message: "This verification link has already been used or is invalid." });
  });

  it("refuses an expired link with 410 and a message that says expired, and changes nothing", async () => {
    const { email, user } = await signUp(base);
    const token = await tokenFromMail(email);
    t.setNow(new Date(base.getTime() + VERIFICATION_TOKEN_TTL_MS + 1000));
    const res = await t.client().post("/api/auth/verify-email", { token });
    expect(res.status).toBe(410);
    expect(res.body).toMatchObject({ error: "token_expired", message: expect.stringContaining("expired") });
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).toBeNull();

    // The page's Resend button (a day later, after signing in again): a new link works where the old one expired.
    const again = t.client();
    expect((await again.post("/api/auth/login", { email, password: "a-long-password" })).status).toBe(200);
    const resend = await again.post("/api/auth/resend-verification");
    expect(resend.status).toBe(200);
    const fresh = await tokenFromMail(email);
    expect(fresh).not.toBe(token);
    expect((await t.client().post("/api/auth/verify-email", { token: fresh })).status).toBe(200);
  });

  it("refuses an unknown token and a missing one", async () => {
    const unknown = await t.client().post("/api/auth/verify-email", { token: "no-such-token" });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: "token_invalid" });
    const missing = await t.client().post("/api/auth/verify-email", {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: "validation_failed", fields: { token: expect.any(String) } });
  });

  it("spends the user's other open links once one of them is used", async () => {
    const { client, email } = await signUp(base);
    const first = await tokenFromMail(email);
    t.setNow(new Date(base.getTime() + RESEND_VERIFICATION_MIN_INTERVAL_MS + 1000));
    expect((await client.post("/api/auth/resend-verification")).status).toBe(200);
    const second = await tokenFromMail(email);
    expect((await t.client().post("/api/auth/verify-email", { token: second })).status).toBe(200);
    expect((await t.client().post("/api/auth/verify-email", { token: first })).status).toBe(400);
  });
});

describe("POST /api/auth/resend-verification", () => {
  it("sends a new mail once the interval has passed, and answers 429 with Retry-After before", async () => {
    const { client, email } = await signUp(base);
    const tooSoon = await client.post("/api/auth/resend-verification");
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body).toMatchObject({ error: "rate_limited", message: expect.stringMatching(/try again in \d+ seconds/) });
    expect(Number(tooSoon.headers.get("retry-after"))).toBe(RESEND_VERIFICATION_MIN_INTERVAL_MS / 1000);

    t.setNow(new Date(base.getTime() + RESEND_VERIFICATION_MIN_INTERVAL_MS));
    const res = await client.post("/api/auth/resend-verification");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const mails = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mails.map((m) => m.status)).toEqual(["logged", "logged"]);
    expect((await client.post("/api/auth/resend-verification")).status).toBe(429);
  });

  it("answers 400 for an address that is already verified", async () => {
    const company = await createCompany(t.deps.db);
    const user = await createUser(t.deps.db, { companyId: company.id, verified: true });
    const client = t.client();
    await client.post("/api/auth/login", { email: user.email, password: "correct-horse-battery" });
    const res = await client.post("/api/auth/resend-verification");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "bad_request", message: "Your email address is already verified." });
  });

  it("needs a signed-in user, as does verification-status", async () => {
    const resend = await t.client().post("/api/auth/resend-verification");
    expect(resend.status).toBe(401);
    expect(resend.body).toMatchObject({ error: "unauthorized", message: expect.stringContaining("Unauthorized") });
    expect((await t.client().get("/api/auth/verification-status")).status).toBe(401);
  });
});
