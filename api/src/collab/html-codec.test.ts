import { createEditorExtensions, getEditorSchema } from "@clausewise/shared/editor";
import { generateHTML, generateJSON } from "@tiptap/html";
import type { Node as PmNode } from "@tiptap/pm/model";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderContract } from "../seed/contracts/render";
import { DEMO_CONTRACTS } from "../seed/demo-data";
import { REVIEW_DOCUMENT } from "../test/review-factories";
import { htmlToProseMirror } from "./convert";
import { proseMirrorToHtml } from "./html-codec";
import { RICH_DOCUMENT } from "./test-documents";

/** The reference: @tiptap/html's generateHTML (a happy-dom window and its innerHTML). */
const extensions = createEditorExtensions();
const reference = (node: PmNode) => generateHTML(node.toJSON() as Record<string, unknown>, extensions);

describe("proseMirrorToHtml and htmlToProseMirror", () => {
  it("renders the rich document, the demo contracts and a review document exactly as generateHTML does", () => {
    const sources = [RICH_DOCUMENT, REVIEW_DOCUMENT, ...DEMO_CONTRACTS.map((c) => renderContract(c.source).html)];
    for (const html of sources) {
      const node = htmlToProseMirror(html);
      expect(proseMirrorToHtml(node)).toBe(reference(node));
    }
  });

  it("parses HTML exactly as generateJSON does (whitespace kept, unsafe URLs dropped, unknown tags read as text)", () => {
    const schema = getEditorSchema();
    const sources = [
      RICH_DOCUMENT,
      REVIEW_DOCUMENT,
      ...DEMO_CONTRACTS.map((c) => renderContract(c.source).html),
      '<p>a  b\tc\n d</p><div>loose <span>text</span></div><p><img src="javascript:alert(1)"><a href="javascript:x">x</a></p><custom-tag>inside</custom-tag>',
    ];
    for (const html of sources) {
      const expected = schema.nodeFromJSON(generateJSON(html, extensions, { preserveWhitespace: true }));
      expect(htmlToProseMirror(html).eq(expected)).toBe(true);
    }
  });

  it("escapes text and attribute values as a browser's innerHTML does", () => {
    const schema = getEditorSchema();
    const node = schema.node("doc", null, [
      schema.node("paragraph", { textAlign: "center" }, [
        schema.text('a & b < c > d "e" \u00a0f \'g\''),
        schema.text("link", [schema.marks.link!.create({ href: 'https://example.com/?a=1&b="2"' })]),
      ]),
      schema.node("heading", { level: 2 }, [schema.text("<script>alert(1)</script>")]),
      schema.node("paragraph", null, [schema.text("x", [schema.marks.textStyle!.create({ color: "#c00000", fontFamily: '"Times New Roman", serif', fontSize: "14px" })])]),
      schema.node("paragraph"),
      schema.node("horizontalRule"),
    ]);
    const html = proseMirrorToHtml(node);
    expect(html).toBe(reference(node));
    expect(html).toContain("a &amp; b &lt; c &gt; d \"e\" &nbsp;f 'g'");
    expect(html).toContain('href="https://example.com/?a=1&amp;b=&quot;2&quot;"');
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("<hr>");
  });

  it("agrees with generateHTML on random documents of the schema's blocks and marks", () => {
    const schema = getEditorSchema();
    const text = fc.string({ minLength: 1, maxLength: 12, unit: fc.constantFrom("a", "B", " ", "&", "<", ">", '"', "'", "\u00a0", "é", "\t") });
    const marks = fc.subarray(["bold", "italic", "underline", "strike", "code", "subscript", "superscript"] as const);
    const inline = fc.tuple(text, marks, fc.option(fc.constantFrom("#c00000", "rgb(1, 2, 3)", "red"), { nil: undefined })).map(([t, names, color]) => {
      const m = names.filter((n) => schema.marks[n]).map((n) => schema.marks[n]!.create());
      if (color) m.push(schema.marks.textStyle!.create({ color }));
      return schema.text(t, m);
    });
    const paragraph = fc
      .tuple(fc.array(inline, { maxLength: 4 }), fc.constantFrom(null, "left", "center", "right", "justify"), fc.integer({ min: 0, max: 3 }))
      .map(([content, textAlign, indent]) => schema.node("paragraph", { textAlign, indent }, content));
    const block = fc.oneof(
      paragraph,
      fc.tuple(fc.integer({ min: 1, max: 6 }), fc.array(inline, { maxLength: 3 })).map(([level, content]) => schema.node("heading", { level }, content)),
      fc.array(paragraph, { minLength: 1, maxLength: 3 }).map((ps) => schema.node("bulletList", null, ps.map((p) => schema.node("listItem", null, [p])))),
      fc.tuple(fc.integer({ min: 1, max: 20 }), fc.array(paragraph, { minLength: 1, maxLength: 3 })).map(([start, ps]) => schema.node("orderedList", { start }, ps.map((p) => schema.node("listItem", null, [p])))),
      fc.array(paragraph, { minLength: 1, maxLength: 2 }).map((ps) => schema.node("blockquote", null, ps)),
      fc.array(fc.array(paragraph, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }).map((rows) =>
        schema.node("table", null, rows.map((cells) => schema.node("tableRow", null, cells.map((p) => schema.node("tableCell", null, [p]))))),
      ),
    );
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 6 }), (blocks) => {
        const node = schema.node("doc", null, blocks);
        expect(proseMirrorToHtml(node)).toBe(reference(node));
      }),
      { numRuns: 150 },
    );
  });
});
