import { eq, getTableName, sql } from "drizzle-orm";
import { isTextLocked, TEXT_LOCKED_STATUSES } from "@clausewise/shared";
import type { Db } from "../db/client";
import { rawRows } from "../db/raw";
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

/** The locked statuses as SQL literals (constants of the product, checked to be plain words). */
function lockedStatusList(): string {
  for (const status of TEXT_LOCKED_STATUSES) if (!/^[a-z_]+$/.test(status)) throw new Error(`unexpected status ${status}`);
  return TEXT_LOCKED_STATUSES.map((status) => `'${status}'`).join(", ");
}

/**
 * The group append, its one parameter $1: a JSON array of [contract id, base64 update] pairs. Written
 * out once: drizzle would build the query anew at every write (one write per tick of typing),
 * allocating its chunks each time; the session runs the finished text as it would.
 */
const GROUP_APPEND = `with incoming as (
      select (e->>0)::uuid as contract_id, decode(e->>1, 'base64') as update
      from json_array_elements($1::json) as e
    ), target as (
      select id, status from "${getTableName(contracts)}" where id in (select contract_id from incoming) for key share skip locked
    ), stored as (
      insert into "${getTableName(yjsUpdates)}" (contract_id, update)
      select incoming.contract_id, incoming.update from incoming join target on target.id = incoming.contract_id
      where target.status not in (${lockedStatusList()})
      returning contract_id, id
    )
    select target.id::text as id, target.status,
      (select coalesce(string_agg(stored.id::text, ','), '') from stored where stored.contract_id = target.id) as ids
    from target`;

/** What became of one document's updates in a group append. */
export type GroupAppendOutcome = "stored" | "locked" | "busy";

/** One document's outcome in a group append, with the log ids of its rows when stored. */
export interface GroupAppended {
  outcome: GroupAppendOutcome;
  ids: number[];
}

/**
 * Group commit (DECISIONS.md "Live documents: group commit"): the updates of several documents in
 * one statement (one multi-row INSERT, its own transaction). The contract rows are read FOR KEY SHARE as in
 * `appendLiveUpdates`, but SKIP LOCKED: a row held FOR UPDATE (an approval, a refresh of the derived
 * content) would otherwise hold up every document of the group, so its document comes back "busy"
 * and nothing of it is stored here (the caller writes it alone with `appendLiveUpdates`, which waits
 * for the row); a locked text comes back "locked", nothing stored; the rest is stored. A missing
 * contract is also "busy" (the lone append then refuses it). Outcomes are in the order of `batches`,
 * each with the log ids of the rows stored (a live document notes what of the store it holds).
 */
export async function appendLiveUpdateGroups(db: Db, batches: { contractId: string; updates: Uint8Array[] }[]): Promise<GroupAppended[]> {
  if (batches.length === 0) return [];
  const pairs: [string, string][] = [];
  for (const b of batches) {
    for (const update of b.updates) pairs.push([b.contractId, Buffer.from(update.buffer, update.byteOffset, update.byteLength).toString("base64")]);
  }
  // One statement, its own transaction, and always the same text: the driver prepares it once per
  // connection (a text that grew with the group was parsed, described and planned anew at every
  // commit, and each one kept as a prepared statement on the server). The updates travel as one JSON
  // text of base64 strings (the drivers bind no bytea[]), decoded by the server: one string for the
  // driver to send, where two arrays were serialised element by element (about a quarter of the
  // driver's CPU per write, measured against PostgreSQL).
  const rows = await rawRows<{ id: string; status: string; ids: string }>(db, GROUP_APPEND, [JSON.stringify(pairs)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return batches.map((b): GroupAppended => {
    const row = byId.get(b.contractId.toLowerCase());
    if (row === undefined) return { outcome: "busy", ids: [] };
    if (isTextLocked(row.status)) return { outcome: "locked", ids: [] };
    return { outcome: "stored", ids: row.ids === "" ? [] : row.ids.split(",").map(Number) };
  });
}

/** Contracts whose update log holds rows: after a crash, their derived text may miss those edits. */
export async function contractsWithLoggedUpdates(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ contractId: yjsUpdates.contractId }).from(yjsUpdates).orderBy(sql`1`);
  return rows.map((r) => r.contractId);
}
