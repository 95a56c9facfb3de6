import { randomUUID } from "node:crypto";
import { CONTRACT_STATUSES, PUSH_EVENTS, approvalStep, workflowResult, type ApprovalStep, type ContractStatus, type WorkflowResult } from "@clausewise/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { grantContractAccess } from "../test/contract-factories";
import { createContract, createTeam, createUser } from "../test/factories";
import {
  PIPELINE_AT,
  auditOf,
  contractRow,
  createContractWithSteps,
  notificationsOf,
  recordEvents,
  signedIn,
  stepsOf,
} from "../test/lifecycle-factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Team = Awaited<ReturnType<typeof createTeam>>;

async function contractIn(team: Team, status: ContractStatus, steps = PIPELINE_AT[status]) {
  return createContractWithSteps(t.deps.db, { companyId: team.company.id, status, steps, createdBy: team.admin.user.id, reviewerId: team.reviewer.user.id, decidedBy: team.approver.user.id });
}

/** A foreign id and a random one must answer the very same 404. */
async function expectSameNotFound(token: string, method: string, path: (id: string) => string, body?: unknown) {
  const client = signedIn(t, token);
  const other = await createTeam(t.deps.db);
  const foreign = await contractIn(other, "pending_approval");
  const res = await client.request(method, path(foreign.id), body);
  const random = await client.request(method, path(randomUUID()), body);
  const malformed = await client.request(method, path("not-a-uuid"), body);
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ error: "not_found", message: "Contract not found." });
  expect(random.body).toEqual(res.body);
  expect(malformed.body).toEqual(res.body);
  expect((await contractRow(t.deps.db, foreign.id)).status).toBe("pending_approval");
}

async function expectUnchanged(contractId: string, before: Awaited<ReturnType<typeof contractRow>>, steps: Record<string, string>) {
  const after = await contractRow(t.deps.db, contractId);
  expect(after.status).toBe(before.status);
  expect(after.updatedAt.toISOString()).toBe(before.updatedAt.toISOString());
  expect(await stepsOf(t.deps.db, contractId)).toEqual(steps);
}

describe("GET /api/contracts/:id/approval-steps", () => {
  it("lists legal, finance and final with labels, statuses and who decided", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await contractIn(team, "pending_approval", { legal: "approved", finance: "pending", final: "waiting" });
    const res = await signedIn(t, team.reviewer.token).get<ApprovalStep[]>(`/api/contracts/${contract.id}/approval-steps`);
    expect(res.status).toBe(200);
    expect(res.body.map((s) => approvalStep.strict().parse(s))).toEqual([
      {
        stage: "legal",
        label: "Legal Review",
        status: "approved",
        decidedBy: "Test User",
        decider: { id: team.approver.user.id, name: "Test User" },
        decidedAt: "2026-11-01T12:00:00.000Z",
        comment: "legal decided earlier",
      },
      { stage: "finance", label: "Finance Review", status: "pending", decidedBy: null, decider: null, decidedAt: null, comment: null },
      { stage: "final", label: "Final Approval", status: "waiting", decidedBy: null, decider: null, decidedAt: null, comment: null },
    ]);
  });

  it("shows the pipeline a contract's status implies when it has no step rows", async () => {
    const team = await createTeam(t.deps.db);
    const approved = await createContract(t.deps.db, { companyId: team.company.id, status: "approved" });
    const res = await signedIn(t, team.admin.token).get<ApprovalStep[]>(`/api/contracts/${approved.id}/approval-steps`);
    expect(res.body.map((s) => s.status)).toEqual(["approved", "approved", "approved"]);
  });

  it("is readable by every role, including a read-only grant (there is no role that may not read)", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await contractIn(team, "under_review");
    await grantContractAccess(t.deps.db, { companyId: team.company.id, contractId: contract.id, userId: team.approver.user.id, accessLevel: "read" });
    for (const member of [team.admin, team.approver, team.reviewer]) {
      const res = await signedIn(t, member.token).get(`/api/contracts/${contract.id}/approval-steps`);
      expect(res.status).toBe(200);
    }
  });

  it("answers 404 for another company's contract exactly as for a missing one", async () => {
    const team = await createTeam(t.deps.db);
    await expectSameNotFound(team.admin.token, "GET", (id) => `/api/contracts/${id}/approval-steps`);
  });

  it("needs sign-in", async () => {
    const res = await t.client().get(`/api/contracts/${randomUUID()}/approval-steps`);
    expect(res.status).toBe(401);
  });
});

