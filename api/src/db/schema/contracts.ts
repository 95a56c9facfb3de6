import { sql, type SQL } from "drizzle-orm";
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, type AnyPgColumn, type PgColumn } from "drizzle-orm/pg-core";
import { companies } from "./companies";
import { users } from "./users";
import { bytea, createdAt, dateOnly, id, tstz, updatedAt } from "./columns";

/** The deadline a contract waits on (shared `openDeadline`): review while under review, approval while pending approval. */
export function openDeadlineSql(t: { status: PgColumn; reviewDeadline: PgColumn; approvalDeadline: PgColumn }): SQL {
  return sql`(case ${t.status} when 'under_review' then ${t.reviewDeadline} when 'pending_approval' then ${t.approvalDeadline} end)`;
}

/** The open deadline as a date that always exists: none sorts after every day ('infinity'). */
export function openDeadlineOrNeverSql(t: { status: PgColumn; reviewDeadline: PgColumn; approvalDeadline: PgColumn }): SQL {
  return sql`coalesce(${openDeadlineSql(t)}, 'infinity'::date)`;
}

export const contracts = pgTable(
  "contracts",
  {
    id: id(),
    companyId: uuid("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    client: text("client"),
    status: text("status").notNull().default("under_review"),
    priority: text("priority").notNull().default("medium"),
    contractType: text("contract_type"),
    /** The party the company is in this contract ("Owner", "Contractor"), as chosen; null: read from the company's name. */
    ourPartyRole: text("our_party_role"),
    version: integer("version").notNull().default(1),
    /** The version number the latest approval applies to (DESIGN.md §4: approval locks that text); null until approved once. */
    approvedVersion: integer("approved_version"),
    /** HTML derived from the live document (DESIGN.md §4). */
    content: text("content").notNull().default(""),
    plainText: text("plain_text").notNull().default(""),
    storageConsent: boolean("storage_consent").notNull().default(false),
    fileName: text("file_name"),
    mimeType: text("mime_type"),
    fileSize: integer("file_size"),
    reviewerId: uuid("reviewer_id").references(() => users.id, { onDelete: "set null" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    /** Date-only ('YYYY-MM-DD'): the deadline lasts that whole day in the company's time zone. */
    reviewDeadline: dateOnly("review_deadline"),
    approvalDeadline: dateOnly("approval_deadline"),
    submittedAt: tstz("submitted_at"),
    completedAt: tstz("completed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  /* The list's sort keys (loaders/contract.ts CONTRACT_SORT_KEYS), each after the company and before
   * the id, so a page of 50 is an index range scan whatever the sort and direction. The expressions
   * are written here exactly as the loader writes them: the planner only uses an expression index
   * for the same expression. */
  (t) => [
    index("contracts_company_updated_idx").on(t.companyId, t.updatedAt, t.id),
    index("contracts_company_status_idx").on(t.companyId, t.status),
    index("contracts_company_title_idx").on(t.companyId, sql`lower(${t.title})`, t.id),
    index("contracts_company_client_idx").on(t.companyId, sql`lower(coalesce(${t.client}, ''))`, t.id),
    index("contracts_company_status_rank_idx").on(
      t.companyId,
      sql`(case ${t.status} when 'under_review' then 0 when 'pending_approval' then 1 when 'approved' then 2 when 'rejected' then 3 else 4 end)`,
      t.id,
    ),
    index("contracts_company_priority_idx").on(
      t.companyId,
      sql`(case ${t.priority} when 'low' then 0 when 'medium' then 1 when 'high' then 2 when 'urgent' then 3 else 1 end)`,
      t.id,
    ),
    index("contracts_company_deadline_idx").on(t.companyId, openDeadlineOrNeverSql(t), t.id),
  ],
);

/** Original upload bytes; a row exists only when the uploader gave storage consent. */
export const contractFiles = pgTable("contract_files", {
  contractId: uuid("contract_id").primaryKey().references(() => contracts.id, { onDelete: "cascade" }),
  companyId: uuid("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  bytes: bytea("bytes").notNull(),
  sha256: text("sha256").notNull(),
  createdAt: createdAt(),
});

export const contractApprovalSteps = pgTable(
  "contract_approval_steps",
  {
    id: id(),
    companyId: uuid("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    contractId: uuid("contract_id").notNull().references(() => contracts.id, { onDelete: "cascade" }),
    /** legal, finance, final */
    stage: text("stage").notNull(),
    position: integer("position").notNull(),
    /** waiting, pending, approved, rejected */
    status: text("status").notNull().default("waiting"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: tstz("decided_at"),
    comment: text("comment"),
  },
  (t) => [uniqueIndex("approval_steps_contract_stage_key").on(t.contractId, t.stage)],
);

export const contractAccess = pgTable(
  "contract_access",
  {
    id: id(),
    companyId: uuid("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    contractId: uuid("contract_id").notNull().references(() => contracts.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    accessLevel: text("access_level").notNull().default("read"),
    grantedBy: uuid("granted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("contract_access_contract_user_key").on(t.contractId, t.userId), index("contract_access_company_idx").on(t.companyId)],
);

export const markups = pgTable(
  "markups",
  {
    id: id(),
    companyId: uuid("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    contractId: uuid("contract_id").notNull().references(() => contracts.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    type: text("type").notNull(),
    content: text("content").notNull(),
    /** {paragraph, start?, end?, anchor?}: anchor holds Yjs relative positions. */
    position: jsonb("position").$type<Record<string, unknown>>().notNull(),
    /** The author's name when they are not a member: a comment imported from a Word file (userId null). */
    externalAuthor: text("external_author"),
    /** The markup this one answers (a reply in a Word comment thread). */
    replyTo: uuid("reply_to").references((): AnyPgColumn => markups.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("markups_contract_idx").on(t.contractId, t.createdAt)],
);

export const documentChanges = pgTable(
  "document_changes",
  {
    id: id(),
    companyId: uuid("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    contractId: uuid("contract_id").notNull().references(() => contracts.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    changeType: text("change_type").notNull(),
    originalText: text("original_text").notNull().default(""),
    newText: text("new_text").notNull().default(""),
    /** JSON string {start, end}, as the spec's API carries it. */
    position: text("position").notNull(),
    /** Yjs relative positions that keep the change on its words while others type. */
    anchor: jsonb("anchor").$type<Record<string, unknown>>(),
    reviewerComment: text("reviewer_comment"),
    /** The author's name when they are not a member: a tracked change imported from a Word file (userId null). */
    externalAuthor: text("external_author"),
    status: text("status").notNull().default("pending"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: tstz("decided_at"),
    decisionComment: text("decision_comment"),
    createdAt: createdAt(),
  },
  (t) => [index("document_changes_contract_idx").on(t.contractId, t.status)],
);

/** The comment thread of a proposed change (issue 14: "a comment thread on each suggestion"). */
export const changeComments = pgTable(
  "change_comments",
  {
    id: id(),
    companyId: uuid("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    contractId: uuid("contract_id").notNull().references(() => contracts.id, { onDelete: "cascade" }),
    changeId: uuid("change_id").notNull().references(() => documentChanges.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("change_comments_change_idx").on(t.changeId, t.createdAt)],
);

export const documentVersions = pgTable(
  "document_versions",
  {
    id: id(),
    companyId: uuid("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    contractId: uuid("contract_id").notNull().references(() => contracts.id, { onDelete: "cascade" }),
    versionNumber: text("version_number").notNull(),
    isActive: text("is_active").notNull().default("true"),
    content: text("content").notNull(),
    ydocState: bytea("ydoc_state"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("document_versions_contract_idx").on(t.contractId, t.createdAt)],
);

/** Append-only log of Yjs updates, written before an update is relayed (DESIGN.md §4). */
export const yjsUpdates = pgTable(
  "yjs_updates",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    contractId: uuid("contract_id").notNull().references(() => contracts.id, { onDelete: "cascade" }),
    update: bytea("update").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("yjs_updates_contract_idx").on(t.contractId, t.id)],
);

/** Compacted Yjs state; the log entries up to lastUpdateId are merged into it. */
export const yjsDocuments = pgTable("yjs_documents", {
  contractId: uuid("contract_id").primaryKey().references(() => contracts.id, { onDelete: "cascade" }),
  state: bytea("state").notNull(),
  lastUpdateId: bigint("last_update_id", { mode: "number" }).notNull().default(0),
  seededAt: tstz("seeded_at").notNull().defaultNow(),
  updatedAt: updatedAt(),
});
