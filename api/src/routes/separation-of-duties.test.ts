import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { APPROVAL_SETTINGS_MESSAGES, type WorkflowResult } from "@clausewise/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEPARATION_OF_DUTIES_MESSAGE } from "../commands/workflow/run";
import { auditEvents, companySettings } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { createTeam } from "../test/factories";
import { contractRow, createContractWithSteps, signedIn, stepsOf } from "../test/lifecycle-factories";

/*
 * Issue 17: decisions are attributable, and one person cannot clear Legal Review, Finance Review and
 * Final Approval alone unless the company allows it (Settings › Company, admins).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Team = Awaited<ReturnType<typeof createTeam>>;

async function settingOf(companyId: string) {
  const [row] = await t.deps.db.select().from(companySettings).where(eq(companySettings.companyId, companyId));
  return row?.allowSingleApprover ?? null;
}

/** A contract pending Final Approval whose Legal and Finance were approved by `decidedBy`. */
async function atFinal(team: Team, decidedBy: string) {
  return createContractWithSteps(t.deps.db, {
    companyId: team.company.id,
    status: "pending_approval",
    steps: { legal: "approved", finance: "approved", final: "pending" },
    createdBy: team.admin.user.id,
    decidedBy,
  });
}

describe("GET and PATCH /api/settings/approvals", () => {
  it("is off by default; an admin turns it on and off, audited; every member reads it", async () => {
    const team = await createTeam(t.deps.db);
    const admin = signedIn(t, team.admin.token);
    expect((await signedIn(t, team.reviewer.token).get("/api/settings/approvals")).body).toEqual({ allowSingleApprover: false });
    const on = await admin.request("PATCH", "/api/settings/approvals", { allowSingleApprover: true });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ allowSingleApprover: true });
    expect((await signedIn(t, team.approver.token).get("/api/settings/approvals")).body).toEqual({ allowSingleApprover: true });
    expect((await admin.request("PATCH", "/api/settings/approvals", { allowSingleApprover: false })).body).toEqual({ allowSingleApprover: false });
    const audit = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, team.company.id), eq(auditEvents.action, "company.approval_settings")));
    expect(audit.map((a) => a.data)).toEqual([
      { from: false, to: true },
      { from: true, to: false },
    ]);
  });

  it.each(["approver", "reviewer"] as const)("refuses a %s (403) and changes nothing", async (role) => {
    const team = await createTeam(t.deps.db);
    const res = await signedIn(t, team[role].token).request("PATCH", "/api/settings/approvals", { allowSingleApprover: true });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message: APPROVAL_SETTINGS_MESSAGES.adminOnly });
    expect(await settingOf(team.company.id)).toBeNull();
  });

  it("changes only the caller's own company", async () => {
    const team = await createTeam(t.deps.db);
    const other = await createTeam(t.deps.db);
    await signedIn(t, other.admin.token).request("PATCH", "/api/settings/approvals", { allowSingleApprover: true });
    expect(await settingOf(other.company.id)).toBe(true);
    expect(await settingOf(team.company.id)).toBeNull();
    expect((await signedIn(t, team.admin.token).get("/api/settings/approvals")).body).toEqual({ allowSingleApprover: false });
  });

  it("refuses bad input with a 400 and a message, and changes nothing", async () => {
    const team = await createTeam(t.deps.db);
    const admin = signedIn(t, team.admin.token);
    for (const body of [{ allowSingleApprover: "yes" }, { allowSingleApprover: 1 }, { allowSingleApprover: null }, {}, "not json"]) {
      const res = await admin.request("PATCH", "/api/settings/approvals", body, typeof body === "string" ? { "content-type": "application/json" } : {});
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    expect(await settingOf(team.company.id)).toBeNull();
  });

  it("needs sign-in", async () => {
    expect((await t.client().get("/api/settings/approvals")).status).toBe(401);
    expect((await t.client().request("PATCH", "/api/settings/approvals", { allowSingleApprover: true })).status).toBe(401);
  });
});

