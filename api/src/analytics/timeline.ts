import { and, eq, sql } from "drizzle-orm";
import { TIMELINE_BUCKETS, type AnalyticsPeriod, type MonthlyStat, type TimelineBucket, type TimelinePoint } from "@clausewise/shared";
import type { Db } from "../db/client";
import { contracts } from "../db/schema";
import { FINISHED_AT, within } from "./sql";
import { monthsOf, type TimeWindow } from "./window";

/** Contracts created per calendar month (UTC) the window touches, newest first, empty months as 0. */
export async function monthlyStatsOf(db: Db, companyId: string, window: TimeWindow): Promise<MonthlyStat[]> {
  const month = sql<string>`to_char(date_trunc('month', ${contracts.createdAt} at time zone 'UTC'), 'YYYY-MM')`;
  const rows = await db
    .select({ month, count: sql<number>`count(*)::int` })
    .from(contracts)
    .where(and(eq(contracts.companyId, companyId), within(contracts.createdAt, window)))
    .groupBy(month);
  const counts = new Map(rows.map((row) => [row.month, Number(row.count)]));
  return monthsOf(window).map((key) => ({ month: key, contracts: counts.get(key) ?? 0 }));
}

const DAY = 86_400_000;

/** The start (UTC) of the bucket holding `date`: its day, its week from Monday, or its month. */
export function bucketStart(date: Date, bucket: TimelineBucket): Date {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  if (bucket === "day") return day;
  if (bucket === "week") return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}

function nextBucket(start: Date, bucket: TimelineBucket): Date {
  if (bucket === "day") return new Date(start.getTime() + DAY);
  if (bucket === "week") return new Date(start.getTime() + 7 * DAY);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
}

/** Every bucket the window touches, oldest first, as "YYYY-MM-DD". */
export function bucketsOf(window: TimeWindow, bucket: TimelineBucket): string[] {
  const keys: string[] = [];
  for (let start = bucketStart(window.from, bucket); start < window.to; start = nextBucket(start, bucket)) keys.push(start.toISOString().slice(0, 10));
  return keys;
}

/**
 * Contracts over time: per bucket of the period (TIMELINE_BUCKETS), how many were uploaded, approved
 * and rejected in it. Buckets at the window's edges count only what falls inside the window.
 */
export async function timelineOf(db: Db, companyId: string, period: AnalyticsPeriod, window: TimeWindow): Promise<{ bucket: TimelineBucket; points: TimelinePoint[] }> {
  const bucket = TIMELINE_BUCKETS[period];
  // A literal, not a parameter: the grouped expression must be the selected one. The bucket is one of three words.
  const unit = sql.raw(`'${bucket}'`);
  const key = (column: ReturnType<typeof sql>) => sql<string>`to_char(date_trunc(${unit}, (${column}) at time zone 'UTC'), 'YYYY-MM-DD')`;
  const counts = async (column: ReturnType<typeof sql>, status: string | null) => {
    const k = key(column);
    const rows = await db
      .select({ k, n: sql<number>`count(*)::int` })
      .from(contracts)
      .where(and(eq(contracts.companyId, companyId), within(column, window), status ? eq(contracts.status, status) : undefined))
      .groupBy(k);
    return new Map(rows.map((row) => [row.k, Number(row.n)]));
  };
  const [uploaded, approved, rejected] = await Promise.all([
    counts(sql`${contracts.createdAt}`, null),
    counts(sql`${contracts.completedAt}`, "approved"),
    counts(FINISHED_AT, "rejected"),
  ]);
  return {
    bucket,
    points: bucketsOf(window, bucket).map((start) => ({ start, uploaded: uploaded.get(start) ?? 0, approved: approved.get(start) ?? 0, rejected: rejected.get(start) ?? 0 })),
  };
}
