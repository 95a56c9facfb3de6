import { and, asc, eq, getTableName, sql } from "drizzle-orm";
import { createHash } from "node:crypto";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import * as Y from "yjs";
import type { Db } from "../db/client";
import { rawRows } from "../db/raw";
import { analyses, contracts, documentChanges, markups, yjsDocuments, yjsUpdates } from "../db/schema";
import { rebaseAnchors, textShift } from "../commands/documents/anchors";
import { contractNotFound } from "../loaders/contract";
import type { DerivedText } from "./derive";
import { applyAll, mergeIntoState } from "./merge";
import { scheduleReanalysis } from "../analysis/refresh";
import { CPU_LIMITS, deriveTextOffThread, seedFromHtmlOffThread } from "../workers/cpu";
import { liveDocumentHtml } from "./convert";
import { documentText } from "./text-edit";

export { seedFromHtml, type SeededDocument } from "./seed";

/*
 * Persistence of the live documents (DESIGN.md §4): a compacted state row per contract
 * (yjs_documents) plus an append-only log of updates (yjs_updates). The realtime server appends
 * every incoming update before relaying it; the API appends its own edits the same way. The log
 * is the source of truth for recent edits; compaction folds it into the state row.
 *
 * Ids of the log come from a sequence, so they are unique but may COMMIT out of order (id 41 can
 * become visible after id 42). Nothing here therefore treats ids as a cursor: loading applies
 * every row still in the log, and compaction deletes exactly the rows it merged.
 */

/** Inserts the state row of a new document (upload and demo seeding, in their transaction). */
export async function insertDocumentState(tx: Db, contractId: string, state: Uint8Array): Promise<boolean> {
  const rows = await tx.insert(yjsDocuments).values({ contractId, state, lastUpdateId: 0 }).onConflictDoNothing().returning({ contractId: yjsDocuments.contractId });
  return rows.length > 0;
}

async function hasDocument(db: Db, contractId: string): Promise<boolean> {
  const rows = await db.select({ contractId: yjsDocuments.contractId }).from(yjsDocuments).where(eq(yjsDocuments.contractId, contractId)).limit(1);
  return rows.length > 0;
}

/**
 * Makes sure the contract has a live document, building it from contracts.content the first time.
 * Seeding happens once, on the server, under the contract's row lock: two callers racing here
 * produce one state row, and clients never pass initial content (that would duplicate the text).
 * At seeding, contracts.content/plainText take the editor's normal form of the same text (anchors
 * follow if that moved the text); updatedAt is left alone, as nobody edited anything.
 * Returns true when this call seeded the document. Throws 404 when the contract does not exist.
 * A long document is seeded in a worker thread (workers/cpu.ts) before the transaction, from the
 * content as read then; under the lock it is seeded again only if that content changed meanwhile.
 */
export async function ensureSeeded(db: Db, where: { contractId: string }): Promise<boolean> {
  if (await hasDocument(db, where.contractId)) return false;
  const [before] = await db.select({ content: contracts.content }).from(contracts).where(eq(contracts.id, where.contractId));
  if (!before) throw contractNotFound();
  const early = { html: before.content, seeded: await seedFromHtmlOffThread(before.content) };
  return db.transaction(async (tx) => {
    const [contract] = await tx
      .select({ id: contracts.id, companyId: contracts.companyId, content: contracts.content, plainText: contracts.plainText })
      .from(contracts)
      .where(eq(contracts.id, where.contractId))
      .for("update");
    if (!contract) throw contractNotFound();
    if (await hasDocument(tx, contract.id)) return false;
    const seeded = contract.content === early.html ? early.seeded : await seedFromHtmlOffThread(contract.content);
    await insertDocumentState(tx, contract.id, seeded.state);
    if (seeded.content !== contract.content || seeded.plainText !== contract.plainText) {
      await tx.update(contracts).set({ content: seeded.content, plainText: seeded.plainText }).where(eq(contracts.id, contract.id));
      await rebaseAnchors(tx, { contractId: contract.id, companyId: contract.companyId }, textShift(contract.plainText, seeded.plainText));
    }
    return true;
  });
}

