import { and, count, eq, ilike, inArray, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { CONTRACT_LIST_MESSAGES, CONTRACT_STATUSES, isDateOnly, PRIORITIES, type ContractSort, type ContractStatus } from "@clausewise/shared";
import type { Db } from "../db/client";
import { analyses, contractAccess, contractFiles, contracts } from "../db/schema";
import { openDeadlineOrNeverSql } from "../db/schema/contracts";
import { badRequest, notFound } from "../http/errors";
import type { ContractForPolicy, GrantForPolicy } from "../policies/contract";

export type ContractRow = typeof contracts.$inferSelect;
export type ContractAccessRow = typeof contractAccess.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One answer for a missing row, a foreign row and a malformed id, so none reveals that a row exists. */
export const contractNotFound = () => notFound("Contract not found.");

/** The contract if it belongs to the company; otherwise 404, exactly as if it did not exist. */
export async function getContractInCompany(db: Db, where: { id: string; companyId: string }): Promise<ContractRow> {
  // Realtime passes ids from the wire; a non-UUID would make Postgres raise instead of finding nothing.
  if (!UUID.test(where.id)) throw contractNotFound();
  const [row] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, where.id), eq(contracts.companyId, where.companyId)))
    .limit(1);
  if (!row) throw contractNotFound();
  return row;
}

/** The user's explicit access grant on a contract of their company, if any. */
export async function findContractGrant(db: Db, where: { contractId: string; userId: string; companyId: string }): Promise<ContractAccessRow | null> {
  const [row] = await db
    .select()
    .from(contractAccess)
    .where(and(eq(contractAccess.contractId, where.contractId), eq(contractAccess.userId, where.userId), eq(contractAccess.companyId, where.companyId)))
    .limit(1);
  return row ?? null;
}

export interface ContractForUser {
  contract: ContractRow;
  /** The caller's explicit grant on this contract (null: their role's default applies). */
  grant: ContractAccessRow | null;
  hasOriginalFile: boolean;
}

/** The contract, the caller's grant and whether the original file is stored, in one query; 404 like getContractInCompany. */
export async function getContractForUser(db: Db, where: { id: string; companyId: string; userId: string }): Promise<ContractForUser> {
  if (!UUID.test(where.id)) throw contractNotFound();
  const [row] = await db
    .select({
      contract: contracts,
      grant: contractAccess,
      hasOriginalFile: sql<boolean>`exists (select 1 from ${contractFiles} where ${contractFiles.contractId} = ${contracts.id})`,
    })
    .from(contracts)
    .leftJoin(contractAccess, and(eq(contractAccess.contractId, contracts.id), eq(contractAccess.userId, where.userId), eq(contractAccess.companyId, contracts.companyId)))
    .where(and(eq(contracts.id, where.id), eq(contracts.companyId, where.companyId)))
    .limit(1);
  if (!row) throw contractNotFound();
  return { contract: row.contract, grant: row.grant, hasOriginalFile: Boolean(row.hasOriginalFile) };
}

/**
 * Only what the contract policy reads (the contract's company and the user's grant) and the status
 * (a locked text makes a live connection read-only): the live servers re-check every open
 * connection with this every few seconds, and the full row carries the document's HTML and text.
 * Same not-found rules as getContractForUser.
 */
export async function getContractAccessForUser(
  db: Db,
  where: { id: string; companyId: string; userId: string },
): Promise<ContractPolicyAccess> {
  const found = (await getContractsAccessForUser(db, { ids: [where.id], companyId: where.companyId, userId: where.userId })).get(where.id);
  if (!found) throw contractNotFound();
  return found;
}

export interface ContractPolicyAccess {
  contract: ContractForPolicy & { status: string };
  grant: GrantForPolicy | null;
}

/**
 * getContractAccessForUser for many contracts of one user in one query (a live server's periodic
 * re-check of every open connection: one statement per user, not one per connection). Keyed by the
 * ids as given; those getContractAccessForUser would answer "not found" for are absent.
 */
export async function getContractsAccessForUser(db: Db, where: { ids: readonly string[]; companyId: string; userId: string }): Promise<Map<string, ContractPolicyAccess>> {
  const ids = [...new Set(where.ids.filter((id) => UUID.test(id)))];
  const found = new Map<string, ContractPolicyAccess>();
  if (ids.length === 0) return found;
  const lower = [...new Set(ids.map((id) => id.toLowerCase()))];
  const rows = await db
    .select({
      contract: { id: contracts.id, companyId: contracts.companyId, status: contracts.status },
      grantUserId: contractAccess.userId,
      grantContractId: contractAccess.contractId,
      grantLevel: contractAccess.accessLevel,
    })
    .from(contracts)
    .leftJoin(contractAccess, and(eq(contractAccess.contractId, contracts.id), eq(contractAccess.userId, where.userId), eq(contractAccess.companyId, contracts.companyId)))
    .where(and(lower.length === 1 ? eq(contracts.id, lower[0]!) : inArray(contracts.id, lower), eq(contracts.companyId, where.companyId)));
  const byId = new Map<string, ContractPolicyAccess>();
  for (const row of rows) {
    const grant = row.grantUserId && row.grantContractId && row.grantLevel ? { userId: row.grantUserId, contractId: row.grantContractId, accessLevel: row.grantLevel } : null;
    byId.set(row.contract.id, { contract: row.contract, grant });
  }
  for (const id of ids) {
    const row = byId.get(id.toLowerCase());
    if (row) found.set(id, row);
  }
  return found;
}

