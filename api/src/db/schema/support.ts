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
  (t) => [index("support_tickets_user_idx").on(t.userId, t.createdAt)],
);

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
