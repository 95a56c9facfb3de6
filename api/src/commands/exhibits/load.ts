import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contractAccess, contracts, exhibitFiles, exhibits } from "../../db/schema";
import { notFound } from "../../http/errors";
import type { ContractAccessRow, ContractRow } from "../../loaders/contract";

export type ExhibitRow = typeof exhibits.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One answer for a missing exhibit, another company's and a malformed id. */
export const exhibitNotFound = () => notFound("Exhibit not found.");

export interface ExhibitForUser {
  exhibit: ExhibitRow;
  contract: ContractRow;
  grant: ContractAccessRow | null;
}

/** The exhibit with its contract and the caller's grant on it, tenant-scoped: 404 for anything not in the company. */
export async function getExhibitForUser(db: Db, where: { id: string; companyId: string; userId: string }): Promise<ExhibitForUser> {
  if (!UUID.test(where.id)) throw exhibitNotFound();
  const [row] = await db
    .select({ exhibit: exhibits, contract: contracts, grant: contractAccess })
    .from(exhibits)
    .innerJoin(contracts, and(eq(contracts.id, exhibits.contractId), eq(contracts.companyId, exhibits.companyId)))
    .leftJoin(contractAccess, and(eq(contractAccess.contractId, contracts.id), eq(contractAccess.userId, where.userId), eq(contractAccess.companyId, contracts.companyId)))
    .where(and(eq(exhibits.id, where.id), eq(exhibits.companyId, where.companyId)))
    .limit(1);
  if (!row) throw exhibitNotFound();
  return row;
}

/** A contract's exhibits in the order they were added. */
export async function listExhibits(db: Db, contract: Pick<ContractRow, "id" | "companyId">): Promise<ExhibitRow[]> {
  return db
    .select()
    .from(exhibits)
    .where(and(eq(exhibits.contractId, contract.id), eq(exhibits.companyId, contract.companyId)))
    .orderBy(asc(exhibits.createdAt), asc(exhibits.id));
}

/** The stored bytes of an exhibit's file, or 404 when it has none. */
export async function exhibitFile(db: Db, exhibit: ExhibitRow): Promise<Uint8Array> {
  const [row] = await db
    .select({ bytes: exhibitFiles.bytes })
    .from(exhibitFiles)
    .where(and(eq(exhibitFiles.exhibitId, exhibit.id), eq(exhibitFiles.companyId, exhibit.companyId)))
    .limit(1);
  if (!row) throw notFound("This exhibit has no file yet.");
  return row.bytes;
}
