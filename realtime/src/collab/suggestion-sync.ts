import type * as Y from "yjs";
import type { AppDeps } from "@clausewise/api/context";
import { syncContractSuggestions } from "@clausewise/api/collab/suggestions";
import { afterCommit } from "@clausewise/api/commands/documents/context";
import { suggestionEpoch } from "./suggestions";

/**
 * Keeps document_changes in step with the suggestion marks of a live document (DESIGN.md §3):
 * run after the derived content was refreshed, i.e. debounced and off the path of an update, and
 * the events and notifications go out after the transaction committed.
 */
export interface SuggestionSync {
  sync(contractId: string, doc: Y.Doc): Promise<void>;
}

/**
 * A sync that finds no suggestion in the document withdraws every pending change backed by a mark,
 * so until a suggestion comes into the document again the next one would find nothing and change
 * nothing: it is skipped, for at most this long. Another instance creates such a change only for a
 * mark its copy of the document holds, and that mark reaches this copy too (and is counted by
 * `suggestionEpoch`); the bound covers what an instance that died before its own next sync left.
 */
export const SUGGESTION_RESYNC_MS = 120_000;

export function createSuggestionSync(deps: AppDeps): SuggestionSync {
  /** Per live document: the suggestion epoch and time of its last sync that found no suggestion. */
  const clean = new WeakMap<Y.Doc, { epoch: number; at: number }>();
  return {
    async sync(contractId, doc) {
      const epoch = suggestionEpoch(doc);
      const at = deps.now().getTime();
      const last = clean.get(doc);
      if (last && last.epoch === epoch && at - last.at < SUGGESTION_RESYNC_MS) return;
      clean.delete(doc);
      const result = await syncContractSuggestions(deps.db, { contractId, doc, now: deps.now() });
      if (!result) return;
      await afterCommit(deps, result.afterCommit);
      if (result.found === 0) clean.set(doc, { epoch, at });
    },
  };
}
