import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { COLLAB_EVENTS, EMAIL_CHANGE_MESSAGES, EMAIL_CHANGE_UNDO_TTL_MS, SETTINGS_MESSAGES, VERIFICATION_TOKEN_TTL_MS, type SettingsRecord } from "@clausewise/shared";
import { createSession, type UserRow } from "../auth/sessions";
import { sha256 } from "../auth/tokens";
import { generateTotpSecret, totpCode } from "../auth/totp";
import { requestPasswordReset } from "../commands/auth/password-reset";
import { apiKeys, auditEvents, emailOutbox, emailTokens, loginAttempts, sessions, users } from "../db/schema";
import type { DomainEvent } from "../events/bus";
import { createTestApp, type TestApp } from "../test/app";
import { createTeam, TEST_PASSWORD } from "../test/factories";
import { signedIn } from "../test/review-factories";

/*
 * Changing the sign-in e-mail (issue 12 item 2): the current password or a second-factor code, a
 * confirmation link to the new address before anything changes, and a notice with an undo link to
 * the old one. Every test makes its own company and addresses.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => t.setNow(null));

const freshIp = () => `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
const newAddress = () => `moved-${randomUUID().slice(0, 8)}@example.test`;
const userRow = async (id: string) => (await t.deps.db.select().from(users).where(eq(users.id, id)))[0]!;
const mailsTo = (email: string) => t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(desc(emailOutbox.createdAt));
const auditActions = async (userId: string) => (await t.deps.db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.userId, userId))).map((r) => r.action);
const login = (email: string, password = TEST_PASSWORD) => t.client({ ip: freshIp() }).post("/api/auth/login", { email, password });

/** The token of the newest mail to an address that carries `path`, read from its link as a person would. */
async function tokenFromMail(email: string, path: "/confirm-email" | "/undo-email-change"): Promise<string> {
  const mail = (await mailsTo(email)).find((m) => m.text.includes(`${path}?token=`));
  const match = mail?.text.match(new RegExp(`${path}\\?token=([\\w%-]+)`));
  expect(match, `a mail to ${email} carries a ${path} link`).toBeTruthy();
  return decodeURIComponent(match![1]!);
}

const profileOf = (user: UserRow, overrides: Record<string, unknown>) => ({ firstName: user.firstName, lastName: user.lastName, email: user.email, ...overrides });

/** Asks for the change as `user` (on their own session) and answers the response. */
function requestChange(user: UserRow, token: string, overrides: Record<string, unknown>) {
  return signedIn(t, token).request<SettingsRecord>("PATCH", "/api/settings/profile", profileOf(user, overrides));
}

