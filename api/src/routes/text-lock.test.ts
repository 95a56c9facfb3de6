import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import {
  PUSH_EVENTS,
  contractDetail,
  statusHistoryEntry,
  workflowResult,
  type CreatedVersion,
  type DocumentChange,
  type StatusHistoryEntry,
  type WorkflowResult,
} from "@clausewise/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, documentVersions } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { grantContractAccess } from "../test/contract-factories";
import { createTeam } from "../test/factories";
import { stepsOf } from "../test/lifecycle-factories";
import { captureEvents, createReviewSetup, notificationsOf, positionOf, readContract, signedIn } from "../test/review-factories";

/*
 * Issue 14, item 1: approval locks the text everywhere on the REST side, and "Reopen for changes"
 * (approvers and admins, with a reason) opens it again, recorded and starting the next version.
 * The live editor's side is realtime/src/collab/text-lock.test.ts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Setup = Awaited<ReturnType<typeof createReviewSetup>>;

const APPROVED_MESSAGE = "This contract is approved, so its text is locked. An approver or administrator can reopen it for changes.";
const PENDING_MESSAGE = "This contract is pending approval, so its text is locked. An approver or administrator can reopen it for changes.";
const contractPath = (id: string) => `/api/contracts/${id}`;

async function submit(setup: Setup) {
  const res = await signedIn(t, setup.reviewer.token).post(`${contractPath(setup.contract.id)}/submit`, { comment: "Ready." });
  expect(res.status).toBe(200);
}

/** Through the real pipeline: submitted by the reviewer, Legal and Finance decided, then the header's Approve. */
async function approve(setup: Setup) {
  await submit(setup);
  const approver = signedIn(t, setup.approver.token);
  // Separation of duties: someone else (the admin) clears Finance, so the approver may give the last approval.
  expect((await approver.post(`${contractPath(setup.contract.id)}/approval-steps/legal/decide`, { decision: "approved" })).status).toBe(200);
  expect((await signedIn(t, setup.admin.token).post(`${contractPath(setup.contract.id)}/approval-steps/finance/decide`, { decision: "approved" })).status).toBe(200);
  const res = await approver.post<WorkflowResult>(`${contractPath(setup.contract.id)}/approve`, {});
  expect(res.status).toBe(200);
  return res.body;
}

async function propose(setup: Setup, original: string, replacement: string) {
  const res = await signedIn(t, setup.reviewer.token).post<DocumentChange>(`${contractPath(setup.contract.id)}/changes`, {
    changeType: "replace",
    originalText: original,
    newText: replacement,
    position: positionOf(setup.contract.plainText, original),
    reviewerComment: "",
  });
  expect(res.status).toBe(201);
  return res.body;
}

const versionsOf = (contractId: string) => t.deps.db.select().from(documentVersions).where(eq(documentVersions.contractId, contractId));

