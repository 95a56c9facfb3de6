import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { ContractStatus } from "@clausewise/shared";
import type { Db } from "../db/client";
import { contractAccess, contractFiles, contracts } from "../db/schema";
import { notFound } from "../http/errors";
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
): Promise<{ contract: ContractForPolicy & { status: string }; grant: GrantForPolicy | null }> {
  if (!UUID.test(where.id)) throw contractNotFound();
  const [row] = await db
    .select({
      contract: { id: contracts.id, companyId: contracts.companyId, status: contracts.status },
      grantUserId: contractAccess.userId,
      grantContractId: contractAccess.contractId,
      grantLevel: contractAccess.accessLevel,
    })
    .from(contracts)
    .leftJoin(contractAccess, and(eq(contractAccess.contractId, contracts.id), eq(contractAccess.userId, where.userId), eq(contractAccess.companyId, contracts.companyId)))
    .where(and(eq(contracts.id, where.id), eq(contracts.companyId, where.companyId)))
    .limit(1);
  if (!row) throw contractNotFound();
  const grant = row.grantUserId && row.grantContractId && row.grantLevel ? { userId: row.grantUserId, contractId: row.grantContractId, accessLevel: row.grantLevel } : null;
  return { contract: row.contract, grant };
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
};
export type ContractSummaryRow = Pick<ContractRow, keyof typeof summaryColumns>;

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

/** The company's contracts, most recently updated first. */
export async function listContractsInCompany(db: Db, filter: ContractListFilter): Promise<ContractSummaryRow[]> {
  const conditions: SQL[] = [eq(contracts.companyId, filter.companyId)];
  const search = filter.search?.trim();
  if (search) {
    const pattern = likeContains(search);
    const match = or(ilike(contracts.title, pattern), ilike(contracts.client, pattern));
    if (match) conditions.push(match);
  }
  if (filter.status) conditions.push(eq(contracts.status, filter.status));
  return db
    .select(summaryColumns)
    .from(contracts)
    .where(and(...conditions))
    .orderBy(desc(contracts.updatedAt), desc(contracts.id));
}