describe("PATCH /api/settings/profile: a new e-mail address", () => {
  it("with the current password: nothing changes yet, the new address gets a link, the old one a notice with an undo link", async () => {
    const team = await createTeam(t.deps.db);
    const me = team.approver.user;
    const next = newAddress();
    const res = await requestChange(me, team.approver.token, { email: ` ${next.toUpperCase()} `, currentPassword: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: me.email, emailVerified: true, pendingEmail: next });
    expect(await userRow(me.id)).toMatchObject({ email: me.email, pendingEmail: next });
    expect((await userRow(me.id)).emailVerifiedAt).not.toBeNull();

    const [confirmMail] = await mailsTo(next);
    expect(confirmMail!.subject).toBe("Confirm your new ClauseWise email address");
    const [notice] = await mailsTo(me.email);
    expect(notice!.subject).toBe("Your ClauseWise email address is being changed");
    expect(notice!.text).toContain(next);
    // Only hashes are stored; the undo link names the old address, the confirmation the new one.
    const tokens = await t.deps.db.select().from(emailTokens).where(eq(emailTokens.userId, me.id));
    const confirm = await tokenFromMail(next, "/confirm-email");
    const undo = await tokenFromMail(me.email, "/undo-email-change");
    expect(tokens.find((row) => row.tokenHash === sha256(confirm))).toMatchObject({ purpose: "confirm_email_change", email: next });
    expect(tokens.find((row) => row.tokenHash === sha256(undo))).toMatchObject({ purpose: "undo_email_change", email: me.email });
    expect(tokens.some((row) => row.tokenHash === confirm || row.tokenHash === undo)).toBe(false);
    expect(await auditActions(me.id)).toContain("user.update_profile");

    // Until the link is followed the old address signs in, the new one does not.
    expect((await login(me.email)).status).toBe(200);
    expect((await login(next)).status).toBe(401);
  });

  it("is refused without the current password (400, the form's message), changing and sending nothing", async () => {
    const team = await createTeam(t.deps.db);
    const me = team.reviewer.user;
    const next = newAddress();
    const res = await requestChange(me, team.reviewer.token, { email: next, firstName: "Changed" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "validation_failed", message: SETTINGS_MESSAGES.emailChangeNeedsPassword, fields: { currentPassword: SETTINGS_MESSAGES.emailChangeNeedsPassword } });
    expect(await userRow(me.id)).toMatchObject({ email: me.email, pendingEmail: null, firstName: "Test" });
    expect(await mailsTo(next)).toEqual([]);
    expect(await t.deps.db.select().from(emailTokens).where(eq(emailTokens.userId, me.id))).toEqual([]);
  });

  it("counts a wrong password as a failed sign-in of the account, up to the limit (429)", async () => {
    const team = await createTeam(t.deps.db);
    const me = team.reviewer.user;
    const next = newAddress();
    const wrong = await requestChange(me, team.reviewer.token, { email: next, currentPassword: "not-the-password" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: "invalid_password", fields: { currentPassword: SETTINGS_MESSAGES.wrongCurrentPassword } });
    const failures = await t.deps.db.select().from(loginAttempts).where(and(eq(loginAttempts.email, me.email), eq(loginAttempts.success, false)));
    expect(failures).toHaveLength(1);
    for (let i = 0; i < 4; i++) await requestChange(me, team.reviewer.token, { email: next, currentPassword: `wrong-${i}` });
    const limited = await requestChange(me, team.reviewer.token, { email: next, currentPassword: TEST_PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
    expect(await userRow(me.id)).toMatchObject({ email: me.email, pendingEmail: null });
    expect(await mailsTo(next)).toEqual([]);
  });

  it("takes an authenticator code instead of the password when two-factor sign-in is on; a wrong code changes nothing", async () => {
    const team = await createTeam(t.deps.db);
    const secret = generateTotpSecret();
    await t.deps.db.update(users).set({ totpSecret: secret, totpEnabledAt: new Date() }).where(eq(users.id, team.admin.user.id));
    const me = await userRow(team.admin.user.id);
    const next = newAddress();
    const bad = await requestChange(me, team.admin.token, { email: next, code: "000000" === totpCode(secret, new Date()) ? "111111" : "000000" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: "validation_failed", fields: { code: SETTINGS_MESSAGES.invalidCode } });
    expect(await userRow(me.id)).toMatchObject({ pendingEmail: null });

    const ok = await requestChange(me, team.admin.token, { email: next, code: totpCode(secret, new Date()) });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ email: me.email, pendingEmail: next });
  });

  it("a single-sign-on member without a password needs a second factor; without one they are told how to get a proof", async () => {
    const team = await createTeam(t.deps.db);
    await t.deps.db.update(users).set({ passwordHash: null }).where(eq(users.id, team.reviewer.user.id));
    const me = await userRow(team.reviewer.user.id);
    const next = newAddress();
    const res = await requestChange(me, team.reviewer.token, { email: next, currentPassword: "anything-at-all" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "invalid_password" });
    const none = await requestChange(me, team.reviewer.token, { email: next });
    expect(none.body).toMatchObject({ error: "validation_failed", message: SETTINGS_MESSAGES.emailChangeNoProof });

    const secret = generateTotpSecret();
    await t.deps.db.update(users).set({ totpSecret: secret, totpEnabledAt: new Date() }).where(eq(users.id, me.id));
    const needsCode = await requestChange(me, team.reviewer.token, { email: next });
    expect(needsCode.body).toMatchObject({ error: "validation_failed", message: SETTINGS_MESSAGES.emailChangeNeedsCode });
    const ok = await requestChange(me, team.reviewer.token, { email: next, code: totpCode(secret, new Date()) });
    expect(ok.status).toBe(200);
  });

  it("refuses an address another account has (409), and a second request within a minute (429); a later one replaces the first link", async () => {
    const team = await createTeam(t.deps.db);
    const other = await createTeam(t.deps.db);
    const me = team.approver.user;
    const taken = await requestChange(me, team.approver.token, { email: other.admin.user.email, currentPassword: TEST_PASSWORD });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: "email_taken" });

    const first = newAddress();
    expect((await requestChange(me, team.approver.token, { email: first, currentPassword: TEST_PASSWORD })).status).toBe(200);
    const firstLink = await tokenFromMail(first, "/confirm-email");
    const second = newAddress();
    const soon = await requestChange(me, team.approver.token, { email: second, currentPassword: TEST_PASSWORD });
    expect(soon.status).toBe(429);
    expect(await mailsTo(second)).toEqual([]);

    t.setNow(new Date(Date.now() + 2 * 60_000));
    expect((await requestChange(me, team.approver.token, { email: second, currentPassword: TEST_PASSWORD })).status).toBe(200);
    expect(await userRow(me.id)).toMatchObject({ pendingEmail: second });
    const stale = await t.client().post("/api/auth/email-change/confirm", { token: firstLink });
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual({ error: "token_invalid", message: EMAIL_CHANGE_MESSAGES.confirmInvalid });
  });

  it("an API key cannot change the e-mail, even with the password (403), and nothing is sent", async () => {
    const team = await createTeam(t.deps.db);
    const key = `cw_${randomUUID()}`;
    await t.deps.db.insert(apiKeys).values({ companyId: team.admin.user.companyId, userId: team.admin.user.id, name: "ci", prefix: key.slice(0, 10), keyHash: sha256(key), scope: "contracts:write" });
    const next = newAddress();
    const res = await t.client().request("PATCH", "/api/settings/profile", profileOf(team.admin.user, { email: next, currentPassword: TEST_PASSWORD }), { authorization: `Bearer ${key}` });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: "api_key_not_allowed", message: expect.stringContaining("Sign in to do this") });
    expect(await userRow(team.admin.user.id)).toMatchObject({ email: team.admin.user.email, pendingEmail: null });
    expect(await mailsTo(next)).toEqual([]);
  });
});