describe("approval locks the text", () => {
  it("checkpoints the approved text as a version, shows its number, and refuses every edit with 409 and a clear message", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const pending = await propose(setup, "30 days", "45 days");
    const approved = await approve(setup);
    expect(approved.contract).toMatchObject({ status: "approved", version: 1, approvedVersion: 1 });
    const [version] = await versionsOf(setup.contract.id);
    expect(version).toMatchObject({ versionNumber: "1", content: approved.contract.content, createdBy: setup.approver.user.id });
    const before = await readContract(t.deps.db, setup.contract.id);

    const admin = signedIn(t, setup.admin.token);
    const refusals = [
      await admin.request("PUT", contractPath(setup.contract.id), { content: "<p>Rewritten after approval</p>" }),
      await admin.request("PUT", contractPath(setup.contract.id), { title: "Renamed after approval" }),
      await admin.post(`${contractPath(setup.contract.id)}/versions/${version!.id}/restore`),
      await admin.post(`/api/document-changes/${pending.id}/approve`),
      await admin.post(`/api/document-changes/${pending.id}/reject`, { comment: "No." }),
      await signedIn(t, setup.reviewer.token).post(`${contractPath(setup.contract.id)}/changes`, {
        changeType: "replace",
        originalText: "30 days",
        newText: "60 days",
        position: positionOf(setup.contract.plainText, "30 days"),
        reviewerComment: "",
      }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: "contract_locked", message: APPROVED_MESSAGE });
    }
    const after = await readContract(t.deps.db, setup.contract.id);
    expect(after).toMatchObject({ content: before.content, plainText: before.plainText, title: before.title, updatedAt: before.updatedAt });
    const [change] = (await signedIn(t, setup.admin.token).get<DocumentChange[]>(`${contractPath(setup.contract.id)}/changes`)).body;
    expect(change).toMatchObject({ id: pending.id, status: "pending" });

    // Markups, questions and checkpoints do not change the text: they stay open (the checkpoint is the approved version).
    expect((await signedIn(t, setup.reviewer.token).post(`${contractPath(setup.contract.id)}/markups`, { type: "comment", content: "Noted.", position: { paragraph: 0 } })).status).toBe(201);
    const checkpoint = await signedIn(t, setup.reviewer.token).post<CreatedVersion>(`${contractPath(setup.contract.id)}/versions`);
    expect(checkpoint.status).toBe(200);
    expect(checkpoint.body).toMatchObject({ id: version!.id, created: false });
  });

  it("locks a contract pending approval the same way (its steps decide the submitted text)", async () => {
    const setup = await createReviewSetup(t.deps.db);
    await submit(setup);
    const res = await signedIn(t, setup.approver.token).request("PUT", contractPath(setup.contract.id), { content: "<p>Changed while pending</p>" });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "contract_locked", message: PENDING_MESSAGE });
  });

  it("answers a reviewer's PUT with the role's 403 before the lock's 409", async () => {
    const setup = await createReviewSetup(t.deps.db);
    await approve(setup);
    const res = await signedIn(t, setup.reviewer.token).request("PUT", contractPath(setup.contract.id), { content: "<p>x</p>" });
    expect(res.status).toBe(403);
  });

  it("approves the newest version when nothing changed since it, and makes one when something did", async () => {
    const setup = await createReviewSetup(t.deps.db);
    expect((await signedIn(t, setup.reviewer.token).post(`${contractPath(setup.contract.id)}/versions`)).status).toBe(201);
    const unchanged = await approve(setup);
    expect(unchanged.contract).toMatchObject({ version: 1, approvedVersion: 1 });
    expect(await versionsOf(setup.contract.id)).toHaveLength(1);

    const other = await createReviewSetup(t.deps.db);
    expect((await signedIn(t, other.reviewer.token).post(`${contractPath(other.contract.id)}/versions`)).status).toBe(201);
    expect((await signedIn(t, other.approver.token).request("PUT", contractPath(other.contract.id), { content: "<p>Edited before submitting</p>" })).status).toBe(200);
    const changed = await approve(other);
    expect(changed.contract).toMatchObject({ version: 2, approvedVersion: 2 });
    expect((await versionsOf(other.contract.id)).find((v) => v.versionNumber === "2")?.content).toBe("<p>Edited before submitting</p>");
  });
});

