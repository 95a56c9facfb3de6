import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { applyTextEdit, htmlToPlainText, TextRangeError } from "../content/text";
import { DEMO_CONTRACTS } from "../seed/demo-data";
import { renderContract } from "../seed/contracts/render";
import { seededRandom } from "../test/random";
import { REVIEW_DOCUMENT } from "../test/review-factories";
import { seedDocFromHtml, ydocToHtml, ydocToPlainText } from "./convert";
import { RICH_DOCUMENT } from "./test-documents";
import { applyTextEditToDoc, documentText } from "./text-edit";

const docFrom = (html: string) => {
  const doc = new Y.Doc();
  seedDocFromHtml(doc, html);
  return doc;
};

/** A small deterministic generator, so a failing case can be replayed. */
const REPLACEMENTS = ["", "45", "forty-five (45) days", "Owner", " ", "line\nbreak", "§ 4.2 — “quoted”", "x"];

describe("applyTextEditToDoc", () => {
  it("gives the same text as applyTextEdit on the HTML, for random edits on the demo contracts and rich documents", () => {
    const documents = [...DEMO_CONTRACTS.map((c) => renderContract(c.source).html), REVIEW_DOCUMENT, RICH_DOCUMENT];
    documents.forEach((source, index) => {
      const next = seededRandom(1000 + index);
      const doc = docFrom(source);
      for (let step = 0; step < 40; step++) {
        const html = ydocToHtml(doc);
        const text = htmlToPlainText(html);
        const roll = next();
        const start = Math.floor(next() * (text.length + 1));
        // Mostly short ranges inside a line; some insertions; some spanning several blocks.
        const length = roll < 0.25 ? 0 : roll < 0.85 ? Math.floor(next() * 12) : Math.floor(next() * 400);
        const end = Math.min(text.length, start + length);
        const replacement = REPLACEMENTS[Math.floor(next() * REPLACEMENTS.length)]!;
        const label = `document ${index}, step ${step}: [${start}, ${end}) → ${JSON.stringify(replacement)}`;

        let expected: string | Error;
        try {
          expected = htmlToPlainText(applyTextEdit(html, start, end, replacement));
        } catch (error) {
          expected = error as Error;
        }
        if (expected instanceof Error) {
          expect(() => applyTextEditToDoc(doc, start, end, replacement), label).toThrow(TextRangeError);
          continue;
        }
        applyTextEditToDoc(doc, start, end, replacement);
        expect(ydocToPlainText(doc), label).toBe(expected);
        expect(documentText(doc), label).toBe(expected);
      }
    });
  });

  it("keeps the formatting around the edit and of the replaced text", () => {
    const doc = docFrom("<p>The Owner shall pay the <strong>Contract Price</strong> within <em>30 days</em> of each invoice.</p>");
    const text = documentText(doc);
    const at = (needle: string) => [text.indexOf(needle), text.indexOf(needle) + needle.length] as const;
    applyTextEditToDoc(doc, ...at("30 days"), "45 days");
    applyTextEditToDoc(doc, ...at("Contract Price"), "Adjusted Price");
    expect(ydocToHtml(doc)).toBe("<p>The Owner shall pay the <strong>Adjusted Price</strong> within <em>45 days</em> of each invoice.</p>");
    // An insertion right after plain text stays plain; at the start of a line it takes the line's first formatting.
    const withBold = docFrom("<p><strong>Bold</strong> tail</p>");
    applyTextEditToDoc(withBold, 0, 0, "Very ");
    applyTextEditToDoc(withBold, documentText(withBold).length, documentText(withBold).length, " end");
    expect(ydocToHtml(withBold)).toBe("<p><strong>Very Bold</strong> tail end</p>");
  });

  it("keeps blocks when a range spans several, and puts the replacement in the first", () => {
    const doc = docFrom("<h2>1. Payment</h2><p>Net 30 days.</p><p>Holdback 10%.</p>");
    const text = documentText(doc);
    applyTextEditToDoc(doc, text.indexOf("30"), text.indexOf("10%"), "45 days. Holdback ");
    expect(ydocToHtml(doc)).toBe("<h2>1. Payment</h2><p>Net 45 days. Holdback </p><p>10%.</p>");
  });

  it("returns an update that brings another replica to the same document", () => {
    const doc = docFrom(REVIEW_DOCUMENT);
    const replica = new Y.Doc();
    Y.applyUpdate(replica, Y.encodeStateAsUpdate(doc));
    const text = documentText(doc);
    const update = applyTextEditToDoc(doc, text.indexOf("30 days"), text.indexOf("30 days") + 7, "45 days", { origin: "api" });
    expect(update).toBeInstanceOf(Uint8Array);
    Y.applyUpdate(replica, update!);
    expect(ydocToHtml(replica)).toBe(ydocToHtml(doc));
    expect(documentText(replica)).toContain("within 45 days of each invoice");
  });

  it("writes into an empty document, and refuses ranges outside the text", () => {
    const empty = docFrom("");
    applyTextEditToDoc(empty, 0, 0, "First words");
    expect(ydocToHtml(empty)).toBe("<p>First words</p>");
    const doc = docFrom("<p>abc</p>");
    for (const [start, end] of [
      [-1, 0],
      [2, 1],
      [0, 4],
      [0.5, 1],
    ] as const) {
      expect(() => applyTextEditToDoc(doc, start, end, "x")).toThrow(TextRangeError);
    }
    expect(applyTextEditToDoc(doc, 1, 1, "")).toBeNull();
  });
});