describe("POST /api/auth/email-change/confirm", () => {
  it("makes the new address the sign-in e-mail, verified; links sent to the old address stop working", async () => {
    const team = await createTeam(t.deps.db);
    const me = team.reviewer.user;
    const resetToken = await requestPasswordReset(t.deps, { email: me.email });
    expect(resetToken).toBeTruthy();
    const next = newAddress();
    await requestChange(me, team.reviewer.token, { email: next, currentPassword: TEST_PASSWORD });

    const res = await t.client().post("/api/auth/email-change/confirm", { token: await tokenFromMail(next, "/confirm-email") });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email: next });
    const row = await userRow(me.id);
    expect(row).toMatchObject({ email: next, pendingEmail: null });
    expect(row.emailVerifiedAt).not.toBeNull();
    expect(await auditActions(me.id)).toContain("auth.confirm_email_change");
    // The session that asked stays signed in and sees the new address.
    expect((await signedIn(t, team.reviewer.token).get<SettingsRecord>("/api/settings")).body).toMatchObject({ email: next, pendingEmail: null });
    expect((await login(next)).status).toBe(200);
    expect((await login(me.email)).status).toBe(401);
    // A reset link mailed to the old address before the change no longer sets a password.
    const reset = await t.client().post("/api/auth/password-reset/confirm", { token: resetToken, newPassword: "a-fresh-reset-passphrase" });
    expect(reset.status).toBe(400);
  });

  it("works once; an expired link is 410 and changes nothing", async () => {
    const team = await createTeam(t.deps.db);
    const me = team.approver.user;
    const next = newAddress();
    await requestChange(me, team.approver.token, { email: next, currentPassword: TEST_PASSWORD });
    const token = await tokenFromMail(next, "/confirm-email");

    t.setNow(new Date(Date.now() + VERIFICATION_TOKEN_TTL_MS + 60_000));
    const expired = await t.client().post("/api/auth/email-change/confirm", { token });
    expect(expired.status).toBe(410);
    expect(expired.body).toEqual({ error: "token_expired", message: EMAIL_CHANGE_MESSAGES.confirmExpired });
    expect(await userRow(me.id)).toMatchObject({ email: me.email, pendingEmail: next });

    t.setNow(null);
    expect((await t.client().post("/api/auth/email-change/confirm", { token })).status).toBe(200);
    const again = await t.client().post("/api/auth/email-change/confirm", { token });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: "token_invalid" });
  });

  it("refuses (409) when another account took the address meanwhile, changing nothing", async () => {
    const team = await createTeam(t.deps.db);
    const me = team.approver.user;
    const next = newAddress();
    await requestChange(me, team.approver.token, { email: next, currentPassword: TEST_PASSWORD });
    const signup = await t.client({ ip: freshIp() }).post("/api/auth/signup", { email: next, password: "a-quick-brown-fox-jumps", firstName: "Other", lastName: "Person", companyName: "Other EPC Ltd." });
    expect(signup.status).toBe(201);
    const res = await t.client().post("/api/auth/email-change/confirm", { token: await tokenFromMail(next, "/confirm-email") });
    expect(res.status).toBe(409);
    expect(await userRow(me.id)).toMatchObject({ email: me.email, pendingEmail: next });
  });

  it.each([[{}], [{ token: "" }], [{ token: 42 }], [{ token: "x".repeat(201) }]])("answers 400 for %o", async (body) => {
    const res = await t.client().post("/api/auth/email-change/confirm", body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "validation_failed", message: expect.any(String) });
  });

  it("answers 400 token_invalid for an unknown token and for an undo token", async () => {
    const team = await createTeam(t.deps.db);
    const me = team.admin.user;
    await requestChange(me, team.admin.token, { email: newAddress(), currentPassword: TEST_PASSWORD });
    const undo = await tokenFromMail(me.email, "/undo-email-change");
    for (const token of ["not-a-real-token", undo]) {
      const res = await t.client().post("/api/auth/email-change/confirm", { token });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "token_invalid" });
    }
    expect(await userRow(me.id)).toMatchObject({ email: me.email });
  });
});

