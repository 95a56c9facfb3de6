import { describe, expect, it } from "vitest";
import { endSentence, fullStopAfter } from "./sentence";

describe("endSentence", () => {
  it("adds one full stop, never a second", () => {
    expect(endSentence("You joined Demo EPC Ltd.")).toBe("You joined Demo EPC Ltd.");
    expect(endSentence("You joined Acme Energy")).toBe("You joined Acme Energy.");
    expect(endSentence('He said "done."')).toBe('He said "done."');
    expect(endSentence("Really?")).toBe("Really?");
    expect(endSentence("Trailing space ")).toBe("Trailing space.");
  });

  it("gives the full stop a bold name needs after it, or none", () => {
    expect(fullStopAfter("Demo EPC Ltd.")).toBe("");
    expect(fullStopAfter("Acme Energy")).toBe(".");
  });
});