export interface LoadedDocument {
  doc: Y.Doc;
  /** The highest log id applied (or merged into the state); informational, not a cursor (see above). */
  lastUpdateId: number;
  /** Rows of the log applied on top of the state: edits a crash may have left out of the derived text. */
  logEntries: number;
  /** The stored updates `doc` was made of (the state row, then the log), e.g. to derive its text in a worker. */
  updates: Uint8Array[];
  /** What of the store `doc` holds: the state row's version (null: none) and the log rows applied (a live document's first coverage). */
  stateVersion: string | null;
  logIds: number[];
}

/**
 * The document as stored: the state row plus every update still in the log. The log is read
 * BEFORE the state row: a compaction in between moves rows from the log into the state, which the
 * second read then sees (the other order could miss them). Applying an update twice is harmless.
 * Call ensureSeeded first; without a state row the document holds only the log.
 */
export async function loadDocument(db: Db, contractId: string): Promise<LoadedDocument> {
  const log = await db.select({ id: yjsUpdates.id, update: yjsUpdates.update }).from(yjsUpdates).where(eq(yjsUpdates.contractId, contractId)).orderBy(asc(yjsUpdates.id));
  const [state] = await db
    .select({ state: yjsDocuments.state, lastUpdateId: yjsDocuments.lastUpdateId, version: sql<string>`${yjsDocuments}.xmin::text` })
    .from(yjsDocuments)
    .where(eq(yjsDocuments.contractId, contractId));
  const updates = [...(state ? [state.state] : []), ...log.map((row) => row.update)];
  const doc = new Y.Doc();
  applyAll(doc, updates);
  const lastUpdateId = log.reduce((max, row) => Math.max(max, row.id), state?.lastUpdateId ?? 0);
  return { doc, lastUpdateId, logEntries: log.length, updates, stateVersion: state?.version ?? null, logIds: log.map((row) => Number(row.id)) };
}

/** Appends a batch of updates to the log in one INSERT; returns the highest new id (null: empty batch). */
export async function appendUpdates(db: Db, contractId: string, updates: Uint8Array[]): Promise<number | null> {
  if (updates.length === 0) return null;
  const rows = await db
    .insert(yjsUpdates)
    .values(updates.map((update) => ({ contractId, update })))
    .returning({ id: yjsUpdates.id });
  return rows.reduce((max, row) => Math.max(max, row.id), 0);
}

/**
 * Log rows merged per compaction transaction: bounds memory, and how long one statement holds the
 * embedded database (PGlite runs on the event loop: 2,000 rows took ~20 ms to read and ~15 ms to
 * delete, a stall every live edit waits behind).
 */
export const COMPACT_BATCH = 500;

export interface CompactResult {
  /** Log rows folded into the state row. */
  merged: number;
  lastUpdateId: number | null;
}

/**
 * Folds the log into the state row: the state and up to COMPACT_BATCH log rows are read and merged
 * outside any transaction, then, in a short one with the state row locked, the new state is written
 * and exactly the rows merged are deleted, provided the state row is still the version read (its
 * xmin); otherwise another compaction won meanwhile and the pass starts again from what it wrote.
 * Rows appended meanwhile stay for the next pass, so appends never wait and never get lost. No
 * transaction is held during the merge: on PGlite, one open transaction holds up every other query
 * (the INSERT of each live edit among them). See mergeIntoState for how the merge is done.
 */
export async function compact(db: Db, contractId: string, opts: CompactOptions = {}): Promise<CompactResult> {
  const total: CompactResult = { merged: 0, lastUpdateId: null };
  for (;;) {
    const pass = await compactBatch(db, contractId, opts.merge ?? (async (state, updates) => mergeIntoState(state, updates)), opts.onPass);
    total.merged += pass.merged;
    total.lastUpdateId = pass.lastUpdateId;
    if (pass.merged < COMPACT_BATCH) return total;
  }
}