describe("POST /api/contracts/:id/submit", () => {
  it("moves an under-review contract to pending approval and asks the approvers", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await contractIn(team, "under_review");
    t.setNow(new Date("2026-11-22T15:00:00Z"));
    const recorder = recordEvents(t);
    try {
      const res = await signedIn(t, team.reviewer.token).post<WorkflowResult>(`/api/contracts/${contract.id}/submit`, { comment: "Ready for legal" });
      expect(res.status).toBe(200);
      const body = workflowResult.parse(res.body);
      expect(body.contract).toMatchObject({ id: contract.id, status: "pending_approval", submittedAt: "2026-11-22T15:00:00.000Z", completedAt: null });
      expect(body.approvalSteps.map((s) => s.status)).toEqual(["pending", "waiting", "waiting"]);
      expect(recorder.events.filter((e) => e.type === PUSH_EVENTS.contractUpdated)).toEqual([
        { type: PUSH_EVENTS.contractUpdated, companyId: team.company.id, payload: { contractId: contract.id } },
      ]);
    } finally {
      recorder.stop();
      t.setNow(null);
    }
    for (const member of [team.admin, team.approver]) {
      const notes = await notificationsOf(t.deps.db, member.user.id);
      expect(notes.map((n) => [n.type, n.actionUrl])).toEqual([["approval_required", `/contracts/${contract.id}`]]);
      expect(notes[0]!.message).toContain("Legal Review");
    }
    expect(await notificationsOf(t.deps.db, team.reviewer.user.id)).toEqual([]);
    const audit = await auditOf(t.deps.db, contract.id);
    expect(audit.map((a) => [a.action, a.userId, a.data])).toEqual([
      ["contract.submit", team.reviewer.user.id, { from: "under_review", to: "pending_approval", comment: "Ready for legal" }],
    ]);
  });

  it("refuses a reviewer whose grant is read-only (403)", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await contractIn(team, "under_review");
    await grantContractAccess(t.deps.db, { companyId: team.company.id, contractId: contract.id, userId: team.reviewer.user.id, accessLevel: "read" });
    const before = await contractRow(t.deps.db, contract.id);
    const res = await signedIn(t, team.reviewer.token).post(`/api/contracts/${contract.id}/submit`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message: "You do not have permission to submit this contract for approval or reopen it." });
    await expectUnchanged(contract.id, before, { legal: "pending", finance: "waiting", final: "waiting" });
  });

  it("refuses every status but under review with 409 and changes nothing", async () => {
    const team = await createTeam(t.deps.db);
    const expected: Record<Exclude<ContractStatus, "under_review">, string> = {
      pending_approval: "This contract is already pending approval.",
      approved: "This contract is already approved; it cannot be submitted again.",
      rejected: "This contract was rejected. Reopen it for review before submitting it again.",
    };
    for (const [status, message] of Object.entries(expected) as [ContractStatus, string][]) {
      const contract = await contractIn(team, status);
      const before = await contractRow(t.deps.db, contract.id);
      const steps = await stepsOf(t.deps.db, contract.id);
      const res = await signedIn(t, team.admin.token).post(`/api/contracts/${contract.id}/submit`);
      expect(res.status, status).toBe(409);
      expect(res.body).toEqual({ error: "conflict", message });
      await expectUnchanged(contract.id, before, steps);
    }
  });

  it("rejects a comment that is too long (400)", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await contractIn(team, "under_review");
    const res = await signedIn(t, team.admin.token).post(`/api/contracts/${contract.id}/submit`, { comment: "x".repeat(5001) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "validation_failed", fields: { comment: "The comment can be at most 5000 characters." } });
    expect((await contractRow(t.deps.db, contract.id)).status).toBe("under_review");
  });

  it("answers 404 for another company's contract exactly as for a missing one", async () => {
    const team = await createTeam(t.deps.db);
    await expectSameNotFound(team.admin.token, "POST", (id) => `/api/contracts/${id}/submit`);
  });

  it("needs sign-in", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await contractIn(team, "under_review");
    expect((await t.client().post(`/api/contracts/${contract.id}/submit`)).status).toBe(401);
    expect((await contractRow(t.deps.db, contract.id)).status).toBe("under_review");
  });
});

