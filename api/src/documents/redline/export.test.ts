import * as docx from "docx";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import type { JSONContent } from "@tiptap/core";
import { buildWordDocument, type ExportComment } from "@clausewise/shared/word";
import { inspectZip, readZipEntry } from "@clausewise/shared/zip";
import { applyRedline } from "../../collab/redline";
import { seedDocFromHtml, ydocToProseMirror } from "../../collab/convert";
import { collectSuggestions } from "../../collab/suggestions";
import { documentText } from "../../collab/text-edit";
import { alignTexts } from "./align";
import { planRedline } from "./plan";
import { readRedline } from "./read";
import { elements, parseXml, textOf, type XmlElement } from "./xml";

/*
 * The browser's Word export (@clausewise/shared/word) read back by the importer: suggestions as
 * tracked changes and markups as comments must come back with the same authors, words and places.
 */

const SUGGESTED =
  "<h2>1. Payment</h2>" +
  '<p>The Owner shall pay within <del data-change-id="c1" data-author-id="u1" data-author-name="Rae Reviewer" data-created-at="2026-04-01T09:30:00.000Z">30</del>' +
  '<ins data-change-id="c1" data-author-id="u1" data-author-name="Rae Reviewer" data-created-at="2026-04-01T09:30:00.000Z">45</ins> days of each invoice.</p>' +
  "<table><tbody><tr><td><p>Milestone</p></td><td><p>Amount</p></td></tr></tbody></table>";
const ACCEPTED = "<h2>1. Payment</h2><p>The Owner shall pay within 30 days of each invoice.</p><table><tbody><tr><td><p>Milestone</p></td><td><p>Amount</p></td></tr></tbody></table>";

function docFrom(html: string): Y.Doc {
  const doc = new Y.Doc();
  seedDocFromHtml(doc, html);
  return doc;
}

async function exportDoc(doc: Y.Doc, comments: ExportComment[]): Promise<Uint8Array> {
  const json = ydocToProseMirror(doc).toJSON() as JSONContent;
  return new Uint8Array(await docx.Packer.toBuffer(await buildWordDocument(docx, json, { title: "Supply", comments })));
}

function part(bytes: Uint8Array, name: string): XmlElement {
  const inspected = inspectZip(bytes);
  if ("problem" in inspected) throw new Error(inspected.problem.kind);
  const entry = inspected.entries.find((e) => e.name === name);
  if (!entry) throw new Error(`${name} is missing`);
  return parseXml(new TextDecoder().decode(readZipEntry(bytes, entry)!));
}

function descendants(node: XmlElement): XmlElement[] {
  return elements(node).flatMap((e) => [e, ...descendants(e)]);
}