/** One pass of a compaction that wrote: the state row went from `fromVersion` to `toVersion` by merging exactly the log rows `ids`. */
export interface CompactPass {
  fromVersion: string;
  toVersion: string;
  ids: number[];
}

export interface CompactOptions {
  /** Called after each pass that wrote (a live document keeps track of what of the store it holds). */
  onPass?: (pass: CompactPass) => void;
  /**
   * Computes the new state (default: `mergeIntoState` on this thread). It reads the whole document,
   * so the live server runs it on a worker thread: tens of milliseconds on its event loop would
   * hold up every edit being relayed meanwhile.
   */
  merge?: (state: Uint8Array, updates: Uint8Array[]) => Promise<Uint8Array>;
}

/**
 * Lets the event loop run between two statements of a compaction. PGlite executes a statement on
 * the calling thread and resolves in a microtask, so a whole pass would otherwise run as one block
 * of ~30 ms during which no live edit is relayed. (With PostgreSQL every statement waits for the
 * socket anyway.)
 */
const turn = () => yieldToEventLoop();

/** A pass that lost the race this many times in a row gives up; the next compaction tries again. */
const COMPACT_ATTEMPTS = 5;

async function compactBatch(db: Db, contractId: string, merge: NonNullable<CompactOptions["merge"]>, onPass: CompactOptions["onPass"]): Promise<CompactResult> {
  for (let attempt = 1; ; attempt++) {
    const [state] = await db
      .select({ state: yjsDocuments.state, lastUpdateId: yjsDocuments.lastUpdateId, version: sql<string>`${yjsDocuments}.xmin::text` })
      .from(yjsDocuments)
      .where(eq(yjsDocuments.contractId, contractId));
    if (!state) return { merged: 0, lastUpdateId: null };
    await turn();
    const log = await db
      .select({ id: yjsUpdates.id, update: yjsUpdates.update })
      .from(yjsUpdates)
      .where(eq(yjsUpdates.contractId, contractId))
      .orderBy(asc(yjsUpdates.id))
      .limit(COMPACT_BATCH);
    if (log.length === 0) return { merged: 0, lastUpdateId: state.lastUpdateId };
    await turn();

    const merged = await merge(state.state, log.map((row) => row.update));
    const ids = log.map((row) => row.id);
    const lastUpdateId = Math.max(state.lastUpdateId, ...ids);
    const written = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ version: sql<string>`${yjsDocuments}.xmin::text` })
        .from(yjsDocuments)
        .where(eq(yjsDocuments.contractId, contractId))
        .for("update");
      if (current?.version !== state.version) return null;
      const [after] = await tx
        .update(yjsDocuments)
        .set({ state: merged, lastUpdateId, updatedAt: new Date() })
        .where(eq(yjsDocuments.contractId, contractId))
        .returning({ version: sql<string>`${yjsDocuments}.xmin::text` });
      await turn();
      // One array parameter rather than a placeholder per id (half the time to plan and bind).
      await tx.delete(yjsUpdates).where(and(eq(yjsUpdates.contractId, contractId), sql`${yjsUpdates.id} = any(${sql.param(ids)}::bigint[])`));
      return after!.version;
    });
    await turn();
    if (written !== null) {
      onPass?.({ fromVersion: state.version, toVersion: written, ids });
      return { merged: log.length, lastUpdateId };
    }
    if (attempt === COMPACT_ATTEMPTS) return { merged: 0, lastUpdateId: state.lastUpdateId };
  }
}

export interface DerivedContent {
  /** False when contracts.content and plainText already matched the document. */
  changed: boolean;
  content: string;
  plainText: string;
  /** Pending changes and markups whose offsets were moved to follow the text. */
  anchorsMoved: number;
}

/** PostgreSQL's md5() of a text: of its UTF-8 bytes, in hex. */
const md5 = (text: string) => createHash("md5").update(text, "utf8").digest("hex");

