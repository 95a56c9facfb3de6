import { describe, expect, it } from "vitest";
import { rebaseRange, textShift } from "./anchors";

describe("textShift", () => {
  it("finds the unchanged head and tail of an edit", () => {
    expect(textShift("pay within 30 days.", "pay within 45 days.")).toEqual({ keepBefore: 11, shiftFrom: 13, delta: 0 });
    expect(textShift("ab", "aXYb")).toEqual({ keepBefore: 1, shiftFrom: 1, delta: 2 });
    expect(textShift("abc", "abc")).toBeNull();
    expect(textShift("aaa", "aa")).toEqual({ keepBefore: 2, shiftFrom: 3, delta: -1 });
  });
});

describe("rebaseRange", () => {
  const before = "The Owner pays in 30 days; holdback 60 days.";
  const after = before.replace("30 days", "forty-five days");
  const shift = textShift(before, after)!;
  const at = (text: string, needle: string) => ({ start: text.indexOf(needle), end: text.indexOf(needle) + needle.length });

  it("keeps ranges before the edit and moves ranges after it onto the same words", () => {
    expect(rebaseRange(at(before, "Owner"), shift)).toEqual(at(before, "Owner"));
    const moved = rebaseRange(at(before, "60 days"), shift)!;
    expect(after.slice(moved.start, moved.end)).toBe("60 days");
    const point = before.indexOf(";");
    expect(rebaseRange({ start: point, end: point }, shift)).toEqual({ start: after.indexOf(";"), end: after.indexOf(";") });
  });

  it("leaves ranges the edit touched for the approval to re-check", () => {
    expect(rebaseRange(at(before, "in 30"), shift)).toBeNull();
    expect(rebaseRange(at(before, "30 days; holdback"), shift)).toBeNull();
  });
});
