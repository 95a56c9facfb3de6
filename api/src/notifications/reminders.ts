import { and, eq, gte, inArray, isNotNull, lte, or } from "drizzle-orm";
import { addDaysToDateOnly, dateOnlyIn, formatDateOnly, type NotificationPreferences } from "@clausewise/shared";
import { endOfDateOnly, safeTimeZone } from "../commands/contracts/dates";
import { notify } from "../commands/notifications/notify";
import { contractMembersWith, readersAmong } from "../commands/notifications/recipients";
import type { AppDeps } from "../context";
import type { Db } from "../db/client";
import { companies, contracts, jobs } from "../db/schema";
import { enqueue } from "../jobs/queue";
import { preferencesOf } from "./preferences";

export const REMINDER_SCAN_JOB = "notification.reminder-scan";
export const DEADLINE_REMINDER_JOB = "notification.deadline-reminder";
/** How often the scheduler looks for deadlines that came within someone's reminder timing. */
export const REMINDER_SCAN_EVERY_MS = 15 * 60_000;

const HOUR = 3_600_000;
export const REMINDER_OFFSET_MS: Record<NotificationPreferences["reminderTiming"], number> = {
  "24h": 24 * HOUR,
  "48h": 48 * HOUR,
  "72h": 72 * HOUR,
  week: 7 * 24 * HOUR,
};
const LONGEST_OFFSET_MS = Math.max(...Object.values(REMINDER_OFFSET_MS));

type Deadline = "review" | "approval";
type ContractRow = typeof contracts.$inferSelect;

export interface DeadlineReminderPayload {
  contractId: string;
  companyId: string;
  userId: string;
  deadline: Deadline;
  /** ISO instant of the deadline the reminder is for; a moved deadline gets its own reminder. */
  at: string;
}

/** Statuses in which a deadline still asks something of someone. */
const OPEN_FOR: Record<Deadline, readonly string[]> = { review: ["under_review"], approval: ["under_review", "pending_approval"] };

/** One reminder per person, contract, deadline kind and deadline instant, whatever the restarts. */
export const reminderKey = (p: DeadlineReminderPayload) => `deadline-reminder:${p.contractId}:${p.deadline}:${p.at}:${p.userId}`;

/** Who hears of a deadline: the assigned reviewer (else the uploader) for review, the approvers for approval. */
async function recipientsOf(db: Db, contract: ContractRow, deadline: Deadline): Promise<string[]> {
  if (deadline === "approval") return contractMembersWith(db, contract, "approve");
  return readersAmong(db, contract, [contract.reviewerId ?? contract.createdBy]);
}

/**
 * Finds deadlines that came within each recipient's reminder timing (24h, 48h, 72h or a week before)
 * and queues one reminder job for each, keyed so a second scan (after a restart, or a second
 * process) never queues it again. A deadline set closer than the timing is reminded at once.
 */
