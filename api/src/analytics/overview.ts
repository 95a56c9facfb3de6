import { and, desc, eq, sql } from "drizzle-orm";
import { COMPLETED_REVIEWS_MAX, type AnalyticsOverview, type CompletedReview } from "@clausewise/shared";
import type { Db } from "../db/client";
import { contracts } from "../db/schema";
import { FINISHED, FINISHED_AT, OPEN, hoursBetween, within } from "./sql";
import { round1, type TimeWindow } from "./window";

const FINISHED_IN = (window: TimeWindow) => sql`(${FINISHED} and ${within(FINISHED_AT, window)})`;

/**
 * totalContracts: created in the window; activeReviews: of those, still under review or pending
 * approval; completedReviews: reviews that finished (approved or rejected) in the window;
 * averageReviewTime: their mean time from upload to that finish, in hours.
 */
export async function overviewFigures(db: Db, companyId: string, window: TimeWindow): Promise<AnalyticsOverview> {
  const created = within(contracts.createdAt, window);
  const finished = FINISHED_IN(window);
  const [row] = await db
    .select({
      totalContracts: sql<number>`(count(*) filter (where ${created}))::int`,
      activeReviews: sql<number>`(count(*) filter (where ${created} and ${OPEN}))::int`,
      uploadsFinished: sql<number>`(count(*) filter (where ${created} and ${FINISHED}))::int`,
      completedReviews: sql<number>`(count(*) filter (where ${finished}))::int`,
      averageReviewTime: sql<number | null>`(avg(${hoursBetween(contracts.createdAt, FINISHED_AT)}) filter (where ${finished}))::float8`,
    })
    .from(contracts)
    .where(eq(contracts.companyId, companyId));
  return {
    totalContracts: Number(row?.totalContracts ?? 0),
    activeReviews: Number(row?.activeReviews ?? 0),
    uploadsFinished: Number(row?.uploadsFinished ?? 0),
    completedReviews: Number(row?.completedReviews ?? 0),
    averageReviewTime: round1(row?.averageReviewTime === null || row?.averageReviewTime === undefined ? null : Number(row.averageReviewTime)),
  };
}

/** The reviews averageReviewTime is made of, newest finish first (at most COMPLETED_REVIEWS_MAX). */
export async function completedReviewsOf(db: Db, companyId: string, window: TimeWindow): Promise<CompletedReview[]> {
  const rows = await db
    .select({
      contractId: contracts.id,
      title: contracts.title,
      status: contracts.status,
      uploadedAt: contracts.createdAt,
      finishedAt: sql<Date | string>`${FINISHED_AT}`,
      hours: sql<number>`${hoursBetween(contracts.createdAt, FINISHED_AT)}::float8`,
    })
    .from(contracts)
    .where(and(eq(contracts.companyId, companyId), FINISHED_IN(window)))
    .orderBy(desc(FINISHED_AT), desc(contracts.id))
    .limit(COMPLETED_REVIEWS_MAX);
  return rows.map((row) => ({
    contractId: row.contractId,
    title: row.title,
    status: row.status === "approved" ? "approved" : "rejected",
    uploadedAt: row.uploadedAt.toISOString(),
    finishedAt: new Date(row.finishedAt).toISOString(),
    hours: round1(Number(row.hours)) ?? 0,
  }));
}