/** What the stored document is made of: changes when an update is appended to its log or a compaction runs. */
async function storedMarker(db: Db, contractId: string): Promise<string> {
  const [log] = await db
    .select({ rows: sql<string>`count(*)::text`, last: sql<string>`coalesce(max(${yjsUpdates.id}), 0)::text` })
    .from(yjsUpdates)
    .where(eq(yjsUpdates.contractId, contractId));
  const [state] = await db.select({ version: sql<string>`${yjsDocuments}.xmin::text` }).from(yjsDocuments).where(eq(yjsDocuments.contractId, contractId));
  return `${state?.version ?? "-"}/${log?.rows ?? "0"}/${log?.last ?? "0"}`;
}

/** The stored document's updates (state row, then the log, read first as in loadDocument) and their marker. */
async function readStored(db: Db, contractId: string): Promise<{ updates: Uint8Array[]; marker: string }> {
  const log = await db.select({ id: yjsUpdates.id, update: yjsUpdates.update }).from(yjsUpdates).where(eq(yjsUpdates.contractId, contractId)).orderBy(asc(yjsUpdates.id));
  const [state] = await db.select({ state: yjsDocuments.state, version: sql<string>`${yjsDocuments}.xmin::text` }).from(yjsDocuments).where(eq(yjsDocuments.contractId, contractId));
  const last = log.reduce((max, row) => Math.max(max, row.id), 0);
  return { updates: [...(state ? [state.state] : []), ...log.map((row) => row.update)], marker: `${state?.version ?? "-"}/${log.length}/${last}` };
}

/**
 * What of the stored document a live document holds, kept by the server that holds it (the realtime
 * server's LiveDocument): the state row's version (its xmin) and log rows, all applied to it. Both
 * start empty; the first refresh reads and applies what the document lacks.
 */
export interface LiveCoverage {
  /** The version of the state row the document holds (null: none known). */
  stateVersion: string | null;
  /** Log rows the document holds. */
  logIds: Set<number>;
  /** Applies stored updates the document may lack (the live server also relays what they change). */
  apply(updates: Uint8Array[]): void;
}

/**
 * Keeps a live document's coverage true after a compaction pass it ran itself: the new state row
 * holds nothing more than the old one and the rows merged, so if the document held those, it holds it.
 */
export function coverCompactPass(coverage: LiveCoverage, pass: CompactPass): void {
  if (coverage.stateVersion === pass.fromVersion && pass.ids.every((id) => coverage.logIds.has(id))) coverage.stateVersion = pass.toVersion;
  for (const id of pass.ids) coverage.logIds.delete(id);
}

/**
 * A compaction from a live document that holds the state row (`coverage.stateVersion`): the new
 * state is the document itself, encoded on this thread, instead of the state row and the log read
 * back and merged in the compaction worker. The document holds only stored edits (a live server
 * applies an update once it is committed, and what it receives from elsewhere was committed there),
 * so writing it loses nothing and invents nothing; exactly the log rows it holds are deleted, under
 * the state row's lock and only if the row is still the version it holds. Rows it does not hold
 * stay in the log for the next compaction (a loaded document applies every row, and applying an
 * update twice changes nothing). Answers how many log rows the document does not hold, or null when it did not
 * apply (no state version known, another compaction won, or a document large enough that its
 * encoding belongs in the worker): the caller then compacts by merging.
 */