describe("POST /api/auth/email-change/undo", () => {
  it("after the change: restores the old address, ends every session, revokes every API key, closes live connections; works once", async () => {
    const team = await createTeam(t.deps.db);
    const me = team.admin.user;
    const otherSession = await createSession(t.deps.db, me.id);
    const key = `cw_${randomUUID()}`;
    await t.deps.db.insert(apiKeys).values({ companyId: me.companyId, userId: me.id, name: "ci", prefix: key.slice(0, 10), keyHash: sha256(key) });
    const next = newAddress();
    await requestChange(me, team.admin.token, { email: next, currentPassword: TEST_PASSWORD });
    expect((await t.client().post("/api/auth/email-change/confirm", { token: await tokenFromMail(next, "/confirm-email") })).status).toBe(200);
    const resetToNew = await requestPasswordReset(t.deps, { email: next });
    expect(resetToNew).toBeTruthy();

    const events: DomainEvent[] = [];
    const stop = t.deps.bus.subscribe((event) => events.push(event));
    const undo = await tokenFromMail(me.email, "/undo-email-change");
    const res = await t.client().post("/api/auth/email-change/undo", { token: undo });
    stop();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email: me.email });
    expect(await userRow(me.id)).toMatchObject({ email: me.email, pendingEmail: null });
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, me.id))).toEqual([]);
    expect(await t.deps.db.select().from(apiKeys).where(and(eq(apiKeys.userId, me.id), isNull(apiKeys.revokedAt)))).toEqual([]);
    expect((await signedIn(t, otherSession).get("/api/auth/user")).status).toBe(401);
    expect((await t.client().get("/api/contracts", { authorization: `Bearer ${key}` })).status).toBe(401);
    expect(events).toContainEqual(expect.objectContaining({ type: COLLAB_EVENTS.accessRevoked, companyId: me.companyId, payload: { userId: me.id } }));
    expect(await auditActions(me.id)).toContain("auth.undo_email_change");
    // The reset link the intruder had sent to their address is spent.
    expect((await t.client().post("/api/auth/password-reset/confirm", { token: resetToNew, newPassword: "a-fresh-reset-passphrase" })).status).toBe(400);
    expect((await login(me.email)).status).toBe(200);
    expect((await login(next)).status).toBe(401);

    const again = await t.client().post("/api/auth/email-change/undo", { token: undo });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: "token_invalid", message: EMAIL_CHANGE_MESSAGES.undoInvalid });
  });

  it("before the change: drops the pending address, and its confirmation link stops working", async () => {
    const team = await createTeam(t.deps.db);
    const me = team.reviewer.user;
    const next = newAddress();
    await requestChange(me, team.reviewer.token, { email: next, currentPassword: TEST_PASSWORD });
    expect((await t.client().post("/api/auth/email-change/undo", { token: await tokenFromMail(me.email, "/undo-email-change") })).status).toBe(200);
    expect(await userRow(me.id)).toMatchObject({ email: me.email, pendingEmail: null });
    const confirm = await t.client().post("/api/auth/email-change/confirm", { token: await tokenFromMail(next, "/confirm-email") });
    expect(confirm.status).toBe(400);
    expect(await userRow(me.id)).toMatchObject({ email: me.email });
  });

  it("expires after seven days (410), changing nothing", async () => {
    const team = await createTeam(t.deps.db);
    const me = team.approver.user;
    const next = newAddress();
    await requestChange(me, team.approver.token, { email: next, currentPassword: TEST_PASSWORD });
    await t.client().post("/api/auth/email-change/confirm", { token: await tokenFromMail(next, "/confirm-email") });
    t.setNow(new Date(Date.now() + EMAIL_CHANGE_UNDO_TTL_MS + 60_000));
    const res = await t.client().post("/api/auth/email-change/undo", { token: await tokenFromMail(me.email, "/undo-email-change") });
    expect(res.status).toBe(410);
    expect(res.body).toEqual({ error: "token_expired", message: EMAIL_CHANGE_MESSAGES.undoExpired });
    expect(await userRow(me.id)).toMatchObject({ email: next });
  });

  it.each([[{}], [{ token: "   " }], [{ token: ["a"] }]])("answers 400 for %o", async (body) => {
    const res = await t.client().post("/api/auth/email-change/undo", body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "validation_failed" });
  });
});
