import { eq, sql } from "drizzle-orm";
import { isTextLocked } from "@clausewise/shared";
import type { Db } from "../db/client";
import { contracts, yjsUpdates } from "../db/schema";
import { appendUpdates } from "./store";

/** The contract's text is locked (approved or pending approval), or the contract is gone: nothing was stored. */
export class DocumentLockedError extends Error {
  constructor(readonly contractId: string) {
    super("the contract's text is locked");
  }
}

/**
 * Appends live editors' updates unless the contract's text is locked (DESIGN.md §4: approval locks the
 * text), in one short transaction: the contract row is read FOR KEY SHARE, the lock the INSERT's
 * foreign key check takes anyway, so it waits for an approval holding the row (FOR UPDATE) and then
 * reads the status that approval committed. So no update is stored after the approval that would
 * not be in the approved text, whatever the bus has told the realtime servers yet.
 */
export async function appendLiveUpdates(db: Db, contractId: string, updates: Uint8Array[]): Promise<number | null> {
  if (updates.length === 0) return null;
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ status: contracts.status }).from(contracts).where(eq(contracts.id, contractId)).for("key share");
    if (!row || isTextLocked(row.status)) throw new DocumentLockedError(contractId);
    return appendUpdates(tx, contractId, updates);
  });
}

/** Contracts whose update log holds rows: after a crash, their derived text may miss those edits. */
export async function contractsWithLoggedUpdates(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ contractId: yjsUpdates.contractId }).from(yjsUpdates).orderBy(sql`1`);
  return rows.map((r) => r.contractId);
}
