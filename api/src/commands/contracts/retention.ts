import { and, eq, isNotNull, lt, sql } from "drizzle-orm";
import type { UserRow } from "../../auth/sessions";
import type { AppDeps } from "../../context";
import type { Db } from "../../db/client";
import { companySettings, contracts } from "../../db/schema";
import { scrubFreedSpace } from "../../db/scrub";
import { createJobRunner, ensureRecurring, scheduleRecurring, type JobRunner } from "../../jobs/queue";
import { recordAudit } from "../audit";
import { CONTRACT_TEXT_TABLES, eraseContract } from "./erase";

export const RETENTION_SCAN_JOB = "contract.retention-scan";
export const RETENTION_SCAN_EVERY_MS = 24 * 3_600_000;

/** The company's retention: erase contracts this many days after approval, or null (keep them). */
export async function retentionDaysOf(db: Db, companyId: string): Promise<number | null> {
  const [row] = await db.select({ days: companySettings.retentionDays }).from(companySettings).where(eq(companySettings.companyId, companyId));
  return row?.days ?? null;
}

/** Admins set it (the route authorizes); the change is audited. */
export async function setRetentionDays(deps: AppDeps, input: { actor: UserRow; retentionDays: number | null }): Promise<number | null> {
  const now = deps.now();
  const { actor, retentionDays } = input;
  await deps.db.transaction(async (tx) => {
    const from = await retentionDaysOf(tx, actor.companyId);
    await tx
      .insert(companySettings)
      .values({ companyId: actor.companyId, retentionDays, updatedAt: now })
      .onConflictDoUpdate({ target: companySettings.companyId, set: { retentionDays, updatedAt: now } });
    await recordAudit(tx, { companyId: actor.companyId, userId: actor.id, action: "company.retention", entityType: "company", entityId: actor.companyId, now, data: { from, to: retentionDays } });
  });
  return retentionDays;
}

/**
 * Erases every approved contract whose approval is older than its company's retention, each with
 * its own audit event (actor: nobody; reason: retention). Approval time is `completed_at`, which a
 * reopen clears. Answers how many contracts were erased.
 */
export async function eraseExpiredContracts(deps: AppDeps): Promise<number> {
  const now = deps.now().getTime();
  const due = await deps.db
    .select({ id: contracts.id, companyId: contracts.companyId })
    .from(contracts)
    .innerJoin(companySettings, eq(companySettings.companyId, contracts.companyId))
    .where(
      and(
        isNotNull(companySettings.retentionDays),
        eq(contracts.status, "approved"),
        isNotNull(contracts.completedAt),
        lt(contracts.completedAt, sql`${new Date(now).toISOString()}::timestamptz - make_interval(days => ${companySettings.retentionDays})`),
      ),
    );
  let erased = 0;
  for (const contract of due) {
    try {
      await eraseContract(deps, { contractId: contract.id, companyId: contract.companyId, actorId: null, reason: "retention", scrub: false });
      erased++;
    } catch (error) {
      // Deleted by someone meanwhile, or a transient failure: the next daily scan tries again.
      deps.logger.warn({ err: error, contractId: contract.id }, "retention: erasing a contract failed");
    }
  }
  if (erased > 0) await scrubFreedSpace(deps, CONTRACT_TEXT_TABLES);
  if (erased > 0) deps.logger.info({ erased }, "retention: erased contracts past their company's retention");
  return erased;
}

/** Queues the next scan unless one is already queued (the running one does not count). */
export async function scheduleRetentionScan(db: Db, runAt: Date): Promise<void> {
  await scheduleRecurring(db, RETENTION_SCAN_JOB, runAt);
}

/** The daily scan re-enqueues itself first, so a failing scan never ends the chain. */
export async function runRetentionScan(deps: AppDeps): Promise<void> {
  await scheduleRetentionScan(deps.db, new Date(deps.now().getTime() + RETENTION_SCAN_EVERY_MS));
  await eraseExpiredContracts(deps);
}

/** Makes sure a scan is queued or running on this database (every API process at start-up). */
export async function ensureRetentionScan(deps: AppDeps): Promise<void> {
  await ensureRecurring(deps.db, RETENTION_SCAN_JOB, deps.now());
}

export function createRetentionRunner(deps: AppDeps, options: { pollMs?: number } = {}): JobRunner {
  return createJobRunner({
    db: deps.db,
    logger: deps.logger.child({ component: "retention" }),
    handlers: { [RETENTION_SCAN_JOB]: () => runRetentionScan(deps) },
    now: deps.now,
    // A daily job: looking once a minute is plenty.
    pollMs: options.pollMs ?? 60_000,
  });
}

/** Schedules the daily scan and starts its runner (API processes). */
export async function startRetentionJobs(deps: AppDeps): Promise<JobRunner> {
  await ensureRetentionScan(deps);
  const runner = createRetentionRunner(deps);
  runner.start();
  return runner;
}
