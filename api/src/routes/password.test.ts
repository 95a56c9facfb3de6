import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLLAB_EVENTS, LOGIN_THROTTLE, SETTINGS_MESSAGES, type CreatedApiKey, type SessionSummary } from "@clausewise/shared";
import { createSession } from "../auth/sessions";
import { sha256 } from "../auth/tokens";
import { auditEvents, sessions, users } from "../db/schema";
import type { DomainEvent } from "../events/bus";
import { createTestApp, type TestApp, type TestClient } from "../test/app";
import { createTeam, TEST_PASSWORD } from "../test/factories";
import { signedIn } from "../test/review-factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = "a-brand-new-passphrase";
/** Every test guesses from its own address, so the per-IP sign-in budget of one never spills into another. */
const freshIp = () => `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
const clientFor = (token: string, ip = freshIp()): TestClient => {
  const client = t.client({ ip });
  client.useSession(token);
  return client;
};
const login = (email: string, password: string) => t.client({ ip: freshIp() }).post("/api/auth/login", { email, password });
const passwordHash = async (id: string) => (await t.deps.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id)))[0]!.hash;

describe("POST /api/settings/password", () => {
  it("changes the password, ends every other session of the user, keeps this one, and audits it", async () => {
    const team = await createTeam(t.deps.db);
    const { user, token } = team.approver;
    const laptop = await createSession(t.deps.db, user.id);
    const phone = await createSession(t.deps.db, user.id);
    const colleague = await createSession(t.deps.db, team.reviewer.user.id);
    const heard: DomainEvent[] = [];
    const unsubscribe = t.deps.bus.subscribe((event) => void heard.push(event));

    const res = await clientFor(token).post("/api/settings/password", { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    unsubscribe();
    expect(res.status).toBe(204);
    expect(res.text).toBe("");

    // The other sessions are signed out; the one that changed the password still works.
    for (const other of [laptop, phone]) {
      const me = await signedIn(t, other).get("/api/auth/user");
      expect(me.status).toBe(401);
    }
    expect((await signedIn(t, token).get("/api/auth/user")).status).toBe(200);
    const listed = await signedIn(t, token).get<SessionSummary[]>("/api/settings/security/sessions");
    expect(listed.body.map((s) => s.id)).toEqual([sha256(token)]);
    // Nobody else's session is touched.
    expect((await signedIn(t, colleague).get("/api/auth/user")).status).toBe(200);

    // The new password signs in, the old one no longer does.
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
    const old = await login(user.email, TEST_PASSWORD);
    expect(old.status).toBe(401);
    expect(old.body).toMatchObject({ error: "invalid_credentials" });

    const audit = await t.deps.db.select().from(auditEvents).where(and(eq(auditEvents.userId, user.id), eq(auditEvents.action, "user.change_password")));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.data).toEqual({ endedSessions: 2 });
    expect(JSON.stringify(audit[0])).not.toContain(NEW_PASSWORD);
    // Realtime hears of it, so live-document connections of the ended sessions close at once.
    expect(heard).toContainEqual(expect.objectContaining({ type: COLLAB_EVENTS.accessRevoked, companyId: team.company.id, payload: { userId: user.id } }));
  });

  it("works for every role", async () => {
    const team = await createTeam(t.deps.db);
    for (const member of [team.admin, team.approver, team.reviewer]) {
      const res = await clientFor(member.token).post("/api/settings/password", { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
      expect(res.status).toBe(204);
    }
  });

  it("refuses a wrong current password with 400 invalid_password, changing nothing and signing nobody out", async () => {
    const team = await createTeam(t.deps.db);
    const { user, token } = team.reviewer;
    const other = await createSession(t.deps.db, user.id);
    const before = await passwordHash(user.id);

    const res = await clientFor(token).post("/api/settings/password", { currentPassword: "not-my-password", newPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_password", message: SETTINGS_MESSAGES.wrongCurrentPassword, fields: { currentPassword: SETTINGS_MESSAGES.wrongCurrentPassword } });
    expect(await passwordHash(user.id)).toBe(before);
    // Still signed in: a wrong password is not a sign-out.
    expect((await signedIn(t, token).get("/api/auth/user")).status).toBe(200);
    expect((await signedIn(t, other).get("/api/auth/user")).status).toBe(200);
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it("wrong current passwords count against the sign-in throttle (429 with Retry-After), and hold the sign-in from that address too", async () => {
    const team = await createTeam(t.deps.db);
    const { user, token } = team.reviewer;
    const ip = freshIp();
    const start = new Date();
    t.setNow(start);
    try {
      for (let i = 0; i < LOGIN_THROTTLE.pair.free; i++) {
        const res = await clientFor(token, ip).post("/api/settings/password", { currentPassword: `guess-${i}`, newPassword: NEW_PASSWORD });
        expect(res.status).toBe(400);
      }
      // Even the right password waits now, so a stolen session cannot keep guessing.
      const blocked = await clientFor(token, ip).post<{ error: string; message: string }>("/api/settings/password", { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ error: "rate_limited", message: "Too many wrong passwords. Please try again in 1 second." });
      expect(Number(blocked.headers.get("retry-after"))).toBe(1);
      expect(await passwordHash(user.id)).toBe(team.reviewer.user.passwordHash);
      // The same counters as sign-in: signing in to the account from that address waits too.
      expect((await t.client({ ip }).post("/api/auth/login", { email: user.email, password: TEST_PASSWORD })).status).toBe(429);

      // Once the wait is over, the right password works again.
      t.setNow(new Date(start.getTime() + LOGIN_THROTTLE.baseDelayMs));
      const later = await clientFor(token, ip).post("/api/settings/password", { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
      expect(later.status).toBe(204);
    } finally {
      t.setNow(null);
    }
  });

  it("refuses a new password shorter than 8 characters or equal to the current one, with sign-up's message", async () => {
    const team = await createTeam(t.deps.db);
    const client = clientFor(team.admin.token);
    const short = await client.post<{ error: string; message: string; fields: Record<string, string> }>("/api/settings/password", { currentPassword: TEST_PASSWORD, newPassword: "short" });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ error: "validation_failed", fields: { newPassword: "Password must be at least 8 characters" } });
    expect(short.body.message).toContain("Password must be at least 8 characters");

    const same = await client.post("/api/settings/password", { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD });
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ error: "validation_failed", fields: { newPassword: SETTINGS_MESSAGES.samePassword } });

    const missing = await client.post("/api/settings/password", { newPassword: NEW_PASSWORD });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: "validation_failed", fields: { currentPassword: SETTINGS_MESSAGES.currentPasswordRequired } });

    const tooLong = await client.post("/api/settings/password", { currentPassword: TEST_PASSWORD, newPassword: "x".repeat(257) });
    expect(tooLong.status).toBe(400);
    expect((await login(team.admin.user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it("answers 401 signed out, and 401 for an ended session", async () => {
    const res = await t.client().post("/api/settings/password", { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: "unauthorized" });

    const team = await createTeam(t.deps.db);
    await t.deps.db.delete(sessions).where(eq(sessions.id, sha256(team.reviewer.token)));
    const ended = await clientFor(team.reviewer.token).post("/api/settings/password", { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(ended.status).toBe(401);
  });

  it("an API key cannot change the password (403)", async () => {
    const team = await createTeam(t.deps.db, { plan: "enterprise" });
    const created = await signedIn(t, team.admin.token).post<CreatedApiKey>("/api/settings/security/api-keys", { name: `script-${randomUUID().slice(0, 6)}` });
    expect(created.status).toBe(201);
    const key = created.body.key;
    const res = await t.client().post("/api/settings/password", { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }, { authorization: `Bearer ${key}` });
    expect(res.status).toBe(403);
    expect(await passwordHash(team.admin.user.id)).toBe(team.admin.user.passwordHash);
  });

  it("a foreign Origin is refused before anything is checked (CSRF)", async () => {
    const team = await createTeam(t.deps.db);
    const client = t.client({ origin: "https://evil.example", ip: freshIp() });
    client.useSession(team.reviewer.token);
    const res = await client.post("/api/settings/password", { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: "csrf_rejected" });
    expect(await passwordHash(team.reviewer.user.id)).toBe(team.reviewer.user.passwordHash);
  });
});
