import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { documentVersions } from "../../db/schema";
import type { ContractRow } from "../../loaders/contract";

const where = (contract: Pick<ContractRow, "id" | "companyId">) => and(eq(documentVersions.contractId, contract.id), eq(documentVersions.companyId, contract.companyId));

/** Newest first: by time, then by number for versions made in the same instant. */
const newestFirst = [
  desc(documentVersions.createdAt),
  sql`case when ${documentVersions.versionNumber} ~ '^[0-9]{1,9}$' then ${documentVersions.versionNumber}::int end desc nulls last`,
  desc(documentVersions.id),
];

/** The contract's versions, newest first. */
export async function listVersions(db: Db, contract: Pick<ContractRow, "id" | "companyId">) {
  return db
    .select()
    .from(documentVersions)
    .where(where(contract))
    .orderBy(...newestFirst);
}

/** The newest version, or null when none was saved. */
export async function newestVersion(db: Db, contract: Pick<ContractRow, "id" | "companyId">) {
  const [row] = await db
    .select()
    .from(documentVersions)
    .where(where(contract))
    .orderBy(...newestFirst)
    .limit(1);
  return row ?? null;
}

export async function countVersions(db: Db, contract: Pick<ContractRow, "id" | "companyId">): Promise<number> {
  const [counted] = await db.select({ count: sql<number>`count(*)::int` }).from(documentVersions).where(where(contract));
  return counted?.count ?? 0;
}
