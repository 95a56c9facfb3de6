import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diffStats, diffText, wordTokens, type DiffSegment } from "./diff";

const side = (segments: DiffSegment[], kind: "insert" | "delete") =>
  segments
    .filter((s) => s.kind === "equal" || s.kind === kind)
    .map((s) => s.text)
    .join("");

const redline = (segments: DiffSegment[]) => segments.map((s) => (s.kind === "insert" ? `{+${s.text}+}` : s.kind === "delete" ? `[-${s.text}-]` : s.text)).join("");

/** Length of the longest common subsequence of two token lists (plain dynamic programming, for small inputs). */
function lcs(a: string[], b: string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = x === b[j - 1] ? diagonal + 1 : Math.max(row[j]!, row[j - 1]!);
      diagonal = above;
    }
  }
  return row[b.length]!;
}

describe("diffText", () => {
  it("marks the words that changed inside a paragraph, not the whole paragraph", () => {
    const before = "1. Payment\nThe Owner shall pay within 30 days of the invoice.\nEnd.";
    const after = "1. Payment\nThe Owner shall pay within 45 days of the approved invoice.\nEnd.";
    expect(redline(diffText(before, after))).toBe("1. Payment\nThe Owner shall pay within [-30-]{+45+} days of the{+ approved+} invoice.\nEnd.");
  });

  it("shows added and removed paragraphs whole", () => {
    const before = "Alpha\nBeta\nGamma";
    const after = "Alpha\nGamma\nDelta";
    const segments = diffText(before, after);
    expect(redline(segments)).toBe("Alpha\n[-Beta\n-]Gamma{+\nDelta+}");
    expect(diffStats(segments)).toEqual({ inserted: 6, deleted: 5 });
  });

  it("answers one equal stretch for identical texts and nothing for two empty ones", () => {
    expect(diffText("Same text.", "Same text.")).toEqual([{ kind: "equal", text: "Same text." }]);
    expect(diffText("", "")).toEqual([]);
    expect(diffText("", "New")).toEqual([{ kind: "insert", text: "New" }]);
    expect(diffText("Old", "")).toEqual([{ kind: "delete", text: "Old" }]);
  });

  it("treats a changed comma as its own token", () => {
    expect(wordTokens("pay, within")).toEqual(["pay", ",", " ", "within"]);
    expect(redline(diffText("pay, within", "pay within"))).toBe("pay[-,-] within");
  });

  it("gives back both texts, and the fewest changed tokens within a paragraph (property)", () => {
    const word = fc.constantFrom("the", "Owner", "shall", "pay", "30", "days", ",", ".", " ", "\n");
    const text = fc.array(word, { maxLength: 40 }).map((words) => words.join(""));
    fc.assert(
      fc.property(text, text, (before, after) => {
        const segments = diffText(before, after);
        expect(side(segments, "delete")).toBe(before);
        expect(side(segments, "insert")).toBe(after);
        for (let i = 1; i < segments.length; i++) expect(segments[i]!.kind === segments[i - 1]!.kind && segments[i]!.kind === "equal").toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it("finds a longest common subsequence of tokens in one paragraph (property)", () => {
    const word = fc.constantFrom("a", "b", "c", "d", " ");
    const line = fc.array(word, { maxLength: 30 }).map((words) => words.join(""));
    fc.assert(
      fc.property(line, line, (before, after) => {
        const kept = diffText(before, after)
          .filter((s) => s.kind === "equal")
          .map((s) => wordTokens(s.text).length)
          .reduce((sum, n) => sum + n, 0);
        // Equal stretches may merge tokens ("a"+" " stays two tokens), so count tokens of the kept text.
        expect(kept).toBeGreaterThanOrEqual(lcs(wordTokens(before), wordTokens(after)));
      }),
      { numRuns: 500 },
    );
  });

  it("compares a 6,000-paragraph contract with a few edits paragraph by paragraph, then word by word", () => {
    const paragraphs = Array.from({ length: 6000 }, (_, i) => `${i + 1}. The Contractor shall perform the Work described in clause ${i + 1} with due care.`);
    const edited = [...paragraphs];
    edited[10] = edited[10]!.replace("due care", "reasonable skill and care");
    edited.splice(3000, 1);
    edited.push("6001. New clause.");
    const segments = diffText(paragraphs.join("\n"), edited.join("\n"));
    expect(side(segments, "delete")).toBe(paragraphs.join("\n"));
    expect(side(segments, "insert")).toBe(edited.join("\n"));
    expect(segments.filter((s) => s.kind !== "equal").map((s) => s.kind)).toEqual(["delete", "insert", "delete", "insert"]);
  });
});
