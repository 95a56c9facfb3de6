import { CLAUSE_CODES } from "@clausewise/shared";
import { describe, expect, it } from "vitest";
import { CLAUSE_STANDARDS } from "./standards";

describe("CLAUSE_STANDARDS", () => {
  it.each(CLAUSE_CODES)("has a complete entry for %s", (code) => {
    const standard = CLAUSE_STANDARDS[code];
    expect(standard).toBeDefined();
    expect(standard.summary.trim()).not.toBe("");
    expect(standard.balancedPosition.length).toBeGreaterThanOrEqual(100);
    expect(standard.watchFor.length).toBeGreaterThanOrEqual(3);
    expect(standard.negotiationTips.length).toBeGreaterThanOrEqual(3);
    for (const item of [...standard.watchFor, ...standard.negotiationTips]) expect(item.trim()).not.toBe("");
  });
});
