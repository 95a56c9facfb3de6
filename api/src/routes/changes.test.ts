import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { PUSH_EVENTS, documentChange, type ChangeComment, type ContractDetail, type DocumentChange, type Markup } from "@clausewise/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { COLLAB_UPDATE_EVENT, parseCollabUpdateEvent } from "../collab/commit";
import { ydocToHtml } from "../collab/convert";
import { appendUpdates, ensureSeeded, loadDocument } from "../collab/store";
import { applyTextEditToDoc } from "../collab/text-edit";
import { htmlToPlainText } from "../content/text";
import { auditEvents, changeComments, documentChanges, users, yjsUpdates } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { grantContractAccess } from "../test/contract-factories";
import { createTeam, createUser } from "../test/factories";
import { captureEvents, createReviewSetup, notificationsOf, positionOf, readContract, signedIn } from "../test/review-factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Setup = Awaited<ReturnType<typeof createReviewSetup>>;

const propose = (setup: Setup, token: string, body: Record<string, unknown>) =>
  signedIn(t, token).post<DocumentChange>(`/api/contracts/${setup.contract.id}/changes`, body);

/** A replace proposed by the reviewer, from the first occurrence of `from` in the current text. */
async function proposeReplace(setup: Setup, from: string, to: string, token = setup.reviewer.token) {
  const text = htmlToPlainText((await readContract(t.deps.db, setup.contract.id)).content);
  const res = await propose(setup, token, { changeType: "replace", originalText: from, newText: to, position: positionOf(text, from) });
  expect(res.status).toBe(201);
  return res.body;
}

const approve = (token: string, id: string) => signedIn(t, token).post<DocumentChange>(`/api/document-changes/${id}/approve`);
const reject = (token: string, id: string, body?: unknown) => signedIn(t, token).post<DocumentChange>(`/api/document-changes/${id}/reject`, body);

async function documentText(setup: Setup, token = setup.reviewer.token) {
  const res = await signedIn(t, token).get<ContractDetail>(`/api/contracts/${setup.contract.id}`);
  return { html: res.body.content, text: htmlToPlainText(res.body.content) };
}

/**
 * The contract's text once its live document exists. Seeding puts the content in the editor's form,
 * which for the review document's table means one line per cell (content/text.ts reads a <p>
 * inside a cell as its own line, and the editor's cells always hold paragraphs).
 */
async function seededText(setup: Setup) {
  await ensureSeeded(t.deps.db, { contractId: setup.contract.id });
  return (await readContract(t.deps.db, setup.contract.id)).plainText;
}

const logRows = (contractId: string) => t.deps.db.select().from(yjsUpdates).where(eq(yjsUpdates.contractId, contractId));

/** An edit typed in a live editor, stored as the realtime server stores it. */
async function liveEdit(setup: Setup, from: string, to: string) {
  await ensureSeeded(t.deps.db, { contractId: setup.contract.id });
  const { doc } = await loadDocument(t.deps.db, setup.contract.id);
  const text = htmlToPlainText(ydocToHtml(doc));
  const update = applyTextEditToDoc(doc, text.indexOf(from), text.indexOf(from) + from.length, to)!;
  await appendUpdates(t.deps.db, setup.contract.id, [update]);
}

async function changeRow(id: string) {
  const [row] = await t.deps.db.select().from(documentChanges).where(eq(documentChanges.id, id));
  return row!;
}

describe("GET /api/contracts/:id/changes", () => {
  it("lists the contract's changes newest first, with the author's name", async () => {
    const setup = await createReviewSetup(t.deps.db);
    try {
      t.setNow(new Date("2026-11-20T10:00:00Z"));
      await proposeReplace(setup, "30 days", "45 days");
      t.setNow(new Date("2026-11-21T10:00:00Z"));
      await proposeReplace(setup, "60 days", "90 days", setup.approver.token);
    } finally {
      t.setNow(null);
    }
    const res = await signedIn(t, setup.reviewer.token).get<DocumentChange[]>(`/api/contracts/${setup.contract.id}/changes`);
    expect(res.status).toBe(200);
    expect(res.body.map((c) => c.newText)).toEqual(["90 days", "45 days"]);
    const first = documentChange.strict().parse(res.body[0]);
    expect(first).toMatchObject({ authorName: "Test User", status: "pending", userId: setup.approver.user.id, createdAt: "2026-11-21T10:00:00.000Z", decider: null, decidedAt: null });
  });

  it("answers another company's contract exactly like a missing one, and needs sign-in", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const other = await createTeam(t.deps.db);
    const client = signedIn(t, other.admin.token);
    const cross = await client.get(`/api/contracts/${setup.contract.id}/changes`);
    const missing = await client.get(`/api/contracts/${randomUUID()}/changes`);
    expect(cross.status).toBe(404);
    expect(cross.text).toBe(missing.text);
    expect((await t.client().get(`/api/contracts/${setup.contract.id}/changes`)).status).toBe(401);
  });
});

