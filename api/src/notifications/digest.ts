import { and, eq, sql } from "drizzle-orm";
import type { NotificationPreferences } from "@clausewise/shared";
import type { AppDeps } from "../context";
import type { Db } from "../db/client";
import { jobs } from "../db/schema";
import { mailableAt, nextLocalTime } from "./local-time";
import { loadRecipient } from "./preferences";
import { digestTemplate, type NoticeItem } from "./templates";

export const NOTIFICATION_DIGEST_JOB = "notification.digest";

/** Digests go out at 08:00 on the user's clock: every day, or on Mondays for a weekly digest. */
export const DIGEST_LOCAL_TIME = "08:00";
const MONDAY = 1;

export interface DigestPayload {
  userId: string;
  companyId: string;
  items: (NoticeItem & { at: string })[];
}

const digestKey = (userId: string) => `notification-digest:${userId}`;

/** When the next digest of this user goes: the next digest time, moved past quiet hours. */
export function nextDigestAt(now: Date, prefs: NotificationPreferences): Date {
  const at = nextLocalTime(now, prefs.timezone, DIGEST_LOCAL_TIME, prefs.digestFrequency === "weekly" ? MONDAY : undefined);
  return mailableAt(at, prefs);
}

/**
 * Adds a notice to the user's pending digest: the items live in the payload of one queued digest
 * job per user (appended in place), so they survive restarts. A digest that is already being sent
 * is not touched; the notice starts the next one.
 */
export async function addToDigest(
  db: Db,
  to: { userId: string; companyId: string; prefs: NotificationPreferences; now: Date },
  notice: NoticeItem,
): Promise<void> {
  const item = { title: notice.title, message: notice.message, actionUrl: notice.actionUrl, at: to.now.toISOString() };
  await appendItems(db, { userId: to.userId, companyId: to.companyId, items: [item] }, nextDigestAt(to.now, to.prefs), to.now);
}

async function appendItems(db: Db, digest: DigestPayload, runAt: Date, now: Date): Promise<void> {
  const appended = await db
    .update(jobs)
    .set({
      payload: sql`jsonb_set(${jobs.payload}, '{items}', coalesce(${jobs.payload}->'items', '[]'::jsonb) || ${JSON.stringify(digest.items)}::jsonb)`,
      updatedAt: now,
    })
    .where(and(eq(jobs.type, NOTIFICATION_DIGEST_JOB), eq(jobs.dedupeKey, digestKey(digest.userId)), eq(jobs.status, "queued")))
    .returning({ id: jobs.id });
  if (appended.length > 0) return;
  await db.insert(jobs).values({ type: NOTIFICATION_DIGEST_JOB, payload: { ...digest }, runAt, dedupeKey: digestKey(digest.userId), maxAttempts: 5 });
}

/** Sends one digest mail with every collected notice; quiet hours that began since move it to their end. */
export async function sendDigest(deps: AppDeps, payload: DigestPayload): Promise<void> {
  const recipient = await loadRecipient(deps.db, payload.userId, payload.companyId);
  if (!recipient || payload.items.length === 0) return;
  const { user, prefs } = recipient;
  const now = deps.now();
  const at = mailableAt(now, prefs);
  if (at.getTime() > now.getTime()) {
    await appendItems(deps.db, payload, at, now);
    return;
  }
  const frequency = prefs.digestFrequency === "weekly" ? "weekly" : "daily";
  const mail = digestTemplate(payload.items, frequency, { appUrl: deps.config.appUrl, supportEmail: deps.config.supportEmail });
  await deps.mailer.send(deps.db, { to: user.email, companyId: user.companyId, ...mail });
}
