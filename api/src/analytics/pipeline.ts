import { and, eq, isNotNull, sql } from "drizzle-orm";
import { CYCLE_STAGES, type CycleStage, type StageCycleTime } from "@clausewise/shared";
import type { Db } from "../db/client";
import { contractApprovalSteps, contracts } from "../db/schema";
import { STEP_OPENED_AT, decidedStepsWithin, hoursBetween, stepContractOf, within } from "./sql";
import { round1, type TimeWindow } from "./window";

const average = sql<number | null>`avg(hours)::float8`;
const median = sql<number | null>`percentile_cont(0.5) within group (order by hours)::float8`;

/**
 * Cycle time per stage, for stages that ended in the window: the review (upload → submitted for
 * approval), then each approval step (opened → decided). A step whose opening is unknown or after
 * its decision (data edited by hand) is left out rather than counted as negative time.
 */
export async function stageCycleTimesOf(db: Db, companyId: string, window: TimeWindow): Promise<StageCycleTime[]> {
  const reviews = db
    .select({ stage: sql<string>`'review'`.as("stage"), hours: sql<number>`${hoursBetween(contracts.createdAt, contracts.submittedAt)}`.as("hours") })
    .from(contracts)
    .where(and(eq(contracts.companyId, companyId), isNotNull(contracts.submittedAt), within(contracts.submittedAt, window)));
  const steps = db
    .select({ stage: sql<string>`${contractApprovalSteps.stage}`.as("stage"), hours: sql<number>`${hoursBetween(STEP_OPENED_AT, contractApprovalSteps.decidedAt)}`.as("hours") })
    .from(contractApprovalSteps)
    .innerJoin(contracts, stepContractOf(companyId))
    .where(decidedStepsWithin(companyId, window));
  const durations = reviews.unionAll(steps).as("durations");
  const rows = await db
    .select({ stage: sql<string>`${durations.stage}`, count: sql<number>`count(*)::int`, average, median })
    .from(durations)
    .where(sql`${durations.hours} >= 0`)
    .groupBy(durations.stage);
  const byStage = new Map(rows.map((row) => [row.stage, row]));
  return CYCLE_STAGES.map((stage: CycleStage) => {
    const row = byStage.get(stage);
    return {
      stage,
      count: Number(row?.count ?? 0),
      averageHours: round1(row?.average === null || row?.average === undefined ? null : Number(row.average)),
      medianHours: round1(row?.median === null || row?.median === undefined ? null : Number(row.median)),
    };
  });
}