describe("POST /api/contracts/:id/changes", () => {
  it("stores a pending change, asks the deciders (not the author, not another company) and pushes change:new", async () => {
    const setup = await createReviewSetup(t.deps.db, { title: "Gas Plant EPC" });
    const other = await createTeam(t.deps.db);
    const text = setup.contract.plainText;
    const { result: res, events } = await captureEvents(t, () =>
      propose(setup, setup.reviewer.token, { changeType: "replace", originalText: "30 days", newText: "45 days", position: positionOf(text, "30 days"), reviewerComment: "  Industry norm  " }),
    );
    expect(res.status).toBe(201);
    const body = documentChange.strict().parse(res.body);
    expect(body).toMatchObject({ contractId: setup.contract.id, changeType: "replace", originalText: "30 days", newText: "45 days", status: "pending", reviewerComment: "Industry norm", userId: setup.reviewer.user.id, decidedAt: null });
    expect(JSON.parse(body.position)).toEqual({ start: text.indexOf("30 days"), end: text.indexOf("30 days") + 7 });

    for (const decider of [setup.admin.user.id, setup.approver.user.id]) {
      const [n] = await notificationsOf(t.deps.db, decider);
      expect(n).toMatchObject({ type: "approval_required", title: "Change awaiting approval on Gas Plant EPC", actionUrl: `/contracts/${setup.contract.id}` });
      expect(n!.message).toContain("“30 days” with “45 days”");
    }
    expect(await notificationsOf(t.deps.db, setup.reviewer.user.id)).toEqual([]);
    expect(await notificationsOf(t.deps.db, other.admin.user.id)).toEqual([]);

    expect(events.find((e) => e.type === PUSH_EVENTS.changeNew)).toMatchObject({ companyId: setup.company.id, contractId: setup.contract.id, payload: { contractId: setup.contract.id, id: body.id } });
    expect(events.filter((e) => e.type === PUSH_EVENTS.notificationNew).flatMap((e) => e.userIds).sort()).toEqual([setup.admin.user.id, setup.approver.user.id].sort());
    const [audit] = await t.deps.db.select().from(auditEvents).where(and(eq(auditEvents.entityId, body.id), eq(auditEvents.action, "change.propose")));
    expect(audit).toBeDefined();
  });

  it("accepts an insertion at a point and a deletion of a range", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const text = setup.contract.plainText;
    const at = text.indexOf("within");
    const insert = await propose(setup, setup.reviewer.token, { changeType: "insert", newText: "in full ", position: JSON.stringify({ start: at, end: at }) });
    expect(insert.status).toBe(201);
    const del = await propose(setup, setup.reviewer.token, { changeType: "delete", originalText: " of each invoice", position: positionOf(text, " of each invoice") });
    expect(del.status).toBe(201);
    expect(del.body.newText).toBe("");
  });

  it("answers 409 when the selected text is no longer at that range", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const text = setup.contract.plainText;
    const start = text.indexOf("30 days");
    const res = await propose(setup, setup.reviewer.token, { changeType: "replace", originalText: "30 days", newText: "45 days", position: JSON.stringify({ start: start + 1, end: start + 8 }) });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "conflict", message: "The selected text has changed since you selected it. Select it again." });
    expect(await t.deps.db.select().from(documentChanges).where(eq(documentChanges.contractId, setup.contract.id))).toEqual([]);
  });

  it("rejects bad input with 400 naming the field, and stores nothing", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const text = setup.contract.plainText;
    const valid = { changeType: "replace", originalText: "30 days", newText: "45 days", position: positionOf(text, "30 days") };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, changeType: "rewrite" }, "changeType"],
      [{ ...valid, position: "start=1,end=2" }, "position"],
      [{ ...valid, position: '{"start":5}' }, "position"],
      [{ ...valid, position: '{"start":9,"end":3}' }, "position"],
      [{ ...valid, position: JSON.stringify({ start: text.length, end: text.length + 7 }) }, "position"],
      [{ ...valid, newText: undefined }, "newText"],
      [{ ...valid, newText: "   " }, "newText"],
      [{ ...valid, originalText: "" }, "originalText"],
      [{ changeType: "insert", newText: "x", position: '{"start":3,"end":5}' }, "position"],
      [{ changeType: "insert", originalText: "Owner", newText: "x", position: '{"start":3,"end":3}' }, "originalText"],
      [{ changeType: "delete", originalText: "30 days", newText: "45 days", position: valid.position }, "newText"],
      [{ ...valid, position: undefined }, "position"],
    ];
    for (const [body, field] of cases) {
      const res = await propose(setup, setup.reviewer.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: "validation_failed", fields: { [field]: expect.any(String) } });
    }
    const notJson = await signedIn(t, setup.reviewer.token).request("POST", `/api/contracts/${setup.contract.id}/changes`, "{not json", { "content-type": "application/json" });
    expect(notJson.status).toBe(400);
    expect(await t.deps.db.select().from(documentChanges).where(eq(documentChanges.contractId, setup.contract.id))).toEqual([]);
  });

  it("is refused to someone with read-only access (403), and 404s for another company", async () => {
    const setup = await createReviewSetup(t.deps.db);
    await grantContractAccess(t.deps.db, { companyId: setup.company.id, contractId: setup.contract.id, userId: setup.approver.user.id, accessLevel: "read" });
    const body = { changeType: "replace", originalText: "30 days", newText: "45 days", position: positionOf(setup.contract.plainText, "30 days") };
    const readOnly = await propose(setup, setup.approver.token, body);
    expect(readOnly.status).toBe(403);
    expect(readOnly.body).toEqual({ error: "forbidden", message: "You have read-only access to this contract." });

    const other = await createTeam(t.deps.db);
    const cross = await signedIn(t, other.admin.token).post(`/api/contracts/${setup.contract.id}/changes`, body);
    const missing = await signedIn(t, other.admin.token).post(`/api/contracts/${randomUUID()}/changes`, body);
    expect(cross.status).toBe(404);
    expect(cross.text).toBe(missing.text);
    expect((await t.client().post(`/api/contracts/${setup.contract.id}/changes`, body)).status).toBe(401);
    expect(await t.deps.db.select().from(documentChanges).where(eq(documentChanges.contractId, setup.contract.id))).toEqual([]);
  });
});

