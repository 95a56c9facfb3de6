import { Worker } from "node:worker_threads";
import type { ErrorCode } from "@clausewise/shared";
import { AppError } from "../http/errors";
import { NoTextLayerError, UPLOAD_MESSAGES } from "./errors";
import type { ExtractedDocument } from "./extract";
import { DOCUMENT_LIMITS } from "./limits";
import type { OcrProgress } from "./ocr";
import type { DocumentKind } from "./validate";

export interface WorkerRequest {
  id: number;
  kind: DocumentKind;
  buffer: ArrayBuffer;
}

export type WorkerReply =
  | { id: number; ok: true; result: ExtractedDocument }
  | { id: number; ok: false; error: { code: ErrorCode; message: string; noTextLayer?: boolean; unexpected?: boolean } };

/** Sent by the worker while it recognises the pages of a scanned PDF. */
export interface WorkerProgress {
  id: number;
  progress: OcrProgress;
}

export interface ExtractInWorkerOptions {
  /**
   * Default DOCUMENT_LIMITS.worker.timeoutMs. The worker is terminated when it runs out. It starts
   * again with each scanned page recognised: OCR of a long scan takes minutes, but keeps moving.
   */
  timeoutMs?: number;
  /** Called as the pages of a scanned PDF are recognised. */
  onProgress?: (progress: OcrProgress) => void;
}

interface Job {
  id: number;
  kind: DocumentKind;
  buffer: ArrayBuffer;
  timeoutMs: number;
  onProgress?: (progress: OcrProgress) => void;
  resolve: (result: ExtractedDocument) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer?: NodeJS.Timeout;
}

const WORKER_ENTRY = new URL("./worker-entry.mjs", import.meta.url);
const limits = DOCUMENT_LIMITS.worker;

const slots = new Set<Slot>();
const queue: Job[] = [];
let nextId = 1;

function replyError(error: Extract<WorkerReply, { ok: false }>["error"]): Error {
  if (error.noTextLayer) return new NoTextLayerError();
  // A bug, not bad input: a plain Error so that the API logs it and answers a generic 500.
  if (error.unexpected) return new Error(`Document extraction failed: ${error.message}`);
  return new AppError(error.code, error.message);
}

function release(slot: Slot): Job | null {
  const job = slot.job;
  clearTimeout(slot.timer);
  slot.job = null;
  slot.timer = undefined;
  return job;
}

function retire(slot: Slot, error: Error): void {
  slots.delete(slot);
  release(slot)?.reject(error);
  void slot.worker.terminate();
  pump();
}

function spawn(): Slot {
  const worker = new Worker(WORKER_ENTRY, {
    // Our own loader setup (see worker-entry.mjs); the parent's flags (tsx, vitest, inspector) stay out.
    execArgv: [],
    resourceLimits: {
      maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb,
      maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb,
      stackSizeMb: limits.stackSizeMb,
    },
  });
  const slot: Slot = { worker, job: null };
  worker.on("message", (reply: WorkerReply | WorkerProgress | { ready: true }) => {
    if (!("id" in reply) || slot.job?.id !== reply.id) return;
    if ("progress" in reply) {
      armTimer(slot, slot.job);
      slot.job.onProgress?.(reply.progress);
      return;
    }
    const job = release(slot);
    worker.unref();
    if (reply.ok) job?.resolve(reply.result);
    else job?.reject(replyError(reply.error));
    pump();
  });
  worker.on("error", (error: Error & { code?: string }) => {
    retire(slot, error.code === "ERR_WORKER_OUT_OF_MEMORY" ? new AppError("validation_failed", UPLOAD_MESSAGES.tooComplex) : error);
  });
  worker.on("exit", () => {
    if (slots.has(slot)) retire(slot, new AppError("validation_failed", UPLOAD_MESSAGES.tooComplex));
  });
  worker.unref();
  slots.add(slot);
  return slot;
}

function armTimer(slot: Slot, job: Job): void {
  clearTimeout(slot.timer);
  slot.timer = setTimeout(() => retire(slot, new AppError("validation_failed", UPLOAD_MESSAGES.timeout)), job.timeoutMs);
}

function dispatch(slot: Slot, job: Job): void {
  slot.job = job;
  slot.worker.ref();
  armTimer(slot, job);
  const request: WorkerRequest = { id: job.id, kind: job.kind, buffer: job.buffer };
  slot.worker.postMessage(request, [job.buffer]);
}

function pump(): void {
  while (queue.length > 0) {
    let free = [...slots].find((s) => s.job === null);
    if (!free && slots.size < limits.poolSize) free = spawn();
    if (!free) return;
    dispatch(free, queue.shift()!);
  }
}

/**
 * validate + extract off the event loop, in a small pool of worker threads with a memory cap and a
 * time limit. Errors come back as the same AppError codes and messages (NoTextLayerError included).
 * The caller's bytes are copied, not transferred, so they stay usable (e.g. to store with consent).
 */
export function extractInWorker(kind: DocumentKind, bytes: Uint8Array, options: ExtractInWorkerOptions = {}): Promise<ExtractedDocument> {
  if (queue.length >= limits.maxQueuedJobs) {
    return Promise.reject(new AppError("unavailable", "Too many documents are being read right now. Please try again in a minute."));
  }
  // A copy: Buffer#slice is a view, and transferring a view's memory would detach the caller's bytes.
  const buffer = new Uint8Array(bytes).buffer;
  return new Promise<ExtractedDocument>((resolve, reject) => {
    queue.push({ id: nextId++, kind, buffer, timeoutMs: options.timeoutMs ?? limits.timeoutMs, onProgress: options.onProgress, resolve, reject });
    pump();
  });
}

/** Stops the workers (shutdown, tests). Queued and running extractions fail with 503. */
export async function closeExtractionPool(): Promise<void> {
  const closing = new AppError("unavailable", "The server is shutting down. Please try again shortly.");
  for (const job of queue.splice(0)) job.reject(closing);
  const running = [...slots];
  slots.clear();
  for (const slot of running) release(slot)?.reject(closing);
  await Promise.all(running.map((slot) => slot.worker.terminate()));
}
