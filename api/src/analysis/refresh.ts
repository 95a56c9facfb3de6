import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { analyses, jobs } from "../db/schema";

/**
 * Stale analyses (issue 13): an analysis stores the hash of the text it read; when the contract's
 * text changes (an approved change, a live edit, a REST save) the analysis shows it is of an earlier
 * text, and a durable job re-analyses the contract once the edits have settled.
 */
export const REANALYSIS_JOB = "analysis.refresh";
/** Quiet time after the last edit before the contract is analysed again. */
export const REANALYSIS_DELAY_MS = 2 * 60_000;

export type ReanalysisPayload = { contractId: string };

export function textHash(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

export const reanalysisKey = (contractId: string) => `reanalysis:${contractId}`;

/**
 * Called in the transaction that changed the text: (re)sets the contract's re-analysis for
 * REANALYSIS_DELAY_MS from now, so a burst of edits makes one analysis at its end. Only contracts
 * that have an analysis get one. A re-analysis already running read the text before this edit, so a
 * new one is queued behind it rather than merged into it.
 */
export async function scheduleReanalysis(db: Db, contractId: string, now: Date): Promise<void> {
  const [analysed] = await db.select({ id: analyses.id }).from(analyses).where(eq(analyses.contractId, contractId)).limit(1);
  if (!analysed) return;
  const runAt = new Date(now.getTime() + REANALYSIS_DELAY_MS);
  const key = reanalysisKey(contractId);
  const moved = await db
    .update(jobs)
    .set({ runAt, updatedAt: now })
    .where(and(eq(jobs.dedupeKey, key), eq(jobs.status, "queued")))
    .returning({ id: jobs.id });
  if (moved.length > 0) return;
  const payload: ReanalysisPayload = { contractId };
  await db.insert(jobs).values({ type: REANALYSIS_JOB, payload, runAt, maxAttempts: 3, dedupeKey: key });
}

/** When the planned re-analysis of a contract starts, if one is planned. */
export async function plannedReanalysis(db: Db, contractId: string): Promise<Date | null> {
  const [row] = await db
    .select({ runAt: jobs.runAt })
    .from(jobs)
    .where(and(eq(jobs.dedupeKey, reanalysisKey(contractId)), eq(jobs.status, "queued")))
    .limit(1);
  return row?.runAt ?? null;
}