describe("POST /api/document-changes/:id/approve", () => {
  it("applies the change to the document, keeps its formatting, tells the author and pushes the updates", async () => {
    const setup = await createReviewSetup(t.deps.db, { title: "Gas Plant EPC" });
    const original = await seededText(setup);
    const change = await proposeReplace(setup, "the Contract Price within 30 days", "the adjusted Contract Price within 45 days");
    const before = await readContract(t.deps.db, setup.contract.id);

    const { result: res, events } = await captureEvents(t, () => approve(setup.approver.token, change.id));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: change.id, status: "approved", decidedBy: setup.approver.user.id, decider: { id: setup.approver.user.id, name: "Test User" }, authorName: "Test User" });
    expect(res.body.decidedAt).toEqual(expect.any(String));
    // The list says who decided and when as well (issue 17: decisions are attributable).
    const listed = (await signedIn(t, setup.reviewer.token).get<DocumentChange[]>(`/api/contracts/${setup.contract.id}/changes`)).body.find((c) => c.id === change.id);
    expect(documentChange.strict().parse(listed)).toMatchObject({ decider: { id: setup.approver.user.id, name: "Test User" }, decidedAt: res.body.decidedAt });

    const { html, text } = await documentText(setup);
    expect(text).toBe(original.replace("the Contract Price within 30 days", "the adjusted Contract Price within 45 days"));
    expect(html).toContain("<h2>1. Payment</h2>");
    expect(html).toContain("<table");
    const stored = await readContract(t.deps.db, setup.contract.id);
    expect(stored.plainText).toBe(text);
    expect(stored.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());

    const [note] = await notificationsOf(t.deps.db, setup.reviewer.user.id);
    expect(note).toMatchObject({ type: "other", title: "Change Approved", actionUrl: `/contracts/${setup.contract.id}` });
    expect(note!.message).toContain("Gas Plant EPC");
    expect((await notificationsOf(t.deps.db, setup.approver.user.id)).filter((n) => n.title === "Change Approved")).toEqual([]);

    const types = events.map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining([PUSH_EVENTS.changeUpdated, PUSH_EVENTS.contractUpdated, PUSH_EVENTS.notificationNew]));
    expect(events.find((e) => e.type === PUSH_EVENTS.changeUpdated)!.payload).toEqual({ contractId: setup.contract.id, id: change.id });
  });

  it("keeps inline formatting when the replaced words sit inside it", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const change = await proposeReplace(setup, "Contract Price", "Contract Sum");
    expect((await approve(setup.admin.token, change.id)).status).toBe(200);
    expect((await documentText(setup)).html).toContain("<strong>Contract Sum</strong>");
  });

  it("goes through the live document: the edit is in the update log, live editors receive it, the content is derived from it", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const change = await proposeReplace(setup, "30 days", "45 days");
    await ensureSeeded(t.deps.db, { contractId: setup.contract.id });
    const { doc: replica } = await loadDocument(t.deps.db, setup.contract.id);
    const logBefore = (await logRows(setup.contract.id)).length;

    const { result: res, events } = await captureEvents(t, () => approve(setup.approver.token, change.id));
    expect(res.status).toBe(200);
    expect((await logRows(setup.contract.id)).length).toBe(logBefore + 1);
    const stored = await readContract(t.deps.db, setup.contract.id);
    const { doc } = await loadDocument(t.deps.db, setup.contract.id);
    expect(ydocToHtml(doc)).toBe(stored.content);
    expect(stored.plainText).toContain("within 45 days of each invoice");

    const collab = events.filter((e) => e.type === COLLAB_UPDATE_EVENT);
    expect(collab).toHaveLength(1);
    expect(collab[0]).toMatchObject({ companyId: setup.company.id, contractId: setup.contract.id });
    Y.applyUpdate(replica, parseCollabUpdateEvent(collab[0]!)!.update);
    expect(ydocToHtml(replica)).toBe(stored.content);
  });

  it("applies to the words where they are now, after live edits moved them", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const change = await proposeReplace(setup, "60 days", "90 days");
    await liveEdit(setup, "The Owner shall pay", "The Owner (Wapiti Ridge Midstream Ltd.) shall pay");
    expect((await approve(setup.approver.token, change.id)).status).toBe(200);
    const text = (await readContract(t.deps.db, setup.contract.id)).plainText;
    expect(text).toContain("The Owner (Wapiti Ridge Midstream Ltd.) shall pay");
    expect(text).toContain("10% retained for 90 days.");

    // A live edit of the change's own words: the original text is gone, so approval is refused.
    const stale = await proposeReplace(setup, "each invoice", "each approved invoice");
    await liveEdit(setup, "each invoice", "every invoice");
    expect((await approve(setup.approver.token, stale.id)).status).toBe(409);
    expect((await changeRow(stale.id)).status).toBe("pending");
  });

  it("applies insertions and deletions", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const text = await seededText(setup);
    const at = text.indexOf("within");
    const insert = await propose(setup, setup.reviewer.token, { changeType: "insert", newText: "in full ", position: JSON.stringify({ start: at, end: at }) });
    expect((await approve(setup.approver.token, insert.body.id)).status).toBe(200);
    const afterInsert = (await documentText(setup)).text;
    expect(afterInsert).toBe(text.replace("within", "in full within"));
    const del = await propose(setup, setup.reviewer.token, { changeType: "delete", originalText: " of each invoice", position: positionOf(afterInsert, " of each invoice") });
    expect((await approve(setup.approver.token, del.body.id)).status).toBe(200);
    expect((await documentText(setup)).text).toBe(afterInsert.replace(" of each invoice", ""));
  });

  it("moves later pending changes and markups with the edit, so they still apply to their words", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const text = await seededText(setup);
    const later = await proposeReplace(setup, "60 days", "90 days");
    const overlapping = await proposeReplace(setup, "within 30", "within thirty");
    const earlier = await proposeReplace(setup, "30 days of each invoice", "forty-five (45) days of each invoice", setup.approver.token);
    const markup = await signedIn(t, setup.reviewer.token).post<Markup>(`/api/contracts/${setup.contract.id}/markups`, {
      type: "comment",
      content: "Check the holdback period",
      position: { paragraph: 2, start: text.indexOf("60 days"), end: text.indexOf("60 days") + 7 },
    });
    expect(markup.status).toBe(201);

    expect((await approve(setup.admin.token, earlier.id)).status).toBe(200);
    const afterFirst = (await documentText(setup)).text;
    const moved = await changeRow(later.id);
    expect(JSON.parse(moved.position)).toEqual({ start: afterFirst.indexOf("60 days"), end: afterFirst.indexOf("60 days") + 7 });
    const markups = await signedIn(t, setup.reviewer.token).get<Markup[]>(`/api/contracts/${setup.contract.id}/markups`);
    expect(markups.body[0]!.position).toEqual({ paragraph: 2, start: afterFirst.indexOf("60 days"), end: afterFirst.indexOf("60 days") + 7 });

    expect((await approve(setup.admin.token, later.id)).status).toBe(200);
    expect((await documentText(setup)).text).toBe(text.replace("30 days of each invoice", "forty-five (45) days of each invoice").replace("60 days", "90 days"));

    // The overlapping change was left where it was; its words are gone, so approving it is refused.
    const stale = await approve(setup.admin.token, overlapping.id);
    expect(stale.status).toBe(409);
    expect((await changeRow(overlapping.id)).status).toBe("pending");
  });

  it("answers 409 when the document was edited where the change applies, and changes nothing", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const change = await proposeReplace(setup, "30 days", "45 days");
    const edited = setup.contract.content.replace("30 days", "35 days");
    expect((await signedIn(t, setup.approver.token).request("PUT", `/api/contracts/${setup.contract.id}`, { content: edited })).status).toBe(200);
    const before = await readContract(t.deps.db, setup.contract.id);

    const res = await approve(setup.approver.token, change.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: "conflict",
      message: "The document changed where this change applies: the original text no longer matches. Ask the reviewer to propose it again.",
    });
    expect((await changeRow(change.id)).status).toBe("pending");
    const after = await readContract(t.deps.db, setup.contract.id);
    expect(after.content).toBe(before.content);
    expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime());
  });

  it("still applies a change after an edit elsewhere in the document moved its words", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const change = await proposeReplace(setup, "60 days", "90 days");
    const edited = setup.contract.content.replace("1. Payment", "1. Payment and Invoicing");
    expect((await signedIn(t, setup.approver.token).request("PUT", `/api/contracts/${setup.contract.id}`, { content: edited })).status).toBe(200);
    expect((await approve(setup.approver.token, change.id)).status).toBe(200);
    expect((await documentText(setup)).text).toContain("1. Payment and Invoicing\n");
    expect((await documentText(setup)).text).toContain("10% retained for 90 days.");
  });

  it("answers 409 on a second decision", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const change = await proposeReplace(setup, "30 days", "45 days");
    expect((await approve(setup.approver.token, change.id)).status).toBe(200);
    const again = await approve(setup.admin.token, change.id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: "conflict", message: "This change has already been approved." });
    const rejectAfter = await reject(setup.admin.token, change.id, {});
    expect(rejectAfter.status).toBe(409);
    expect((await documentText(setup)).text.match(/45 days/g)).toHaveLength(1);
  });

  it("is forbidden to a reviewer (403) and leaves the change pending", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const change = await proposeReplace(setup, "30 days", "45 days");
    for (const res of [await approve(setup.reviewer.token, change.id), await reject(setup.reviewer.token, change.id, { comment: "no" })]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: "forbidden", message: "Reviewers propose changes; only an approver or admin can approve or reject them." });
    }
    expect((await changeRow(change.id)).status).toBe("pending");
    expect((await documentText(setup)).text).toBe(setup.contract.plainText);
  });

  it("lets a reviewer with an approve grant decide", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const change = await proposeReplace(setup, "30 days", "45 days", setup.approver.token);
    await grantContractAccess(t.deps.db, { companyId: setup.company.id, contractId: setup.contract.id, userId: setup.reviewer.user.id, accessLevel: "approve" });
    expect((await approve(setup.reviewer.token, change.id)).status).toBe(200);
  });

  it("answers another company's change exactly like a missing one (404), and needs sign-in", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const change = await proposeReplace(setup, "30 days", "45 days");
    const other = await createTeam(t.deps.db);
    for (const verb of ["approve", "reject"]) {
      const client = signedIn(t, other.admin.token);
      const cross = await client.post(`/api/document-changes/${change.id}/${verb}`, {});
      const missing = await client.post(`/api/document-changes/${randomUUID()}/${verb}`, {});
      const malformed = await client.post(`/api/document-changes/not-a-uuid/${verb}`, {});
      expect(cross.status).toBe(404);
      expect(cross.body).toEqual({ error: "not_found", message: "Change not found." });
      expect(cross.text).toBe(missing.text);
      expect(malformed.status).toBe(404);
      expect((await t.client().post(`/api/document-changes/${change.id}/${verb}`, {})).status).toBe(401);
    }
    expect((await changeRow(change.id)).status).toBe("pending");
  });
});

