import type * as Y from "yjs";
import type { AppDeps } from "@clausewise/api/context";
import { syncContractSuggestions } from "@clausewise/api/collab/suggestions";
import { afterCommit } from "@clausewise/api/commands/documents/context";

/**
 * Keeps document_changes in step with the suggestion marks of a live document (DESIGN.md §3):
 * run after the derived content was refreshed, i.e. debounced and off the path of an update, and
 * the events and notifications go out after the transaction committed.
 */
export interface SuggestionSync {
  sync(contractId: string, doc: Y.Doc): Promise<void>;
}

export function createSuggestionSync(deps: AppDeps): SuggestionSync {
  return {
    async sync(contractId, doc) {
      const result = await syncContractSuggestions(deps.db, { contractId, doc, now: deps.now() });
      if (result) await afterCommit(deps, result.afterCommit);
    },
  };
}
