import { Worker } from "node:worker_threads";
import { compiledWorker } from "@clausewise/api/compiled";

export interface MergeRequest {
  id: number;
  state: Uint8Array;
  updates: Uint8Array[];
}

export type MergeReply = { id: number; ok: true; merged: Uint8Array } | { id: number; ok: false; message: string };

const ENTRY = compiledWorker("merge-worker") ?? new URL("./merge-worker-entry.mjs", import.meta.url);

interface Pending {
  resolve: (merged: Uint8Array) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;

function failAll(error: Error): void {
  for (const job of pending.values()) job.reject(error);
  pending.clear();
}

function spawn(): Worker {
  // Our own loader setup (see merge-worker-entry.mjs); the parent's flags (tsx, vitest, inspector) stay out.
  const w = new Worker(ENTRY, { execArgv: [] });
  w.on("message", (reply: MergeReply) => {
    const job = pending.get(reply.id);
    if (!job) return;
    pending.delete(reply.id);
    if (pending.size === 0) w.unref();
    if (reply.ok) job.resolve(reply.merged);
    else job.reject(new Error(`compaction merge failed: ${reply.message}`));
  });
  const retire = (error: Error) => {
    if (worker !== w) return; // already stopped or replaced: its merges were failed then
    worker = null;
    failAll(error);
  };
  w.on("error", retire);
  w.on("exit", (code) => retire(new Error(`the compaction worker exited (code ${code})`)));
  w.unref();
  return w;
}

/**
 * `mergeIntoState` (api/src/collab/merge.ts) on one worker thread shared by the process's documents.
 * Compaction reads the whole document (tens of milliseconds for a long contract under heavy typing);
 * on the server's own event loop, that would hold up every edit waiting to be relayed. The inputs are
 * copied (the log's rows may share a pooled buffer); the result is transferred back. A worker that
 * dies fails the merges in flight (that compaction is retried later) and is started again on next use.
 */
export function mergeOffThread(state: Uint8Array, updates: Uint8Array[]): Promise<Uint8Array> {
  worker ??= spawn();
  const w = worker;
  const id = nextId++;
  return new Promise<Uint8Array>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.ref();
    const request: MergeRequest = { id, state, updates };
    w.postMessage(request);
  });
}

/** Stops the worker (shutdown; tests); merges in flight fail. The next merge starts a new one. */
export async function stopMergeThread(): Promise<void> {
  const w = worker;
  worker = null;
  failAll(new Error("the compaction worker was stopped"));
  if (w) await w.terminate();
}

/** Starts the worker ahead of the first compaction (not called by the server: it starts on first use). */
export function startMergeThread(): void {
  worker ??= spawn();
}
