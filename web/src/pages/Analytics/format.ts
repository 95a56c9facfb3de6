import type { AnalyticsResponse } from "@clausewise/shared";

const monthFormat = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });

/** "2026-11" → "Nov 2026". */
export function monthLabel(month: string): string {
  const [year, monthNumber] = month.split("-").map(Number);
  if (!year || !monthNumber) return month;
  return monthFormat.format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}

/** Hours with one decimal ("36.5h"), or a dash when nothing was measured. */
export const formatHours = (hours: number | null) => (hours === null ? "—" : `${hours.toLocaleString("en-CA", { maximumFractionDigits: 1 })}h`);

export const formatPercent = (value: number | null) => (value === null ? "—" : `${value}%`);

export const formatNumber = (value: number) => value.toLocaleString("en-CA", { maximumFractionDigits: 1 });

/**
 * A few plain sentences read off the figures (the spec's insights panel is static text; DESIGN.md §6
 * makes it real). Empty when there is nothing to say.
 */
export function insightsOf(data: AnalyticsResponse): string[] {
  const out: string[] = [];
  const { riskDistribution: risk, overview, trends, jurisdictionalBreakdown, teamPerformance } = data;
  const analysed = risk.high + risk.medium + risk.low;
  if (analysed > 0) out.push(`${Math.round((risk.high / analysed) * 100)}% of the contracts analysed in this period carry high risk.`);
  if (overview.activeReviews > 0) out.push(`${overview.activeReviews} contract${overview.activeReviews === 1 ? " is" : "s are"} still under review or awaiting approval.`);
  if (trends.averageReviewTime.changePercent !== null && trends.averageReviewTime.changePercent !== 0) {
    const faster = trends.averageReviewTime.changePercent < 0;
    out.push(`Reviews finished ${Math.abs(trends.averageReviewTime.changePercent)}% ${faster ? "faster" : "slower"} than in the previous period.`);
  }
  const busiest = jurisdictionalBreakdown[0];
  if (busiest) out.push(`${busiest.jurisdiction} is the most common governing law (${busiest.count} contract${busiest.count === 1 ? "" : "s"}).`);
  const top = teamPerformance[0];
  if (top && top.reviewsCompleted > 0) out.push(`${top.name} reviewed the most contracts (${top.reviewsCompleted}).`);
  return out;
}
