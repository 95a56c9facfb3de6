import { z } from "zod";
import { DIGEST_FREQUENCIES, REMINDER_TIMINGS } from "../enums";

/** Canadian time zones offered for quiet hours (billing-team-admin spec §3, §9). */
export const CANADIAN_TIME_ZONES = [
  { id: "America/St_Johns", label: "Newfoundland (St. John's)" },
  { id: "America/Halifax", label: "Atlantic (Halifax)" },
  { id: "America/Toronto", label: "Eastern (Toronto)" },
  { id: "America/Winnipeg", label: "Central (Winnipeg)" },
  { id: "America/Regina", label: "Saskatchewan (Regina)" },
  { id: "America/Edmonton", label: "Mountain (Edmonton)" },
  { id: "America/Vancouver", label: "Pacific (Vancouver)" },
  { id: "America/Whitehorse", label: "Yukon (Whitehorse)" },
] as const;
const TIME_ZONE_IDS = CANADIAN_TIME_ZONES.map((z) => z.id) as [string, ...string[]];


/** The six kinds of notification, each with an e-mail and an in-app switch. */
export const PREFERENCE_KINDS = ["ContractAssigned", "DeadlineReminders", "ContractApproved", "ContractRejected", "NewComments", "SystemUpdates"] as const;
export type PreferenceKind = (typeof PREFERENCE_KINDS)[number];

/**
 * Mail that asks the reader to act (a contract assigned or awaiting their approval, a deadline) goes
 * out at once, held only by quiet hours; every other kind waits for the digest unless it is "never".
 */
export const IMMEDIATE_MAIL_KINDS: readonly PreferenceKind[] = ["ContractAssigned", "DeadlineReminders"];
export const isImmediateMailKind = (kind: PreferenceKind): boolean => IMMEDIATE_MAIL_KINDS.includes(kind);

const flag = (name: string) => z.boolean({ message: `${name} must be true or false` });
const timeOfDay = (name: string) => z.string({ message: `${name} is required` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${name} must be a time of day such as 22:00`);

/** PUT /api/notification-preferences: the full object (spec §7); GET answers the same shape. */
export const notificationPreferences = z
  .object({
    emailContractAssigned: flag("emailContractAssigned"),
    emailDeadlineReminders: flag("emailDeadlineReminders"),
    emailContractApproved: flag("emailContractApproved"),
    emailContractRejected: flag("emailContractRejected"),
    emailNewComments: flag("emailNewComments"),
    emailSystemUpdates: flag("emailSystemUpdates"),
    inAppContractAssigned: flag("inAppContractAssigned"),
    inAppDeadlineReminders: flag("inAppDeadlineReminders"),
    inAppContractApproved: flag("inAppContractApproved"),
    inAppContractRejected: flag("inAppContractRejected"),
    inAppNewComments: flag("inAppNewComments"),
    inAppSystemUpdates: flag("inAppSystemUpdates"),
    digestFrequency: z.enum(DIGEST_FREQUENCIES, { message: `digestFrequency must be one of ${DIGEST_FREQUENCIES.join(", ")}` }),
    reminderTiming: z.enum(REMINDER_TIMINGS, { message: `reminderTiming must be one of ${REMINDER_TIMINGS.join(", ")}` }),
    quietHours: flag("quietHours"),
    quietStart: timeOfDay("quietStart"),
    quietEnd: timeOfDay("quietEnd"),
    timezone: z.enum(TIME_ZONE_IDS, { message: "timezone must be a Canadian time zone" }),
  })
  .strict();
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/** What a user who never saved preferences gets (the database defaults; spec §9 for frequency and quiet hours). */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  emailContractAssigned: true,
  emailDeadlineReminders: true,
  emailContractApproved: true,
  emailContractRejected: true,
  emailNewComments: false,
  emailSystemUpdates: false,
  inAppContractAssigned: true,
  inAppDeadlineReminders: true,
  inAppContractApproved: true,
  inAppContractRejected: true,
  inAppNewComments: true,
  inAppSystemUpdates: true,
  digestFrequency: "daily",
  reminderTiming: "24h",
  quietHours: false,
  quietStart: "22:00",
  quietEnd: "08:00",
  timezone: "America/Toronto",
};
