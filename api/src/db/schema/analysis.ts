import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies";
import { contracts } from "./contracts";
import { users } from "./users";
import { createdAt, id, tstz, updatedAt } from "./columns";

export const analyses = pgTable(
  "analyses",
  {
    id: id(),
    companyId: uuid("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    contractId: uuid("contract_id").notNull().references(() => contracts.id, { onDelete: "cascade" }),
    /** queued, analysing, done, failed */
    status: text("status").notNull().default("queued"),
    progress: integer("progress").notNull().default(0),
    engine: text("engine"),
    overallRisk: text("overall_risk"),
    contractType: text("contract_type"),
    result: jsonb("result").$type<Record<string, unknown>>(),
    /** sha256 of the plain text the result was made from: a different current text makes it stale. */
    textHash: text("text_hash"),
    error: text("error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: tstz("completed_at"),
  },
  (t) => [uniqueIndex("analyses_contract_key").on(t.contractId), index("analyses_company_idx").on(t.companyId)],
);

export const aiTextAnalyses = pgTable(
  "ai_text_analyses",
  {
    id: id(),
    companyId: uuid("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    contractId: uuid("contract_id").notNull().references(() => contracts.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    text: text("text").notNull(),
    analysisType: text("analysis_type").notNull(),
    prompt: text("prompt"),
    engine: text("engine").notNull(),
    result: jsonb("result").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("ai_text_analyses_contract_idx").on(t.contractId, t.createdAt)],
);

export const questions = pgTable(
  "questions",
  {
    id: id(),
    companyId: uuid("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    contractId: uuid("contract_id").notNull().references(() => contracts.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    question: text("question").notNull(),
    answer: text("answer"),
    /** The clauses the answer quotes ({section, heading, excerpt, start, end}[]). */
    citations: jsonb("citations").$type<Record<string, unknown>[]>(),
    engine: text("engine"),
    createdAt: createdAt(),
    answeredAt: tstz("answered_at"),
  },
  (t) => [index("questions_contract_idx").on(t.contractId, t.createdAt)],
);
