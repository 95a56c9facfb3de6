import { boolean, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, tstz, updatedAt } from "./columns";

export const companies = pgTable("companies", {
  id: id(),
  name: text("name").notNull(),
  industry: text("industry"),
  companySize: text("company_size"),
  address: text("address"),
  /** Two-letter province or territory code: sets the GST/HST on the company's invoices. */
  province: text("province"),
  website: text("website"),
  /** IANA time zone in which the company's date-only values (deadlines, expected dates) end and turn overdue. */
  timezone: text("timezone").notNull().default("America/Toronto"),
  subscriptionPlan: text("subscription_plan").notNull().default("starter"),
  accountStatus: text("account_status").notNull().default("active"),
  suspendedReason: text("suspended_reason"),
  paymentOverdueDays: integer("payment_overdue_days").notNull().default(0),
  lastPaymentDate: tstz("last_payment_date"),
  nextPaymentDue: tstz("next_payment_due"),
  adminNotes: text("admin_notes"),
  stripeCustomerId: text("stripe_customer_id"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const companySettings = pgTable("company_settings", {
  companyId: uuid("company_id").primaryKey().references(() => companies.id, { onDelete: "cascade" }),
  aiReviewEnabled: boolean("ai_review_enabled").notNull().default(true),
  /** Erase contracts this many days after their approval; null (the default) keeps them. */
  retentionDays: integer("retention_days"),
  /**
   * Separation of duties (issue 17): false (the default) refuses the approval that would let one person
   * clear Legal Review, Finance Review and Final Approval alone; true allows it (small teams).
   */
  allowSingleApprover: boolean("allow_single_approver").notNull().default(false),
  updatedAt: updatedAt(),
});
