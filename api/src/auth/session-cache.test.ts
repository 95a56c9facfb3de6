import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_DEFAULTS, type CurrentUser } from "@clausewise/shared";
import { companies, sessions, users } from "../db/schema";
import { createLocalBus } from "../events/bus";
import { createTestApp, type TestApp } from "../test/app";
import { createSession } from "./sessions";
import { createSessionCache } from "./session-cache";
import { sha256 } from "./tokens";
import { createCompany, createTeam, createUser, TEST_PASSWORD } from "../test/factories";
import { signedIn } from "../test/lifecycle-factories";

const OPS_EMAIL = "ops@cache.example";
/** Long enough that nothing below expires by itself while a test runs: every refusal is an invalidation. */
const TTL = 60_000;

let t: TestApp;
let ops: string;
beforeAll(async () => {
  t = await createTestApp({ sessionCacheMs: TTL, platformAdminEmails: [OPS_EMAIL] });
  const home = await createCompany(t.deps.db, { name: "Operations" });
  const operator = await createUser(t.deps.db, { companyId: home.id, role: "reviewer", email: OPS_EMAIL });
  ops = await createSession(t.deps.db, operator.id);
});
afterAll(() => t.close());

const me = (token: string) => signedIn(t, token).get<CurrentUser>("/api/auth/user");

describe("createSessionCache", () => {
  it("answers an active session from memory within its time to live, and reads again after clear()", async () => {
    const team = await createTeam(t.deps.db);
    const cache = createSessionCache({ ttlMs: TTL });
    const now = t.deps.now();
    expect((await cache.lookup(t.deps.db, team.reviewer.token, now, SESSION_DEFAULTS)).status).toBe("active");
    expect(cache.size).toBe(1);
    // A change made behind the cache's back (another instance, a script) is not seen until the entry goes...
    await t.deps.db.delete(sessions).where(eq(sessions.id, sha256(team.reviewer.token)));
    expect((await cache.lookup(t.deps.db, team.reviewer.token, now, SESSION_DEFAULTS)).status).toBe("active");
    // ...and is seen as soon as it does.
    cache.clear();
    expect((await cache.lookup(t.deps.db, team.reviewer.token, now, SESSION_DEFAULTS)).status).toBe("none");
    expect(cache.size).toBe(0);
  });

  it("keeps an entry no longer than its time to live", async () => {
    const team = await createTeam(t.deps.db);
    const cache = createSessionCache({ ttlMs: 50 });
    expect((await cache.lookup(t.deps.db, team.reviewer.token, t.deps.now(), SESSION_DEFAULTS)).status).toBe("active");
    await t.deps.db.update(users).set({ isActive: false }).where(eq(users.id, team.reviewer.user.id));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await cache.lookup(t.deps.db, team.reviewer.token, t.deps.now(), SESSION_DEFAULTS)).status).toBe("none");
  });

  it("times a cached session out on time, and never caches unknown or expired cookies", async () => {
    const team = await createTeam(t.deps.db);
    const cache = createSessionCache({ ttlMs: TTL });
    const start = t.deps.now();
    expect((await cache.lookup(t.deps.db, team.reviewer.token, start, SESSION_DEFAULTS)).status).toBe("active");
    const later = new Date(start.getTime() + SESSION_DEFAULTS.idleMs + 1000);
    expect((await cache.lookup(t.deps.db, team.reviewer.token, later, SESSION_DEFAULTS)).status).toBe("expired");
    expect((await cache.lookup(t.deps.db, "no-such-token", start, SESSION_DEFAULTS)).status).toBe("none");
    expect(cache.size).toBe(0);
  });

  it("does not store a read that an invalidation overtook", async () => {
    const team = await createTeam(t.deps.db);
    const cache = createSessionCache({ ttlMs: TTL });
    const pending = cache.lookup(t.deps.db, team.reviewer.token, t.deps.now(), SESSION_DEFAULTS);
    cache.forgetUser(team.reviewer.user.id);
    expect((await pending).status).toBe("active");
    expect(cache.size).toBe(0);
  });

  it("forgets a user's or a company's sessions when the bus says their access changed", async () => {
    const bus = createLocalBus();
    const cache = createSessionCache({ ttlMs: TTL, bus });
    const one = await createTeam(t.deps.db);
    const two = await createTeam(t.deps.db);
    for (const token of [one.admin.token, one.reviewer.token, two.reviewer.token]) await cache.lookup(t.deps.db, token, t.deps.now(), SESSION_DEFAULTS);
    expect(cache.size).toBe(3);
    await bus.publish({ type: "access:revoked", companyId: one.company.id, payload: { userId: one.reviewer.user.id } });
    expect(cache.size).toBe(2);
    await bus.publish({ type: "company:suspended", companyId: one.company.id, payload: {} });
    expect(cache.size).toBe(1);
    await bus.publish({ type: "user:deactivated", companyId: two.company.id, userIds: [two.reviewer.user.id], payload: { userId: two.reviewer.user.id } });
    expect(cache.size).toBe(0);
    cache.close();
    await bus.close();
  });

  it("is off with a time to live of 0", async () => {
    const team = await createTeam(t.deps.db);
    const cache = createSessionCache({ ttlMs: 0 });
    expect((await cache.lookup(t.deps.db, team.reviewer.token, t.deps.now(), SESSION_DEFAULTS)).status).toBe("active");
    expect(cache.size).toBe(0);
  });
});

