import { parentPort } from "node:worker_threads";
import { mergeIntoState } from "@clausewise/api/collab/merge";
import type { MergeReply, MergeRequest } from "./merge-thread";

// The compaction worker: folds a document's log into its state, away from the server's event loop.
parentPort!.on("message", ({ id, state, updates }: MergeRequest) => {
  let reply: MergeReply;
  try {
    const merged = mergeIntoState(state, updates);
    reply = { id, ok: true, merged };
    parentPort!.postMessage(reply, [merged.buffer as ArrayBuffer]);
  } catch (error) {
    reply = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
    parentPort!.postMessage(reply);
  }
});
