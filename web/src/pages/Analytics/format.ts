import { formatDuration, type AnalyticsResponse, type TimelineBucket } from "@clausewise/shared";

const monthFormat = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const dateTimeFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** "2026-11" → "Nov 2026". */
export function monthLabel(month: string): string {
  const [year, monthNumber] = month.split("-").map(Number);
  if (!year || !monthNumber) return month;
  return monthFormat.format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}

/** A timeline bucket's start ("2026-03-09") as its axis label: "Mar 9", "Week of Mar 9", "Mar 2026". */
export function bucketLabel(start: string, bucket: TimelineBucket): string {
  const date = new Date(`${start}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return start;
  if (bucket === "month") return monthFormat.format(date);
  return bucket === "week" ? `Week of ${dayFormat.format(date)}` : dayFormat.format(date);
}

export const formatDate = (iso: string) => dateTimeFormat.format(new Date(iso));

export const formatPercent = (value: number | null) => (value === null ? "—" : `${value}%`);

export const formatNumber = (value: number) => value.toLocaleString("en-CA", { maximumFractionDigits: 1 });

export { formatDuration };

/** "2 of 5 (40%)": a share with what it is a share of, so a small sample shows as one. */
export function shareText(part: number, whole: number): string {
  return whole === 0 ? "—" : `${part} of ${whole} (${Math.round((part / whole) * 100)}%)`;
}

/**
 * A few plain sentences read off the figures (the spec's insights panel is static text; DESIGN.md §6
 * makes it real). Empty when there is nothing to say.
 */
export function insightsOf(data: AnalyticsResponse): string[] {
  const out: string[] = [];
  const { riskDistribution: risk, overview, trends, jurisdictionalBreakdown, overdue, stageCycleTimes } = data;
  const analysed = risk.high + risk.medium + risk.low;
  if (analysed > 0) out.push(`${Math.round((risk.high / analysed) * 100)}% of the contracts analysed in this period carry high risk.`);
  if (overview.activeReviews > 0) out.push(`${overview.activeReviews} contract${overview.activeReviews === 1 ? " is" : "s are"} still under review or awaiting approval.`);
  const late = overdue.counts.review + overdue.counts.approval + overdue.counts.exhibit;
  if (late > 0) out.push(`${late} item${late === 1 ? " is" : "s are"} past due now.`);
  const change = trends.averageReviewTime.change;
  if (change !== null && change !== 0) out.push(`Reviews finished ${Math.abs(change)}% ${change < 0 ? "faster" : "slower"} than in the previous period.`);
  const slowest = [...stageCycleTimes].filter((s) => s.averageHours !== null).sort((a, b) => b.averageHours! - a.averageHours!)[0];
  if (slowest && stageCycleTimes.filter((s) => s.averageHours !== null).length > 1) out.push(`The slowest stage is ${stageName(slowest.stage)}, at ${formatDuration(slowest.averageHours)} on average.`);
  const busiest = jurisdictionalBreakdown[0];
  if (busiest) out.push(`${busiest.jurisdiction} is the most common governing law (${busiest.count} contract${busiest.count === 1 ? "" : "s"}).`);
  return out;
}

const STAGE_NAMES: Record<string, string> = { review: "the review", legal: "Legal Review", finance: "Finance Review", final: "Final Approval" };
const stageName = (stage: string) => STAGE_NAMES[stage] ?? stage;
