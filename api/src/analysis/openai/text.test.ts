import { describe, expect, it } from "vitest";
import { locateExcerpt, relevantChunks, splitIntoChunks } from "./text";

const paragraph = (n: number) => `${n}. Clause ${n}. ` + "The Contractor shall perform the Work diligently. ".repeat(20);

describe("splitIntoChunks", () => {
  it("covers the text exactly, cuts at paragraph breaks and respects the size", () => {
    const text = Array.from({ length: 40 }, (_, i) => paragraph(i + 1)).join("\n\n");
    const chunks = splitIntoChunks(text, 5_000);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.map((c) => c.text).join("")).toBe(text);
    for (const [i, chunk] of chunks.entries()) {
      expect(chunk.text.length).toBeLessThanOrEqual(5_000);
      expect(text.slice(chunk.start, chunk.end)).toBe(chunk.text);
      if (i < chunks.length - 1) expect(chunk.text.endsWith("\n\n")).toBe(true);
    }
  });

  it("cuts text without any break hard, and a short text is one chunk", () => {
    expect(splitIntoChunks("x".repeat(25), 10).map((c) => c.text.length)).toEqual([10, 10, 5]);
    expect(splitIntoChunks("Short.", 10)).toEqual([{ start: 0, end: 6, text: "Short." }]);
    expect(splitIntoChunks("", 10)).toEqual([]);
  });
});

describe("relevantChunks", () => {
  it("picks the chunks that share the question's terms, in document order", () => {
    const texts = ["Scope of work and drawings.", "Holdback of 10% is retained under the Construction Act.", "Insurance: general liability.", "Holdback release after lien period."];
    let start = 0;
    const chunks = texts.map((text) => ({ start, end: (start += text.length), text }));
    const chosen = relevantChunks(chunks, "When is the holdback released?", 2);
    expect(chosen.map((c) => c.text)).toEqual(["Holdback of 10% is retained under the Construction Act.", "Holdback release after lien period."]);
  });
});

describe("locateExcerpt", () => {
  const text = "12.1 The Contractor’s liability shall not exceed the Contract Price.\n\n12.2 Neither party is liable for  indirect or consequential damages – including loss of profit.";

  it("finds an exact quote", () => {
    const at = locateExcerpt(text, "liability shall not exceed the Contract Price");
    expect(at && text.slice(at.start, at.end)).toBe("liability shall not exceed the Contract Price");
  });

  it("tolerates straight quotes, hyphens and different spacing", () => {
    const at = locateExcerpt(text, "The Contractor's liability shall not exceed");
    expect(at && text.slice(at.start, at.end)).toBe("The Contractor’s liability shall not exceed");
    const dashed = locateExcerpt(text, "liable for indirect or consequential damages - including");
    expect(dashed && text.slice(dashed.start, dashed.end)).toBe("liable for  indirect or consequential damages – including");
  });

  it("spans an elided quote from its first piece to its last", () => {
    const at = locateExcerpt(text, "Neither party is liable … loss of profit.");
    expect(at && text.slice(at.start, at.end)).toBe("Neither party is liable for  indirect or consequential damages – including loss of profit.");
  });

  it("prefers the occurrence at or after the hint, and returns null for an invented quote", () => {
    const repeated = "Notice in writing.\n\nNotice in writing.";
    expect(locateExcerpt(repeated, "Notice in writing.", 10)).toEqual({ start: 20, end: 38 });
    expect(locateExcerpt(repeated, "Notice in writing.")).toEqual({ start: 0, end: 18 });
    expect(locateExcerpt(text, "The Owner may terminate for convenience")).toBeNull();
    expect(locateExcerpt(text, "")).toBeNull();
  });
});