describe("POST /api/document-changes/:id/reject", () => {
  it("rejects with a comment, leaves the document alone, tells the author and pushes change:updated", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const change = await proposeReplace(setup, "30 days", "45 days");
    const { result: res, events } = await captureEvents(t, () => reject(setup.approver.token, change.id, { comment: "  Keep 30 days per the bid  " }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "rejected", decisionComment: "Keep 30 days per the bid", decidedBy: setup.approver.user.id, decider: { id: setup.approver.user.id, name: "Test User" } });
    expect((await documentText(setup)).text).toBe(setup.contract.plainText);
    const [note] = await notificationsOf(t.deps.db, setup.reviewer.user.id);
    expect(note).toMatchObject({ type: "other", title: "Change Rejected" });
    expect(note!.message).toContain("Keep 30 days per the bid");
    expect(events.find((e) => e.type === PUSH_EVENTS.changeUpdated)!.payload).toEqual({ contractId: setup.contract.id, id: change.id });
    expect(events.some((e) => e.type === PUSH_EVENTS.contractUpdated)).toBe(false);
    expect((await approve(setup.approver.token, change.id)).body).toEqual({ error: "conflict", message: "This change has already been rejected." });
  });

  it("rejects without a body, and refuses an over-long comment with 400", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const change = await proposeReplace(setup, "30 days", "45 days");
    const tooLong = await reject(setup.approver.token, change.id, { comment: "x".repeat(2001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ error: "validation_failed", fields: { comment: expect.any(String) } });
    expect((await changeRow(change.id)).status).toBe("pending");
    const res = await reject(setup.approver.token, change.id);
    expect(res.status).toBe(200);
    expect(res.body.decisionComment).toBeNull();
  });

  it("does not notify an author who can no longer read the contract", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const author = await createUser(t.deps.db, { companyId: setup.company.id, role: "reviewer" });
    const change = await proposeReplace(setup, "30 days", "45 days");
    await t.deps.db.update(documentChanges).set({ userId: author.id }).where(eq(documentChanges.id, change.id));
    await t.deps.db.update(users).set({ isActive: false }).where(eq(users.id, author.id));
    expect((await reject(setup.approver.token, change.id, {})).status).toBe(200);
    expect(await notificationsOf(t.deps.db, author.id)).toEqual([]);
  });
});