describe("POST /api/contracts/:id/approve", () => {
  it("approves Final Approval and the contract once Legal and Finance are approved, and tells the people involved", async () => {
    const team = await createTeam(t.deps.db);
    const submitter = await createUser(t.deps.db, { companyId: team.company.id, role: "reviewer", firstName: "Sam", lastName: "Submitter" });
    const contract = await contractIn(team, "under_review");
    const { createSession } = await import("../auth/sessions");
    await signedIn(t, await createSession(t.deps.db, submitter.id)).post(`/api/contracts/${contract.id}/submit`);
    const approver = signedIn(t, team.approver.token);
    expect((await approver.post(`/api/contracts/${contract.id}/approval-steps/legal/decide`, { decision: "approved" })).status).toBe(200);
    expect((await signedIn(t, team.admin.token).post(`/api/contracts/${contract.id}/approval-steps/finance/decide`, { decision: "approved" })).status).toBe(200);

    t.setNow(new Date("2026-11-23T18:30:00Z"));
    const res = await approver.post<WorkflowResult>(`/api/contracts/${contract.id}/approve`, { comment: "Approved for signature." });
    t.setNow(null);
    expect(res.status).toBe(200);
    expect(res.body.contract).toMatchObject({ status: "approved", completedAt: "2026-11-23T18:30:00.000Z" });
    expect(res.body.approvalSteps[2]).toEqual({
      stage: "final",
      label: "Final Approval",
      status: "approved",
      decidedBy: "Test User",
      decider: { id: team.approver.user.id, name: "Test User" },
      decidedAt: "2026-11-23T18:30:00.000Z",
      comment: "Approved for signature.",
    });
    for (const userId of [team.admin.user.id, team.reviewer.user.id, submitter.id]) {
      const notes = await notificationsOf(t.deps.db, userId);
      expect(notes.filter((n) => n.type === "contract_completed").map((n) => n.title), userId).toEqual(["Contract approved"]);
    }
    expect((await notificationsOf(t.deps.db, team.approver.user.id)).filter((n) => n.type === "contract_completed")).toEqual([]);
  });

  it("refuses a reviewer (403) and changes nothing", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await contractIn(team, "pending_approval", { legal: "approved", finance: "approved", final: "pending" });
    const before = await contractRow(t.deps.db, contract.id);
    const res = await signedIn(t, team.reviewer.token).post(`/api/contracts/${contract.id}/approve`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message: "Only approvers and administrators can approve or reject contracts." });
    await expectUnchanged(contract.id, before, { legal: "approved", finance: "approved", final: "pending" });
  });

  it("lets a reviewer with an approve grant approve", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await contractIn(team, "pending_approval", { legal: "approved", finance: "approved", final: "pending" });
    await grantContractAccess(t.deps.db, { companyId: team.company.id, contractId: contract.id, userId: team.reviewer.user.id, accessLevel: "approve" });
    const res = await signedIn(t, team.reviewer.token).post<WorkflowResult>(`/api/contracts/${contract.id}/approve`);
    expect(res.status).toBe(200);
    expect(res.body.contract.status).toBe("approved");
  });

  it("refuses while Legal or Finance is still open, and from every other status (409)", async () => {
    const team = await createTeam(t.deps.db);
    const cases: [ContractStatus, Record<string, string>, string][] = [
      ["pending_approval", { legal: "pending", finance: "waiting", final: "waiting" }, "Legal Review and Finance Review must be approved before the contract can be approved."],
      ["pending_approval", { legal: "approved", finance: "pending", final: "waiting" }, "Finance Review must be approved before the contract can be approved."],
      ["under_review", PIPELINE_AT.under_review, "This contract is still under review. Submit it for approval before approving it."],
      ["approved", PIPELINE_AT.approved, "This contract is already approved."],
      ["rejected", PIPELINE_AT.rejected, "This contract was rejected. Reopen it for review and submit it again before approving it."],
    ];
    for (const [status, steps, message] of cases) {
      const contract = await contractIn(team, status, steps);
      const before = await contractRow(t.deps.db, contract.id);
      const res = await signedIn(t, team.approver.token).post(`/api/contracts/${contract.id}/approve`);
      expect(res.status, message).toBe(409);
      expect(res.body).toEqual({ error: "conflict", message });
      await expectUnchanged(contract.id, before, steps);
    }
  });

  it("rejects bad JSON and over-long comments (400)", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await contractIn(team, "pending_approval", { legal: "approved", finance: "approved", final: "pending" });
    const client = signedIn(t, team.approver.token);
    const badJson = await client.post(`/api/contracts/${contract.id}/approve`, "{not json", { "content-type": "application/json" });
    expect(badJson.status).toBe(400);
    expect(badJson.body).toEqual({ error: "bad_request", message: "The request body must be valid JSON." });
    const long = await client.post(`/api/contracts/${contract.id}/approve`, { comment: "x".repeat(5001) });
    expect(long.status).toBe(400);
    expect((await contractRow(t.deps.db, contract.id)).status).toBe("pending_approval");
  });

  it("answers 404 for another company's contract exactly as for a missing one", async () => {
    const team = await createTeam(t.deps.db);
    await expectSameNotFound(team.approver.token, "POST", (id) => `/api/contracts/${id}/approve`);
  });

  it("lets only one of two simultaneous decisions win", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await contractIn(team, "pending_approval", { legal: "approved", finance: "approved", final: "pending" });
    const [a, b] = await Promise.all([
      signedIn(t, team.approver.token).post(`/api/contracts/${contract.id}/approve`),
      signedIn(t, team.admin.token).post(`/api/contracts/${contract.id}/reject`, { comment: "No." }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const row = await contractRow(t.deps.db, contract.id);
    const steps = await stepsOf(t.deps.db, contract.id);
    expect(row.status === "approved" ? steps.final === "approved" : steps.final === "rejected").toBe(true);
  });

  it("needs sign-in", async () => {
    expect((await t.client().post(`/api/contracts/${randomUUID()}/approve`)).status).toBe(401);
  });
});