describe("POST /api/contracts/:id/reopen-for-changes", () => {
  const reopen = (token: string, contractId: string, body?: unknown) => signedIn(t, token).post<WorkflowResult>(`${contractPath(contractId)}/reopen-for-changes`, body);

  it("moves an approved contract back to review, records who and why, notifies, and starts the next version", async () => {
    const setup = await createReviewSetup(t.deps.db);
    await approve(setup);
    const { result: res, events } = await captureEvents(t, () => reopen(setup.approver.token, setup.contract.id, { reason: "  Counterparty asked for a longer payment term.  " }));
    expect(res.status).toBe(200);
    const body = workflowResult.parse(res.body);
    expect(contractDetail.strict().parse(body.contract)).toMatchObject({ status: "under_review", version: 2, approvedVersion: 1, submittedAt: null, completedAt: null });
    expect(body.approvalSteps.map((s) => [s.stage, s.status, s.decidedBy])).toEqual([
      ["legal", "pending", null],
      ["finance", "waiting", null],
      ["final", "waiting", null],
    ]);

    const audits = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.entityId, setup.contract.id));
    const audit = audits.find((a) => a.action === "contract.reopen_for_changes");
    expect(audit).toMatchObject({ userId: setup.approver.user.id });
    expect(audit!.data).toMatchObject({
      from: "approved",
      to: "under_review",
      comment: "Counterparty asked for a longer payment term.",
      approvedVersion: 1,
      newVersion: 2,
      previousSteps: expect.arrayContaining([expect.objectContaining({ stage: "final", status: "approved", decidedBy: setup.approver.user.id })]),
    });

    // The uploader (admin) and the reviewer who submitted hear of it, in the app and as a push; the approver does not.
    for (const member of [setup.admin, setup.reviewer]) {
      const notices = (await notificationsOf(t.deps.db, member.user.id)).filter((n) => n.title === "Contract reopened for changes");
      expect(notices).toHaveLength(1);
      expect(notices[0]!.message).toContain("Counterparty asked for a longer payment term.");
      expect(notices[0]!.actionUrl).toBe(`/contracts/${setup.contract.id}`);
    }
    expect((await notificationsOf(t.deps.db, setup.approver.user.id)).filter((n) => n.title === "Contract reopened for changes")).toEqual([]);
    expect(events.filter((e) => e.type === PUSH_EVENTS.notificationNew).flatMap((e) => e.userIds ?? []).sort()).toEqual([setup.admin.user.id, setup.reviewer.user.id].sort());
    expect(events.map((e) => e.type)).toContain(PUSH_EVENTS.contractUpdated);

    // The text is open again; the next checkpoint is the version the reopening announced.
    expect((await signedIn(t, setup.approver.token).request("PUT", contractPath(setup.contract.id), { content: "<p>Net 45 days.</p>" })).status).toBe(200);
    const next = await signedIn(t, setup.approver.token).post<CreatedVersion>(`${contractPath(setup.contract.id)}/versions`);
    expect(next.body).toMatchObject({ versionNumber: "2", created: true });
    expect(await readContract(t.deps.db, setup.contract.id)).toMatchObject({ version: 2, approvedVersion: 1, plainText: "Net 45 days." });
  });

  it("reopens a contract pending approval as well; admins may do it", async () => {
    const setup = await createReviewSetup(t.deps.db);
    await submit(setup);
    const res = await reopen(setup.admin.token, setup.contract.id, { reason: "Typo in clause 1." });
    expect(res.status).toBe(200);
    expect(res.body.contract.status).toBe("under_review");
    expect(await stepsOf(t.deps.db, setup.contract.id)).toEqual({ legal: "pending", finance: "waiting", final: "waiting" });
  });

  it("is refused to reviewers and to an approver with a narrower grant (403), and changes nothing", async () => {
    const setup = await createReviewSetup(t.deps.db);
    await approve(setup);
    const reviewer = await reopen(setup.reviewer.token, setup.contract.id, { reason: "Please." });
    expect(reviewer.status).toBe(403);
    expect(reviewer.body).toEqual({ error: "forbidden", message: "Only approvers and administrators can reopen a contract for changes." });
    await grantContractAccess(t.deps.db, { companyId: setup.company.id, contractId: setup.contract.id, userId: setup.approver.user.id, accessLevel: "review" });
    expect((await reopen(setup.approver.token, setup.contract.id, { reason: "Please." })).status).toBe(403);
    expect((await readContract(t.deps.db, setup.contract.id)).status).toBe("approved");
  });

  it("answers another company's contract exactly like a missing or malformed one (404), and needs sign-in", async () => {
    const setup = await createReviewSetup(t.deps.db);
    await approve(setup);
    const other = await createTeam(t.deps.db);
    const cross = await reopen(other.admin.token, setup.contract.id, { reason: "Mine now." });
    const missing = await reopen(other.admin.token, randomUUID(), { reason: "Mine now." });
    const malformed = await reopen(other.admin.token, "not-a-uuid", { reason: "Mine now." });
    expect(cross.status).toBe(404);
    expect(cross.body).toEqual({ error: "not_found", message: "Contract not found." });
    expect(missing.body).toEqual(cross.body);
    expect(malformed.body).toEqual(cross.body);
    expect((await t.client().post(`${contractPath(setup.contract.id)}/reopen-for-changes`, { reason: "x" })).status).toBe(401);
    expect((await readContract(t.deps.db, setup.contract.id)).status).toBe("approved");
  });

  it("needs a reason: a missing, blank, too long or non-text one is 400 naming the field, and nothing changes", async () => {
    const setup = await createReviewSetup(t.deps.db);
    await approve(setup);
    for (const body of [{}, { reason: "   " }, { reason: "x".repeat(5001) }, { reason: 42 }, { reason: null }]) {
      const res = await reopen(setup.approver.token, setup.contract.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: "validation_failed", fields: { reason: expect.any(String) } });
    }
    expect((await reopen(setup.approver.token, setup.contract.id, { reason: "" })).body).toMatchObject({ fields: { reason: "Please give a reason for reopening the contract." } });
    expect((await readContract(t.deps.db, setup.contract.id)).status).toBe("approved");
  });

  it("refuses a contract that is not locked (409), and leaves the rejected → under_review path to Reopen", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const open = await reopen(setup.approver.token, setup.contract.id, { reason: "Why not." });
    expect(open.status).toBe(409);
    expect(open.body).toEqual({ error: "conflict", message: "This contract is already under review, so it is open for changes." });

    await submit(setup);
    expect((await signedIn(t, setup.approver.token).post(`${contractPath(setup.contract.id)}/reject`, { comment: "Fix clause 1." })).status).toBe(200);
    const rejected = await reopen(setup.approver.token, setup.contract.id, { reason: "Again." });
    expect(rejected.status).toBe(409);
    expect((rejected.body as unknown as { message: string }).message).toMatch(/Reopen it for review/);
    // A rejected contract is not locked, and Reopen still takes it back to review.
    expect((await signedIn(t, setup.approver.token).request("PUT", contractPath(setup.contract.id), { content: "<p>Fixed while rejected</p>" })).status).toBe(200);
    const back = await signedIn(t, setup.reviewer.token).post<WorkflowResult>(`${contractPath(setup.contract.id)}/reopen`);
    expect(back.status).toBe(200);
    expect(back.body.contract.status).toBe("under_review");
  });
});

