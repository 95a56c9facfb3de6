import { eq } from "drizzle-orm";
import { PUSH_EVENTS, type DocumentChange } from "@clausewise/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { documentChanges } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { captureEvents, createReviewSetup, notificationsOf, signedIn } from "../test/review-factories";
import { ydocToHtml } from "./convert";
import { appendUpdates, ensureSeeded, loadDocument } from "./store";
import { collectSuggestions, decideMarkedSuggestion, syncSuggestions, WITHDRAWN_COMMENT } from "./suggestions";
import { documentSegments, documentText } from "./text-edit";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Setup = Awaited<ReturnType<typeof createReviewSetup>>;

const attrs = (changeId: string, authorId: string) => ({ changeId, authorId, authorName: "Rae Reviewer", createdAt: "2026-11-22T03:00:00.000Z" });

/** What a reviewer's editor sends: `from` marked for deletion, `to` inserted after it, one changeId. */
function suggestReplace(doc: Y.Doc, from: string, to: string, changeId: string, authorId: string): Uint8Array {
  const segment = documentSegments(doc).find((s) => s.node && s.text.includes(from))!;
  const index = segment.text.indexOf(from);
  const updates: Uint8Array[] = [];
  const collect = (u: Uint8Array) => updates.push(u);
  doc.on("update", collect);
  doc.transact(() => {
    if (from) segment.node!.format(index, from.length, { suggestionDelete: attrs(changeId, authorId) });
    if (to) segment.node!.insert(index + from.length, to, { suggestionInsert: attrs(changeId, authorId) });
  });
  doc.off("update", collect);
  return Y.mergeUpdates(updates);
}

async function liveDoc(setup: Setup) {
  await ensureSeeded(t.deps.db, { contractId: setup.contract.id });
  return (await loadDocument(t.deps.db, setup.contract.id)).doc;
}

/** The reviewer's edit stored as the realtime server stores it, then the sync it runs. */
async function reviewerEdit(setup: Setup, from: string, to: string, changeId: string) {
  const doc = await liveDoc(setup);
  await appendUpdates(t.deps.db, setup.contract.id, [suggestReplace(doc, from, to, changeId, setup.reviewer.user.id)]);
  return sync(setup);
}

async function sync(setup: Setup) {
  const doc = await liveDoc(setup);
  const { result, events } = await captureEvents(t, async () => {
    const r = await t.deps.db.transaction((tx) => syncSuggestions(tx, { companyId: setup.company.id, contractId: setup.contract.id, doc }));
    for (const task of r.afterCommit) {
      if ("publish" in task) await task.publish(t.deps);
      else await t.deps.bus.publish(task);
    }
    return r;
  });
  return { result, events };
}

const rows = (contractId: string) => t.deps.db.select().from(documentChanges).where(eq(documentChanges.contractId, contractId));

describe("collectSuggestions", () => {
  it("returns one entry per changeId with texts and offsets in the accepted text", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const doc = await liveDoc(setup);
    const accepted = documentText(doc);
    suggestReplace(doc, "30", "45", "s1", "u1");
    suggestReplace(doc, "", " promptly", "s2", "u1");
    suggestReplace(doc, "retained ", "", "s3", "u1");
    const found = collectSuggestions(doc);
    expect(found.map(({ changeId, kind, originalText, newText }) => ({ changeId, kind, originalText, newText }))).toEqual([
      { changeId: "s2", kind: "insert", originalText: "", newText: " promptly" },
      { changeId: "s1", kind: "replace", originalText: "30", newText: "45" },
      { changeId: "s3", kind: "delete", originalText: "retained ", newText: "" },
    ]);
    const s1 = found.find((s) => s.changeId === "s1")!;
    expect(accepted.slice(s1.start, s1.end)).toBe("30");
    const s3 = found.find((s) => s.changeId === "s3")!;
    expect(accepted.slice(s3.start, s3.end)).toBe("retained ");
  });
});

