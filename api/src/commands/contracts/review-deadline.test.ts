import { describe, expect, it } from "vitest";
import { fromWallTime, parseDateInput, wallTime } from "./dates";
import { addBusinessDays, defaultReviewDeadline } from "./review-deadline";

const at = (iso: string) => new Date(iso);
const TORONTO = "America/Toronto";

describe("defaultReviewDeadline", () => {
  it("gives urgent 2, high 5, medium 10 and low 20 business days, at the same time of day", () => {
    const monday = at("2026-11-23T14:00:00Z"); // Monday 09:00 in Toronto
    expect(defaultReviewDeadline("urgent", monday, TORONTO).toISOString()).toBe("2026-11-25T14:00:00.000Z"); // Wednesday
    expect(defaultReviewDeadline("high", monday, TORONTO).toISOString()).toBe("2026-11-30T14:00:00.000Z"); // next Monday
    expect(defaultReviewDeadline("medium", monday, TORONTO).toISOString()).toBe("2026-12-07T14:00:00.000Z"); // two weeks
    expect(defaultReviewDeadline("low", monday, TORONTO).toISOString()).toBe("2026-12-21T14:00:00.000Z"); // four weeks
  });

  it("skips the weekend in the middle of the count", () => {
    const thursday = at("2026-11-26T15:00:00Z");
    expect(defaultReviewDeadline("urgent", thursday, TORONTO).toISOString()).toBe("2026-11-30T15:00:00.000Z"); // Friday, Monday
  });

  it("defaults to the America/Toronto zone", () => {
    expect(defaultReviewDeadline("urgent", at("2026-11-26T15:00:00Z")).toISOString()).toBe("2026-11-30T15:00:00.000Z");
  });
});

describe("addBusinessDays", () => {
  it("counts from a weekend as from the Friday before: Saturday + 1 and Sunday + 1 are Monday", () => {
    expect(addBusinessDays(at("2026-11-21T17:00:00Z"), 1, TORONTO).toISOString()).toBe("2026-11-23T17:00:00.000Z");
    expect(addBusinessDays(at("2026-11-22T17:00:00Z"), 1, TORONTO).toISOString()).toBe("2026-11-23T17:00:00.000Z");
    expect(addBusinessDays(at("2026-11-22T17:00:00Z"), 2, TORONTO).toISOString()).toBe("2026-11-24T17:00:00.000Z");
    expect(addBusinessDays(at("2026-11-20T17:00:00Z"), 1, TORONTO).toISOString()).toBe("2026-11-23T17:00:00.000Z");
  });

  it("decides the weekday where the user is: Friday evening in Vancouver is Saturday in UTC", () => {
    const fridayEveningVancouver = at("2026-11-21T01:00:00Z"); // Friday 17:00 PST
    expect(addBusinessDays(fridayEveningVancouver, 1, "America/Vancouver").toISOString()).toBe("2026-11-24T01:00:00.000Z"); // Monday 17:00 PST
    expect(addBusinessDays(fridayEveningVancouver, 1, "UTC").toISOString()).toBe("2026-11-23T01:00:00.000Z");
  });

  it("keeps the wall-clock time across daylight-saving changes", () => {
    // Spring forward on Sunday 2027-03-14: Friday 09:00 EST → Monday 09:00 EDT.
    expect(addBusinessDays(at("2027-03-12T14:00:00Z"), 1, TORONTO).toISOString()).toBe("2027-03-15T13:00:00.000Z");
    // Fall back on Sunday 2026-11-01: Friday 09:00 EDT → Monday 09:00 EST.
    expect(addBusinessDays(at("2026-10-30T13:00:00Z"), 1, TORONTO).toISOString()).toBe("2026-11-02T14:00:00.000Z");
  });

  it("crosses month and year ends", () => {
    expect(addBusinessDays(at("2026-12-31T15:00:00Z"), 1, TORONTO).toISOString()).toBe("2027-01-01T15:00:00.000Z");
    expect(addBusinessDays(at("2026-12-31T15:00:00Z"), 2, TORONTO).toISOString()).toBe("2027-01-04T15:00:00.000Z");
  });

  it("returns the same instant for 0 days and refuses negative or fractional counts", () => {
    expect(addBusinessDays(at("2026-11-22T17:00:00Z"), 0, TORONTO).toISOString()).toBe("2026-11-22T17:00:00.000Z");
    expect(() => addBusinessDays(at("2026-11-22T17:00:00Z"), -1, TORONTO)).toThrow(RangeError);
    expect(() => addBusinessDays(at("2026-11-22T17:00:00Z"), 1.5, TORONTO)).toThrow(RangeError);
  });
});

describe("dates", () => {
  it("reads a calendar date as the end of that day where the user is", () => {
    expect(parseDateInput("2026-12-04", TORONTO).toISOString()).toBe("2026-12-05T04:59:59.999Z");
    expect(parseDateInput("2026-12-04", "America/Edmonton").toISOString()).toBe("2026-12-05T06:59:59.999Z");
    expect(parseDateInput("2026-12-04T10:00:00-05:00", TORONTO).toISOString()).toBe("2026-12-04T15:00:00.000Z");
  });

  it("converts wall time both ways, moving forward over a spring-forward gap", () => {
    expect(wallTime(at("2026-11-22T17:30:05.250Z"), TORONTO)).toEqual({ year: 2026, month: 11, day: 22, hour: 12, minute: 30, second: 5, millisecond: 250 });
    expect(fromWallTime({ year: 2027, month: 3, day: 14, hour: 2, minute: 30, second: 0, millisecond: 0 }, TORONTO).toISOString()).toBe("2027-03-14T07:30:00.000Z");
    // 01:30 happens twice on 2026-11-01: the first one (EDT) counts.
    expect(fromWallTime({ year: 2026, month: 11, day: 1, hour: 1, minute: 30, second: 0, millisecond: 0 }, TORONTO).toISOString()).toBe("2026-11-01T05:30:00.000Z");
  });
});