export async function scanDeadlineReminders(deps: AppDeps): Promise<number> {
  const now = deps.now();
  // Deadlines are dates (issue 17); a day either side of UTC's covers every company's zone, and the
  // exact end of the day in the company's zone decides below.
  const from = addDaysToDateOnly(dateOnlyIn("UTC", now), -1);
  const to = addDaysToDateOnly(dateOnlyIn("UTC", new Date(now.getTime() + LONGEST_OFFSET_MS)), 1);
  const rows = await deps.db
    .select({ contract: contracts, timezone: companies.timezone })
    .from(contracts)
    .innerJoin(companies, eq(companies.id, contracts.companyId))
    .where(
      or(
        and(isNotNull(contracts.reviewDeadline), gte(contracts.reviewDeadline, from), lte(contracts.reviewDeadline, to), inArray(contracts.status, [...OPEN_FOR.review])),
        and(isNotNull(contracts.approvalDeadline), gte(contracts.approvalDeadline, from), lte(contracts.approvalDeadline, to), inArray(contracts.status, [...OPEN_FOR.approval])),
      ),
    );
  let queued = 0;
  for (const { contract, timezone } of rows) {
    for (const deadline of ["review", "approval"] as const) {
      const date = deadline === "review" ? contract.reviewDeadline : contract.approvalDeadline;
      const due = date ? endOfDateOnly(date, safeTimeZone(timezone)) : null;
      if (!due || due <= now || due.getTime() - now.getTime() > LONGEST_OFFSET_MS || !OPEN_FOR[deadline].includes(contract.status)) continue;
      const userIds = await recipientsOf(deps.db, contract, deadline);
      const prefs = await preferencesOf(deps.db, userIds);
      for (const userId of userIds) {
        if (due.getTime() - REMINDER_OFFSET_MS[prefs.get(userId)!.reminderTiming] > now.getTime()) continue;
        const payload: DeadlineReminderPayload = { contractId: contract.id, companyId: contract.companyId, userId, deadline, at: due.toISOString() };
        const key = reminderKey(payload);
        const [seen] = await deps.db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.type, DEADLINE_REMINDER_JOB), eq(jobs.dedupeKey, key))).limit(1);
        if (seen) continue;
        await enqueue(deps.db, DEADLINE_REMINDER_JOB, { ...payload }, { dedupeKey: key, runAt: now });
        queued++;
      }
    }
  }
  return queued;
}

function describeTimeLeft(ms: number): string {
  const hours = Math.max(1, Math.round(ms / HOUR));
  if (hours < 48) return `${hours} hour${hours === 1 ? "" : "s"}`;
  return `${Math.round(hours / 24)} days`;
}

/** Sends one reminder (in the app and by e-mail, as the user chose) if the deadline still stands. */
export async function sendDeadlineReminder(deps: AppDeps, payload: DeadlineReminderPayload): Promise<void> {
  const now = deps.now();
  const published = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ contract: contracts, timezone: companies.timezone })
      .from(contracts)
      .innerJoin(companies, eq(companies.id, contracts.companyId))
      .where(and(eq(contracts.id, payload.contractId), eq(contracts.companyId, payload.companyId)));
    const contract = found?.contract;
    const date = payload.deadline === "review" ? contract?.reviewDeadline : contract?.approvalDeadline;
    const due = date && found ? endOfDateOnly(date, safeTimeZone(found.timezone)) : null;
    if (!contract || !date || !due || due.toISOString() !== payload.at || due <= now || !OPEN_FOR[payload.deadline].includes(contract.status)) return null;
    const what = payload.deadline === "review" ? "Review" : "Approval";
    return notify(tx, {
      companyId: contract.companyId,
      userIds: [payload.userId],
      type: "other",
      kind: "DeadlineReminders",
      title: `${what} deadline: ${contract.title}`,
      // The same date text as the tracker and the contract page (formatDateOnly): the deadline is that whole day.
      message: `The ${what.toLowerCase()} deadline of "${contract.title}" is ${formatDateOnly(date)}, in ${describeTimeLeft(due.getTime() - now.getTime())}.`,
      actionUrl: `/contracts/${contract.id}`,
    });
  });
  await published?.publish(deps);
}

/**
 * The periodic scan re-enqueues itself before it works, so a failing scan never ends the chain; a
 * queued scan already there (two chains after a crash) absorbs the new one.
 */
export async function runReminderScan(deps: AppDeps): Promise<void> {
  await scheduleReminderScan(deps.db, new Date(deps.now().getTime() + REMINDER_SCAN_EVERY_MS));
  await scanDeadlineReminders(deps);
}

/** Queues the next scan unless one is already queued (the running one does not count). */
export async function scheduleReminderScan(db: Db, runAt: Date): Promise<void> {
  const [queued] = await db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.type, REMINDER_SCAN_JOB), eq(jobs.status, "queued"))).limit(1);
  if (!queued) await db.insert(jobs).values({ type: REMINDER_SCAN_JOB, payload: {}, runAt, maxAttempts: 3 });
}
