import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { memberDisplayName, type TeamPerformanceRow } from "@clausewise/shared";
import { SUBMIT_AUDIT_ACTION } from "../commands/workflow/run";
import type { Db } from "../db/client";
import { auditEvents, contractApprovalSteps, contracts, documentChanges, markups, users } from "../db/schema";
import { STEP_OPENED_AT, decidedStepsWithin, hoursBetween, stepContractOf, within } from "./sql";
import { round1, type TimeWindow } from "./window";

type Figures = Omit<TeamPerformanceRow, "userId" | "name">;
const EMPTY: Figures = { reviewsCompleted: 0, avgReviewTime: null, decisions: 0, avgDecisionTime: null, comments: 0, changesProposed: 0, changesApproved: 0, changesRejected: 0 };
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * Team Performance: per member, what they did in the window, each column counting what its name says
 * (shared/src/schemas/analytics.ts). A review is completed when its contract is submitted for
 * approval (the audit trail says by whom); a member who submits the same contract twice in the
 * window completed one review of it, timed to the first submission.
 */
export async function teamPerformanceOf(db: Db, companyId: string, window: TimeWindow): Promise<TeamPerformanceRow[]> {
  const firstSubmissions = db
    .select({ userId: sql<string>`${auditEvents.userId}`.as("user_id"), hours: sql<number>`${hoursBetween(contracts.createdAt, sql`min(${auditEvents.createdAt})`)}`.as("hours") })
    .from(auditEvents)
    .innerJoin(contracts, and(eq(contracts.id, auditEvents.contractId), eq(contracts.companyId, companyId)))
    .where(and(eq(auditEvents.companyId, companyId), eq(auditEvents.action, SUBMIT_AUDIT_ACTION), isNotNull(auditEvents.userId), within(auditEvents.createdAt, window)))
    .groupBy(auditEvents.userId, auditEvents.contractId, contracts.createdAt)
    .as("first_submissions");
  const stepHours = hoursBetween(STEP_OPENED_AT, contractApprovalSteps.decidedAt);
  const [reviews, decisions, comments, proposed, outcomes] = await Promise.all([
    db
      .select({ userId: firstSubmissions.userId, n: sql<number>`count(*)::int`, hours: sql<number | null>`avg(${firstSubmissions.hours})::float8` })
      .from(firstSubmissions)
      .groupBy(firstSubmissions.userId),
    db
      .select({
        userId: contractApprovalSteps.decidedBy,
        n: sql<number>`count(*)::int`,
        hours: sql<number | null>`(avg(${stepHours}) filter (where ${stepHours} >= 0))::float8`,
      })
      .from(contractApprovalSteps)
      .innerJoin(contracts, stepContractOf(companyId))
      .where(decidedStepsWithin(companyId, window))
      .groupBy(contractApprovalSteps.decidedBy),
    db
      .select({ userId: markups.userId, n: sql<number>`count(*)::int` })
      .from(markups)
      .where(and(eq(markups.companyId, companyId), within(markups.createdAt, window)))
      .groupBy(markups.userId),
    db
      .select({ userId: documentChanges.userId, n: sql<number>`count(*)::int` })
      .from(documentChanges)
      .where(and(eq(documentChanges.companyId, companyId), within(documentChanges.createdAt, window)))
      .groupBy(documentChanges.userId),
    db
      .select({
        userId: documentChanges.userId,
        approved: sql<number>`(count(*) filter (where ${documentChanges.status} = 'approved'))::int`,
        rejected: sql<number>`(count(*) filter (where ${documentChanges.status} = 'rejected'))::int`,
      })
      .from(documentChanges)
      .where(and(eq(documentChanges.companyId, companyId), isNotNull(documentChanges.decidedAt), within(documentChanges.decidedAt, window)))
      .groupBy(documentChanges.userId),
  ]);

  const figures = new Map<string, Figures>();
  const add = (userId: string | null, patch: Partial<Figures>) => {
    if (!userId) return;
    figures.set(userId, { ...(figures.get(userId) ?? EMPTY), ...patch });
  };
  for (const r of reviews) add(r.userId, { reviewsCompleted: Number(r.n), avgReviewTime: round1(num(r.hours)) });
  for (const r of decisions) add(r.userId, { decisions: Number(r.n), avgDecisionTime: round1(num(r.hours)) });
  for (const r of comments) add(r.userId, { comments: Number(r.n) });
  for (const r of proposed) add(r.userId, { changesProposed: Number(r.n) });
  for (const r of outcomes) add(r.userId, { changesApproved: Number(r.approved), changesRejected: Number(r.rejected) });

  if (figures.size === 0) return [];
  const members = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, [...figures.keys()])));
  return members
    .map((member) => ({ userId: member.id, name: memberDisplayName(member), ...figures.get(member.id)! }))
    .sort((a, b) => b.reviewsCompleted - a.reviewsCompleted || b.decisions - a.decisions || a.name.localeCompare(b.name));
}
