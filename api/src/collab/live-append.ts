import { eq, inArray, sql } from "drizzle-orm";
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

/** What became of one document's updates in a group append. */
export type GroupAppendOutcome = "stored" | "locked" | "busy";

/**
 * Group commit (DECISIONS.md "Live documents: group commit"): the updates of several documents in
 * one short transaction, one multi-row INSERT. The contract rows are read FOR KEY SHARE as in
 * `appendLiveUpdates`, but SKIP LOCKED: a row held FOR UPDATE (an approval, a refresh of the derived
 * content) would otherwise hold up every document of the group, so its document comes back "busy"
 * and nothing of it is stored here (the caller writes it alone with `appendLiveUpdates`, which waits
 * for the row); a locked text comes back "locked", nothing stored; the rest is stored. A missing
 * contract is also "busy" (the lone append then refuses it). Outcomes are in the order of `batches`.
 */
export async function appendLiveUpdateGroups(db: Db, batches: { contractId: string; updates: Uint8Array[] }[]): Promise<GroupAppendOutcome[]> {
  if (batches.length === 0) return [];
  const ids = [...new Set(batches.map((b) => b.contractId))];
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: contracts.id, status: contracts.status })
      .from(contracts)
      .where(ids.length === 1 ? eq(contracts.id, ids[0]!) : inArray(contracts.id, ids))
      .for("key share", { skipLocked: true });
    const status = new Map(rows.map((r) => [r.id, r.status]));
    const outcomes = batches.map((b): GroupAppendOutcome => {
      const s = status.get(b.contractId);
      return s === undefined ? "busy" : isTextLocked(s) ? "locked" : "stored";
    });
    const values = batches.flatMap((b, i) => (outcomes[i] === "stored" ? b.updates.map((update) => ({ contractId: b.contractId, update })) : []));
    if (values.length > 0) await tx.insert(yjsUpdates).values(values);
    return outcomes;
  });
}

/** Contracts whose update log holds rows: after a crash, their derived text may miss those edits. */
export async function contractsWithLoggedUpdates(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ contractId: yjsUpdates.contractId }).from(yjsUpdates).orderBy(sql`1`);
  return rows.map((r) => r.contractId);
}
