import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import pino from "pino";
import { APPROVAL_STAGES, type ApprovalStepStatus, type ContractStatus } from "@clausewise/shared";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { analyses, auditEvents, contractApprovalSteps, contracts, exhibitFiles, exhibits, notifications } from "../db/schema";
import type { DomainEvent } from "../events/bus";
import type { TestApp, TestClient } from "./app";
import { createContract } from "./factories";

/*
 * Factories for the contract lifecycle (upload, workflow, exhibits, downloads). Each call makes its
 * own rows in the caller's company, so tests never share state.
 */

export function signedIn(t: TestApp, token: string): TestClient {
  const client = t.client();
  client.useSession(token);
  return client;
}

export type StepSpec = Partial<Record<(typeof APPROVAL_STAGES)[number], ApprovalStepStatus>>;

/** A contract with its three approval steps; defaults match a fresh upload (legal pending). */
export async function createContractWithSteps(
  db: Db,
  options: { companyId: string; status?: ContractStatus; steps?: StepSpec; createdBy?: string; reviewerId?: string | null; title?: string; decidedBy?: string },
) {
  const contract = await createContract(db, { companyId: options.companyId, status: options.status ?? "under_review", createdBy: options.createdBy, title: options.title });
  if (options.reviewerId !== undefined) await db.update(contracts).set({ reviewerId: options.reviewerId }).where(eq(contracts.id, contract.id));
  const steps: Required<StepSpec> = { legal: "pending", finance: "waiting", final: "waiting", ...options.steps };
  await db.insert(contractApprovalSteps).values(
    APPROVAL_STAGES.map((stage, i) => {
      const decided = steps[stage] === "approved" || steps[stage] === "rejected";
      return {
        companyId: options.companyId,
        contractId: contract.id,
        stage,
        position: i + 1,
        status: steps[stage],
        decidedBy: decided ? (options.decidedBy ?? null) : null,
        decidedAt: decided ? new Date("2026-11-01T12:00:00Z") : null,
        comment: decided ? `${stage} decided earlier` : null,
      };
    }),
  );
  const [row] = await db.select().from(contracts).where(eq(contracts.id, contract.id));
  return row!;
}

export interface FormSpec {
  file?: { bytes: Uint8Array; name: string; type?: string } | null;
  [field: string]: unknown;
}

/** A multipart body as a browser builds it: defaults overridden by the spec's fields (undefined leaves a field out). */
export function multipartForm(defaults: Record<string, string>, spec: FormSpec): FormData {
  const form = new FormData();
  const { file, ...fields } = spec;
  for (const [name, value] of Object.entries({ ...defaults, ...fields })) {
    if (value !== undefined) form.set(name, String(value));
  }
  if (file) form.set("file", new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "" }), file.name);
  return form;
}

/** The three pipeline states the workflow tests start from, by contract status. */
export const PIPELINE_AT: Record<ContractStatus, StepSpec> = {
  under_review: { legal: "pending", finance: "waiting", final: "waiting" },
  pending_approval: { legal: "pending", finance: "waiting", final: "waiting" },
  approved: { legal: "approved", finance: "approved", final: "approved" },
  rejected: { legal: "approved", finance: "rejected", final: "waiting" },
};

export async function stepsOf(db: Db, contractId: string) {
  const rows = await db.select().from(contractApprovalSteps).where(eq(contractApprovalSteps.contractId, contractId));
  return Object.fromEntries(rows.map((r) => [r.stage, r.status])) as Record<string, string>;
}

export async function contractRow(db: Db, contractId: string) {
  const [row] = await db.select().from(contracts).where(eq(contracts.id, contractId));
  return row!;
}

