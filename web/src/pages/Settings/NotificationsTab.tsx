import { SETTINGS_MESSAGES } from "@clausewise/shared";
import { NotificationPreferencesForm } from "../NotificationPreferences/NotificationPreferencesForm";

/**
 * Settings › Notifications: the same form as /notification-preferences. The spec's legacy form
 * (Team Assignments, Weekly Reports, …) governed nothing and is gone (docs/DECISIONS.md).
 */
export function NotificationsTab() {
  return <NotificationPreferencesForm successTitle={SETTINGS_MESSAGES.notificationsUpdated} />;
}