export async function compactLive(db: Db, contractId: string, doc: Y.Doc, coverage: LiveCoverage): Promise<number | null> {
  const fromVersion = coverage.stateVersion;
  if (fromVersion === null) return null;
  const state = Y.encodeStateAsUpdate(doc);
  if (state.byteLength >= CPU_LIMITS.deriveOffThreadMinBytes) return null;
  const held = new Set(coverage.logIds); // what `state` holds: nothing is applied before the write below
  const written = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ version: sql<string>`${yjsDocuments}.xmin::text`, lastUpdateId: yjsDocuments.lastUpdateId })
      .from(yjsDocuments)
      .where(eq(yjsDocuments.contractId, contractId))
      .for("update");
    if (current?.version !== fromVersion) return null;
    const all = await logIds(tx, contractId);
    const ids = all.filter((id) => held.has(id));
    // Rows the document does not hold at all (stored since the snapshot by this server are held: the next compaction takes them).
    const left = all.filter((id) => !held.has(id) && !coverage.logIds.has(id)).length;
    if (ids.length === 0) return { pass: null, left };
    const [after] = await tx
      .update(yjsDocuments)
      .set({ state, lastUpdateId: Math.max(current.lastUpdateId, ...ids), updatedAt: new Date() })
      .where(eq(yjsDocuments.contractId, contractId))
      .returning({ version: sql<string>`${yjsDocuments}.xmin::text` });
    await tx.delete(yjsUpdates).where(and(eq(yjsUpdates.contractId, contractId), sql`${yjsUpdates.id} = any(${sql.param(ids)}::bigint[])`));
    return { pass: { fromVersion, toVersion: after!.version, ids }, left };
  });
  if (written === null) return null;
  if (written.pass) coverCompactPass(coverage, written.pass);
  return written.left;
}

/** Attempts at a render of the live document itself before the merge of the stored document with it. */
const LIVE_ATTEMPTS = 2;

/**
 * The derived text of a live document held by the realtime server, rendered from that document
 * itself rather than from the store merged with a copy of it (which re-read and re-applied the whole
 * document at every refresh, some 40 % of the work). First the document catches up with the store:
 * the log's ids are read, and only the rows it does not hold yet (another instance's, an API edit's,
 * rows whose commit it has not handled yet) are fetched and applied, with the state row only when
 * its version changed. It is then rendered at once, and its text written under the contract's row
 * lock if the store still holds nothing it lacks (same state version, no log row it did not see):
 * the rows added meanwhile send it round again. So the text never goes backwards, as with the merge,
 * and holds only stored edits (the live document holds nothing else). "large": a document whose
 * render belongs in the CPU pool, which the merge path does.
 */
async function refreshFromLiveDocument(db: Db, contractId: string, doc: Y.Doc, live: LiveCoverage, opts: RefreshOptions): Promise<DerivedContent | null | "large"> {
  const [store] = await rawRows<{ version: string | null; bytes: number | null; ids: string }>(db, STORE_NOW, [contractId]);
  const ids = splitIds(store!.ids);
  const state = store!.version === null ? undefined : { version: store!.version };
  if (Number(store!.bytes ?? 0) >= CPU_LIMITS.deriveOffThreadMinBytes) return "large";
  const missing = ids.filter((id) => !live.logIds.has(id));
  const lacking: Uint8Array[] = [];
  if (state && state.version !== live.stateVersion) {
    const [row] = await db.select({ state: yjsDocuments.state, version: sql<string>`${yjsDocuments}.xmin::text` }).from(yjsDocuments).where(eq(yjsDocuments.contractId, contractId));
    // Compacted again since: the next attempt sees it.
    if (row?.version !== state.version) return null;
    lacking.push(row.state);
  }
  if (missing.length > 0) {
    const rows = await db
      .select({ id: yjsUpdates.id, update: yjsUpdates.update })
      .from(yjsUpdates)
      .where(and(eq(yjsUpdates.contractId, contractId), sql`${yjsUpdates.id} = any(${sql.param(missing)}::bigint[])`))
      .orderBy(asc(yjsUpdates.id));
    lacking.push(...rows.map((row) => row.update));
  }
  // From here to the render nothing waits: the render is of the document as covered.
  if (lacking.length > 0) live.apply(lacking);
  live.stateVersion = state?.version ?? null;
  live.logIds = new Set(ids);
  const covered = { stateVersion: live.stateVersion, logIds: live.logIds };
  // Only the blocks changed since the last refresh are rendered again; the plain text is read off
  // the document itself (the same text as htmlToPlainText of its HTML, convert.test.ts), not by
  // parsing the HTML just rendered.
  const derived = { content: liveDocumentHtml(doc), plainText: documentText(doc) };
  await opts.afterEarlyRender?.();
  return db.transaction(async (tx): Promise<DerivedContent | null> => {
    const row = await lockDerivedRow(tx, contractId);
    // After the lock, in a statement of its own: it reads what committed before the lock was granted.
    const [current] = await rawRows<{ version: string | null; ids: string; anchored: boolean; analysed: boolean }>(tx, STORE_UNDER_LOCK, [contractId]);
    if (current!.version !== covered.stateVersion) return null;
    if (splitIds(current!.ids).some((id) => !covered.logIds.has(id))) return null;
    return writeDerived(tx, contractId, row, derived, opts.now, { anchored: current!.anchored, analysed: current!.analysed });
  });
}

