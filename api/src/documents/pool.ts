import { Worker } from "node:worker_threads";
import type { ErrorCode } from "@clausewise/shared";
import { compiledWorker } from "../compiled";
import { AppError } from "../http/errors";
import { metrics } from "../metrics";
import { NoTextLayerError, tooComplex, UPLOAD_MESSAGES } from "./errors";
import type { ExtractedDocument } from "./extract";
import type { RedlineDocument } from "./redline/types";
import { DOCUMENT_LIMITS } from "./limits";
import type { OcrProgress } from "./ocr";
import type { DocumentKind } from "./validate";

/** What a worker does with the bytes: extract a contract's text, read a Word redline, or only check an exhibit's limits. */
export type WorkerTask = { op: "extract"; kind: DocumentKind } | { op: "redline" } | { op: "inspect"; format: InspectFormat };
/** Exhibits are stored, not read; only what unpacks (PDF streams, Office Open XML entries) is measured. */
export type InspectFormat = "pdf" | "ooxml";

export type WorkerResult = ExtractedDocument | RedlineDocument | null;

export interface WorkerRequest {
  id: number;
  task: WorkerTask;
  buffer: ArrayBuffer;
}

export type WorkerReply =
  | { id: number; ok: true; result: WorkerResult }
  | { id: number; ok: false; error: { code: ErrorCode; message: string; noTextLayer?: boolean; unexpected?: boolean } };

/** Sent by the worker while it recognises the pages of a scanned PDF. */
export interface WorkerProgress {
  id: number;
  progress: OcrProgress;
}

export interface ExtractInWorkerOptions {
  /**
   * Default DOCUMENT_LIMITS.worker.timeoutMs. The worker is terminated when it runs out. It starts
   * again with each scanned page recognised (OCR of a long scan takes minutes but keeps moving), up
   * to DOCUMENT_LIMITS.worker.maxTotalMs in all.
   */
  timeoutMs?: number;
  /** Called as the pages of a scanned PDF are recognised. */
  onProgress?: (progress: OcrProgress) => void;
}

/** Why the pool ended a worker: out of time, over the process memory budget, out of heap, or crashed. */
export type TerminationReason = "timeout" | "memory" | "heap" | "crashed";

interface Job {
  id: number;
  task: WorkerTask;
  buffer: ArrayBuffer;
  timeoutMs: number;
  deadline: number;
  onProgress?: (progress: OcrProgress) => void;
  resolve: (result: WorkerResult) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer?: NodeJS.Timeout;
  /** Resident memory when the worker was started, to tell its start-up from the work it does. */
  spawnRss: number;
}

const WORKER_ENTRY = compiledWorker("extract-worker") ?? new URL("./worker-entry.mjs", import.meta.url);
const limits = DOCUMENT_LIMITS.worker;
const MB = 1024 * 1024;

const slots = new Set<Slot>();
const queue: Job[] = [];
let nextId = 1;
const stats = { workersStarted: 0, terminated: { timeout: 0, memory: 0, heap: 0, crashed: 0 } satisfies Record<TerminationReason, number> };

metrics.gauge("clausewise_extraction_workers_terminated", "Extraction workers the pool has terminated since start, by reason.", () =>
  Object.entries(stats.terminated).map(([reason, value]) => ({ labels: { reason }, value })),
);

/** Workers started and terminated since the process started (tests, metrics). */
export function extractionPoolStats(): { workersStarted: number; terminated: Record<TerminationReason, number> } {
  return { workersStarted: stats.workersStarted, terminated: { ...stats.terminated } };
}

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

/** Ends a worker and fails its job; the next job starts a fresh worker in its place. */
function retire(slot: Slot, error: Error, reason?: TerminationReason): void {
  if (!slots.delete(slot)) return;
  if (reason) stats.terminated[reason]++;
  release(slot)?.reject(error);
  void slot.worker.terminate();
  watchMemory();
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
  stats.workersStarted++;
  const slot: Slot = { worker, job: null, spawnRss: process.memoryUsage.rss() };
  worker.on("message", (reply: WorkerReply | WorkerProgress | { ready: true }) => {
    if ("ready" in reply) return workerReady(slot);
    if (slot.job?.id !== reply.id) return;
    if ("progress" in reply) {
      armTimer(slot, slot.job);
      slot.job.onProgress?.(reply.progress);
      return;
    }
    const job = release(slot);
    worker.unref();
    watchMemory();
    if (reply.ok) job?.resolve(reply.result);
    else job?.reject(replyError(reply.error));
    pump();
  });
  worker.on("error", (error: Error & { code?: string }) => {
    if (error.code === "ERR_WORKER_OUT_OF_MEMORY") retire(slot, tooComplex(), "heap");
    else retire(slot, error, "crashed");
  });
  worker.on("exit", () => retire(slot, tooComplex(), "crashed"));
  worker.unref();
  slots.add(slot);
  return slot;
}

function armTimer(slot: Slot, job: Job): void {
  clearTimeout(slot.timer);
  const ms = Math.max(0, Math.min(job.timeoutMs, job.deadline - Date.now()));
  slot.timer = setTimeout(() => retire(slot, tooComplex(UPLOAD_MESSAGES.timeout), "timeout"), ms);
}

