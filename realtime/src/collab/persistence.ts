import type * as Y from "yjs";
import type { Db } from "@clausewise/api/db/client";
import { appendLiveUpdateGroups, appendLiveUpdates, compact, compactLive, contractsWithLoggedUpdates, coverCompactPass, ensureSeeded, loadDocument, refreshDerivedContent } from "@clausewise/api/collab/index";
import type { CompactPass, GroupAppended, GroupAppendOutcome, LiveCoverage } from "@clausewise/api/collab/index";
import { mergeOffThread } from "./merge-thread";

export type { CompactPass, GroupAppended, GroupAppendOutcome, LiveCoverage };

export interface LoadedDocument {
  doc: Y.Doc;
  /** The last log entry folded into `doc` (informational: log ids may commit out of order). */
  lastUpdateId: number;
  /** Log rows applied on top of the state row (after a crash, edits the derived text may lack). */
  logEntries: number;
  /** What of the store `doc` holds (the state row's version, the log rows applied), when the store says. */
  stateVersion?: string | null;
  logIds?: number[];
}

/**
 * The document store the live server calls (DESIGN.md §4): Postgres is the source of truth, an
 * update log in front of a compacted state row. The server only ever applies an update to its
 * in-memory document after `append` resolved, i.e. after the INSERT committed.
 */
export interface DocumentPersistence {
  /** Seeds the document on first use (once, under the store's lock), then reads state + log. */
  load(contractId: string): Promise<LoadedDocument>;
  /** Appends updates in one INSERT; resolves once committed. Throws DocumentLockedError (nothing stored) while the text is locked. */
  append(contractId: string, updates: Uint8Array[]): Promise<void>;
  /**
   * Appends the updates of several documents in one transaction (group commit); resolves once
   * committed, with each document's outcome: "stored", "locked" (nothing stored: the text is
   * locked) or "busy" (nothing stored: its contract row is held; write it alone with `append`), and
   * the log ids of the rows stored. Optional: without it the group commit writes each document with `append`.
   */
  appendGroup?(batches: { contractId: string; updates: Uint8Array[] }[]): Promise<GroupAppended[]>;
  /**
   * Folds the log into the state row. Safe to run from several instances at once. With `live` (a
   * live document and what of the store it holds), the document itself is written when it holds the
   * state row, and its coverage follows every pass.
   */
  compact(contractId: string, live?: { doc: Y.Doc; coverage: LiveCoverage }): Promise<void>;
  /**
   * Rewrites the derived HTML and plain text of the contract from the document. With `coverage`
   * (what of the store `doc` holds, kept by the caller), `doc` is brought up to the store and
   * rendered itself, not merged again with the whole stored document.
   */
  refreshDerived(contractId: string, doc: Y.Doc, coverage?: LiveCoverage): Promise<void>;
  /** Contracts with rows in the update log (start-up recovery after a crash). */
  withLoggedUpdates(): Promise<string[]>;
}

/** The API's Postgres store (api/src/collab/store.ts), shared with the REST edits. */
export function createDocumentStore(db: Db): DocumentPersistence {
  // The compaction worker starts with the first compaction (mergeOffThread), not with the server: a
  // worker thread costs tens of MB of RSS that a server nobody types in never needs.
  return {
    async load(contractId) {
      await ensureSeeded(db, { contractId });
      return loadDocument(db, contractId);
    },
    async append(contractId, updates) {
      await appendLiveUpdates(db, contractId, updates);
    },
    appendGroup: (batches) => appendLiveUpdateGroups(db, batches),
    async compact(contractId, live) {
      if (live && (await compactLive(db, contractId, live.doc, live.coverage)) === 0) return;
      await compact(db, contractId, { merge: mergeOffThread, onPass: live && ((pass) => coverCompactPass(live.coverage, pass)) });
    },
    async refreshDerived(contractId, doc, coverage) {
      await refreshDerivedContent(db, contractId, doc, { live: coverage });
    },
    withLoggedUpdates: () => contractsWithLoggedUpdates(db),
  };
}
