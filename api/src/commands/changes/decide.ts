import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { documentChanges } from "../../db/schema";
import { conflict } from "../../http/errors";
import { changeNotFound, type ChangeRow } from "./load";
import { CHANGE_MESSAGES } from "./messages";

/**
 * The change, locked, if it still waits for a decision. Callers lock the contract first (approvals,
 * rejections, proposals and saves all take the contract row before any change row), so two deciders
 * never deadlock and the second one sees the first one's decision.
 */
export async function lockPendingChange(tx: Db, change: Pick<ChangeRow, "id" | "companyId">): Promise<ChangeRow> {
  const [row] = await tx
    .select()
    .from(documentChanges)
    .where(and(eq(documentChanges.id, change.id), eq(documentChanges.companyId, change.companyId)))
    .for("update");
  if (!row) throw changeNotFound();
  if (row.status !== "pending") throw conflict(CHANGE_MESSAGES.alreadyDecided(row.status));
  return row;
}
