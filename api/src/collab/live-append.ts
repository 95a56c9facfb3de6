import { eq, sql } from "drizzle-orm";
import { isTextLocked, TEXT_LOCKED_STATUSES } from "@clausewise/shared";
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
 * one statement (one multi-row INSERT, its own transaction). The contract rows are read FOR KEY SHARE as in
 * `appendLiveUpdates`, but SKIP LOCKED: a row held FOR UPDATE (an approval, a refresh of the derived
 * content) would otherwise hold up every document of the group, so its document comes back "busy"
 * and nothing of it is stored here (the caller writes it alone with `appendLiveUpdates`, which waits
 * for the row); a locked text comes back "locked", nothing stored; the rest is stored. A missing
 * contract is also "busy" (the lone append then refuses it). Outcomes are in the order of `batches`.
 */
export async function appendLiveUpdateGroups(db: Db, batches: { contractId: string; updates: Uint8Array[] }[]): Promise<GroupAppendOutcome[]> {
  if (batches.length === 0) return [];
  const ids = [...new Set(batches.map((b) => b.contractId))];
  const incoming = batches.flatMap((b) => b.updates.map((update) => sql`(${b.contractId}::uuid, ${update}::bytea)`));
  // One statement, its own transaction: on PGlite every statement is a turn of the event loop.
  const result = await db.execute(sql`
    with target as (
      select id, status from ${contracts} where id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) for key share skip locked
    ), incoming (contract_id, update) as (values ${sql.join(incoming, sql`, `)}),
    stored as (
      insert into ${yjsUpdates} (contract_id, update)
      select incoming.contract_id, incoming.update from incoming join target on target.id = incoming.contract_id
      where target.status not in (${sql.join(
        TEXT_LOCKED_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})
    )
    select id::text as id, status from target`);
  const rows = (Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows) as { id: string; status: string }[];
  const status = new Map(rows.map((r) => [r.id, r.status]));
  return batches.map((b): GroupAppendOutcome => {
    const s = status.get(b.contractId.toLowerCase());
    return s === undefined ? "busy" : isTextLocked(s) ? "locked" : "stored";
  });
}

/** Contracts whose update log holds rows: after a crash, their derived text may miss those edits. */
export async function contractsWithLoggedUpdates(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ contractId: yjsUpdates.contractId }).from(yjsUpdates).orderBy(sql`1`);
  return rows.map((r) => r.contractId);
}
