import { isImmediateMailKind, type NotificationPreferences, type PreferenceKind } from "@clausewise/shared";
import type { AppDeps } from "../context";
import type { Db } from "../db/client";
import { enqueue } from "../jobs/queue";
import { addToDigest } from "./digest";
import { inQuietHours, mailableAt } from "./local-time";
import { loadRecipient, wantEmail } from "./preferences";
import { notificationTemplate } from "./templates";

export const NOTIFICATION_MAIL_JOB = "notification.mail";

export interface NotificationMailPayload {
  userId: string;
  companyId: string;
  kind: PreferenceKind;
  title: string;
  message: string;
  actionUrl: string | null;
}

/**
 * Queues one e-mail job per user who wants this kind by e-mail, in the caller's transaction, so the
 * mail exists exactly when the notification does. Timing (quiet hours, digests) is decided when
 * the job runs, on the clock of that moment.
 */
export async function queueNotificationMail(tx: Db, input: Omit<NotificationMailPayload, "userId"> & { userIds: string[] }): Promise<void> {
  const { userIds, ...notice } = input;
  for (const userId of await wantEmail(tx, userIds, input.kind)) {
    const payload: NotificationMailPayload = { ...notice, userId };
    await enqueue(tx, NOTIFICATION_MAIL_JOB, { ...payload });
  }
}

/** Whether this kind waits for the digest: action-required mail never does (IMMEDIATE_MAIL_KINDS). */
export function goesToDigest(kind: PreferenceKind, prefs: NotificationPreferences): boolean {
  return !isImmediateMailKind(kind) && prefs.digestFrequency !== "never";
}

/** Runs one notification e-mail: dropped if switched off since, collected for a digest, held through quiet hours, or sent. */
export async function deliverNotificationMail(deps: AppDeps, payload: NotificationMailPayload): Promise<void> {
  const recipient = await loadRecipient(deps.db, payload.userId, payload.companyId);
  if (!recipient || !recipient.prefs[`email${payload.kind}`]) return;
  const { user, prefs } = recipient;
  const now = deps.now();
  if (goesToDigest(payload.kind, prefs)) {
    await addToDigest(deps.db, { userId: user.id, companyId: user.companyId, prefs, now }, payload);
    return;
  }
  if (inQuietHours(now, prefs)) {
    await enqueue(deps.db, NOTIFICATION_MAIL_JOB, { ...payload }, { runAt: mailableAt(now, prefs) });
    return;
  }
  const mail = notificationTemplate(payload, { appUrl: deps.config.appUrl, supportEmail: deps.config.supportEmail });
  await deps.mailer.send(deps.db, { to: user.email, companyId: user.companyId, ...mail });
}
