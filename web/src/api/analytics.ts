import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AnalyticsPeriod, AnalyticsResponse } from "@clausewise/shared";
import { api } from "./client";

export const analyticsKey = (period: AnalyticsPeriod) => ["analytics", period] as const;

/** GET /api/analytics?period=…: admin and approver only, so callers pass `enabled` from the ability. */
export function useAnalytics(period: AnalyticsPeriod, enabled = true) {
  return useQuery({
    queryKey: analyticsKey(period),
    queryFn: ({ signal }) => api.get<AnalyticsResponse>("/api/analytics", { query: { period }, signal }),
    enabled,
    // Switching the period keeps the last figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
