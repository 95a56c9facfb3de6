import { z } from "zod";
import { ANALYTICS_PERIODS } from "../enums";

export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** Spec §4/§9: the default period. */
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = "30d";

/** Length of each period in days; the previous period is the same length, just before it. */
export const ANALYTICS_PERIOD_DAYS: Record<AnalyticsPeriod, number> = { "7d": 7, "30d": 30, "90d": 90, "1y": 365 };

export const ANALYTICS_PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  "1y": "Last year",
};

/** Spec §9: monthly volume shows the first 6 months; a bar is count / 20 of the width, capped at 100 %. */
export const MONTHLY_VOLUME_MONTHS = 6;
export const MONTHLY_BAR_FULL_COUNT = 20;

/** Spec §9: complexity badge out of 10: above 7 red, above 4 yellow, otherwise green. */
export const COMPLEXITY_HIGH = 7;
export const COMPLEXITY_MEDIUM = 4;
export type ComplexityTone = "red" | "yellow" | "green";
export function complexityTone(value: number): ComplexityTone {
  if (value > COMPLEXITY_HIGH) return "red";
  if (value > COMPLEXITY_MEDIUM) return "yellow";
  return "green";
}

/** Width of a monthly bar in percent (spec §9). */
export function monthlyBarPercent(contracts: number): number {
  return Math.min(100, (Math.max(0, contracts) / MONTHLY_BAR_FULL_COUNT) * 100);
}

/** Spec §8: the exact empty-state and access texts. */
export const ANALYTICS_MESSAGES = {
  accessRestricted: "Only administrators and approvers can access analytics.",
  noData: "No data available yet",
  noTeamData: "No team data available",
  noJurisdictionData: "No jurisdictional data available",
  badPeriod: `period must be one of ${ANALYTICS_PERIODS.join(", ")}`,
} as const;