/**
 * The contract row's derived text under its row lock (FOR UPDATE), for a refresh to compare with and
 * to move anchors from. The stored HTML is only compared, so its digest is read rather than the megabytes of it.
 */
async function lockDerivedRow(tx: Db, contractId: string): Promise<{ companyId: string; contentMd5: string; plainText: string }> {
  const [row] = await rawRows<{ companyId: string; contentMd5: string; plainText: string }>(tx, LOCK_DERIVED_ROW, [contractId]);
  if (!row) throw contractNotFound();
  return row;
}

/*
 * The statements of a live document's refresh, written out once (rawRows): a refresh runs for every
 * document being typed in, and drizzle's building of its selects was the larger part of its cost.
 */
const LOCK_DERIVED_ROW = `select company_id as "companyId", md5(content) as "contentMd5", plain_text as "plainText"
  from "${getTableName(contracts)}" where id = $1::uuid for update`;
/** The state row's version and size and the log's ids, in one snapshot. */
const STORE_NOW = `select
    (select xmin::text from "${getTableName(yjsDocuments)}" where contract_id = $1::uuid) as version,
    (select octet_length(state) from "${getTableName(yjsDocuments)}" where contract_id = $1::uuid) as bytes,
    (select coalesce(string_agg(id::text, ','), '') from "${getTableName(yjsUpdates)}" where contract_id = $1::uuid) as ids`;
/**
 * The store's marker under the row lock, and whether a text change has anything to move or mark:
 * anchors (markups, pending changes) to rebase, an analysis to mark stale.
 */
const STORE_UNDER_LOCK = `select
    (select xmin::text from "${getTableName(yjsDocuments)}" where contract_id = $1::uuid) as version,
    (select coalesce(string_agg(id::text, ','), '') from "${getTableName(yjsUpdates)}" where contract_id = $1::uuid) as ids,
    exists (select 1 from "${getTableName(markups)}" where contract_id = $1::uuid)
      or exists (select 1 from "${getTableName(documentChanges)}" where contract_id = $1::uuid and status = 'pending') as anchored,
    exists (select 1 from "${getTableName(analyses)}" where contract_id = $1::uuid) as analysed`;

const splitIds = (ids: string): number[] => (ids === "" ? [] : ids.split(",").map(Number));

async function logIds(db: Db, contractId: string): Promise<number[]> {
  const rows = await db.select({ id: yjsUpdates.id }).from(yjsUpdates).where(eq(yjsUpdates.contractId, contractId));
  return rows.map((row) => Number(row.id));
}