describe("separation of duties on the approval pipeline", () => {
  it("refuses the last approval (409 separation_of_duties) from the person who approved every other stage, through both routes, and changes nothing", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await atFinal(team, team.approver.user.id);
    const approver = signedIn(t, team.approver.token);
    for (const [path, body] of [
      [`/api/contracts/${contract.id}/approval-steps/final/decide`, { decision: "approved" }],
      [`/api/contracts/${contract.id}/approve`, { comment: "All good." }],
    ] as const) {
      const res = await approver.post(path, body);
      expect(res.status, path).toBe(409);
      expect(res.body).toEqual({ error: "separation_of_duties", message: SEPARATION_OF_DUTIES_MESSAGE });
    }
    expect((await contractRow(t.deps.db, contract.id)).status).toBe("pending_approval");
    expect(await stepsOf(t.deps.db, contract.id)).toEqual({ legal: "approved", finance: "approved", final: "pending" });
  });

  it("lets the same person reject the last stage: separation of duties limits clearing, not stopping", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await atFinal(team, team.approver.user.id);
    const res = await signedIn(t, team.approver.token).post<WorkflowResult>(`/api/contracts/${contract.id}/approval-steps/final/decide`, { decision: "rejected" });
    expect(res.status).toBe(200);
    expect(res.body.contract.status).toBe("rejected");
  });

  it("lets someone else give the last approval, and shows who decided each stage", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await atFinal(team, team.approver.user.id);
    t.setNow(new Date("2026-11-28T19:05:00Z"));
    const res = await signedIn(t, team.admin.token).post<WorkflowResult>(`/api/contracts/${contract.id}/approval-steps/final/decide`, { decision: "approved" });
    t.setNow(null);
    expect(res.status).toBe(200);
    expect(res.body.contract.status).toBe("approved");
    expect(res.body.approvalSteps.map((s) => [s.stage, s.decider?.id, s.decidedAt])).toEqual([
      ["legal", team.approver.user.id, "2026-11-01T12:00:00.000Z"],
      ["finance", team.approver.user.id, "2026-11-01T12:00:00.000Z"],
      ["final", team.admin.user.id, "2026-11-28T19:05:00.000Z"],
    ]);
  });

  it("lets one person clear every stage when the company allows single-person approval", async () => {
    const team = await createTeam(t.deps.db);
    await signedIn(t, team.admin.token).request("PATCH", "/api/settings/approvals", { allowSingleApprover: true });
    const contract = createContractWithSteps(t.deps.db, { companyId: team.company.id, status: "pending_approval", createdBy: team.admin.user.id });
    const { id } = await contract;
    const approver = signedIn(t, team.approver.token);
    for (const stage of ["legal", "finance", "final"]) {
      const res = await approver.post<WorkflowResult>(`/api/contracts/${id}/approval-steps/${stage}/decide`, { decision: "approved" });
      expect(res.status, stage).toBe(200);
    }
    expect((await contractRow(t.deps.db, id)).status).toBe("approved");
  });

  it("another company's setting does not open this company's pipeline", async () => {
    const team = await createTeam(t.deps.db);
    const other = await createTeam(t.deps.db);
    await signedIn(t, other.admin.token).request("PATCH", "/api/settings/approvals", { allowSingleApprover: true });
    const contract = await atFinal(team, team.approver.user.id);
    expect((await signedIn(t, team.approver.token).post(`/api/contracts/${contract.id}/approve`, {})).status).toBe(409);
  });

  it("refuses a reviewer (403) and answers 404 for another company's contract, as before", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await atFinal(team, team.approver.user.id);
    expect((await signedIn(t, team.reviewer.token).post(`/api/contracts/${contract.id}/approval-steps/final/decide`, { decision: "approved" })).status).toBe(403);
    const other = await createTeam(t.deps.db);
    const foreign = await signedIn(t, other.approver.token).post(`/api/contracts/${contract.id}/approval-steps/final/decide`, { decision: "approved" });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: "not_found", message: "Contract not found." });
    expect((await signedIn(t, other.approver.token).post(`/api/contracts/${randomUUID()}/approve`, {})).body).toEqual(foreign.body);
    expect((await contractRow(t.deps.db, contract.id)).status).toBe("pending_approval");
  });
});
