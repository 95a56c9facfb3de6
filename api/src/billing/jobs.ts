import { and, eq, inArray } from "drizzle-orm";
import { processOverdueAccounts } from "../commands/billing-admin/process-overdue";
import type { AppDeps } from "../context";
import type { Db } from "../db/client";
import { jobs } from "../db/schema";
import { createJobRunner, type JobRunner } from "../jobs/queue";
import { endDueSubscriptions, endSubscriptionIfDue, SUBSCRIPTION_END_JOB } from "./lifecycle";

export const BILLING_DAILY_JOB = "billing.daily";
export const BILLING_DAILY_EVERY_MS = 24 * 3_600_000;

/** Queues the next daily run unless one is already queued (the running one does not count). */
async function scheduleDailyRun(db: Db, runAt: Date): Promise<void> {
  const [queued] = await db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.type, BILLING_DAILY_JOB), eq(jobs.status, "queued"))).limit(1);
  if (!queued) await db.insert(jobs).values({ type: BILLING_DAILY_JOB, payload: {}, runAt, maxAttempts: 3 });
}

/**
 * Once a day: ends manual subscriptions past their end (a safety net behind each one's own job) and
 * processes overdue accounts, as Billing Administration's button does. It queues tomorrow's run
 * first, so a failing run never ends the chain.
 */
export async function runDailyBilling(deps: AppDeps): Promise<void> {
  await scheduleDailyRun(deps.db, new Date(deps.now().getTime() + BILLING_DAILY_EVERY_MS));
  const ended = await endDueSubscriptions(deps);
  const overdue = await processOverdueAccounts(deps, { actor: null });
  deps.logger.info({ ended, ...overdue }, "billing: daily run");
}

/** Makes sure a daily run is queued or running on this database (every API process at start-up). */
export async function ensureDailyBilling(deps: AppDeps): Promise<void> {
  const [live] = await deps.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.type, BILLING_DAILY_JOB), inArray(jobs.status, ["queued", "running"])))
    .limit(1);
  if (!live) await scheduleDailyRun(deps.db, deps.now());
}

export function createBillingRunner(deps: AppDeps, options: { pollMs?: number } = {}): JobRunner {
  return createJobRunner({
    db: deps.db,
    logger: deps.logger.child({ component: "billing" }),
    handlers: {
      [BILLING_DAILY_JOB]: () => runDailyBilling(deps),
      [SUBSCRIPTION_END_JOB]: async (job) => {
        const companyId = job.payload.companyId;
        if (typeof companyId === "string") await endSubscriptionIfDue(deps, companyId);
      },
    },
    now: deps.now,
    // Period ends are days apart: looking once a minute is precise enough.
    pollMs: options.pollMs ?? 60_000,
  });
}

/** Schedules the daily run and starts the billing runner (API processes). */
export async function startBillingJobs(deps: AppDeps): Promise<JobRunner> {
  await ensureDailyBilling(deps);
  const runner = createBillingRunner(deps);
  runner.start();
  return runner;
}