describe("GET /api/contracts/:id/status-history", () => {
  const history = (token: string, contractId: string) => signedIn(t, token).get<StatusHistoryEntry[]>(`${contractPath(contractId)}/status-history`);

  it("lists every status change newest first, with who, why and the version, readable by every role", async () => {
    const setup = await createReviewSetup(t.deps.db);
    await approve(setup);
    expect((await signedIn(t, setup.admin.token).post(`${contractPath(setup.contract.id)}/reopen-for-changes`, { reason: "New scope." })).status).toBe(200);
    await grantContractAccess(t.deps.db, { companyId: setup.company.id, contractId: setup.contract.id, userId: setup.approver.user.id, accessLevel: "read" });
    for (const member of [setup.admin, setup.approver, setup.reviewer]) {
      const res = await history(member.token, setup.contract.id);
      expect(res.status).toBe(200);
      const entries = res.body.map((e) => statusHistoryEntry.strict().parse(e));
      expect(entries.map((e) => [e.action, e.label, e.from, e.to, e.comment, e.version])).toEqual([
        ["reopen_for_changes", "Reopened for changes", "approved", "under_review", "New scope.", 2],
        ["approve", "Contract approved", "pending_approval", "approved", null, 1],
        ["decide", "Finance Review approved", "pending_approval", "pending_approval", null, null],
        ["decide", "Legal Review approved", "pending_approval", "pending_approval", null, null],
        ["submit", "Submitted for approval", "under_review", "pending_approval", "Ready.", null],
      ]);
      expect(entries[0]!.by).toBe("Test User");
    }
  });

  it("answers 404 for another company's contract exactly as for a missing one, and needs sign-in", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const other = await createTeam(t.deps.db);
    const cross = await history(other.admin.token, setup.contract.id);
    expect(cross.status).toBe(404);
    expect((await history(other.admin.token, randomUUID())).body).toEqual(cross.body);
    expect((await t.client().get(`${contractPath(setup.contract.id)}/status-history`)).status).toBe(401);
  });
});