/** GET /api/analytics?period=30d (spec §7). A missing period means the default. */
export const analyticsQuery = z.object({
  period: z.enum(ANALYTICS_PERIODS, { error: ANALYTICS_MESSAGES.badPeriod }).default(DEFAULT_ANALYTICS_PERIOD),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

/**
 * Spec §3 overview; averageReviewTime in hours (one decimal), null when nothing finished.
 * uploadsFinished: of the contracts uploaded in the period, how many are finished (approved or rejected) now.
 */
export const analyticsOverview = z.object({
  totalContracts: z.number().int(),
  activeReviews: z.number().int(),
  completedReviews: z.number().int(),
  averageReviewTime: z.number().nullable(),
  uploadsFinished: z.number().int(),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverview>;

/**
 * Spec §3 platform metrics: platform-wide for platform operators; for a company its own figures, with
 * no company count or company size (null): one company has no "companies" to count.
 */
export const platformMetrics = z.object({
  scope: z.enum(["platform", "company"]),
  totalUsers: z.number().int(),
  totalCompanies: z.number().int().nullable(),
  activeUsers30d: z.number().int(),
  contractsThisMonth: z.number().int(),
  averageCompanySize: z.number().nullable(),
});
export type PlatformMetrics = z.infer<typeof platformMetrics>;

export const riskDistribution = z.object({ high: z.number().int(), medium: z.number().int(), low: z.number().int() });
export type RiskDistribution = z.infer<typeof riskDistribution>;

/** month: "YYYY-MM" (UTC). */
export const monthlyStat = z.object({ month: z.string(), contracts: z.number().int() });
export type MonthlyStat = z.infer<typeof monthlyStat>;

/**
 * One member's review work in the period, each column counting exactly what its name says.
 * reviewsCompleted: contracts they submitted for approval (a review ends there); avgReviewTime: hours
 * from those contracts' upload to their submission. decisions: approval steps they decided;
 * avgDecisionTime: hours from each step opening to their decision. changesProposed: proposals they
 * made; changesApproved / changesRejected: their proposals decided in the period, by outcome.
 */
export const teamPerformanceRow = z.object({
  userId: z.string(),
  name: z.string(),
  reviewsCompleted: z.number().int(),
  avgReviewTime: z.number().nullable(),
  decisions: z.number().int(),
  avgDecisionTime: z.number().nullable(),
  comments: z.number().int(),
  changesProposed: z.number().int(),
  changesApproved: z.number().int(),
  changesRejected: z.number().int(),
});
export type TeamPerformanceRow = z.infer<typeof teamPerformanceRow>;

/** avgComplexity out of 10 (one decimal). */
export const jurisdictionalBreakdownRow = z.object({ jurisdiction: z.string(), count: z.number().int(), avgComplexity: z.number() });
export type JurisdictionalBreakdownRow = z.infer<typeof jurisdictionalBreakdownRow>;

/** Buckets of "contracts over time": a day for 7d and 30d, a week (from Monday) for 90d, a month for 1y. */
export const TIMELINE_BUCKETS = { "7d": "day", "30d": "day", "90d": "week", "1y": "month" } as const satisfies Record<AnalyticsPeriod, "day" | "week" | "month">;
export type TimelineBucket = (typeof TIMELINE_BUCKETS)[AnalyticsPeriod];

/** start: "YYYY-MM-DD" (UTC) of the bucket; uploaded, approved, rejected: contracts that did so in it. */
export const timelinePoint = z.object({ start: z.string(), uploaded: z.number().int(), approved: z.number().int(), rejected: z.number().int() });
export type TimelinePoint = z.infer<typeof timelinePoint>;

/** The stages a contract passes through: its review, then the approval pipeline (DECISIONS.md). */
export const CYCLE_STAGES = ["review", "legal", "finance", "final"] as const;
export type CycleStage = (typeof CYCLE_STAGES)[number];
export const CYCLE_STAGE_LABELS: Record<CycleStage, string> = { review: "Review", legal: "Legal Review", finance: "Finance Review", final: "Final Approval" };

/**
 * Time spent in each stage, for stages that ended in the period. Review: upload → submitted for
 * approval; each approval step: from when it opened (submission, or the previous step's decision) to
 * its decision. Hours; null without any.
 */
export const stageCycleTime = z.object({ stage: z.enum(CYCLE_STAGES), count: z.number().int(), averageHours: z.number().nullable(), medianHours: z.number().nullable() });
export type StageCycleTime = z.infer<typeof stageCycleTime>;

export const OVERDUE_KINDS = ["review", "approval", "exhibit"] as const;
export type OverdueKind = (typeof OVERDUE_KINDS)[number];
export const OVERDUE_KIND_LABELS: Record<OverdueKind, string> = { review: "Review", approval: "Approval", exhibit: "Exhibit" };
/** How long past due, in whole days: ages up to `maxDays` (inclusive) fall in a bucket. */
export const OVERDUE_AGES = [
  { key: "week", label: "Up to a week", maxDays: 7 },
  { key: "month", label: "8 to 30 days", maxDays: 30 },
  { key: "quarter", label: "31 to 90 days", maxDays: 90 },
  { key: "older", label: "Over 90 days", maxDays: Number.POSITIVE_INFINITY },
] as const;
export type OverdueAge = (typeof OVERDUE_AGES)[number]["key"];

/**
 * Work past its date now (not only in the period): reviews past their review deadline, contracts
 * pending approval past their approval deadline, exhibits expected and still pending or planned.
 */
export const overdueItem = z.object({
  kind: z.enum(OVERDUE_KINDS),
  contractId: z.string(),
  contractTitle: z.string(),
  /** The exhibit's title for an exhibit, else null. */
  itemTitle: z.string().nullable(),
  /** The deadline or expected date: date-only, 'YYYY-MM-DD' (issue 17). */
  dueAt: z.string(),
  /** Whole days since that date, in the company's time zone (1: it was due yesterday). */
  daysOverdue: z.number().int(),
});
export type OverdueItem = z.infer<typeof overdueItem>;
export const overdueWork = z.object({
  counts: z.object({ review: z.number().int(), approval: z.number().int(), exhibit: z.number().int() }),
  byAge: z.array(z.object({ age: z.enum(OVERDUE_AGES.map((a) => a.key) as [OverdueAge, ...OverdueAge[]]), review: z.number().int(), approval: z.number().int(), exhibit: z.number().int() })),
  /** The most overdue first, at most OVERDUE_LIST_MAX. */
  items: z.array(overdueItem),
});
export type OverdueWork = z.infer<typeof overdueWork>;
export const OVERDUE_LIST_MAX = 50;

/** The reviews the average review time is made of, so the figure can be checked against the contracts. */
export const completedReview = z.object({
  contractId: z.string(),
  title: z.string(),
  status: z.enum(["approved", "rejected"]),
  uploadedAt: z.string(),
  finishedAt: z.string(),
  hours: z.number(),
});
export type CompletedReview = z.infer<typeof completedReview>;
export const COMPLETED_REVIEWS_MAX = 50;

/**
 * A trend compares the period with the one before it only when both rest on at least
 * TREND_MIN_SAMPLE contracts (or reviews): "-100%" over one review says nothing.
 */
export const TREND_MIN_SAMPLE = 5;
export const analyticsTrend = z.object({
  current: z.number().nullable(),
  previous: z.number().nullable(),
  /** How many contracts or reviews each figure rests on. */
  sample: z.object({ current: z.number().int(), previous: z.number().int() }),
  /** Percent change (percentage points for a rate); null below the minimum sample or without a baseline. */
  change: z.number().nullable(),
});
export type AnalyticsTrend = z.infer<typeof analyticsTrend>;

export const analyticsResponse = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  /** ISO instants: [from, to) is the period, [previousFrom, from) the one it is compared with. */
  range: z.object({ from: z.string(), to: z.string(), previousFrom: z.string() }),
  overview: analyticsOverview,
  previousOverview: analyticsOverview,
  platformMetrics,
  riskDistribution,
  monthlyStats: z.array(monthlyStat),
  teamPerformance: z.array(teamPerformanceRow),
  jurisdictionalBreakdown: z.array(jurisdictionalBreakdownRow),
  timeline: z.object({ bucket: z.enum(["day", "week", "month"]), points: z.array(timelinePoint) }),
  stageCycleTimes: z.array(stageCycleTime),
  overdue: overdueWork,
  completedReviews: z.array(completedReview),
  trends: z.object({
    /** Contracts uploaded, percent change. */
    totalContracts: analyticsTrend,
    /** Of the contracts uploaded in the period, the share finished (approved or rejected), in percent; change in points. */
    completionRate: analyticsTrend,
    /** Average review time in hours, percent change (negative is faster). */
    averageReviewTime: analyticsTrend,
  }),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponse>;

/** Percent change, rounded to a whole number; null without a baseline. */
export function percentChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

/** A trend, or none when either period rests on fewer than TREND_MIN_SAMPLE contracts or reviews. */
export function trendOf(input: { current: number | null; previous: number | null; sample: { current: number; previous: number }; points?: boolean }): AnalyticsTrend {
  const { current, previous, sample } = input;
  const enough = sample.current >= TREND_MIN_SAMPLE && sample.previous >= TREND_MIN_SAMPLE;
  const change = !enough || current === null || previous === null ? null : input.points ? Math.round(current - previous) : percentChange(current, previous);
  return { current, previous, sample, change };
}

const signed = (value: number, unit: string) => `${value > 0 ? "+" : value < 0 ? "−" : "±"}${Math.abs(value)}${unit}`;
const TOO_FEW = `Too few to compare (under ${TREND_MIN_SAMPLE} in a period)`;

/**
 * The lines under the cards, in the shape of the spec's fixed texts ('+12% from last period',
 * '+8% completion rate', '-15% faster') but computed against the previous period (DESIGN.md §6),
 * and only when both periods have enough to compare.
 */
export function trendTexts(trends: AnalyticsResponse["trends"]): { totalContracts: string; completionRate: string; averageReviewTime: string } {
  const { totalContracts, completionRate, averageReviewTime } = trends;
  const total = totalContracts.change !== null ? `${signed(totalContracts.change, "%")} from last period` : TOO_FEW;
  const rate = completionRate.change !== null ? `${signed(completionRate.change, " pts")} completion rate` : TOO_FEW;
  const time =
    averageReviewTime.change === null
      ? TOO_FEW
      : averageReviewTime.change === 0
        ? "Same speed as last period"
        : `${signed(averageReviewTime.change, "%")} ${averageReviewTime.change < 0 ? "faster" : "slower"}`;
  return { totalContracts: total, completionRate: rate, averageReviewTime: time };
}

/** "2 d 4 h", "7 h", "45 min": review times people can hold against the contracts' dates. */
export function formatDuration(hours: number | null): string {
  if (hours === null || !Number.isFinite(hours)) return "—";
  const minutes = Math.round(hours * 60);
  if (minutes < 60) return `${minutes} min`;
  const wholeHours = Math.round(hours);
  if (wholeHours < 24) return `${wholeHours} h`;
  const days = Math.floor(wholeHours / 24);
  const rest = wholeHours % 24;
  return rest === 0 ? `${days} d` : `${days} d ${rest} h`;
}
