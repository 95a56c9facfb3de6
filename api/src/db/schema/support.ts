import { index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies";
import { users } from "./users";
import { createdAt, id, tstz, updatedAt } from "./columns";

export const supportTickets = pgTable(
  "support_tickets",
  {
    id: id(),
    companyId: uuid("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    description: text("description").notNull(),
    category: text("category").notNull(),
    priority: text("priority").notNull().default("medium"),
    status: text("status").notNull().default("open"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    resolvedAt: tstz("resolved_at"),
  },
  (t) => [index("support_tickets_user_idx").on(t.userId, t.createdAt), index("support_tickets_status_idx").on(t.status, t.updatedAt)],
);

/** The conversation on a ticket: the requester's side and support's (platform operators). */
export const supportTicketReplies = pgTable(
  "support_ticket_replies",
  {
    id: id(),
    ticketId: uuid("ticket_id").notNull().references(() => supportTickets.id, { onDelete: "cascade" }),
    companyId: uuid("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    /** requester or support */
    side: text("side").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("support_ticket_replies_ticket_idx").on(t.ticketId, t.createdAt)],
);

/**
 * Where enquiries go and the postal address of the Contact Info tab, kept by platform operators: one
 * row (key "default"). Empty e-mail fields fall back to SUPPORT_EMAIL.
 */
export const supportContactSettings = pgTable("support_contact_settings", {
  key: text("key").primaryKey(),
  generalEmail: text("general_email"),
  technicalEmail: text("technical_email"),
  billingEmail: text("billing_email"),
  salesEmail: text("sales_email"),
  organization: text("organization"),
  addressLine1: text("address_line1"),
  addressLine2: text("address_line2"),
  city: text("city"),
  province: text("province"),
  postalCode: text("postal_code"),
  country: text("country"),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

/** Public help articles; not company data. */
export const knowledgeBaseArticles = pgTable("knowledge_base_articles", {
  id: id(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  content: text("content").notNull(),
  category: text("category").notNull(),
  viewCount: integer("view_count").notNull().default(0),
  tags: jsonb("tags").$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
});
