import { asc, desc, eq, sql } from "drizzle-orm";
import { addDaysToDateOnly, DASHBOARD_DEADLINE_DAYS, DASHBOARD_LIST_SIZE, dateOnlyIn, type DashboardOverview } from "@clausewise/shared";
import type { Db } from "../db/client";
import { contracts } from "../db/schema";
import { openDeadlineOrNeverSql } from "../db/schema/contracts";
import { selectContractSummaries } from "../loaders/contract";
import { contractAbilities, type Actor } from "../policies";
import { presentContractSummary } from "../presenters/contract";

/** Pending approvals looked at to find the caller's few: grants can narrow an approver's reach. */
const APPROVAL_CANDIDATES = 100;

/**
 * The dashboard's "My work" for one member (issue 17 item 5): reviews assigned to them, approvals they
 * may give, open deadlines this week (and overdue), and the company's latest changes. Scoped by company
 * in SQL; approvals are checked against the contract policy.
 */
export async function dashboardOverview(db: Db, actor: Actor, now: Date, timeZone: string): Promise<DashboardOverview> {
  const base = { companyId: actor.companyId, userId: actor.id };
  const deadline = openDeadlineOrNeverSql(contracts);
  // Deadlines are days (issue 17 item 4): this week ends DASHBOARD_DEADLINE_DAYS after today in the company's zone.
  const weekEnd = addDaysToDateOnly(dateOnlyIn(timeZone, now), DASHBOARD_DEADLINE_DAYS);
  const [reviews, approvalCandidates, deadlines, recent] = await Promise.all([
    selectContractSummaries(db, {
      ...base,
      where: [eq(contracts.status, "under_review"), eq(contracts.reviewerId, actor.id)],
      order: [asc(deadline), desc(contracts.updatedAt)],
      limit: DASHBOARD_LIST_SIZE,
    }),
    selectContractSummaries(db, {
      ...base,
      where: [eq(contracts.status, "pending_approval")],
      order: [asc(deadline), desc(contracts.updatedAt)],
      limit: APPROVAL_CANDIDATES,
    }),
    selectContractSummaries(db, {
      ...base,
      where: [sql`${deadline} <= ${weekEnd}::date`],
      order: [asc(deadline), asc(contracts.id)],
      limit: DASHBOARD_LIST_SIZE,
    }),
    selectContractSummaries(db, { ...base, where: [], order: [desc(contracts.updatedAt), desc(contracts.id)], limit: DASHBOARD_LIST_SIZE }),
  ]);
  const approvals = approvalCandidates.filter((row) => contractAbilities(actor, row, row.grant).approve).slice(0, DASHBOARD_LIST_SIZE);
  return {
    reviews: reviews.map(presentContractSummary),
    approvals: approvals.map(presentContractSummary),
    deadlines: deadlines.map(presentContractSummary),
    recent: recent.map(presentContractSummary),
  };
}
