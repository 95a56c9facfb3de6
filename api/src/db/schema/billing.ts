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

/**
 * Invoices of manual billing (Stripe keeps its own). Numbered per company without gaps (`sequence`
 * under the company's row lock); the tax is fixed when the invoice is issued. Paid ones are also
 * downloadable as receipts.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    companyId: uuid("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    sequence: integer("sequence").notNull(),
    number: text("number").notNull(),
    plan: text("plan").notNull(),
    description: text("description").notNull(),
    periodStart: tstz("period_start").notNull(),
    periodEnd: tstz("period_end").notNull(),
    /** Where the company was when the invoice was issued (null: not set, GST only). */
    province: text("province"),
    taxLabel: text("tax_label").notNull(),
    taxRateBps: integer("tax_rate_bps").notNull(),
    subtotal: integer("subtotal").notNull(),
    tax: integer("tax").notNull(),
    total: integer("total").notNull(),
    /** Bill-to details as they were when issued. */
    billTo: text("bill_to").notNull(),
    issuedAt: tstz("issued_at").notNull(),
    paidAt: tstz("paid_at"),
    paymentNote: text("payment_note"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("invoices_company_sequence_key").on(t.companyId, t.sequence), index("invoices_company_idx").on(t.companyId, t.issuedAt)],
);
