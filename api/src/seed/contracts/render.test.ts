import { describe, expect, it } from "vitest";
import { countWords, renderContract } from "./render";

describe("renderContract", () => {
  const source = `
# MASTER AGREEMENT
THIS AGREEMENT is made between A & B <Ltd.>.

## 1. PAYMENT
### 1.1 Holdback
The Owner shall retain:
(a) ten percent (10%) holdback;
(b) amounts in dispute.
Released after the lien period.
`;

  it("renders headings, paragraphs and lettered lists as clean HTML, escaping text", () => {
    expect(renderContract(source).html).toBe(
      [
        "<h1>MASTER AGREEMENT</h1>",
        "<p>THIS AGREEMENT is made between A &amp; B &lt;Ltd.&gt;.</p>",
        "<h2>1. PAYMENT</h2>",
        "<h3>1.1 Holdback</h3>",
        "<p>The Owner shall retain:</p>",
        "<p>(a) ten percent (10%) holdback;</p>",
        "<p>(b) amounts in dispute.</p>",
        "<p>Released after the lien period.</p>",
      ].join("\n"),
    );
  });

  it("keeps the plain text readable, list letters included, one block per paragraph", () => {
    const { plainText, blocks } = renderContract(source);
    expect(blocks[5]).toBe("(a) ten percent (10%) holdback;");
    expect(plainText.split("\n")).toEqual(blocks);
    expect(plainText).not.toMatch(/<\/?(h[1-3]|p|ol|li)\b/);
    expect(plainText).toContain("A & B <Ltd.>");
  });

  it("counts words, not punctuation", () => {
    expect(countWords("1.1  The Owner - shall pay $5 (five)")).toBe(7);
  });
});