describe("POST /api/contracts/:id/reject", () => {
  it("rejects the pending step and the contract, with the comment, and tells the people involved", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await contractIn(team, "pending_approval", { legal: "approved", finance: "pending", final: "waiting" });
    const res = await signedIn(t, team.approver.token).post<WorkflowResult>(`/api/contracts/${contract.id}/reject`, { comment: "Holdback terms are not acceptable." });
    expect(res.status).toBe(200);
    expect(res.body.contract.status).toBe("rejected");
    expect(res.body.contract.completedAt).toBeNull();
    expect(res.body.approvalSteps.map((s) => [s.status, s.comment])).toEqual([
      ["approved", "legal decided earlier"],
      ["rejected", "Holdback terms are not acceptable."],
      ["waiting", null],
    ]);
    const [note] = (await notificationsOf(t.deps.db, team.reviewer.user.id)).filter((n) => n.title === "Contract rejected");
    expect(note?.message).toBe(`"${contract.title}" was rejected at Finance Review. Comment: Holdback terms are not acceptable.`);
  });

  it("refuses a reviewer (403)", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await contractIn(team, "pending_approval");
    const before = await contractRow(t.deps.db, contract.id);
    const res = await signedIn(t, team.reviewer.token).post(`/api/contracts/${contract.id}/reject`);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: "forbidden" });
    await expectUnchanged(contract.id, before, { legal: "pending", finance: "waiting", final: "waiting" });
  });

  it("refuses every status but pending approval (409)", async () => {
    const team = await createTeam(t.deps.db);
    const expected: Record<Exclude<ContractStatus, "pending_approval">, string> = {
      under_review: "This contract is still under review. Only a contract pending approval can be rejected.",
      approved: "This contract is already approved; it can no longer be rejected.",
      rejected: "This contract is already rejected.",
    };
    for (const [status, message] of Object.entries(expected) as [ContractStatus, string][]) {
      const contract = await contractIn(team, status);
      const before = await contractRow(t.deps.db, contract.id);
      const steps = await stepsOf(t.deps.db, contract.id);
      const res = await signedIn(t, team.admin.token).post(`/api/contracts/${contract.id}/reject`, { comment: "no" });
      expect(res.status, status).toBe(409);
      expect(res.body).toEqual({ error: "conflict", message });
      await expectUnchanged(contract.id, before, steps);
    }
  });

  it("rejects a comment that is not text (400)", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await contractIn(team, "pending_approval");
    const res = await signedIn(t, team.approver.token).post(`/api/contracts/${contract.id}/reject`, { comment: 42 });
    expect(res.status).toBe(400);
    expect((await contractRow(t.deps.db, contract.id)).status).toBe("pending_approval");
  });

  it("answers 404 for another company's contract exactly as for a missing one", async () => {
    const team = await createTeam(t.deps.db);
    await expectSameNotFound(team.approver.token, "POST", (id) => `/api/contracts/${id}/reject`);
  });

  it("needs sign-in", async () => {
    expect((await t.client().post(`/api/contracts/${randomUUID()}/reject`)).status).toBe(401);
  });
});

