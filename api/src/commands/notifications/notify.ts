import { PUSH_EVENTS, type NotificationType } from "@clausewise/shared";
import type { AppDeps } from "../../context";
import type { Db } from "../../db/client";
import { notifications } from "../../db/schema";

export interface NotifyInput {
  companyId: string;
  userIds: string[];
  type: NotificationType;
  title: string;
  message: string;
  actionUrl?: string | null;
}

/**
 * Creates in-app notifications for users of one company. Call inside the command's transaction
 * (pass `tx`); call `publish()` on the result after the transaction commits.
 */
export async function notify(tx: Db, input: NotifyInput) {
  const unique = [...new Set(input.userIds)];
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
