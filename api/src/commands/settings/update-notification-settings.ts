import type { NotificationSettingsRequest } from "@clausewise/shared";
import type { UserRow } from "../../auth/sessions";
import type { AppDeps } from "../../context";
import { userSettings } from "../../db/schema";
import { recordAudit } from "../audit";

/** The legacy notification form of Settings › Notifications: the caller's own row, created on first save. */
export async function updateNotificationSettings(deps: AppDeps, input: { actor: UserRow; settings: NotificationSettingsRequest }) {
  const { actor, settings } = input;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(userSettings)
      .values({ userId: actor.id, ...settings, updatedAt: now })
      .onConflictDoUpdate({ target: userSettings.userId, set: { ...settings, updatedAt: now } })
      .returning();
    await recordAudit(tx, {
      companyId: actor.companyId,
      userId: actor.id,
      action: "user.update_notification_settings",
      entityType: "user",
      entityId: actor.id,
      now,
    });
    return row!;
  });
}