describe("POST /api/contracts/:id/reopen", () => {
  it("sends a rejected contract back to review and restarts the pipeline, keeping the old decisions in the audit", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await contractIn(team, "rejected");
    const res = await signedIn(t, team.reviewer.token).post<WorkflowResult>(`/api/contracts/${contract.id}/reopen`);
    expect(res.status).toBe(200);
    expect(res.body.contract).toMatchObject({ status: "under_review", submittedAt: null, completedAt: null });
    expect(res.body.approvalSteps.map((s) => [s.status, s.decidedBy, s.comment])).toEqual([
      ["pending", null, null],
      ["waiting", null, null],
      ["waiting", null, null],
    ]);
    const [audit] = await auditOf(t.deps.db, contract.id);
    expect(audit!.action).toBe("contract.reopen");
    expect(audit!.data).toMatchObject({
      from: "rejected",
      to: "under_review",
      previousSteps: expect.arrayContaining([expect.objectContaining({ stage: "finance", status: "rejected", comment: "finance decided earlier", decidedBy: team.approver.user.id })]),
    });
  });

  it("refuses a read-only grant (403)", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await contractIn(team, "rejected");
    await grantContractAccess(t.deps.db, { companyId: team.company.id, contractId: contract.id, userId: team.approver.user.id, accessLevel: "read" });
    const before = await contractRow(t.deps.db, contract.id);
    const res = await signedIn(t, team.approver.token).post(`/api/contracts/${contract.id}/reopen`);
    expect(res.status).toBe(403);
    await expectUnchanged(contract.id, before, { legal: "approved", finance: "rejected", final: "waiting" });
  });

  it("refuses every status but rejected (409)", async () => {
    const team = await createTeam(t.deps.db);
    for (const status of CONTRACT_STATUSES.filter((s) => s !== "rejected")) {
      const contract = await contractIn(team, status);
      const before = await contractRow(t.deps.db, contract.id);
      const steps = await stepsOf(t.deps.db, contract.id);
      const res = await signedIn(t, team.admin.token).post(`/api/contracts/${contract.id}/reopen`);
      expect(res.status, status).toBe(409);
      expect(res.body.message).toMatch(/^Only a rejected contract can be reopened for review; this one is (Under Review|Pending Approval|Approved)\.$/);
      await expectUnchanged(contract.id, before, steps);
    }
  });

  it("answers 404 for another company's contract exactly as for a missing one", async () => {
    const team = await createTeam(t.deps.db);
    await expectSameNotFound(team.admin.token, "POST", (id) => `/api/contracts/${id}/reopen`);
  });

  it("needs sign-in", async () => {
    expect((await t.client().post(`/api/contracts/${randomUUID()}/reopen`)).status).toBe(401);
  });
});