describe("decideMarkedSuggestion", () => {
  const paragraphs = (lines: [string, Record<string, unknown>?][]) => {
    const doc = new Y.Doc();
    doc.getXmlFragment("default").insert(
      0,
      lines.map(([line, attributes]) => {
        const p = new Y.XmlElement("paragraph");
        const text = new Y.XmlText();
        p.insert(0, [text]);
        text.insert(0, line, attributes ?? {});
        return p;
      }),
    );
    return doc;
  };

  it("accepting the deletion of a whole paragraph leaves no empty paragraph (issue 14)", () => {
    const doc = paragraphs([["Keep this."], ["Delete this clause.", { suggestionDelete: attrs("s-p", "u1") }], ["And this."]]);
    expect(decideMarkedSuggestion(doc, "s-p", "accept")).not.toBeNull();
    expect(doc.getXmlFragment("default").length).toBe(2);
    expect(documentText(doc)).toBe("Keep this.\nAnd this.");
  });

  it("keeps the paragraph when part of its text stays, and keeps the document's last block", () => {
    const partly = paragraphs([["Keep this."], ["Delete this clause.", { suggestionDelete: attrs("s-p", "u1") }]]);
    ((partly.getXmlFragment("default").get(1) as Y.XmlElement).get(0) as Y.XmlText).insert(0, "Stays. ");
    decideMarkedSuggestion(partly, "s-p", "accept");
    expect(partly.getXmlFragment("default").length).toBe(2);
    const only = paragraphs([["Gone.", { suggestionDelete: attrs("s-o", "u1") }]]);
    decideMarkedSuggestion(only, "s-o", "accept");
    expect(only.getXmlFragment("default").length).toBe(1);
  });
});

describe("syncSuggestions and deciding mark-backed changes", () => {
  it("creates a pending change for a reviewer's suggestion, notifies approvers once, and approving applies it", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const { result, events } = await reviewerEdit(setup, "30", "45", "s-approve");
    expect(result.created).toHaveLength(1);
    expect(events.map((e) => e.type)).toContain(PUSH_EVENTS.changeNew);
    const [row] = await rows(setup.contract.id);
    expect(row).toMatchObject({ status: "pending", changeType: "replace", originalText: "30", newText: "45", userId: setup.reviewer.user.id, anchor: { kind: "mark", changeId: "s-approve" } });
    expect((await notificationsOf(t.deps.db, setup.approver.user.id)).filter((n) => n.type === "approval_required")).toHaveLength(1);

    // Syncing again changes nothing and notifies nobody.
    const again = await sync(setup);
    expect(again.result).toMatchObject({ created: [], updated: [], withdrawn: [] });
    expect((await notificationsOf(t.deps.db, setup.approver.user.id)).filter((n) => n.type === "approval_required")).toHaveLength(1);

    const res = await signedIn(t, setup.approver.token).post<DocumentChange>(`/api/document-changes/${row!.id}/approve`);
    expect(res.status).toBe(200);
    const doc = await liveDoc(setup);
    expect(documentText(doc)).toContain("within 45 days");
    expect(ydocToHtml(doc)).not.toContain("data-change-id");
    expect(collectSuggestions(doc)).toEqual([]);
    const [after] = await rows(setup.contract.id);
    expect(after!.status).toBe("approved");
  });

  it("rejecting restores the original text", async () => {
    const setup = await createReviewSetup(t.deps.db);
    await reviewerEdit(setup, "30", "45", "s-reject");
    const [row] = await rows(setup.contract.id);
    const res = await signedIn(t, setup.approver.token).post<DocumentChange>(`/api/document-changes/${row!.id}/reject`, { comment: "No" });
    expect(res.status).toBe(200);
    const doc = await liveDoc(setup);
    expect(documentText(doc)).toContain("within 30 days");
    expect(documentText(doc)).not.toContain("45");
    expect(ydocToHtml(doc)).not.toContain("data-change-id");
    expect((await rows(setup.contract.id))[0]!.status).toBe("rejected");
  });

  it("updates a changed suggestion and closes a withdrawn one", async () => {
    const setup = await createReviewSetup(t.deps.db);
    await reviewerEdit(setup, "30", "45", "s-w");
    const doc = await liveDoc(setup);
    // The reviewer types on in the same run.
    const segment = documentSegments(doc).find((s) => s.node && s.text.includes("3045"))!;
    const updates: Uint8Array[] = [];
    doc.on("update", (u: Uint8Array) => updates.push(u));
    segment.node!.insert(segment.text.indexOf("3045") + 4, "0", { suggestionInsert: attrs("s-w", setup.reviewer.user.id) });
    await appendUpdates(t.deps.db, setup.contract.id, updates.splice(0));
    const updated = await sync(setup);
    expect(updated.result.updated).toHaveLength(1);
    expect((await rows(setup.contract.id))[0]).toMatchObject({ newText: "450", status: "pending" });

    // Then takes it all back: inserted text deleted, deletion mark removed.
    const at = documentSegments(doc).find((s) => s.node && s.text.includes("30450"))!;
    const i = at.text.indexOf("30450");
    doc.transact(() => {
      at.node!.delete(i + 2, 3);
      at.node!.format(i, 2, { suggestionDelete: null });
    });
    await appendUpdates(t.deps.db, setup.contract.id, updates.splice(0));
    const withdrawn = await sync(setup);
    expect(withdrawn.result.withdrawn).toHaveLength(1);
    expect((await rows(setup.contract.id))[0]).toMatchObject({ status: "rejected", decisionComment: WITHDRAWN_COMMENT });
  });
});
