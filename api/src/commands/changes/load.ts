import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { documentChanges } from "../../db/schema";
import { notFound } from "../../http/errors";
import { getContractForUser, type ContractForUser } from "../../loaders/contract";

export type ChangeRow = typeof documentChanges.$inferSelect;

/** One answer for a missing change, another company's change and a malformed id. */
export const changeNotFound = () => notFound("Change not found.");

/** The change with its contract and the caller's grant on it; 404 unless both belong to the caller's company. */
export async function getChangeForUser(db: Db, where: { id: string; companyId: string; userId: string }): Promise<ContractForUser & { change: ChangeRow }> {
  const [change] = await db
    .select()
    .from(documentChanges)
    .where(and(eq(documentChanges.id, where.id), eq(documentChanges.companyId, where.companyId)))
    .limit(1);
  if (!change) throw changeNotFound();
  const loaded = await getContractForUser(db, { id: change.contractId, companyId: where.companyId, userId: where.userId });
  return { ...loaded, change };
}