/** Writes the derived text under the row lock when it changed, moving anchors and marking the analysis stale. */
async function writeDerived(
  tx: Db,
  contractId: string,
  row: { companyId: string; contentMd5: string; plainText: string },
  derived: DerivedText,
  now: Date | undefined,
  /** Read under the lock: false when there are no anchors, or no analysis, to look at. */
  has: { anchored: boolean; analysed: boolean } = { anchored: true, analysed: true },
): Promise<DerivedContent> {
  const { content, plainText } = derived;
  if (row.plainText === plainText && row.contentMd5 === md5(content)) return { changed: false, content, plainText, anchorsMoved: 0 };
  await tx
    .update(contracts)
    .set({ content, plainText, updatedAt: now ?? new Date() })
    .where(eq(contracts.id, contractId));
  const anchorsMoved = has.anchored ? await rebaseAnchors(tx, { contractId, companyId: row.companyId }, textShift(row.plainText, plainText)) : 0;
  // The analysis now reads an earlier text: analyse again once the edits settle (issue 13).
  if (plainText !== row.plainText && has.analysed) await scheduleReanalysis(tx, contractId, now ?? new Date());
  return { changed: true, content, plainText, anchorsMoved };
}

/** Renders taken before the row lock that the stored document then outran; the next render is made under the lock. */
const DERIVE_EARLY_ATTEMPTS = 1;

export interface RefreshOptions {
  now?: Date;
  /**
   * `doc` is exactly the document these stored updates make, read (and edited, the edit committed)
   * under the contract's row lock that the caller holds: an approval's live document. Its text is
   * derived from them alone, in the pool, without encoding `doc` again on this thread.
   */
  stored?: readonly Uint8Array[];
  /**
   * `doc` is a live document whose server applies to it what it lacks of the store: it is rendered
   * itself (small documents; a long one is merged and rendered in the CPU pool as without it).
   */
  live?: LiveCoverage;
  /** Tests: runs after a render made before the row lock (of the stored document, or of `live`), before the lock is taken. */
  afterEarlyRender?: () => Promise<void>;
}

/**
 * Writes contracts.content (= ydocToHtml) and plainText, and bumps updatedAt, when they differ
 * from what is stored; offsets of pending changes and markups follow the text as after any edit
 * (commands/documents/anchors.ts). Under the contract's row lock, so REST commands (which hold it
 * while they read the text) never see it half-way.
 *
 * The text is derived from the stored document merged with `doc`, not from `doc` alone: a caller
 * whose copy is behind (an API edit still on its way over the bus) must not write an older text
 * over a committed edit. Off the hot path: call it after a batch of updates, not per keystroke.
 *
 * Rendering a long document takes seconds, so it runs in the CPU pool (workers/cpu.ts), and first
 * before the row lock: the stored updates are read, rendered with `doc` in a worker, and the result
 * is written under the lock if the stored document is still what was read (its marker: the state
 * row's version, the log's size and last id). If an update was appended meanwhile, the render is
 * made again under the lock (still in the pool, so the event loop runs; the lock is held as long).
 */
export async function refreshDerivedContent(db: Db, contractId: string, doc: Y.Doc, opts: RefreshOptions = {}): Promise<DerivedContent> {
  if (opts.live && !opts.stored) {
    for (let attempt = 0; attempt < LIVE_ATTEMPTS; attempt++) {
      const result = await refreshFromLiveDocument(db, contractId, doc, opts.live, opts);
      if (result === "large") break;
      if (result) return result;
    }
  }
  const own = opts.stored ? null : Y.encodeStateAsUpdate(doc);
  for (let attempt = 0; ; attempt++) {
    const early = !opts.stored && attempt < DERIVE_EARLY_ATTEMPTS ? await readStored(db, contractId) : null;
    const rendered = early && own ? await deriveTextOffThread([...early.updates, own]) : null;
    if (early) await opts.afterEarlyRender?.();
    const result = await db.transaction(async (tx): Promise<DerivedContent | null> => {
      const row = await lockDerivedRow(tx, contractId);
      let derived: DerivedText;
      if (opts.stored) derived = await deriveTextOffThread([...opts.stored]);
      else if (early && rendered) {
        if ((await storedMarker(tx, contractId)) !== early.marker) return null;
        derived = rendered;
      } else derived = await deriveTextOffThread([...(await readStored(tx, contractId)).updates, own!]);
      return writeDerived(tx, contractId, row, derived, opts.now);
    });
    if (result) return result;
  }
}
