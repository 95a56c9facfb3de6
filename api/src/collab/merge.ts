import * as Y from "yjs";

/**
 * The state row with the log's updates folded in. Through a Y.Doc rather than Y.mergeUpdates alone,
 * so that text deleted long ago is garbage-collected instead of being carried in the state forever;
 * and one update at a time in one transaction, which is ten times faster than Y.mergeUpdates on the
 * thousands of small updates of a busy log (updates whose dependencies come later wait in the doc's
 * pending structs, as with any client). Only Yjs here: the live server's compaction worker thread
 * loads this module and nothing else.
 */
export function mergeIntoState(state: Uint8Array, updates: Uint8Array[]): Uint8Array {
  const doc = new Y.Doc();
  try {
    applyAll(doc, [state, ...updates]);
    return Y.encodeStateAsUpdate(doc);
  } finally {
    doc.destroy();
  }
}

/** Applies stored updates to `doc` one by one in one transaction (see mergeIntoState for why not Y.mergeUpdates). */
export function applyAll(doc: Y.Doc, updates: readonly Uint8Array[], origin?: unknown): void {
  doc.transact(() => {
    for (const update of updates) Y.applyUpdate(doc, update);
  }, origin);
}
