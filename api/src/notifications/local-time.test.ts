import { describe, expect, it } from "vitest";
import { DEFAULT_NOTIFICATION_PREFERENCES } from "@clausewise/shared";
import { inQuietHours, localParts, mailableAt, nextLocalTime } from "./local-time";

const quiet = { ...DEFAULT_NOTIFICATION_PREFERENCES, quietHours: true };
const at = (iso: string) => new Date(iso);

describe("quiet hours on the user's clock", () => {
  it("reads a window that crosses midnight (22:00–08:00 Toronto, EST in January)", () => {
    expect(inQuietHours(at("2030-01-15T02:59:00Z"), quiet)).toBe(false); // 21:59
    expect(inQuietHours(at("2030-01-15T03:00:00Z"), quiet)).toBe(true); // 22:00
    expect(inQuietHours(at("2030-01-15T05:00:00Z"), quiet)).toBe(true); // 00:00
    expect(inQuietHours(at("2030-01-15T12:59:00Z"), quiet)).toBe(true); // 07:59
    expect(inQuietHours(at("2030-01-15T13:00:00Z"), quiet)).toBe(false); // 08:00
  });

  it("reads a window within one day, and nothing when switched off or empty", () => {
    const lunch = { ...quiet, quietStart: "12:00", quietEnd: "13:00", timezone: "America/Vancouver" }; // PDT in July: UTC-7
    expect(inQuietHours(at("2030-07-10T18:59:00Z"), lunch)).toBe(false);
    expect(inQuietHours(at("2030-07-10T19:00:00Z"), lunch)).toBe(true);
    expect(inQuietHours(at("2030-07-10T20:00:00Z"), lunch)).toBe(false);
    expect(inQuietHours(at("2030-01-15T05:00:00Z"), { ...quiet, quietHours: false })).toBe(false);
    expect(inQuietHours(at("2030-01-15T05:00:00Z"), { ...quiet, quietStart: "08:00", quietEnd: "08:00" })).toBe(false);
  });

  it("holds mail until the window ends, in each Canadian zone, across a clock change", () => {
    expect(mailableAt(at("2030-01-15T03:30:00Z"), quiet).toISOString()).toBe("2030-01-15T13:00:00.000Z");
    expect(mailableAt(at("2030-01-15T15:00:00Z"), quiet).toISOString()).toBe("2030-01-15T15:00:00.000Z");
    // Newfoundland runs half an hour off: 22:00 NST is 01:30 UTC; 08:00 NST is 11:30 UTC.
    expect(mailableAt(at("2030-01-15T02:00:00Z"), { ...quiet, timezone: "America/St_Johns" }).toISOString()).toBe("2030-01-15T11:30:00.000Z");
    // Clocks spring forward on 10 March 2030: quiet from 22:00 EST, ends 08:00 EDT (UTC-4).
    expect(mailableAt(at("2030-03-10T03:00:00Z"), quiet).toISOString()).toBe("2030-03-10T12:00:00.000Z");
  });

  it("finds the next local time, or the next Monday at that time", () => {
    expect(nextLocalTime(at("2030-01-15T15:00:00Z"), "America/Edmonton", "08:00").toISOString()).toBe("2030-01-16T15:00:00.000Z");
    // 15 January 2030 is a Tuesday.
    expect(nextLocalTime(at("2030-01-15T15:00:00Z"), "America/Halifax", "08:00", 1).toISOString()).toBe("2030-01-21T12:00:00.000Z");
    expect(localParts(at("2030-01-21T12:00:00Z"), "America/Halifax")).toMatchObject({ hour: 8, minute: 0, weekday: 1 });
  });
});
