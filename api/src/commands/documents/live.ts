import type * as Y from "yjs";
import { commitDocumentEdit, type CommittedEdit } from "../../collab/commit";
import { ensureSeeded, loadDocument, refreshDerivedContent, type DerivedContent } from "../../collab/store";
import type { Db } from "../../db/client";
import type { ContractRow } from "../../loaders/contract";

export interface LiveDocument {
  doc: Y.Doc;
  /** The stored updates `doc` is made of (with the edits committed on it since). */
  updates: Uint8Array[];
  /** contracts.content and plainText as they are now: derived from `doc`. */
  content: string;
  text: string;
}

/**
 * The contract's live document (DESIGN.md §4), for a command that holds the contract's row lock:
 * seeded if it never was, loaded from the store, and contracts.content/plainText brought up to
 * date first (live edits may not have been derived yet; their anchors follow). So the text a
 * command checks offsets against is the document's own, in the coordinates the anchors use.
 */
export async function openLiveDocument(tx: Db, contract: Pick<ContractRow, "id">, now: Date): Promise<LiveDocument> {
  await ensureSeeded(tx, { contractId: contract.id });
  const { doc, updates } = await loadDocument(tx, contract.id);
  // The document was just read under the lock: its text is its own (no second merge with the store).
  const derived = await refreshDerivedContent(tx, contract.id, doc, { now, stored: updates });
  return { doc, updates, content: derived.content, text: derived.plainText };
}

/**
 * Stores an edit a command made on the live document (null: it changed nothing) and derives the
 * content again, moving later anchors. Publish `edit` after commit (afterCommit does) so the live
 * editors receive it.
 */
export async function commitLiveEdit(
  tx: Db,
  contract: Pick<ContractRow, "id" | "companyId">,
  live: LiveDocument,
  update: Uint8Array | null,
  now: Date,
): Promise<{ edit: CommittedEdit | null; derived: DerivedContent }> {
  const edit = update ? await commitDocumentEdit(tx, { companyId: contract.companyId, contractId: contract.id, update }) : null;
  if (update) live.updates.push(update);
  // The edit is committed in this transaction, so the document is still exactly the stored one.
  const derived = await refreshDerivedContent(tx, contract.id, live.doc, { now, stored: live.updates });
  return { edit, derived };
}
