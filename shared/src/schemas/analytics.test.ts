import { describe, expect, it } from "vitest";
import { formatDuration, trendOf, trendTexts, TREND_MIN_SAMPLE } from "./analytics";

describe("analytics trends", () => {
  it("compare two periods only when each rests on enough contracts or reviews", () => {
    expect(trendOf({ current: 0, previous: 100, sample: { current: 1, previous: 1 }, points: true }).change).toBeNull();
    expect(trendOf({ current: 40, previous: 50, sample: { current: TREND_MIN_SAMPLE, previous: TREND_MIN_SAMPLE }, points: true }).change).toBe(-10);
    expect(trendOf({ current: 12, previous: 8, sample: { current: 12, previous: 8 } }).change).toBe(50);
    expect(trendOf({ current: 6, previous: 0, sample: { current: 6, previous: 0 } }).change).toBeNull();
  });

  it("say so in words, with points for a rate and a real minus sign", () => {
    const few = trendOf({ current: 0, previous: 100, sample: { current: 1, previous: 1 }, points: true });
    const rate = trendOf({ current: 40, previous: 50, sample: { current: 10, previous: 10 }, points: true });
    const total = trendOf({ current: 12, previous: 8, sample: { current: 12, previous: 8 } });
    const time = trendOf({ current: 30, previous: 40, sample: { current: 6, previous: 6 } });
    expect(trendTexts({ totalContracts: total, completionRate: rate, averageReviewTime: time })).toEqual({
      totalContracts: "+50% from last period",
      completionRate: "−10 pts completion rate",
      averageReviewTime: "−25% faster",
    });
    expect(trendTexts({ totalContracts: few, completionRate: few, averageReviewTime: few }).completionRate).toBe("Too few to compare (under 5 in a period)");
  });
});

describe("formatDuration", () => {
  it("writes review times in days and hours", () => {
    expect(formatDuration(null)).toBe("—");
    expect(formatDuration(0.75)).toBe("45 min");
    expect(formatDuration(7.4)).toBe("7 h");
    expect(formatDuration(24)).toBe("1 d");
    expect(formatDuration(102)).toBe("4 d 6 h");
    expect(formatDuration(132.4)).toBe("5 d 12 h");
  });
});
