import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { questions } from "../../db/schema";
import type { ContractRow } from "../../loaders/contract";

/** The contract's questions, newest first, answered or not. */
export async function listQuestions(db: Db, contract: Pick<ContractRow, "id" | "companyId">) {
  return db
    .select()
    .from(questions)
    .where(and(eq(questions.contractId, contract.id), eq(questions.companyId, contract.companyId)))
    .orderBy(desc(questions.createdAt), desc(questions.id));
}
