import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies";
import { users } from "./users";
import { createdAt, id, tstz, updatedAt } from "./columns";

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: id(),
    companyId: uuid("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    plan: text("plan").notNull(),
    status: text("status").notNull().default("active"),
    /** manual (no payment provider) or stripe */
    provider: text("provider").notNull().default("manual"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    currentPeriodStart: tstz("current_period_start"),
    currentPeriodEnd: tstz("current_period_end"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    /** Time of the newest provider event applied; older events are ignored (out-of-order delivery). */
    lastEventAt: tstz("last_event_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("subscriptions_company_key").on(t.companyId)],
);

export const billingEvents = pgTable(
  "billing_events",
  {
    id: id(),
    companyId: uuid("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    amount: integer("amount"),
    adminNotes: text("admin_notes"),
    emailSent: boolean("email_sent").notNull().default(false),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("billing_events_company_idx").on(t.companyId, t.createdAt)],
);

/** Provider webhook events already applied, for idempotency. */
export const webhookEvents = pgTable("webhook_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: tstz("received_at").notNull().defaultNow(),
});
