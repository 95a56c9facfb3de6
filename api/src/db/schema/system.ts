import { index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies";
import { users } from "./users";
import { createdAt, id, tstz, updatedAt } from "./columns";

export const auditEvents = pgTable(
  "audit_events",
  {
    id: id(),
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    /** The contract the event concerns, if any; no foreign key, so the trail outlives an erased contract. */
    contractId: uuid("contract_id"),
    data: jsonb("data").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_events_company_idx").on(t.companyId, t.createdAt),
    // The Audit Log's filters: by person, action and contract, newest first.
    index("audit_events_company_user_idx").on(t.companyId, t.userId, t.createdAt),
    index("audit_events_company_action_idx").on(t.companyId, t.action, t.createdAt),
    index("audit_events_company_contract_idx").on(t.companyId, t.contractId, t.createdAt),
  ],
);

/** Every e-mail the product sends; without SMTP_URL this is where mail goes (DESIGN.md §1). */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: id(),
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** queued, sent, logged (no SMTP configured), failed */
    status: text("status").notNull().default("queued"),
    error: text("error"),
    sendAfter: tstz("send_after"),
    sentAt: tstz("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [index("email_outbox_to_idx").on(t.toAddress, t.createdAt), index("email_outbox_status_idx").on(t.status, t.sendAfter)],
);

/** Durable background jobs (analysis, reminders, digests). */
export const jobs = pgTable(
  "jobs",
  {
    id: id(),
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** queued, running, done, failed */
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(3),
    runAt: tstz("run_at").notNull().defaultNow(),
    lockedAt: tstz("locked_at"),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    dedupeKey: text("dedupe_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("jobs_status_run_idx").on(t.status, t.runAt), index("jobs_dedupe_idx").on(t.dedupeKey)],
);
