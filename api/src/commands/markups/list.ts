import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { markups, users } from "../../db/schema";
import type { ContractRow } from "../../loaders/contract";
import { authorColumns } from "../documents/context";

/** The contract's markups, newest first, with their authors' names. */
export async function listMarkups(db: Db, contract: Pick<ContractRow, "id" | "companyId">) {
  return db
    .select({ markup: markups, author: authorColumns })
    .from(markups)
    .leftJoin(users, eq(users.id, markups.userId))
    .where(and(eq(markups.contractId, contract.id), eq(markups.companyId, contract.companyId)))
    .orderBy(desc(markups.createdAt), desc(markups.id));
}