describe("Word export: markups as comments", () => {
  const doc = docFrom(SUGGESTED);
  const text = documentText(doc);
  const owner = text.indexOf("Owner");
  const comments: ExportComment[] = [
    { id: "m1", type: "comment", author: "Sam Approver", date: "2026-04-02T08:00:00.000Z", text: "Is 45 days market?", start: owner, end: owner + "Owner shall pay".length },
    { id: "m2", type: "comment", author: "Rae Reviewer", date: "2026-04-02T09:00:00.000Z", text: "Yes, per CCDC 2.\nSee GC 5.", replyTo: "m1" },
    { id: "m3", type: "flag", author: "Sam Approver", date: "2026-04-02T10:00:00.000Z", text: "Check the milestones", start: text.indexOf("Milestone"), end: text.indexOf("Milestone") + 9 },
    { id: "m4", type: "comment", author: "Lee", date: "2026-04-02T11:00:00.000Z", text: "General remark" },
  ];

  it("writes comments.xml with author, initials, date and text, and threads replies in commentsExtended.xml", async () => {
    const bytes = await exportDoc(doc, comments);
    const written = elements(part(bytes, "word/comments.xml")).filter((e) => e.name === "w:comment");
    expect(written.map((c) => [c.attrs["w:id"], c.attrs["w:author"], c.attrs["w:initials"], c.attrs["w:date"]])).toEqual([
      ["0", "Sam Approver", "SA", "2026-04-02T08:00:00.000Z"],
      ["1", "Rae Reviewer", "RR", "2026-04-02T09:00:00.000Z"],
      ["2", "Sam Approver", "SA", "2026-04-02T10:00:00.000Z"],
      ["3", "Lee", "L", "2026-04-02T11:00:00.000Z"],
    ]);
    expect(written.map((c) => elements(c).map((p) => descendants(p).filter((e) => e.name === "w:t").map(textOf).join("")))).toEqual([
      ["Is 45 days market?"],
      ["Yes, per CCDC 2.", "See GC 5."],
      ["Flag: Check the milestones"],
      ["General remark"],
    ]);
    const threads = elements(part(bytes, "word/commentsExtended.xml"));
    expect(threads.map((t) => t.attrs["w15:paraIdParent"] ?? null)).toEqual([null, threads[0]!.attrs["w15:paraId"], null, null]);
  });

  it("anchors each comment on its words: range start, the text, range end, then the reference", async () => {
    const bytes = await exportDoc(doc, comments);
    const body = descendants(part(bytes, "word/document.xml"));
    const sequence = body
      .filter((e) => ["w:commentRangeStart", "w:commentRangeEnd", "w:commentReference", "w:t", "w:delText"].includes(e.name))
      .map((e) => (e.name === "w:t" || e.name === "w:delText" ? textOf(e) : `${e.name.slice(2)}:${e.attrs["w:id"]}`));
    expect(sequence).toEqual([
      // A comment without a position is a point at the document's start.
      "commentRangeStart:3",
      "commentRangeEnd:3",
      "commentReference:3",
      "1. Payment",
      "The ",
      "commentRangeStart:0",
      "commentRangeStart:1",
      "Owner shall pay",
      "commentRangeEnd:0",
      "commentReference:0",
      "commentRangeEnd:1",
      "commentReference:1",
      " within ",
      "30",
      "45",
      " days of each invoice.",
      "commentRangeStart:2",
      "Milestone",
      "commentRangeEnd:2",
      "commentReference:2",
      "Amount",
    ]);
    // Comment and revision ids do not collide.
    const revisionIds = body.filter((e) => e.name === "w:ins" || e.name === "w:del").map((e) => Number(e.attrs["w:id"]));
    expect(Math.min(...revisionIds)).toBeGreaterThan(3);
  });

  it("comes back through the importer: the same suggestions by the same authors, the same comments on the same words", async () => {
    const bytes = await exportDoc(doc, comments);
    const redline = readRedline(bytes);
    expect(redline.comments.map((c) => [c.author, c.text, c.parentId])).toEqual([
      ["Sam Approver", "Is 45 days market?", null],
      ["Rae Reviewer", "Yes, per CCDC 2.\nSee GC 5.", "0"],
      ["Sam Approver", "Flag: Check the milestones", null],
      ["Lee", "General remark", null],
    ]);
    const plan = planRedline(redline);
    // Imported into a copy of the contract without the suggestion:
    const copy = docFrom(ACCEPTED);
    const applied = applyRedline(copy, plan, new Date("2026-05-01T00:00:00Z"));
    expect(applied.untrackedDifferences).toBe(0);
    expect(collectSuggestions(copy).map(({ kind, originalText, newText, authorName, createdAt }) => ({ kind, originalText, newText, authorName, createdAt }))).toEqual([
      { kind: "replace", originalText: "30", newText: "45", authorName: "Rae Reviewer", createdAt: "2026-04-01T09:30:00.000Z" },
    ]);
    expect(documentText(copy)).toBe(text);
    const alignment = alignTexts(plan.full, documentText(copy));
    expect(plan.comments.map((c) => (c.start === null ? null : alignment.range(c.start, c.end!)))).toEqual([
      { start: owner, end: owner + 15 },
      { start: owner, end: owner + 15 },
      { start: text.indexOf("Milestone"), end: text.indexOf("Milestone") + 9 },
      { start: 0, end: 0 },
    ]);
    // Into the contract it came from: nothing new.
    expect(applyRedline(doc, plan, new Date()).alreadyPending).toHaveLength(1);
  });
});

