import { describe, expect, it } from "vitest";
import { findingLabel, findingTone, locateFindings, locateQuote, strongestTone } from "./findings";

const text = "1. PAYMENT\nThe Owner shall pay within 28 days.\nHoldback is 10 percent. The Owner shall pay within 28 days.";

describe("analysis findings in the Document Viewer", () => {
  it("keeps a quote at its offsets when the words there are the quote", () => {
    const start = text.indexOf("pay within");
    expect(locateQuote({ excerpt: "pay within 28 days", start, end: start + 18 }, text)).toEqual({ start, end: start + 18 });
  });

  it("finds a quote that moved (an edit since the analysis) at the nearest occurrence, and drops one that is gone", () => {
    const second = text.lastIndexOf("pay within");
    expect(locateQuote({ excerpt: "pay within 28 days", start: second - 3, end: second + 15 }, text)).toEqual({ start: second, end: second + 18 });
    expect(locateQuote({ excerpt: "Liquidated damages", start: 0, end: 18 }, text)).toBeNull();
    // A missing protection quotes nothing.
    expect(locateQuote({ excerpt: "", start: 0, end: 0 }, text)).toBeNull();
  });

  it("names and colours findings by kind and level; the strongest wins where they overlap", () => {
    const found = locateFindings(
      {
        riskItems: [
          { title: "Short payment", description: "", category: "payment_terms", riskLevel: "critical", section: "1", excerpt: "28 days", start: text.indexOf("28 days"), end: text.indexOf("28 days") + 7 },
          { title: "Missing cap", description: "", category: "limitation_of_liability", riskLevel: "high", section: null, excerpt: "", start: 0, end: 0 },
        ],
        advantages: [{ title: "Holdback", description: "", category: "holdback", riskLevel: "low", section: null, excerpt: "Holdback is 10 percent.", start: 47, end: 70 }],
      },
      text,
    );
    expect(found.map((f) => [f.id, f.kind, findingTone(f), findingLabel(f)])).toEqual([
      ["f:risk:0", "risk", "severe", "Critical risk"],
      ["f:advantage:0", "advantage", "advantage", "Advantage"],
    ]);
    expect(findingTone({ kind: "risk", riskLevel: "medium" })).toBe("medium");
    expect(findingTone({ kind: "risk", riskLevel: "low" })).toBe("low");
    expect(strongestTone([{ kind: "advantage", riskLevel: "low" }, { kind: "risk", riskLevel: "low" }])).toBe("low");
    expect(strongestTone([])).toBeNull();
  });
});
