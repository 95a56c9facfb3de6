import { PUSH_EVENTS, type NotificationType, type PreferenceKind } from "@clausewise/shared";
import type { AppDeps } from "../../context";
import type { Db } from "../../db/client";
import { notifications } from "../../db/schema";
import { queueNotificationMail } from "../../notifications/mail";
import { kindOf, wantInApp } from "../../notifications/preferences";

export interface NotifyInput {
  companyId: string;
  userIds: string[];
  type: NotificationType;
  title: string;
  message: string;
  actionUrl?: string | null;
  /** The preference switch, when the type alone does not tell it (notifications/preferences.ts kindOf). */
  kind?: PreferenceKind;
}

/**
 * Creates in-app notifications for users of one company who want this kind in the app, and queues
 * e-mail for those who want it by e-mail (their notification preferences). Call inside the command's transaction
 * (pass `tx`); call `publish()` on the result after the transaction commits.
 */
export async function notify(tx: Db, input: NotifyInput) {
  // A user who switched this kind of notification off in the app gets no in-app notification.
  const kind = kindOf(input);
  const userIds = [...new Set(input.userIds)];
  await queueNotificationMail(tx, { companyId: input.companyId, userIds, kind, title: input.title, message: input.message, actionUrl: input.actionUrl ?? null });
  const unique = await wantInApp(tx, userIds, kind);
  if (unique.length === 0) return { rows: [], publish: async (_deps: AppDeps) => {} };
  const rows = await tx
    .insert(notifications)
    .values(
      unique.map((userId) => ({
        companyId: input.companyId,
        userId,
        type: input.type,
        title: input.title,
        message: input.message,
        actionUrl: input.actionUrl ?? null,
      })),
    )
    .returning();
  return {
    rows,
    async publish(deps: AppDeps) {
      for (const row of rows) {
        await deps.bus.publish({
          type: PUSH_EVENTS.notificationNew,
          companyId: input.companyId,
          userIds: [row.userId],
          payload: { id: row.id, title: row.title, type: row.type },
        });
      }
    },
  };
}