describe("Word export: suggested paragraph breaks (issue 14)", () => {
  const by = (kind: string) => JSON.stringify({ kind, changeId: `b-${kind}`, authorId: "u1", authorName: "Rae Reviewer", createdAt: "2026-04-01T09:30:00.000Z" });
  const html =
    "<p>The Contractor shall</p>" +
    `<p data-suggested-break='${by("insert")}'>pay promptly.</p>` +
    "<p>Alpha</p>" +
    `<p data-suggested-break='${by("delete")}'>Bravo</p>`;

  it("writes each as a revision of the paragraph mark before the break (w:pPr/w:rPr/w:ins or w:del)", async () => {
    const doc = docFrom(html);
    expect(collectSuggestions(doc).map(({ changeId, kind }) => [changeId, kind])).toEqual([
      ["b-insert", "insert"],
      ["b-delete", "delete"],
    ]);
    const body = part(await exportDoc(doc, []), "word/document.xml");
    const paragraphs = descendants(body).filter((e) => e.name === "w:p");
    const markRevision = (p: XmlElement) => {
      const rPr = elements(elements(p).find((e) => e.name === "w:pPr") ?? p).find((e) => e.name === "w:rPr");
      const revision = rPr && elements(rPr).find((e) => e.name === "w:ins" || e.name === "w:del");
      return revision ? [revision.name, revision.attrs["w:author"], revision.attrs["w:date"]?.slice(0, 10)] : null;
    };
    const words = (p: XmlElement) => descendants(p).filter((e) => e.name === "w:t").map(textOf).join("");
    expect(paragraphs.map((p) => [words(p), markRevision(p)])).toEqual([
      ["The Contractor shall", ["w:ins", "Rae Reviewer", "2026-04-01"]],
      ["pay promptly.", null],
      ["Alpha", ["w:del", "Rae Reviewer", "2026-04-01"]],
      ["Bravo", null],
    ]);
  });

  it("comes back through the importer: new paragraphs after a paragraph, each with its suggested break", async () => {
    const pasted = `{"kind":"insert","changeId":"p1","authorId":"u1","authorName":"Rae Reviewer","createdAt":"2026-04-01T09:30:00.000Z"}`;
    const ins = (text: string) => `<ins data-change-id="p1" data-author-id="u1" data-author-name="Rae Reviewer" data-created-at="2026-04-01T09:30:00.000Z">${text}</ins>`;
    // Enter at the end of the first paragraph, then a paste of two paragraphs: one suggestion.
    const doc = docFrom(`<p>Kept clause.</p><p data-suggested-break='${pasted}'>${ins("Pasted one.")}</p><p data-suggested-break='${pasted}'>${ins("Pasted two.")}</p><p>Last clause.</p>`);
    expect(collectSuggestions(doc).map((c) => c.newText)).toEqual(["\nPasted one.\nPasted two."]);
    const plan = planRedline(readRedline(await exportDoc(doc, [])));
    expect(plan.structural).toBe(0);
    const copy = docFrom("<p>Kept clause.</p><p>Last clause.</p>");
    const applied = applyRedline(copy, plan, new Date("2026-05-01T00:00:00Z"));
    expect(applied.untrackedDifferences).toBe(0);
    expect(documentText(copy)).toBe(documentText(doc));
    // Word's revisions are one per paragraph: two suggestions by the same author, breaks included.
    expect(collectSuggestions(copy).map(({ kind, newText, authorName }) => ({ kind, newText, authorName }))).toEqual([
      { kind: "insert", newText: "\nPasted one.", authorName: "Rae Reviewer" },
      { kind: "insert", newText: "\nPasted two.", authorName: "Rae Reviewer" },
    ]);
    // Imported again: nothing new.
    expect(applyRedline(copy, plan, new Date()).written).toHaveLength(0);
  });
});

