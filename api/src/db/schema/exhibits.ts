import { boolean, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies";
import { contracts } from "./contracts";
import { users } from "./users";
import { bytea, createdAt, dateOnly, id, tstz, updatedAt } from "./columns";

export const exhibits = pgTable(
  "exhibits",
  {
    id: id(),
    companyId: uuid("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    contractId: uuid("contract_id").notNull().references(() => contracts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    exhibitNumber: text("exhibit_number"),
    isRequired: boolean("is_required").notNull().default(false),
    isPlanned: boolean("is_planned").notNull().default(false),
    /** Date-only ('YYYY-MM-DD'); overdue once that day is over in the company's time zone. */
    expectedDate: dateOnly("expected_date"),
    assignedTo: uuid("assigned_to").references(() => users.id, { onDelete: "set null" }),
    plannedNotes: text("planned_notes"),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    fileName: text("file_name"),
    fileSize: integer("file_size"),
    mimeType: text("mime_type"),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    /** Who added the exhibit (planned ones have no uploader): they may delete it until it is reviewed. */
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status").notNull().default("pending"),
    reviewNotes: text("review_notes"),
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: tstz("reviewed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("exhibits_contract_idx").on(t.contractId)],
);

export const exhibitFiles = pgTable("exhibit_files", {
  exhibitId: uuid("exhibit_id").primaryKey().references(() => exhibits.id, { onDelete: "cascade" }),
  companyId: uuid("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  bytes: bytea("bytes").notNull(),
  createdAt: createdAt(),
});
