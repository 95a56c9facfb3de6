import { describe, expect, it } from "vitest";
import { addDaysToDateOnly, dateOnlyIn, daysBetweenDateOnly, formatDateOnly, isDateOnly, isPastDateOnly } from "./dates";

describe("date-only values (issue 17)", () => {
  it("formats 'YYYY-MM-DD' as 'Dec 4, 2026' without going through a Date at midnight UTC", () => {
    expect(formatDateOnly("2026-12-04")).toBe("Dec 4, 2026");
    expect(formatDateOnly("2027-01-01")).toBe("Jan 1, 2027");
    expect(formatDateOnly("2026-02-30")).toBe("");
    expect(formatDateOnly("2026-12-04T04:59:59.999Z")).toBe("");
    expect(formatDateOnly(null)).toBe("");
  });

  it("reads the date the clocks of a zone show", () => {
    const at = new Date("2026-12-05T03:30:00Z"); // 22:30 on the 4th in Toronto, 23:30 in Halifax, 19:30 in Vancouver
    expect(dateOnlyIn("America/Toronto", at)).toBe("2026-12-04");
    expect(dateOnlyIn("America/Vancouver", at)).toBe("2026-12-04");
    expect(dateOnlyIn("America/St_Johns", at)).toBe("2026-12-05");
    expect(dateOnlyIn("UTC", at)).toBe("2026-12-05");
  });

  it("counts and adds calendar days, across month and year ends", () => {
    expect(daysBetweenDateOnly("2025-12-01", "2026-03-15")).toBe(104);
    expect(daysBetweenDateOnly("2026-03-15", "2026-03-14")).toBe(-1);
    expect(addDaysToDateOnly("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDaysToDateOnly("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("is past once its whole day is over", () => {
    expect(isPastDateOnly("2026-12-04", "2026-12-04")).toBe(false);
    expect(isPastDateOnly("2026-12-04", "2026-12-05")).toBe(true);
    expect(isPastDateOnly(null, "2026-12-05")).toBe(false);
    expect(isDateOnly("2026-13-01")).toBe(false);
  });
});
