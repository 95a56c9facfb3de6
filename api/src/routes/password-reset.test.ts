import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { COLLAB_EVENTS, PASSWORD_RESET_MESSAGES, PASSWORD_RESET_TTL_MS } from "@clausewise/shared";
import { createSession } from "../auth/sessions";
import { sha256 } from "../auth/tokens";
import { auditEvents, companies, emailOutbox, emailTokens, sessions, users } from "../db/schema";
import type { DomainEvent } from "../events/bus";
import { createTestApp, type TestApp } from "../test/app";
import { createTeam, TEST_PASSWORD } from "../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => t.setNow(null));

const NEW_PASSWORD = "a-fresh-reset-passphrase";
/** Every test signs in from its own address, so the per-IP sign-in budget never spills over. */
const freshIp = () => `198.19.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
const login = (email: string, password: string) => t.client({ ip: freshIp() }).post("/api/auth/login", { email, password });
const mailsTo = (email: string) => t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(desc(emailOutbox.createdAt));

/** The token of the newest reset mail to an address, read from its link as a person would. */
async function tokenFromMail(email: string): Promise<string> {
  const [mail] = await mailsTo(email);
  const match = mail?.text.match(/\/reset-password\?token=([\w-]+)/);
  expect(match, "the mail carries a reset link").toBeTruthy();
  return decodeURIComponent(match![1]!);
}

describe("POST /api/auth/password-reset", () => {
  it("mails a one-hour link to an account's address, storing only the token's hash, and audits it", async () => {
    const team = await createTeam(t.deps.db);
    const { email, id } = team.approver.user;
    const res = await t.client().post("/api/auth/password-reset", { email: email.toUpperCase() });
    expect(res.status).toBe(204);

    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe("Reset your ClauseWise password");
    const token = await tokenFromMail(email);
    const [row] = await t.deps.db.select().from(emailTokens).where(and(eq(emailTokens.userId, id), eq(emailTokens.purpose, "reset_password")));
    expect(row).toMatchObject({ tokenHash: sha256(token), usedAt: null });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(PASSWORD_RESET_TTL_MS);
    const audits = await t.deps.db.select().from(auditEvents).where(and(eq(auditEvents.userId, id), eq(auditEvents.action, "auth.request_password_reset")));
    expect(audits).toHaveLength(1);
  });

  it("answers the same for an unknown address, a deactivated member and a suspended company, and mails none of them", async () => {
    const team = await createTeam(t.deps.db);
    await t.deps.db.update(users).set({ isActive: false }).where(eq(users.id, team.reviewer.user.id));
    const suspended = await createTeam(t.deps.db);
    await t.deps.db.update(companies).set({ accountStatus: "suspended" }).where(eq(companies.id, suspended.company.id));
    const unknown = `nobody-${randomUUID()}@example.test`;
    for (const email of [unknown, team.reviewer.user.email, suspended.admin.user.email]) {
      const res = await t.client().post("/api/auth/password-reset", { email });
      expect(res.status).toBe(204);
      expect(res.text).toBe("");
      expect(await mailsTo(email)).toHaveLength(0);
    }
  });

  it("sends one mail a minute at most to an account, however often it is asked", async () => {
    const team = await createTeam(t.deps.db);
    const { email } = team.admin.user;
    const start = new Date("2026-11-25T10:00:00Z");
    t.setNow(start);
    for (let i = 0; i < 3; i++) expect((await t.client().post("/api/auth/password-reset", { email })).status).toBe(204);
    expect(await mailsTo(email)).toHaveLength(1);
    t.setNow(new Date(start.getTime() + 61_000));
    expect((await t.client().post("/api/auth/password-reset", { email })).status).toBe(204);
    expect(await mailsTo(email)).toHaveLength(2);
  });

  it("refuses an invalid address with a clear message and sends nothing", async () => {
    for (const body of [{ email: "not-an-address" }, {}, { email: 42 }]) {
      const res = await t.client().post<{ error: string; message: string }>("/api/auth/password-reset", body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("validation_failed");
      expect(res.body.message).toBeTruthy();
    }
  });
});

describe("POST /api/auth/password-reset/confirm", () => {
  it("sets the new password, signs the account out everywhere, closes its live connections, and the link works once", async () => {
    const team = await createTeam(t.deps.db);
    const { email, id, companyId } = team.reviewer.user;
    await createSession(t.deps.db, id);
    await t.client().post("/api/auth/password-reset", { email });
    const token = await tokenFromMail(email);
    const heard: DomainEvent[] = [];
    const unsubscribe = t.deps.bus.subscribe((event) => void heard.push(event));

    const res = await t.client().post("/api/auth/password-reset/confirm", { token, newPassword: NEW_PASSWORD });
    unsubscribe();
    expect(res.status).toBe(204);
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(0);
    const before = t.client();
    before.useSession(team.reviewer.token);
    expect((await before.get("/api/auth/user")).status).toBe(401);
    expect(heard).toContainEqual(expect.objectContaining({ type: COLLAB_EVENTS.accessRevoked, companyId, payload: { userId: id } }));
    expect((await login(email, TEST_PASSWORD)).status).toBe(401);
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);

    const again = await t.client().post<{ error: string; message: string }>("/api/auth/password-reset/confirm", { token, newPassword: "yet-another-passphrase" });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: "token_invalid", message: PASSWORD_RESET_MESSAGES.invalid });
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
  });

  it("refuses an expired link, a verification link, and a made-up token, changing nothing", async () => {
    const team = await createTeam(t.deps.db);
    const { email, id } = team.admin.user;
    const start = new Date("2026-11-25T12:00:00Z");
    t.setNow(start);
    await t.client().post("/api/auth/password-reset", { email });
    const token = await tokenFromMail(email);
    const hashBefore = (await t.deps.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, id)))[0]!.h;

    t.setNow(new Date(start.getTime() + PASSWORD_RESET_TTL_MS + 1000));
    const expired = await t.client().post("/api/auth/password-reset/confirm", { token, newPassword: NEW_PASSWORD });
    expect(expired.status).toBe(410);
    expect(expired.body).toEqual({ error: "token_expired", message: PASSWORD_RESET_MESSAGES.expired });

    const verification = "v".repeat(43);
    await t.deps.db.insert(emailTokens).values({ userId: id, purpose: "verify_email", tokenHash: sha256(verification), expiresAt: new Date(start.getTime() + 10 * PASSWORD_RESET_TTL_MS) });
    for (const wrong of [verification, "made-up-token"]) {
      const res = await t.client().post("/api/auth/password-reset/confirm", { token: wrong, newPassword: NEW_PASSWORD });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: "token_invalid", message: PASSWORD_RESET_MESSAGES.invalid });
    }
    expect((await t.deps.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, id)))[0]!.h).toBe(hashBefore);
  });

  it("refuses a password that is too short, and a link of a member deactivated since it was sent", async () => {
    const team = await createTeam(t.deps.db);
    const { email, id } = team.approver.user;
    await t.client().post("/api/auth/password-reset", { email });
    const token = await tokenFromMail(email);
    const short = await t.client().post<{ error: string; message: string }>("/api/auth/password-reset/confirm", { token, newPassword: "short" });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe("validation_failed");
    expect(short.body.message).toMatch(/at least/);

    await t.deps.db.update(users).set({ isActive: false }).where(eq(users.id, id));
    const res = await t.client().post<{ error: string; message: string }>("/api/auth/password-reset/confirm", { token, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("account_suspended");
    await t.deps.db.update(users).set({ isActive: true }).where(eq(users.id, id));
    expect((await login(email, TEST_PASSWORD)).status).toBe(200);
  });
});
