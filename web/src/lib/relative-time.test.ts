import { describe, expect, it } from "vitest";
import { absoluteTime, relativeTime } from "./relative-time";

const now = new Date("2026-11-22T12:00:00Z");

describe("relativeTime", () => {
  it("says 'ago' for the past", () => {
    expect(relativeTime("2026-11-22T07:00:00Z", now)).toBe("about 5 hours ago");
    expect(relativeTime("2026-11-22T11:59:40Z", now)).toBe("less than a minute ago");
    expect(relativeTime(new Date("2026-11-13T12:00:00Z"), now)).toBe("9 days ago");
  });

  it("says 'in' for the future", () => {
    expect(relativeTime("2026-11-24T12:00:00Z", now)).toBe("in 2 days");
    expect(relativeTime("2026-11-22T12:30:00Z", now)).toBe("in 30 minutes");
  });

  it("is empty for a value that is not a date", () => {
    expect(relativeTime("not a date", now)).toBe("");
    expect(relativeTime("", now)).toBe("");
  });
});

describe("absoluteTime", () => {
  it("formats a date and is empty for garbage", () => {
    expect(absoluteTime("2026-11-22T12:00:00Z")).toMatch(/2026/);
    expect(absoluteTime("garbage")).toBe("");
  });
});
