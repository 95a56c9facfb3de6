import { processOverdueAccounts } from "../commands/billing-admin/process-overdue";
import type { AppDeps } from "../context";
import { createJobRunner, ensureRecurring, scheduleRecurring, type JobRunner } from "../jobs/queue";
import { endDueSubscriptions, endSubscriptionIfDue, SUBSCRIPTION_END_JOB } from "./lifecycle";

export const BILLING_DAILY_JOB = "billing.daily";
export const BILLING_DAILY_EVERY_MS = 24 * 3_600_000;

/**
 * Once a day: ends manual subscriptions past their end (a safety net behind each one's own job) and
 * processes overdue accounts, as Billing Administration's button does. It queues tomorrow's run
 * first, so a failing run never ends the chain.
 */
export async function runDailyBilling(deps: AppDeps): Promise<void> {
  await scheduleRecurring(deps.db, BILLING_DAILY_JOB, new Date(deps.now().getTime() + BILLING_DAILY_EVERY_MS));
  const ended = await endDueSubscriptions(deps);
  const overdue = await processOverdueAccounts(deps, { actor: null });
  deps.logger.info({ ended, ...overdue }, "billing: daily run");
}

/** Makes sure a daily run is queued or running on this database (every API process at start-up). */
export async function ensureDailyBilling(deps: AppDeps): Promise<void> {
  await ensureRecurring(deps.db, BILLING_DAILY_JOB, deps.now());
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