/** The columns a list shows; never the document body. */
const summaryColumns = {
  id: contracts.id,
  companyId: contracts.companyId,
  title: contracts.title,
  client: contracts.client,
  status: contracts.status,
  priority: contracts.priority,
  contractType: contracts.contractType,
  version: contracts.version,
  reviewerId: contracts.reviewerId,
  reviewDeadline: contracts.reviewDeadline,
  approvalDeadline: contracts.approvalDeadline,
  createdAt: contracts.createdAt,
  updatedAt: contracts.updatedAt,
  overallRisk: analyses.overallRisk,
};
export type ContractSummaryRow = Pick<ContractRow, Exclude<keyof typeof summaryColumns, "overallRisk">> & { overallRisk: string | null };

/** `%` and `_` typed by a user are letters, not wildcards (Postgres' default LIKE escape is `\`). */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export interface ContractListFilter {
  companyId: string;
  /** Matches title or client, case-insensitively. */
  search?: string | undefined;
  status?: ContractStatus | undefined;
}

/* Sort keys (GET /api/contracts?sort=). Every key is a non-null expression, so (key, id) orders
 * every row exactly once and a page's last row is a complete keyset cursor. The expressions are the
 * ones the indexes in db/schema/contracts.ts are built on (the planner matches them), except risk,
 * which lives on the analysis row. */
const rank = (column: SQL | AnyColumn, values: readonly string[], otherwise: number) =>
  sql.join([sql`(case ${column}`, ...values.map((v, i) => sql`when ${sql.raw(`'${v}'`)} then ${sql.raw(String(i))}`), sql`else ${sql.raw(String(otherwise))} end)`], sql` `);

type KeyKind = "text" | "int" | "time" | "date";
interface SortKey {
  expr: SQL;
  kind: KeyKind;
}
export const CONTRACT_SORT_KEYS: Record<ContractSort, SortKey> = {
  title: { expr: sql`lower(${contracts.title})`, kind: "text" },
  client: { expr: sql`lower(coalesce(${contracts.client}, ''))`, kind: "text" },
  status: { expr: rank(contracts.status, CONTRACT_STATUSES, CONTRACT_STATUSES.length), kind: "int" },
  priority: { expr: rank(contracts.priority, PRIORITIES, 1), kind: "int" },
  // No open deadline sorts after every date (ascending).
  deadline: { expr: openDeadlineOrNeverSql(contracts), kind: "date" },
  // No analysis yet: below low.
  risk: { expr: sql`(case ${analyses.overallRisk} when 'low' then 1 when 'medium' then 2 when 'high' then 3 when 'critical' then 4 else 0 end)`, kind: "int" },
  updated: { expr: sql`${contracts.updatedAt}`, kind: "time" },
};

/** The key of a row as text: timestamps as microseconds since 1970 (exact), dates as YYYY-MM-DD, or 'infinity'. */
function keyText(key: SortKey): SQL<string> {
  if (key.kind === "date") return sql<string>`(${key.expr})::text`;
  if (key.kind === "time") return sql<string>`(case when ${key.expr} = 'infinity' then 'infinity' else (extract(epoch from ${key.expr}) * 1000000)::bigint::text end)`;
  return sql<string>`(${key.expr})::text`;
}

const MICROSECONDS = /^-?\d{1,17}$/;
const SMALL_INT = /^-?\d{1,3}$/;
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /[\u0000\uD800-\uDFFF]/u;
const badCursor = () => badRequest(CONTRACT_LIST_MESSAGES.badCursor);

/** A cursor's key back into SQL, after checking it can be cast without the database raising. */
function keyValue(kind: KeyKind, value: string): SQL {
  if (kind === "text") {
    // Text the database cannot store (NUL, lone surrogates) would make it raise instead of answer.
    if (UNSTORABLE.test(value)) throw badCursor();
    return sql`${value}::text`;
  }
  if (kind === "int") {
    if (!SMALL_INT.test(value)) throw badCursor();
    return sql`${Number(value)}::int`;
  }
  if (kind === "date") {
    if (value === "infinity") return sql`'infinity'::date`;
    // Only a real calendar day: the database would raise on 2026-02-31.
    if (!isDateOnly(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)) || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) throw badCursor();
    return sql`${value}::date`;
  }
  if (value === "infinity") return sql`'infinity'::timestamptz`;
  if (!MICROSECONDS.test(value)) throw badCursor();
  return sql`(timestamptz 'epoch' + ${value}::bigint * interval '1 microsecond')`;
}

