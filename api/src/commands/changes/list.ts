import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { changeComments, documentChanges, users } from "../../db/schema";
import type { ContractRow } from "../../loaders/contract";
import { authorColumns } from "../documents/context";

const deciders = alias(users, "deciders");

/** The contract's proposed changes in every state, newest first, with their authors' and deciders' names and the size of each comment thread. */
export async function listChanges(db: Db, contract: Pick<ContractRow, "id" | "companyId">) {
  return db
    .select({
      change: documentChanges,
      author: authorColumns,
      decider: { id: deciders.id, firstName: deciders.firstName, lastName: deciders.lastName, email: deciders.email },
      commentCount: sql<number>`(select count(*) from ${changeComments} where ${changeComments.changeId} = ${documentChanges.id})::int`,
    })
    .from(documentChanges)
    .leftJoin(users, eq(users.id, documentChanges.userId))
    .leftJoin(deciders, eq(deciders.id, documentChanges.decidedBy))
    .where(and(eq(documentChanges.contractId, contract.id), eq(documentChanges.companyId, contract.companyId)))
    .orderBy(desc(documentChanges.createdAt), desc(documentChanges.id));
}
