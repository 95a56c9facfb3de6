import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { documentChanges, users } from "../../db/schema";
import type { ContractRow } from "../../loaders/contract";
import { authorColumns } from "../documents/context";

/** The contract's proposed changes in every state, newest first, with their authors' names. */
export async function listChanges(db: Db, contract: Pick<ContractRow, "id" | "companyId">) {
  return db
    .select({ change: documentChanges, author: authorColumns })
    .from(documentChanges)
    .leftJoin(users, eq(users.id, documentChanges.userId))
    .where(and(eq(documentChanges.contractId, contract.id), eq(documentChanges.companyId, contract.companyId)))
    .orderBy(desc(documentChanges.createdAt), desc(documentChanges.id));
}
