import { and, eq } from "drizzle-orm";
import { CONTRACT_MESSAGES, RETENTION_MAX_DAYS } from "@clausewise/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRetentionRunner, ensureRetentionScan, RETENTION_SCAN_EVERY_MS, RETENTION_SCAN_JOB } from "../commands/contracts/retention";
import { auditEvents, companySettings, contracts, jobs } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { createContract, createTeam } from "../test/factories";
import { signedIn } from "../test/lifecycle-factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

async function retentionOf(companyId: string) {
  const [row] = await t.deps.db.select().from(companySettings).where(eq(companySettings.companyId, companyId));
  return row?.retentionDays ?? null;
}

describe("GET and PATCH /api/settings/retention", () => {
  it("is off by default; an admin sets and clears it, audited; every member reads it", async () => {
    const team = await createTeam(t.deps.db);
    const admin = signedIn(t, team.admin.token);
    expect((await signedIn(t, team.reviewer.token).get("/api/settings/retention")).body).toEqual({ retentionDays: null });
    const set = await admin.request("PATCH", "/api/settings/retention", { retentionDays: 90 });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ retentionDays: 90 });
    expect((await signedIn(t, team.approver.token).get("/api/settings/retention")).body).toEqual({ retentionDays: 90 });
    expect((await admin.request("PATCH", "/api/settings/retention", { retentionDays: null })).body).toEqual({ retentionDays: null });
    const audit = await t.deps.db.select().from(auditEvents).where(and(eq(auditEvents.companyId, team.company.id), eq(auditEvents.action, "company.retention")));
    expect(audit.map((a) => a.data)).toEqual([{ from: null, to: 90 }, { from: 90, to: null }]);
  });

  it.each(["approver", "reviewer"] as const)("refuses a %s (403) and changes nothing", async (role) => {
    const team = await createTeam(t.deps.db);
    const res = await signedIn(t, team[role].token).request("PATCH", "/api/settings/retention", { retentionDays: 1 });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message: CONTRACT_MESSAGES.retentionAdminOnly });
    expect(await retentionOf(team.company.id)).toBeNull();
  });

  it("changes only the caller's own company", async () => {
    const team = await createTeam(t.deps.db);
    const other = await createTeam(t.deps.db);
    await signedIn(t, other.admin.token).request("PATCH", "/api/settings/retention", { retentionDays: 7 });
    expect(await retentionOf(team.company.id)).toBeNull();
    expect(await retentionOf(other.company.id)).toBe(7);
    expect((await signedIn(t, team.admin.token).get("/api/settings/retention")).body).toEqual({ retentionDays: null });
  });

  it("refuses bad input with a 400 and a message, and changes nothing", async () => {
    const team = await createTeam(t.deps.db);
    const admin = signedIn(t, team.admin.token);
    for (const body of [{ retentionDays: 0 }, { retentionDays: -5 }, { retentionDays: 1.5 }, { retentionDays: "30" }, { retentionDays: RETENTION_MAX_DAYS + 1 }, {}, "not json"]) {
      const res = await admin.request("PATCH", "/api/settings/retention", body, typeof body === "string" ? { "content-type": "application/json" } : {});
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    expect(await retentionOf(team.company.id)).toBeNull();
  });

  it("needs sign-in", async () => {
    expect((await t.client().get("/api/settings/retention")).status).toBe(401);
    expect((await t.client().request("PATCH", "/api/settings/retention", { retentionDays: 1 })).status).toBe(401);
  });
});

describe("the daily retention job", () => {
  async function approvedContract(companyId: string, approvedDaysAgo: number, now: Date) {
    const contract = await createContract(t.deps.db, { companyId, status: "approved" });
    await t.deps.db.update(contracts).set({ completedAt: new Date(now.getTime() - approvedDaysAgo * DAY) }).where(eq(contracts.id, contract.id));
    return contract.id;
  }
  const exists = async (id: string) => (await t.deps.db.select({ id: contracts.id }).from(contracts).where(eq(contracts.id, id))).length === 1;

  it("erases contracts approved longer ago than their company's retention, with an audit event each, and schedules itself daily", async () => {
    // Frozen at the real time: sessions made by the factories are valid now.
    const now = new Date();
    t.setNow(now);
    try {
      const team = await createTeam(t.deps.db);
      const keeping = await createTeam(t.deps.db);
      expect((await signedIn(t, team.admin.token).request("PATCH", "/api/settings/retention", { retentionDays: 30 })).status).toBe(200);
      const expired = await approvedContract(team.company.id, 31, now);
      const recent = await approvedContract(team.company.id, 29, now);
      const underReview = await createContract(t.deps.db, { companyId: team.company.id, status: "under_review" });
      const otherCompany = await approvedContract(keeping.company.id, 400, now);

      await t.deps.db.delete(jobs).where(eq(jobs.type, RETENTION_SCAN_JOB));
      await ensureRetentionScan(t.deps);
      expect(await createRetentionRunner(t.deps).drain()).toBe(1);

      expect(await exists(expired)).toBe(false);
      expect([await exists(recent), await exists(underReview.id), await exists(otherCompany)]).toEqual([true, true, true]);
      const [event] = await t.deps.db.select().from(auditEvents).where(and(eq(auditEvents.entityId, expired), eq(auditEvents.action, "contract.erase_retention")));
      expect(event).toMatchObject({ userId: null, companyId: team.company.id, data: { contractId: expired, deleted: true, reason: "retention" } });

      const next = await t.deps.db.select().from(jobs).where(and(eq(jobs.type, RETENTION_SCAN_JOB), eq(jobs.status, "queued")));
      expect(next.map((j) => j.runAt.getTime())).toEqual([now.getTime() + RETENTION_SCAN_EVERY_MS]);
      // Nothing is due again until tomorrow.
      expect(await createRetentionRunner(t.deps).drain()).toBe(0);
    } finally {
      t.setNow(null);
    }
  });
});
