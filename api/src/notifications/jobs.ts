import { and, eq, inArray } from "drizzle-orm";
import type { AppDeps } from "../context";
import { jobs } from "../db/schema";
import { createJobRunner, type JobHandler, type JobRunner } from "../jobs/queue";
import { NOTIFICATION_DIGEST_JOB, sendDigest, type DigestPayload } from "./digest";
import { deliverNotificationMail, NOTIFICATION_MAIL_JOB, type NotificationMailPayload } from "./mail";
import { DEADLINE_REMINDER_JOB, REMINDER_SCAN_JOB, runReminderScan, scheduleReminderScan, sendDeadlineReminder, type DeadlineReminderPayload } from "./reminders";

/** The durable jobs of notifications: e-mail (held through quiet hours), digests, deadline reminders. */
export function notificationJobHandlers(deps: AppDeps): Record<string, JobHandler> {
  return {
    [NOTIFICATION_MAIL_JOB]: (job) => deliverNotificationMail(deps, job.payload as unknown as NotificationMailPayload),
    [NOTIFICATION_DIGEST_JOB]: (job) => sendDigest(deps, job.payload as unknown as DigestPayload),
    [DEADLINE_REMINDER_JOB]: (job) => sendDeadlineReminder(deps, job.payload as unknown as DeadlineReminderPayload),
    [REMINDER_SCAN_JOB]: () => runReminderScan(deps),
  };
}

/** Makes sure the reminder scan is scheduled (queued or running) on this database. */
export async function ensureReminderScan(deps: AppDeps): Promise<void> {
  const [live] = await deps.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.type, REMINDER_SCAN_JOB), inArray(jobs.status, ["queued", "running"])))
    .limit(1);
  if (!live) await scheduleReminderScan(deps.db, deps.now());
}

export function createNotificationRunner(deps: AppDeps, options: { pollMs?: number; lockTimeoutMs?: number } = {}): JobRunner {
  return createJobRunner({
    db: deps.db,
    // Analyses and mail start as soon as they are committed, not at the next poll.
    database: deps.database,
    logger: deps.logger.child({ component: "notification-jobs" }),
    handlers: notificationJobHandlers(deps),
    now: deps.now,
    pollMs: options.pollMs,
    lockTimeoutMs: options.lockTimeoutMs,
  });
}

/** Schedules the reminder scan and starts the runner of the notification jobs (api process). */
export async function startNotificationJobs(deps: AppDeps): Promise<JobRunner> {
  await ensureReminderScan(deps);
  const runner = createNotificationRunner(deps);
  runner.start();
  return runner;
}
