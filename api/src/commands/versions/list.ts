import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { documentVersions } from "../../db/schema";
import type { ContractRow } from "../../loaders/contract";

/** The contract's versions, newest first (by time, then by number for versions made in the same instant). */
export async function listVersions(db: Db, contract: Pick<ContractRow, "id" | "companyId">) {
  return db
    .select()
    .from(documentVersions)
    .where(and(eq(documentVersions.contractId, contract.id), eq(documentVersions.companyId, contract.companyId)))
    .orderBy(
      desc(documentVersions.createdAt),
      sql`case when ${documentVersions.versionNumber} ~ '^[0-9]{1,9}$' then ${documentVersions.versionNumber}::int end desc nulls last`,
      desc(documentVersions.id),
    );
}