// ---- memory --------------------------------------------------------------------------------

let memoryTimer: NodeJS.Timeout | undefined;
let baselineRss = 0;
let maxRssGrowthMb: number = limits.maxRssGrowthMb;

/** Sets the memory budget of the running extractions (a smaller machine; tests). */
export function configureExtractionPool(options: { maxRssGrowthMb?: number }): void {
  maxRssGrowthMb = options.maxRssGrowthMb ?? limits.maxRssGrowthMb;
}

const busy = () => [...slots].filter((slot) => slot.job !== null);

/**
 * resourceLimits cap each worker's JavaScript heap, but typed arrays (pdfjs' decoded streams),
 * canvases and WebAssembly memory (OCR) are allocated outside it, and worker threads share the
 * process. So while any extraction runs, the process's resident memory is sampled; past the budget
 * over where it stood when the work began, the running workers are terminated.
 */
function watchMemory(): void {
  const working = busy().length > 0;
  if (working && !memoryTimer) {
    baselineRss = process.memoryUsage.rss();
    memoryTimer = setInterval(checkMemory, limits.memoryCheckMs);
    memoryTimer.unref();
  } else if (!working && memoryTimer) {
    clearInterval(memoryTimer);
    memoryTimer = undefined;
  }
}

/** A worker's start-up (modules, pdfjs) is not the work of the document it was started for. */
function workerReady(slot: Slot): void {
  if (memoryTimer) baselineRss += Math.max(0, process.memoryUsage.rss() - slot.spawnRss);
}

function checkMemory(): void {
  if (process.memoryUsage.rss() - baselineRss <= maxRssGrowthMb * MB) return;
  const victims = busy();
  // Work that starts next is measured from where memory stands then, not from the old baseline.
  clearInterval(memoryTimer);
  memoryTimer = undefined;
  for (const slot of victims) retire(slot, tooComplex(), "memory");
}

// ---- queue ---------------------------------------------------------------------------------

function dispatch(slot: Slot, job: Job): void {
  slot.job = job;
  slot.worker.ref();
  job.deadline = Date.now() + limits.maxTotalMs;
  armTimer(slot, job);
  watchMemory();
  const request: WorkerRequest = { id: job.id, task: job.task, buffer: job.buffer };
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

function runInWorker(task: WorkerTask, bytes: Uint8Array, options: ExtractInWorkerOptions): Promise<WorkerResult> {
  if (queue.length >= limits.maxQueuedJobs) {
    return Promise.reject(new AppError("unavailable", "Too many documents are being read right now. Please try again in a minute."));
  }
  // A copy: Buffer#slice is a view, and transferring a view's memory would detach the caller's bytes.
  const buffer = new Uint8Array(bytes).buffer;
  return new Promise((resolve, reject) => {
    const timeoutMs = options.timeoutMs ?? limits.timeoutMs;
    queue.push({ id: nextId++, task, buffer, timeoutMs, deadline: Infinity, onProgress: options.onProgress, resolve, reject });
    pump();
  });
}

/**
 * validate + extract off the event loop, in a small pool of worker threads with a heap cap, a time
 * limit and a memory watch. Errors come back as the same AppError codes and messages
 * (NoTextLayerError included); a worker ended for time or memory answers 422. The caller's bytes are
 * copied, not transferred, so they stay usable (e.g. to store with consent).
 */
export async function extractInWorker(kind: DocumentKind, bytes: Uint8Array, options: ExtractInWorkerOptions = {}): Promise<ExtractedDocument> {
  const result = await runInWorker({ op: "extract", kind }, bytes, options);
  if (!result || !("text" in result)) throw new Error("Document extraction returned nothing");
  return result;
}

/**
 * A .docx's tracked changes and comments (documents/redline/read.ts), read in the pool under the same
 * limits as an extraction: the file is checked as a Word document there, then its parts inflated.
 */
export async function readRedlineInWorker(bytes: Uint8Array): Promise<RedlineDocument> {
  const result = await runInWorker({ op: "redline" }, bytes, {});
  if (!result || !("body" in result)) throw new Error("Reading the Word redline returned nothing");
  return result;
}

/**
 * Checks, in the pool, that a file which is stored rather than read (an exhibit) does not unpack
 * beyond the document limits: a PDF's streams, an Office file's entries. Throws the AppError to answer.
 */
export async function inspectInWorker(format: InspectFormat, bytes: Uint8Array): Promise<void> {
  await runInWorker({ op: "inspect", format }, bytes, {});
}

/** Stops the workers (shutdown, tests). Queued and running extractions fail with 503. */
export async function closeExtractionPool(): Promise<void> {
  const closing = new AppError("unavailable", "The server is shutting down. Please try again shortly.");
  for (const job of queue.splice(0)) job.reject(closing);
  const running = [...slots];
  slots.clear();
  for (const slot of running) release(slot)?.reject(closing);
  watchMemory();
  await Promise.all(running.map((slot) => slot.worker.terminate()));
}
