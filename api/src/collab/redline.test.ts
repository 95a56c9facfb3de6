import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { makeMinimalDocxZip } from "../test/fixtures";
import { planRedline } from "../documents/redline/plan";
import { readRedline } from "../documents/redline/read";
import { applyRedline, wordDate } from "./redline";
import { seedDocFromHtml, ydocToHtml } from "./convert";
import { collectSuggestions, decideMarkedSuggestion } from "./suggestions";
import { documentText } from "./text-edit";

const NOW = new Date("2026-05-01T12:00:00Z");
const rev = (tag: string, author: string, inner: string) => `<w:${tag} w:id="1" w:author="${author}" w:date="2026-03-02T10:00:00Z">${inner}</w:${tag}>`;
const run = (text: string) => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`;
const delRun = (text: string) => `<w:r><w:delText xml:space="preserve">${text}</w:delText></w:r>`;

function docFrom(html: string): Y.Doc {
  const doc = new Y.Doc();
  seedDocFromHtml(doc, html);
  return doc;
}

const planOf = (bodyXml: string) => planRedline(readRedline(new Uint8Array(makeMinimalDocxZip({ bodyXml }))));

const REDLINE = `<w:p>${run("The Owner shall pay within ")}${rev("del", "Dana Counsel", delRun("30"))}${rev("ins", "Dana Counsel", run("45"))}${run(" days.")}</w:p><w:p>${run("Holdback is retained.")}${rev("ins", "Lee Partner", run(" Released at completion."))}</w:p>`;

describe("applyRedline", () => {
  it("writes each tracked change as a suggestion signed with the Word author, keeping the formatting around it", () => {
    const doc = docFrom("<p>The <strong>Owner</strong> shall pay within 30 days.</p><p>Holdback is retained.</p>");
    const applied = applyRedline(doc, planOf(REDLINE), NOW);
    expect(applied.written).toHaveLength(2);
    expect(applied.untrackedDifferences).toBe(0);
    expect(collectSuggestions(doc).map(({ kind, originalText, newText, authorId, authorName, createdAt }) => ({ kind, originalText, newText, authorId, authorName, createdAt }))).toEqual([
      { kind: "replace", originalText: "30", newText: "45", authorId: null, authorName: "Dana Counsel", createdAt: "2026-03-02T10:00:00.000Z" },
      { kind: "insert", originalText: "", newText: " Released at completion.", authorId: null, authorName: "Lee Partner", createdAt: "2026-03-02T10:00:00.000Z" },
    ]);
    expect(ydocToHtml(doc)).toContain("The <strong>Owner</strong> shall pay within <del");
  });

  it("leaves suggestions the contract already has (its own export coming back) as they are", () => {
    const doc = docFrom("<p>The Owner shall pay within 30 days.</p><p>Holdback is retained.</p>");
    applyRedline(doc, planOf(REDLINE), NOW);
    const before = Y.encodeStateVector(doc);
    const again = applyRedline(doc, planOf(REDLINE), NOW);
    expect(again.written).toEqual([]);
    expect(again.alreadyPending).toHaveLength(2);
    expect(again.update).toBeNull();
    expect(Y.encodeStateVector(doc)).toEqual(before);
  });

  it("places changes where the contract still has their words, skips those whose words changed, and counts untracked differences", () => {
    // Since the export, the first clause was rewritten in the contract; the second is as sent.
    const doc = docFrom("<p>The Owner pays within 60 days.</p><p>Holdback is retained.</p>");
    const applied = applyRedline(doc, planOf(REDLINE), NOW);
    expect(applied.skipped.map((s) => [s.change.revision.author, s.reason])).toEqual([["Dana Counsel", "text_changed"]]);
    expect(applied.written.map((w) => w.change.revision.author)).toEqual(["Lee Partner"]);
    expect(applied.untrackedDifferences).toBe(1);
    expect(documentText(doc)).toBe("The Owner pays within 60 days.\nHoldback is retained. Released at completion.");
  });

  it("refuses to mark for deletion words another pending suggestion already deletes", () => {
    const doc = docFrom('<p>The Owner shall pay within <del data-change-id="c9" data-author-id="u1" data-author-name="Rae Reviewer">30</del> days.</p><p>Holdback is retained.</p>');
    const applied = applyRedline(doc, planOf(REDLINE), NOW);
    expect(applied.skipped.map((s) => s.reason)).toEqual(["overlaps_suggestion"]);
  });

  it("adds a paragraph inserted whole as a new paragraph of suggested text, and places insertions at a line's start on that line", () => {
    const doc = docFrom("<h2>1. Payment</h2><p>Net 30.</p>");
    const plan = planOf(
      `<w:p>${run("1. Payment")}</w:p><w:p><w:pPr><w:rPr>${rev("ins", "Ann", "")}</w:rPr></w:pPr>${rev("ins", "Ann", run("New clause."))}</w:p><w:p>${rev("ins", "Bo", run("Always "))}${run("Net 30.")}</w:p>`,
    );
    applyRedline(doc, plan, NOW);
    expect(ydocToHtml(doc)).toMatch(/^<h2>1\. Payment<\/h2><p [^>]*data-suggested-break="[^"]*&quot;kind&quot;:&quot;insert&quot;[^"]*"[^>]*><ins [^>]*data-author-name="Ann"[^>]*>New clause\.<\/ins><\/p><p><ins [^>]*data-author-name="Bo"[^>]*>Always <\/ins>Net 30\.<\/p>$/);
    // The new paragraph's break is part of its suggestion: rejecting it leaves the contract as it was.
    const [clause] = collectSuggestions(doc).filter((c) => c.authorName === "Ann");
    expect(clause).toMatchObject({ kind: "insert", newText: "\nNew clause." });
    decideMarkedSuggestion(doc, clause!.changeId, "reject");
    expect(ydocToHtml(doc)).toMatch(/^<h2>1\. Payment<\/h2><p><ins [^>]*data-author-name="Bo"[^>]*>Always <\/ins>Net 30\.<\/p>$/);
  });

  it("dates a change from Word, or now when the date is missing, unreadable or in the future", () => {
    expect(wordDate("2017-03-24T23:18:00Z", NOW)).toBe("2017-03-24T23:18:00.000Z");
    expect(wordDate(null, NOW)).toBe(NOW.toISOString());
    expect(wordDate("yesterday", NOW)).toBe(NOW.toISOString());
    expect(wordDate("2099-01-01T00:00:00Z", NOW)).toBe(NOW.toISOString());
  });
});
