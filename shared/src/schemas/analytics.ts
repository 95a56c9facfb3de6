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

/** Spec §3 overview; averageReviewTime in hours (one decimal), null when nothing finished. */
export const analyticsOverview = z.object({
  totalContracts: z.number().int(),
  activeReviews: z.number().int(),
  completedReviews: z.number().int(),
  averageReviewTime: z.number().nullable(),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverview>;

/** Spec §3 platform metrics: platform-wide for platform operators, the own company's figures otherwise. */
export const platformMetrics = z.object({
  scope: z.enum(["platform", "company"]),
  totalUsers: z.number().int(),
  totalCompanies: z.number().int(),
  activeUsers30d: z.number().int(),
  contractsThisMonth: z.number().int(),
  averageCompanySize: z.number(),
});
export type PlatformMetrics = z.infer<typeof platformMetrics>;

export const riskDistribution = z.object({ high: z.number().int(), medium: z.number().int(), low: z.number().int() });
export type RiskDistribution = z.infer<typeof riskDistribution>;

/** month: "YYYY-MM" (UTC). */
export const monthlyStat = z.object({ month: z.string(), contracts: z.number().int() });
export type MonthlyStat = z.infer<typeof monthlyStat>;

/** avgReviewTime in hours; accuracy in percent (0-100) of the member's decided proposals that were approved. */
export const teamPerformanceRow = z.object({
  userId: z.string(),
  name: z.string(),
  reviewsCompleted: z.number().int(),
  avgReviewTime: z.number().nullable(),
  accuracy: z.number().nullable(),
});
export type TeamPerformanceRow = z.infer<typeof teamPerformanceRow>;

/** avgComplexity out of 10 (one decimal). */
export const jurisdictionalBreakdownRow = z.object({ jurisdiction: z.string(), count: z.number().int(), avgComplexity: z.number() });
export type JurisdictionalBreakdownRow = z.infer<typeof jurisdictionalBreakdownRow>;

/** Current against previous value; changePercent null when the previous period has no baseline. */
export const analyticsTrend = z.object({ current: z.number().nullable(), previous: z.number().nullable(), changePercent: z.number().nullable() });
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
  trends: z.object({
    /** Contracts created, percent change. */
    totalContracts: analyticsTrend,
    /** completed / created in percent; changePercent is the difference in percentage points. */
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

const signed = (value: number) => `${value > 0 ? "+" : value < 0 ? "-" : "±"}${Math.abs(value)}%`;

/**
 * The trend lines under the cards, in the shape of the spec's fixed texts ('+12% from last period',
 * '+8% completion rate', '-15% faster') but computed against the previous period (DESIGN.md §6).
 */
export function trendTexts(trends: AnalyticsResponse["trends"]): { totalContracts: string; completionRate: string; averageReviewTime: string } {
  const { totalContracts, completionRate, averageReviewTime } = trends;
  const total =
    totalContracts.changePercent !== null
      ? `${signed(totalContracts.changePercent)} from last period`
      : totalContracts.current
        ? "New since last period"
        : "No change from last period";
  const rate =
    completionRate.changePercent !== null
      ? `${signed(completionRate.changePercent)} completion rate`
      : "No completion rate to compare yet";
  const time =
    averageReviewTime.changePercent === null
      ? "No review time to compare yet"
      : averageReviewTime.changePercent > 0
        ? `${signed(averageReviewTime.changePercent)} slower`
        : averageReviewTime.changePercent < 0
          ? `${signed(averageReviewTime.changePercent)} faster`
          : "Same speed as last period";
  return { totalContracts: total, completionRate: rate, averageReviewTime: time };
}