describe("the comment thread of a change (GET/POST /api/document-changes/:id/comments)", () => {
  const thread = (id: string) => `/api/document-changes/${id}/comments`;

  it("keeps the thread oldest first, counts it in the change list, tells the author and earlier commenters, and pushes change:updated", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const change = await proposeReplace(setup, "30 days", "45 days");
    const approver = signedIn(t, setup.approver.token);
    const { result: first, events } = await captureEvents(t, () => approver.post<ChangeComment>(thread(change.id), { content: "  Why 45 days?  " }));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ changeId: change.id, userId: setup.approver.user.id, content: "Why 45 days?", authorName: "Test User" });
    expect(events.find((e) => e.type === PUSH_EVENTS.changeUpdated)).toMatchObject({ contractId: setup.contract.id, payload: { contractId: setup.contract.id, id: change.id } });
    const toReviewer = (await notificationsOf(t.deps.db, setup.reviewer.user.id)).filter((n) => n.title.startsWith("New comment on a suggestion"));
    expect(toReviewer).toHaveLength(1);
    expect(toReviewer[0]).toMatchObject({ type: "markup_added", message: "Test User: Why 45 days?", actionUrl: `/contracts/${setup.contract.id}?tab=markups` });

    const reply = await signedIn(t, setup.reviewer.token).post<ChangeComment>(thread(change.id), { content: "The owner's usage." });
    expect(reply.status).toBe(201);
    const toApprover = (await notificationsOf(t.deps.db, setup.approver.user.id)).filter((n) => n.title.startsWith("New comment on a suggestion"));
    expect(toApprover).toHaveLength(1);
    // The commenter never hears of their own comment.
    expect((await notificationsOf(t.deps.db, setup.reviewer.user.id)).filter((n) => n.title.startsWith("New comment on a suggestion"))).toHaveLength(1);

    const listed = await signedIn(t, setup.admin.token).get<ChangeComment[]>(thread(change.id));
    expect(listed.status).toBe(200);
    expect(listed.body.map((c) => c.content)).toEqual(["Why 45 days?", "The owner's usage."]);
    const changes = await signedIn(t, setup.admin.token).get<DocumentChange[]>(`/api/contracts/${setup.contract.id}/changes`);
    expect(changes.body.find((c) => c.id === change.id)?.commentCount).toBe(2);
    const [audit] = await t.deps.db.select().from(auditEvents).where(and(eq(auditEvents.entityId, change.id), eq(auditEvents.action, "change.comment")));
    expect(audit).toBeDefined();
  });

  it("stays open on a decided change, and the thread goes with the change's contract", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const change = await proposeReplace(setup, "30 days", "45 days");
    expect((await reject(setup.admin.token, change.id, { comment: "No." })).status).toBe(200);
    const res = await signedIn(t, setup.reviewer.token).post<ChangeComment>(thread(change.id), { content: "Noted, thanks." });
    expect(res.status).toBe(201);
    expect(await t.deps.db.select().from(changeComments).where(eq(changeComments.changeId, change.id))).toHaveLength(1);
  });

  it("rejects bad input with 400 naming the field, and stores nothing", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const change = await proposeReplace(setup, "30 days", "45 days");
    for (const body of [{ content: "   " }, {}, { content: "x".repeat(2001) }, { content: 12 }]) {
      const res = await signedIn(t, setup.admin.token).post(thread(change.id), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: "validation_failed", fields: { content: expect.any(String) } });
    }
    const malformed = await signedIn(t, setup.admin.token).post(thread("not-a-uuid"), { content: "Hello" });
    expect(malformed.status).toBe(404);
    expect(await t.deps.db.select().from(changeComments).where(eq(changeComments.changeId, change.id))).toEqual([]);
  });

  it("is refused with 403 to someone with read-only access, who may still read the thread", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const change = await proposeReplace(setup, "30 days", "45 days");
    await signedIn(t, setup.admin.token).post(thread(change.id), { content: "First." });
    await grantContractAccess(t.deps.db, { companyId: setup.company.id, contractId: setup.contract.id, userId: setup.reviewer.user.id, accessLevel: "read" });
    const res = await signedIn(t, setup.reviewer.token).post(thread(change.id), { content: "Hello" });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message: "You have read-only access to this contract." });
    const read = await signedIn(t, setup.reviewer.token).get<ChangeComment[]>(thread(change.id));
    expect(read.status).toBe(200);
    expect(read.body.map((c) => c.content)).toEqual(["First."]);
  });

  it("answers another company's change exactly like a missing one (404), and needs sign-in", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const change = await proposeReplace(setup, "30 days", "45 days");
    const other = await createTeam(t.deps.db);
    const outsider = signedIn(t, other.admin.token);
    for (const call of [() => outsider.get(thread(change.id)), () => outsider.post(thread(change.id), { content: "Hello" })]) {
      const res = await call();
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: "not_found", message: "Change not found." });
    }
    expect((await outsider.get(thread(randomUUID()))).text).toBe((await outsider.get(thread(change.id))).text);
    expect((await t.client().get(thread(change.id))).status).toBe(401);
    expect((await t.client().post(thread(change.id), { content: "Hello" })).status).toBe(401);
    expect(await t.deps.db.select().from(changeComments).where(eq(changeComments.changeId, change.id))).toEqual([]);
  });
});
