import { describe, expect, it } from "vitest";
import { JURISDICTION_NAMES } from "@clausewise/shared";
import { jurisdictionOfClause, UNSPECIFIED_JURISDICTION } from "./risk";
import { monthsOf, periodWindows } from "./window";

describe("analytics windows", () => {
  it("puts the previous period of the same length just before the current one", () => {
    const now = new Date("2026-03-01T00:00:00Z");
    const { current, previous } = periodWindows("7d", now);
    expect(current).toEqual({ from: new Date("2026-02-22T00:00:00Z"), to: now });
    expect(previous).toEqual({ from: new Date("2026-02-15T00:00:00Z"), to: new Date("2026-02-22T00:00:00Z") });
  });

  it("lists the months a window touches, newest first, across a year boundary", () => {
    const { current } = periodWindows("90d", new Date("2026-02-10T12:00:00Z"));
    expect(monthsOf(current)).toEqual(["2026-02", "2026-01", "2025-12", "2025-11"]);
    // An end exactly at midnight on the 1st does not touch that month.
    expect(monthsOf({ from: new Date("2026-01-15T00:00:00Z"), to: new Date("2026-03-01T00:00:00Z") })).toEqual(["2026-02", "2026-01"]);
  });
});

describe("jurisdictionOfClause", () => {
  it("names the province of a governing-law clause, federal law, or none", () => {
    expect(jurisdictionOfClause("This Contract is governed by the laws of the Province of British Columbia.")).toBe("British Columbia");
    expect(jurisdictionOfClause("Les présentes sont régies par les lois du Québec.")).toBe(JURISDICTION_NAMES.QC);
    expect(jurisdictionOfClause("This Agreement is governed by the laws of Canada.")).toBe("Federal (Canada)");
    expect(jurisdictionOfClause("Governing Law")).toBe(UNSPECIFIED_JURISDICTION);
    expect(jurisdictionOfClause(null)).toBe(UNSPECIFIED_JURISDICTION);
  });
});
