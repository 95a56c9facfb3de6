import type { LegacyNotificationSettingsRequest, NotificationPreferences, SettingsRecord } from "@clausewise/shared";
import { PREFERENCE_KINDS } from "@clausewise/shared";

type LegacyFields = Pick<SettingsRecord, "emailDeadlines" | "emailAssignments" | "emailReports" | "inAppNotifications" | "reminderFrequency">;

/**
 * The legacy Settings › Notifications fields (spec §3, §7) read off the one Notification Preferences
 * record, so an old client sees what actually governs its mail:
 * - emailDeadlines / emailAssignments: the e-mail switches for deadline reminders and assignments;
 * - inAppNotifications: on while any in-app switch is on;
 * - emailReports ("Weekly Reports") and reminderFrequency: the digest (weekly, or daily).
 */
export function legacyNotificationFields(prefs: NotificationPreferences): LegacyFields {
  return {
    emailDeadlines: prefs.emailDeadlineReminders,
    emailAssignments: prefs.emailContractAssigned,
    emailReports: prefs.digestFrequency === "weekly",
    inAppNotifications: PREFERENCE_KINDS.some((kind) => prefs[`inApp${kind}`]),
    reminderFrequency: prefs.digestFrequency === "weekly" ? "weekly" : "daily",
  };
}

/**
 * The preferences after a legacy save. inAppNotifications sets every in-app switch. The digest:
 * "Weekly Reports" on makes it weekly; otherwise reminderFrequency chooses daily or weekly (there is no
 * monthly digest: monthly is the longest offered, weekly); "Weekly Reports" off alone turns a weekly
 * digest back to daily. A digest switched to "never" stays so unless the save names a frequency.
 */
export function applyLegacyNotificationSettings(prefs: NotificationPreferences, legacy: LegacyNotificationSettingsRequest): NotificationPreferences {
  const next = { ...prefs };
  if (legacy.emailDeadlines !== undefined) next.emailDeadlineReminders = legacy.emailDeadlines;
  if (legacy.emailAssignments !== undefined) next.emailContractAssigned = legacy.emailAssignments;
  if (legacy.inAppNotifications !== undefined) {
    for (const kind of PREFERENCE_KINDS) next[`inApp${kind}`] = legacy.inAppNotifications;
  }
  if (legacy.emailReports === true) next.digestFrequency = "weekly";
  else if (legacy.reminderFrequency !== undefined) next.digestFrequency = legacy.reminderFrequency === "daily" ? "daily" : "weekly";
  else if (legacy.emailReports === false && prefs.digestFrequency === "weekly") next.digestFrequency = "daily";
  return next;
}
