import { describe, expect, it } from "vitest";
import { applyEdit, formatChangeRange, parseChangeRange, previewEdit, TRACK_CHANGES_TEXT_CHARS, truncate } from "./apply-preview";

describe("truncate", () => {
  it("keeps text up to the limit as it is", () => {
    const exact = "x".repeat(TRACK_CHANGES_TEXT_CHARS);
    expect(truncate(exact, TRACK_CHANGES_TEXT_CHARS)).toBe(exact);
    expect(truncate("short", 100)).toBe("short");
  });

  it("cuts longer text to 100 characters and adds an ellipsis", () => {
    const long = "a".repeat(99) + "bc" + "d".repeat(20);
    const cut = truncate(long, TRACK_CHANGES_TEXT_CHARS);
    expect(cut).toBe("a".repeat(99) + "b…");
    expect(cut.length).toBe(101);
  });

  it("never leaves half of a surrogate pair", () => {
    const text = "a".repeat(99) + "😀tail";
    expect(truncate(text, 100)).toBe("a".repeat(99) + "…");
  });
});

describe("change ranges", () => {
  it("parses the API's position string and writes it back", () => {
    expect(parseChangeRange('{"start":12,"end":40}')).toEqual({ start: 12, end: 40 });
    expect(formatChangeRange({ start: 3, end: 3 })).toBe('{"start":3,"end":3}');
  });

  it("answers null for anything else", () => {
    for (const bad of ["", "nope", "{}", '{"start":5,"end":2}', '{"start":-1,"end":2}', '{"start":1.5,"end":2}', "[1,2]"]) {
      expect(parseChangeRange(bad)).toBeNull();
    }
  });
});

describe("applyEdit / previewEdit", () => {
  const text = "Payment\nThe Owner shall pay within twenty-eight (28) days after receipt.";
  const start = text.indexOf("twenty-eight (28) days");
  const end = start + "twenty-eight (28) days".length;

  it("applies a replacement, a deletion and an insertion", () => {
    expect(applyEdit(text, { changeType: "replace", start, end, newText: "21 days" })).toContain("pay within 21 days after");
    expect(applyEdit(text, { changeType: "delete", start, end, newText: "ignored" })).toContain("pay within  after");
    expect(applyEdit(text, { changeType: "insert", start, end: start, newText: "no more than " })).toContain("within no more than twenty-eight");
  });

  it("shows the edit within its line with some context", () => {
    const preview = previewEdit(text, { changeType: "replace", start, end, newText: "21 days" }, 10);
    expect(preview).toEqual({ before: "…ay within ", removed: "twenty-eight (28) days", inserted: "21 days", after: " after rec…" });
    const whole = previewEdit(text, { changeType: "insert", start: 8, end: 8, newText: "Now " }, 200);
    expect(whole).toEqual({ before: "", removed: "", inserted: "Now ", after: text.slice(8) });
  });
});
