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

describe("suggested paragraph breaks (issue 14)", () => {
  type Run = [string, Record<string, unknown>?];
  /** Paragraphs of runs; a paragraph may carry a suggested break before it. */
  const blocks = (list: { runs: Run[]; suggestedBreak?: Record<string, unknown> }[]) => {
    const doc = new Y.Doc();
    doc.getXmlFragment("default").insert(
      0,
      list.map(({ runs, suggestedBreak }) => {
        const p = new Y.XmlElement("paragraph");
        if (suggestedBreak) p.setAttribute("suggestedBreak", suggestedBreak as unknown as string);
        const text = new Y.XmlText();
        p.insert(0, [text]);
        let at = 0;
        for (const [value, attributes] of runs) {
          text.insert(at, value, attributes ?? {});
          at += value.length;
        }
        return p;
      }),
    );
    return doc;
  };
  const ins = (id: string) => ({ suggestionInsert: attrs(id, "u1") });
  const del = (id: string) => ({ suggestionDelete: attrs(id, "u1") });
  const brk = (kind: "insert" | "delete", id: string) => ({ kind, ...attrs(id, "u1") });
  const breaksOf = (doc: Y.Doc) => (doc.getXmlFragment("default").toArray() as Y.XmlElement[]).map((p) => p.getAttribute("suggestedBreak") ?? null);
  /** Enter after "shall", then "Also" typed: one change. */
  const entered = () => blocks([{ runs: [["The Contractor shall"]] }, { runs: [["Also", ins("s-n")], [" pay."]], suggestedBreak: brk("insert", "s-n") }]);
  /** Deleting from after "Alpha" to before " two." across three paragraphs. */
  const joined = () =>
    blocks([
      { runs: [["Alpha"], [" one.", del("s-j")]] },
      { runs: [["Bravo.", del("s-j")]], suggestedBreak: brk("delete", "s-j") },
      { runs: [["Charlie", del("s-j")], [" two."]], suggestedBreak: brk("delete", "s-j") },
    ]);

  it("collects a break as a line break of its change, with offsets in the accepted text", () => {
    const [enter] = collectSuggestions(entered());
    expect(enter).toMatchObject({ changeId: "s-n", kind: "insert", newText: "\nAlso", originalText: "", start: 20, end: 20, authorId: "u1" });
    const doc = joined();
    const [join] = collectSuggestions(doc);
    expect(join).toMatchObject({ changeId: "s-j", kind: "delete", originalText: " one.\nBravo.\nCharlie", newText: "" });
    expect(documentText(doc).slice(join!.start, join!.end)).toBe(" one.\nBravo.\nCharlie");
  });

  it("accepting a new paragraph keeps the break; rejecting it joins the paragraphs again", () => {
    const accepted = entered();
    expect(decideMarkedSuggestion(accepted, "s-n", "accept")).not.toBeNull();
    expect(documentText(accepted)).toBe("The Contractor shall\nAlso pay.");
    expect(breaksOf(accepted)).toEqual([null, null]);
    expect(collectSuggestions(accepted)).toEqual([]);

    const rejected = entered();
    expect(decideMarkedSuggestion(rejected, "s-n", "reject")).not.toBeNull();
    expect(documentText(rejected)).toBe("The Contractor shall pay.");
    expect(rejected.getXmlFragment("default").length).toBe(1);
    expect(collectSuggestions(rejected)).toEqual([]);
  });

  it("a pasted pair of paragraphs: accepted they stay, rejected they go without a trace", () => {
    const pasted = () =>
      blocks([
        { runs: [["The Contractor shall"], [" One.", ins("s-p")]] },
        { runs: [["Two.", ins("s-p")], [" pay."]], suggestedBreak: brk("insert", "s-p") },
        { runs: [["Second clause."]] },
      ]);
    const accepted = pasted();
    decideMarkedSuggestion(accepted, "s-p", "accept");
    expect(documentText(accepted)).toBe("The Contractor shall One.\nTwo. pay.\nSecond clause.");
    const rejected = pasted();
    decideMarkedSuggestion(rejected, "s-p", "reject");
    expect(documentText(rejected)).toBe("The Contractor shall pay.\nSecond clause.");
    expect(ydocToHtml(rejected)).not.toContain("suggested-break");
  });

  it("accepting a deletion across paragraphs joins them; rejecting keeps every word and break", () => {
    const accepted = joined();
    decideMarkedSuggestion(accepted, "s-j", "accept");
    expect(documentText(accepted)).toBe("Alpha two.");
    expect(accepted.getXmlFragment("default").length).toBe(1);
    const rejected = joined();
    decideMarkedSuggestion(rejected, "s-j", "reject");
    expect(documentText(rejected)).toBe("Alpha one.\nBravo.\nCharlie two.");
    expect(breaksOf(rejected)).toEqual([null, null, null]);
  });

  it("keeps others' formatting and suggestions when joining", () => {
    const doc = blocks([{ runs: [["First"]] }, { runs: [["bold", { bold: {} }], [" kept", ins("other")]], suggestedBreak: brk("delete", "s-k") }]);
    decideMarkedSuggestion(doc, "s-k", "accept");
    const text = (doc.getXmlFragment("default").get(0) as Y.XmlElement).get(0) as Y.XmlText;
    expect(text.toDelta()).toEqual([{ insert: "First" }, { insert: "bold", attributes: { bold: {} } }, { insert: " kept", attributes: ins("other") }]);
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

  it("a reviewer's new paragraph becomes one change; approving keeps the break, rejecting joins again", async () => {
    for (const decision of ["approve", "reject"] as const) {
      const setup = await createReviewSetup(t.deps.db);
      const doc = await liveDoc(setup);
      const original = documentText(doc);
      const segment = documentSegments(doc).find((s) => s.node && s.text.includes(" within 30 days"))!;
      const text = segment.node!;
      const at = segment.text.indexOf(" within 30 days");
      const rest = segment.text.slice(at + 1);
      const updates: Uint8Array[] = [];
      doc.on("update", (u: Uint8Array) => updates.push(u));
      doc.transact(() => {
        // Enter before "within": what the editor's suggestion mode sends.
        text.delete(at + 1, rest.length);
        const paragraph = text.parent as Y.XmlElement;
        const container = paragraph.parent as Y.XmlFragment;
        const next = new Y.XmlElement("paragraph");
        next.setAttribute("suggestedBreak", { kind: "insert", ...attrs("s-enter", setup.reviewer.user.id) } as unknown as string);
        const moved = new Y.XmlText();
        next.insert(0, [moved]);
        moved.insert(0, rest);
        container.insert(container.toArray().indexOf(paragraph) + 1, [next]);
      });
      await appendUpdates(t.deps.db, setup.contract.id, updates.splice(0));
      const { result } = await sync(setup);
      expect(result.created).toHaveLength(1);
      const [row] = await rows(setup.contract.id);
      expect(row).toMatchObject({ status: "pending", changeType: "insert", newText: "\n", userId: setup.reviewer.user.id, anchor: { kind: "mark", changeId: "s-enter" } });
      expect((await notificationsOf(t.deps.db, setup.approver.user.id)).find((n) => n.type === "approval_required")?.message).toContain("insert “¶”");

      const res = await signedIn(t, setup.approver.token).post<DocumentChange>(`/api/document-changes/${row!.id}/${decision}`, decision === "reject" ? { comment: "Keep it one paragraph" } : undefined);
      expect(res.status).toBe(200);
      const after = await liveDoc(setup);
      const expected = decision === "approve" ? original.replace(" within 30 days", " \nwithin 30 days") : original;
      expect(documentText(after)).toBe(expected);
      expect(ydocToHtml(after)).not.toContain("suggested-break");
      expect(collectSuggestions(after)).toEqual([]);
      expect((await rows(setup.contract.id))[0]!.status).toBe(decision === "approve" ? "approved" : "rejected");
    }
  });
});
