import { boolean, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies";
import { users } from "./users";
import { createdAt, id, updatedAt } from "./columns";

export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    companyId: uuid("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    read: boolean("read").notNull().default(false),
    actionUrl: text("action_url"),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.read, t.createdAt)],
);

/**
 * New users hear about everything in the app, and by e-mail about what needs them (assignments,
 * deadlines, decisions); comments and system news stay in the app (docs/DECISIONS.md).
 */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: uuid("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  emailContractAssigned: boolean("email_contract_assigned").notNull().default(true),
  emailDeadlineReminders: boolean("email_deadline_reminders").notNull().default(true),
  emailContractApproved: boolean("email_contract_approved").notNull().default(true),
  emailContractRejected: boolean("email_contract_rejected").notNull().default(true),
  emailNewComments: boolean("email_new_comments").notNull().default(false),
  emailSystemUpdates: boolean("email_system_updates").notNull().default(false),
  inAppContractAssigned: boolean("in_app_contract_assigned").notNull().default(true),
  inAppDeadlineReminders: boolean("in_app_deadline_reminders").notNull().default(true),
  inAppContractApproved: boolean("in_app_contract_approved").notNull().default(true),
  inAppContractRejected: boolean("in_app_contract_rejected").notNull().default(true),
  inAppNewComments: boolean("in_app_new_comments").notNull().default(true),
  inAppSystemUpdates: boolean("in_app_system_updates").notNull().default(true),
  digestFrequency: text("digest_frequency").notNull().default("daily"),
  reminderTiming: text("reminder_timing").notNull().default("24h"),
  quietHours: boolean("quiet_hours").notNull().default(false),
  quietStart: text("quiet_start").notNull().default("22:00"),
  quietEnd: text("quiet_end").notNull().default("08:00"),
  timezone: text("timezone").notNull().default("America/Toronto"),
  updatedAt: updatedAt(),
});
