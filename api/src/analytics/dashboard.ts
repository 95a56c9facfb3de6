import { percentChange, type AnalyticsPeriod, type AnalyticsResponse } from "@clausewise/shared";
import type { Db } from "../db/client";
import { jurisdictionalBreakdownOf, monthlyStatsOf, overviewFigures, platformMetricsOf, riskDistributionOf, teamPerformanceOf, type OverviewFigures } from "./queries";
import { periodWindows, round1 } from "./window";

/** Share of the contracts created in the window that are finished, in percent; null without contracts. */
function completionRate(figures: OverviewFigures): number | null {
  return figures.totalContracts > 0 ? round1((figures.finishedOfCreated / figures.totalContracts) * 100) : null;
}

function overviewOf({ totalContracts, activeReviews, completedReviews, averageReviewTime }: OverviewFigures) {
  return { totalContracts, activeReviews, completedReviews, averageReviewTime };
}

/**
 * GET /api/analytics: every figure of the dashboard for one company over the period ending `now`,
 * and the same overview over the period before it, from which the trends are computed.
 */
export async function analyticsDashboard(
  db: Db,
  input: { companyId: string; period: AnalyticsPeriod; now: Date; platformScope: "platform" | "company" },
): Promise<AnalyticsResponse> {
  const { companyId, period, now } = input;
  const { current, previous } = periodWindows(period, now);
  const [overview, previousOverview, platformMetrics, riskDistribution, monthlyStats, teamPerformance, jurisdictionalBreakdown] = await Promise.all([
    overviewFigures(db, companyId, current),
    overviewFigures(db, companyId, previous),
    platformMetricsOf(db, { scope: input.platformScope, companyId, now }),
    riskDistributionOf(db, companyId, current),
    monthlyStatsOf(db, companyId, current),
    teamPerformanceOf(db, companyId, current),
    jurisdictionalBreakdownOf(db, companyId, current),
  ]);
  const rateNow = completionRate(overview);
  const ratePrevious = completionRate(previousOverview);
  return {
    period,
    range: { from: current.from.toISOString(), to: current.to.toISOString(), previousFrom: previous.from.toISOString() },
    overview: overviewOf(overview),
    previousOverview: overviewOf(previousOverview),
    platformMetrics,
    riskDistribution,
    monthlyStats,
    teamPerformance,
    jurisdictionalBreakdown,
    trends: {
      totalContracts: {
        current: overview.totalContracts,
        previous: previousOverview.totalContracts,
        changePercent: percentChange(overview.totalContracts, previousOverview.totalContracts),
      },
      completionRate: {
        current: rateNow,
        previous: ratePrevious,
        // Percentage points, not a percent of a percent.
        changePercent: rateNow !== null && ratePrevious !== null ? Math.round(rateNow - ratePrevious) : null,
      },
      averageReviewTime: {
        current: overview.averageReviewTime,
        previous: previousOverview.averageReviewTime,
        changePercent: percentChange(overview.averageReviewTime, previousOverview.averageReviewTime),
      },
    },
  };
}