export interface ContractOrder {
  sort: ContractSort;
  direction: "asc" | "desc";
}

/** Opaque to clients: the sort it belongs to and the last row's key. */
export function encodeContractCursor(order: ContractOrder, row: { sortKey: string; id: string }): string {
  return Buffer.from(JSON.stringify([order.sort, order.direction, row.sortKey, row.id])).toString("base64url");
}

function decodeContractCursor(order: ContractOrder, cursor: string): { key: string; id: string } {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(value) || value.length !== 4) throw badCursor();
  const [sort, direction, key, id] = value as unknown[];
  if (sort !== order.sort || direction !== order.direction || typeof key !== "string" || typeof id !== "string" || !UUID.test(id)) throw badCursor();
  return { key, id };
}

export interface ContractPage {
  order: ContractOrder;
  /** Rows to answer; undefined: every matching row. */
  limit?: number | undefined;
  cursor?: string | undefined;
  offset?: number | undefined;
}

function filterConditions(filter: ContractListFilter): SQL[] {
  const conditions: SQL[] = [eq(contracts.companyId, filter.companyId)];
  const search = filter.search?.trim();
  if (search) {
    const pattern = likeContains(search);
    const match = or(ilike(contracts.title, pattern), ilike(contracts.client, pattern));
    if (match) conditions.push(match);
  }
  if (filter.status) conditions.push(eq(contracts.status, filter.status));
  return conditions;
}

export type ContractListRow = ContractSummaryRow & { sortKey: string };

/**
 * The company's contracts in the asked order (default: most recently updated first), a page at a
 * time when a limit is given: keyset after a cursor, or from an offset. `more`: a next page exists.
 */
export async function listContractsInCompany(
  db: Db,
  filter: ContractListFilter,
  page: ContractPage = { order: { sort: "updated", direction: "desc" } },
): Promise<{ rows: ContractListRow[]; more: boolean }> {
  const conditions = filterConditions(filter);
  const key = CONTRACT_SORT_KEYS[page.order.sort];
  const desc = page.order.direction === "desc";
  if (page.cursor) {
    const after = decodeContractCursor(page.order, page.cursor);
    const value = keyValue(key.kind, after.key);
    conditions.push(desc ? sql`(${key.expr}, ${contracts.id}) < (${value}, ${after.id}::uuid)` : sql`(${key.expr}, ${contracts.id}) > (${value}, ${after.id}::uuid)`);
  }
  const direction = sql.raw(desc ? "desc" : "asc");
  let query = db
    .select({ ...summaryColumns, sortKey: keyText(key) })
    .from(contracts)
    .leftJoin(analyses, and(eq(analyses.contractId, contracts.id), eq(analyses.companyId, contracts.companyId)))
    .where(and(...conditions))
    .orderBy(sql`${key.expr} ${direction}`, sql`${contracts.id} ${direction}`)
    .$dynamic();
  if (page.limit !== undefined) query = query.limit(page.limit + 1);
  if (page.offset !== undefined && !page.cursor) query = query.offset(page.offset);
  const rows = await query;
  if (page.limit === undefined || rows.length <= page.limit) return { rows, more: false };
  return { rows: rows.slice(0, page.limit), more: true };
}

/** How many of the company's contracts match the filter (X-Total-Count). */
export async function countContractsInCompany(db: Db, filter: ContractListFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contracts).where(and(...filterConditions(filter)));
  return row?.n ?? 0;
}

/**
 * A few summaries of the company's contracts matching `where`, in `order` (the dashboard's lists);
 * each row with the caller's grant, so a policy can be asked about it.
 */
export async function selectContractSummaries(
  db: Db,
  input: { companyId: string; userId: string; where: (SQL | undefined)[]; order: SQL[]; limit: number },
): Promise<(ContractSummaryRow & { grant: GrantForPolicy | null })[]> {
  const rows = await db
    .select({ ...summaryColumns, grantUserId: contractAccess.userId, grantContractId: contractAccess.contractId, grantLevel: contractAccess.accessLevel })
    .from(contracts)
    .leftJoin(analyses, and(eq(analyses.contractId, contracts.id), eq(analyses.companyId, contracts.companyId)))
    .leftJoin(contractAccess, and(eq(contractAccess.contractId, contracts.id), eq(contractAccess.userId, input.userId), eq(contractAccess.companyId, contracts.companyId)))
    .where(and(eq(contracts.companyId, input.companyId), ...input.where))
    .orderBy(...input.order)
    .limit(input.limit);
  return rows.map(({ grantUserId, grantContractId, grantLevel, ...row }) => ({
    ...row,
    grant: grantUserId && grantContractId && grantLevel ? { userId: grantUserId, contractId: grantContractId, accessLevel: grantLevel } : null,
  }));
}
