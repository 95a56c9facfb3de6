import { describe, expect, it } from "vitest";
import { applyTextEdit, htmlToBlocks, htmlToPlainText, plainTextToHtml, TextRangeError } from "./text";

const doc = "<h2>1. Payment</h2><p>The Owner shall pay the <strong>Contract Price</strong> within 30 days.</p><ul><li>Holdback: 10%</li></ul>";

describe("htmlToPlainText", () => {
  it("puts each block on its own line and decodes entities", () => {
    expect(htmlToPlainText(doc)).toBe("1. Payment\nThe Owner shall pay the Contract Price within 30 days.\nHoldback: 10%");
    expect(htmlToPlainText("<p>A &amp; B &lt;C&gt;</p>")).toBe("A & B <C>");
  });

  it("joins table cells with tabs and rows with newlines", () => {
    expect(htmlToPlainText("<table><tr><td>Milestone</td><td>Amount</td></tr><tr><td>Mechanical completion</td><td>$1,000</td></tr></table>")).toBe(
      "Milestone\tAmount\nMechanical completion\t$1,000",
    );
  });

  it("ignores indentation between tags", () => {
    expect(htmlToPlainText("<ol>\n  <li>First</li>\n  <li>Second</li>\n</ol>\n<p>Third</p>\n")).toBe("First\nSecond\nThird");
  });

  it("ignores scripts and empty blocks", () => {
    expect(htmlToPlainText("<p>One</p><p></p><script>alert(1)</script><p>Two</p>")).toBe("One\nTwo");
  });
});

describe("applyTextEdit", () => {
  const text = htmlToPlainText(doc);

  it("replaces a range inside one text node, keeping markup around it", () => {
    const start = text.indexOf("30 days");
    const out = applyTextEdit(doc, start, start + "30 days".length, "45 days");
    expect(htmlToPlainText(out)).toBe(text.replace("30 days", "45 days"));
    expect(out).toContain("<strong>Contract Price</strong>");
  });

  it("replaces a range that spans formatted text", () => {
    const start = text.indexOf("the Contract Price");
    const end = start + "the Contract Price".length;
    const out = applyTextEdit(doc, start, end, "the adjusted price");
    expect(htmlToPlainText(out)).toBe(text.slice(0, start) + "the adjusted price" + text.slice(end));
  });

  it("inserts at a point and deletes a range", () => {
    const at = text.indexOf("within");
    expect(htmlToPlainText(applyTextEdit(doc, at, at, "in full "))).toBe(text.slice(0, at) + "in full " + text.slice(at));
    const del = text.indexOf(" within 30 days");
    expect(htmlToPlainText(applyTextEdit(doc, del, del + " within 30 days".length, ""))).toBe(text.replace(" within 30 days", ""));
  });

  it("escapes what it inserts", () => {
    const out = applyTextEdit(doc, 0, 0, "<script>x</script>");
    expect(out).not.toContain("<script>");
    expect(htmlToPlainText(out).startsWith("<script>x</script>")).toBe(true);
  });

  it("refuses a range outside the document", () => {
    expect(() => applyTextEdit(doc, 5, text.length + 1, "x")).toThrow(TextRangeError);
    expect(() => applyTextEdit(doc, 10, 5, "x")).toThrow(TextRangeError);
  });

  it("round-trips plain text through HTML", () => {
    const plain = "Line one & more\nLine <two>";
    expect(htmlToPlainText(plainTextToHtml(plain))).toBe(plain);
  });
});

describe("htmlToBlocks", () => {
  it("gives each line its kind and its offset in the plain text", () => {
    const blocks = htmlToBlocks(doc);
    expect(blocks.map((b) => [b.kind, b.level ?? null, b.text])).toEqual([
      ["heading", 2, "1. Payment"],
      ["paragraph", null, "The Owner shall pay the Contract Price within 30 days."],
      ["listItem", null, "Holdback: 10%"],
    ]);
    const text = htmlToPlainText(doc);
    for (const block of blocks) expect(text.slice(block.start, block.start + block.text.length)).toBe(block.text);
  });

  it("keeps table rows as tab-separated lines", () => {
    const blocks = htmlToBlocks("<p>Intro</p><table><tr><td>A</td><td>B</td></tr></table>");
    expect(blocks.map((b) => [b.kind, b.text])).toEqual([
      ["paragraph", "Intro"],
      ["row", "A\tB"],
    ]);
  });
});

describe("the editor's HTML (text wrapped in <p> inside cells, list items and quotes)", () => {
  it("keeps a row one line of tab-separated cells", () => {
    const html = "<table><tbody><tr><th><p>Milestone</p></th><th><p>Amount</p></th></tr><tr><td><p>Mechanical completion</p></td><td><p>$1,000</p></td></tr></tbody></table>";
    expect(htmlToPlainText(html)).toBe("Milestone\tAmount\nMechanical completion\t$1,000");
    expect(htmlToBlocks(html).map((b) => b.kind)).toEqual(["row", "row"]);
  });

  it("keeps list items and quotes of their kind, one line each", () => {
    const html = "<ul><li><p>Holdback 10%</p></li><li><p>Retention</p></li></ul><blockquote><p>First</p><p>Second</p></blockquote>";
    expect(htmlToBlocks(html).map((b) => [b.kind, b.text])).toEqual([
      ["listItem", "Holdback 10%"],
      ["listItem", "Retention"],
      ["quote", "First"],
      ["quote", "Second"],
    ]);
  });

  it("gives the same text as the plain HTML form, so offsets do not move", () => {
    expect(htmlToPlainText("<ul><li><p>A</p></li><li><p>B</p></li></ul>")).toBe(htmlToPlainText("<ul><li>A</li><li>B</li></ul>"));
  });
});
