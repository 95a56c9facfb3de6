// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { htmlToTextBlocks } from "./html-text";

describe("htmlToTextBlocks", () => {
  it("keeps headings, paragraphs and list items as text", () => {
    const html = "<h2>1. Payment</h2><p>The Owner shall pay <strong>within 28 days</strong>.</p><ul><li><p>Holdback 10%</p></li></ul>";
    expect(htmlToTextBlocks(html)).toEqual([
      { kind: "heading", text: "1. Payment" },
      { kind: "paragraph", text: "The Owner shall pay within 28 days." },
      { kind: "listItem", text: "Holdback 10%" },
    ]);
  });

  it("never keeps markup, scripts or handlers", () => {
    const blocks = htmlToTextBlocks('<p>Safe<img src=x onerror="alert(1)"></p><script>alert(2)</script><style>p{}</style>');
    expect(blocks).toEqual([{ kind: "paragraph", text: "Safe" }]);
  });

  it("keeps loose text between blocks", () => {
    expect(htmlToTextBlocks("Intro text<div>Clause A</div>tail")).toEqual([
      { kind: "paragraph", text: "Intro text" },
      { kind: "paragraph", text: "Clause A" },
      { kind: "paragraph", text: "tail" },
    ]);
  });

  it("returns nothing for empty content", () => {
    expect(htmlToTextBlocks("")).toEqual([]);
    expect(htmlToTextBlocks("<p>   </p>")).toEqual([]);
  });
});