/* Through the app with the cache on (60 s): each session is first used (and so cached), then ended,
 * and the very next request with it is refused. */
describe("the API with the session cache", () => {
  it("serves repeated requests of a live session", async () => {
    const team = await createTeam(t.deps.db);
    for (let i = 0; i < 3; i++) expect((await me(team.reviewer.token)).status).toBe(200);
    expect((await signedIn(t, team.reviewer.token).get("/api/contracts")).status).toBe(200);
  });

  it("refuses a signed-out session at once", async () => {
    const user = await createUser(t.deps.db, { companyId: (await createCompany(t.deps.db)).id });
    const client = t.client({ ip: "198.51.100.77" });
    expect((await client.post("/api/auth/login", { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
    const token = client.cookies.get("cw_session")!;
    expect((await me(token)).status).toBe(200);
    expect((await client.post("/api/auth/logout")).status).toBeLessThan(300);
    expect((await me(token)).status).toBe(401);
  });

  it("refuses a revoked session at once", async () => {
    const team = await createTeam(t.deps.db);
    const other = await createSession(t.deps.db, team.reviewer.user.id);
    expect((await me(other)).status).toBe(200);
    const res = await signedIn(t, team.reviewer.token).request("DELETE", `/api/settings/security/sessions/${sha256(other)}`);
    expect(res.status).toBe(204);
    expect((await me(other)).status).toBe(401);
    expect((await me(team.reviewer.token)).status).toBe(200);
  });

  it("refuses the other sessions at once after a password change", async () => {
    const team = await createTeam(t.deps.db);
    const other = await createSession(t.deps.db, team.reviewer.user.id);
    expect((await me(other)).status).toBe(200);
    const res = await signedIn(t, team.reviewer.token).post("/api/settings/password", { currentPassword: TEST_PASSWORD, newPassword: "a-new-and-long-passphrase-42" });
    expect(res.status).toBe(204);
    expect((await me(other)).status).toBe(401);
  });

  it("refuses a deactivated member at once", async () => {
    const team = await createTeam(t.deps.db);
    expect((await me(team.reviewer.token)).status).toBe(200);
    const res = await signedIn(t, team.admin.token).request("PATCH", `/api/team/members/${team.reviewer.user.id}/deactivate`);
    expect(res.status).toBe(200);
    expect((await me(team.reviewer.token)).status).toBe(401);
    expect((await signedIn(t, team.reviewer.token).get("/api/contracts")).status).toBe(401);
  });

  it("refuses every member of a suspended company at once", async () => {
    const team = await createTeam(t.deps.db);
    for (const member of [team.admin, team.reviewer]) expect((await me(member.token)).status).toBe(200);
    const res = await signedIn(t, ops).post(`/api/admin/companies/${team.company.id}/suspend`, { reason: "Unpaid invoices" });
    expect(res.status).toBe(200);
    expect((await t.deps.db.select().from(companies).where(eq(companies.id, team.company.id)))[0]!.accountStatus).toBe("suspended");
    for (const member of [team.admin, team.reviewer]) expect((await me(member.token)).status).toBe(401);
  });

  it("shows a changed role at once", async () => {
    const team = await createTeam(t.deps.db);
    expect((await me(team.reviewer.token)).body.role).toBe("reviewer");
    const res = await signedIn(t, team.admin.token).request("PATCH", `/api/team/members/${team.reviewer.user.id}/role`, { role: "approver" });
    expect(res.status).toBe(200);
    expect((await me(team.reviewer.token)).body.role).toBe("approver");
  });
});

/* Two instances over one database and one bus: a change made through the other instance reaches
 * this one's cache by the bus event, not by waiting for the time to live. */
describe("across instances", () => {
  it("refuses at once a session that another instance signed out, deactivated or suspended", async () => {
    const bus = createLocalBus();
    const a = await createTestApp({ sessionCacheMs: TTL, platformAdminEmails: [OPS_EMAIL] }, { database: t.deps.database, bus });
    const b = await createTestApp({ sessionCacheMs: TTL, platformAdminEmails: [OPS_EMAIL] }, { database: t.deps.database, bus });
    try {
      const team = await createTeam(t.deps.db);
      const onA = (token: string) => signedIn(a, token).get("/api/auth/user");
      for (const member of [team.admin, team.approver, team.reviewer]) expect((await onA(member.token)).status).toBe(200);

      expect((await signedIn(b, team.approver.token).post("/api/auth/logout")).status).toBeLessThan(300);
      expect((await onA(team.approver.token)).status).toBe(401);

      expect((await signedIn(b, team.admin.token).request("PATCH", `/api/team/members/${team.reviewer.user.id}/deactivate`)).status).toBe(200);
      expect((await onA(team.reviewer.token)).status).toBe(401);

      expect((await onA(team.admin.token)).status).toBe(200);
      expect((await signedIn(b, ops).post(`/api/admin/companies/${team.company.id}/suspend`, { reason: "Unpaid invoices" })).status).toBe(200);
      expect((await onA(team.admin.token)).status).toBe(401);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