describe("POST /api/contracts/:id/approval-steps/:stage/decide", () => {
  it("decides the steps in order; approving a step opens the next and notifies approvers; the final one approves the contract", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await contractIn(team, "pending_approval");
    const approver = signedIn(t, team.approver.token);
    const decide = (stage: string, body: unknown) => approver.post<WorkflowResult>(`/api/contracts/${contract.id}/approval-steps/${stage}/decide`, body);

    const early = await decide("finance", { decision: "approved" });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ message: "Finance Review is not open yet: Legal Review must be approved first." });

    const legal = await decide("legal", { decision: "approved", comment: "Indemnities acceptable." });
    expect(legal.status).toBe(200);
    expect(legal.body.contract.status).toBe("pending_approval");
    expect(legal.body.approvalSteps.map((s) => s.status)).toEqual(["approved", "pending", "waiting"]);
    expect((await notificationsOf(t.deps.db, team.admin.user.id)).map((n) => n.message)).toEqual([`Finance Review of "${contract.title}" is waiting for your decision.`]);

    const again = await decide("legal", { decision: "rejected" });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: "Legal Review has already been decided." });

    // Someone else clears Finance: one person may not clear all three stages alone (separation of duties).
    const finance = await signedIn(t, team.admin.token).post<WorkflowResult>(`/api/contracts/${contract.id}/approval-steps/finance/decide`, { decision: "approved" });
    expect(finance.body.approvalSteps.map((s) => s.status)).toEqual(["approved", "approved", "pending"]);
    const final = await decide("final", { decision: "approved" });
    expect(final.body.contract.status).toBe("approved");
    expect(final.body.approvalSteps.map((s) => s.status)).toEqual(["approved", "approved", "approved"]);
    expect((await auditOf(t.deps.db, contract.id)).map((a) => a.action)).toEqual(["approval_step.decide", "approval_step.decide", "approval_step.decide"]);
  });

  it("rejects the contract when a step is rejected", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await contractIn(team, "pending_approval", { legal: "approved", finance: "pending", final: "waiting" });
    const res = await signedIn(t, team.admin.token).post<WorkflowResult>(`/api/contracts/${contract.id}/approval-steps/finance/decide`, { decision: "rejected", comment: "Bonds missing." });
    expect(res.status).toBe(200);
    expect(res.body.contract.status).toBe("rejected");
    expect(await stepsOf(t.deps.db, contract.id)).toEqual({ legal: "approved", finance: "rejected", final: "waiting" });
  });

  it("decides nothing while the contract is under review (409)", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await contractIn(team, "under_review");
    const before = await contractRow(t.deps.db, contract.id);
    const res = await signedIn(t, team.approver.token).post(`/api/contracts/${contract.id}/approval-steps/legal/decide`, { decision: "approved" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This contract is still under review. Submit it for approval before its approval steps are decided.");
    await expectUnchanged(contract.id, before, PIPELINE_AT.under_review as Record<string, string>);
  });

  it("refuses a reviewer (403)", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await contractIn(team, "pending_approval");
    const before = await contractRow(t.deps.db, contract.id);
    const res = await signedIn(t, team.reviewer.token).post(`/api/contracts/${contract.id}/approval-steps/legal/decide`, { decision: "approved" });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message: "Only approvers and administrators can approve or reject contracts." });
    await expectUnchanged(contract.id, before, PIPELINE_AT.pending_approval as Record<string, string>);
  });

  it("rejects a missing or unknown decision (400) and an unknown stage (404)", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await contractIn(team, "pending_approval");
    const client = signedIn(t, team.approver.token);
    for (const body of [{}, { decision: "maybe" }]) {
      const res = await client.post(`/api/contracts/${contract.id}/approval-steps/legal/decide`, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "validation_failed", fields: { decision: "Please choose approved or rejected." } });
    }
    const stage = await client.post(`/api/contracts/${contract.id}/approval-steps/technical/decide`, { decision: "approved" });
    expect(stage.status).toBe(404);
    expect(await stepsOf(t.deps.db, contract.id)).toEqual(PIPELINE_AT.pending_approval);
  });

  it("answers 404 for another company's contract exactly as for a missing one", async () => {
    const team = await createTeam(t.deps.db);
    await expectSameNotFound(team.approver.token, "POST", (id) => `/api/contracts/${id}/approval-steps/legal/decide`, { decision: "approved" });
  });

  it("needs sign-in", async () => {
    expect((await t.client().post(`/api/contracts/${randomUUID()}/approval-steps/legal/decide`, { decision: "approved" })).status).toBe(401);
  });
});