export async function createExhibit(
  db: Db,
  options: {
    companyId: string;
    contractId: string;
    title?: string;
    status?: string;
    isPlanned?: boolean;
    /** Date-only, 'YYYY-MM-DD'. */
    expectedDate?: string | null;
    file?: { name: string; bytes: Uint8Array; mimeType: string };
    /** Who added it (and uploaded its file, when it has one). */
    createdBy?: string | null;
    reviewedAt?: Date | null;
  },
) {
  const [row] = await db
    .insert(exhibits)
    .values({
      companyId: options.companyId,
      contractId: options.contractId,
      title: options.title ?? `Exhibit ${randomUUID().slice(0, 8)}`,
      isPlanned: options.isPlanned ?? false,
      status: options.status ?? (options.isPlanned ? "planned" : "pending"),
      expectedDate: options.expectedDate ?? null,
      fileName: options.file?.name ?? null,
      fileSize: options.file?.bytes.byteLength ?? null,
      mimeType: options.file?.mimeType ?? null,
      createdBy: options.createdBy ?? null,
      uploadedBy: options.file ? (options.createdBy ?? null) : null,
      reviewedAt: options.reviewedAt ?? null,
    })
    .returning();
  if (options.file) await db.insert(exhibitFiles).values({ exhibitId: row!.id, companyId: options.companyId, bytes: options.file.bytes });
  return row!;
}

export async function createAnalysis(db: Db, options: { companyId: string; contractId: string; status: "queued" | "analysing" | "done" | "failed" }) {
  const [row] = await db.insert(analyses).values(options).returning();
  return row!;
}

export async function notificationsOf(db: Db, userId: string) {
  return db.select().from(notifications).where(eq(notifications.userId, userId));
}

export async function auditOf(db: Db, entityId: string) {
  return db.select().from(auditEvents).where(eq(auditEvents.entityId, entityId));
}

export async function countRows(db: Db, table: "contracts" | "contract_files" | "exhibits" | "exhibit_files" | "analyses" | "jobs" | "notifications" | "audit_events" | "contract_approval_steps", companyId?: string) {
  const where = companyId && table !== "jobs" ? sql` where company_id = ${companyId}` : sql``;
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}${where}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as { n: number }[];
  return rows[0]!.n;
}

/** Domain events published while the test runs; call stop() when done. */
export function recordEvents(t: TestApp) {
  const events: DomainEvent[] = [];
  const stop = t.deps.bus.subscribe((event) => events.push(event));
  return { events, stop };
}

/**
 * Every column of every table in the public schema that holds `needle`: bytea columns by byte
 * search, text/json columns by text search. The privacy tests prove with it that the original
 * upload (here: a canary inside it) was written nowhere.
 */
export async function findBytesInDatabase(db: Db, needle: Uint8Array): Promise<string[]> {
  const columnsResult = await db.execute<{ table_name: string; column_name: string; data_type: string }>(sql`
    select table_name, column_name, data_type from information_schema.columns
    where table_schema = 'public' and data_type in ('bytea', 'text', 'character varying', 'json', 'jsonb')`);
  const columns = (Array.isArray(columnsResult) ? columnsResult : (columnsResult as { rows: unknown[] }).rows) as { table_name: string; column_name: string; data_type: string }[];
  const hex = Buffer.from(needle).toString("hex");
  const text = Buffer.from(needle).toString("utf8");
  const hits: string[] = [];
  for (const column of columns) {
    const col = sql.identifier(column.column_name);
    const condition =
      column.data_type === "bytea"
        ? sql`position(decode(${hex}, 'hex') in ${col}) > 0`
        : sql`strpos(${col}::text, ${text}) > 0`;
    const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(column.table_name)} where ${condition}`);
    const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as { n: number }[];
    if (rows[0]!.n > 0) hits.push(`${column.table_name}.${column.column_name}`);
  }
  return hits;
}

/**
 * Replaces the app's logger with one that keeps every line (level trace) in memory. requestContext
 * reads deps.logger per request, so this takes effect for the next request. restore() puts it back.
 */
export function captureLogs(t: TestApp) {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString("utf8"));
      done();
    },
  });
  const previous = t.deps.logger;
  t.deps.logger = pino({ level: "trace", base: undefined }, sink);
  return {
    text: () => lines.join(""),
    restore() {
      t.deps.logger = previous;
    },
  };
}

export async function exhibitRow(db: Db, id: string) {
  const [row] = await db.select().from(exhibits).where(eq(exhibits.id, id));
  return row ?? null;
}

export async function exhibitFileBytes(db: Db, exhibitId: string, companyId: string) {
  const [row] = await db.select().from(exhibitFiles).where(and(eq(exhibitFiles.exhibitId, exhibitId), eq(exhibitFiles.companyId, companyId)));
  return row ? Buffer.from(row.bytes) : null;
}
