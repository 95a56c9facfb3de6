import { z } from "zod";
import { contractSummary } from "./contract";

/** Rows per "My work" list on the dashboard. */
export const DASHBOARD_LIST_SIZE = 5;
/** "Deadlines this week": open deadlines up to this many days ahead (and overdue ones). */
export const DASHBOARD_DEADLINE_DAYS = 7;

/** GET /api/dashboard/overview: the signed-in member's work, each list at most DASHBOARD_LIST_SIZE rows. */
export const dashboardOverview = z.object({
  /** Under review with the caller as reviewer, soonest deadline first. */
  reviews: z.array(contractSummary),
  /** Pending approval where the caller may approve, soonest deadline first. */
  approvals: z.array(contractSummary),
  /** Open deadlines (shared `openDeadline`) overdue or within DASHBOARD_DEADLINE_DAYS, soonest first. */
  deadlines: z.array(contractSummary),
  /** The company's most recently changed contracts. */
  recent: z.array(contractSummary),
});
export type DashboardOverview = z.infer<typeof dashboardOverview>;
