import { trendOf, type AnalyticsOverview, type AnalyticsPeriod, type AnalyticsResponse } from "@clausewise/shared";
import type { Db } from "../db/client";
import { overdueWorkOf } from "./overdue";
import { completedReviewsOf, overviewFigures } from "./overview";
import { stageCycleTimesOf } from "./pipeline";
import { platformMetricsOf } from "./platform";
import { jurisdictionalBreakdownOf, riskDistributionOf } from "./risk";
import { teamPerformanceOf } from "./team";
import { monthlyStatsOf, timelineOf } from "./timeline";
import { periodWindows, round1 } from "./window";

/** Share of the contracts created in the window that are finished, in percent; null without contracts. */
function completionRate(figures: AnalyticsOverview): number | null {
  return figures.totalContracts > 0 ? round1((figures.uploadsFinished / figures.totalContracts) * 100) : null;
}

/**
 * GET /api/analytics: every figure of the dashboard for one company over the period ending `now`,
 * and the same overview over the period before it, from which the trends are computed (only where
 * both periods hold enough to compare: trendOf).
 */
export async function analyticsDashboard(
  db: Db,
  input: { companyId: string; period: AnalyticsPeriod; now: Date; platformScope: "platform" | "company" },
): Promise<AnalyticsResponse> {
  const { companyId, period, now } = input;
  const { current, previous } = periodWindows(period, now);
  const [overview, previousOverview, platformMetrics, riskDistribution, monthlyStats, teamPerformance, jurisdictionalBreakdown, timeline, stageCycleTimes, overdue, completedReviews] =
    await Promise.all([
      overviewFigures(db, companyId, current),
      overviewFigures(db, companyId, previous),
      platformMetricsOf(db, { scope: input.platformScope, companyId, now }),
      riskDistributionOf(db, companyId, current),
      monthlyStatsOf(db, companyId, current),
      teamPerformanceOf(db, companyId, current),
      jurisdictionalBreakdownOf(db, companyId, current),
      timelineOf(db, companyId, period, current),
      stageCycleTimesOf(db, companyId, current),
      overdueWorkOf(db, companyId, now),
      completedReviewsOf(db, companyId, current),
    ]);
  const created = { current: overview.totalContracts, previous: previousOverview.totalContracts };
  return {
    period,
    range: { from: current.from.toISOString(), to: current.to.toISOString(), previousFrom: previous.from.toISOString() },
    overview,
    previousOverview,
    platformMetrics,
    riskDistribution,
    monthlyStats,
    teamPerformance,
    jurisdictionalBreakdown,
    timeline,
    stageCycleTimes,
    overdue,
    completedReviews,
    trends: {
      totalContracts: trendOf({ current: created.current, previous: created.previous, sample: created }),
      completionRate: trendOf({ current: completionRate(overview), previous: completionRate(previousOverview), sample: created, points: true }),
      averageReviewTime: trendOf({
        current: overview.averageReviewTime,
        previous: previousOverview.averageReviewTime,
        sample: { current: overview.completedReviews, previous: previousOverview.completedReviews },
      }),
    },
  };
}
