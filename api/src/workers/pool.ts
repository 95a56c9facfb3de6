import { availableParallelism } from "node:os";
import { Worker, type Transferable } from "node:worker_threads";
import type { ErrorCode } from "@clausewise/shared";
import { AppError } from "../http/errors";

/*
 * A small pool of worker threads for CPU-heavy work of a serving process (analysis, seeding a live
 * document from HTML): the event loop that relays live edits and answers requests must not wait
 * for it. Bounded (a queue beyond the pool's size), workers started on first use and kept, a
 * worker that crashes or runs out of time fails its task and is replaced by the next one.
 * The extraction pool (documents/pool.ts) has limits of its own (heap caps, a memory watch, OCR
 * progress) for untrusted files; this one runs our own code over already-extracted text.
 */

/** An error as it crosses the thread boundary: an AppError keeps its code and fields, others their name and message. */
export interface SerializedError {
  name: string;
  message: string;
  code?: ErrorCode;
  fields?: Record<string, string>;
}

export interface TaskRequest<T> {
  id: number;
  task: T;
}

export type TaskReply<R> = { id: number; ok: true; result: R } | { id: number; ok: false; error: SerializedError };

export function serializeError(error: unknown): SerializedError {
  if (error instanceof AppError) return { name: error.name, message: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}) };
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: "Error", message: String(error) };
}

/** The error the task would have thrown in-process: the same class for AppError, else an Error of the same name and message. */
export function deserializeError(error: SerializedError): Error {
  if (error.code) return new AppError(error.code, error.message, error.fields);
  const rebuilt = new Error(error.message);
  rebuilt.name = error.name;
  return rebuilt;
}

/** A crashed or timed-out worker: the task did not fail by itself, so it may be retried. */
export class WorkerFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WorkerFailedError";
  }
}

/** At most one thread fewer than the machine has cores (the event loop keeps one), and at least one. */
export function defaultPoolSize(): number {
  return Math.max(1, availableParallelism() - 1);
}

export interface WorkerPoolOptions {
  /** The worker's entry module (a .mjs that loads the TypeScript worker, see cpu-worker-entry.mjs). */
  entry: URL;
  /** Named in errors. */
  name: string;
  /** Default defaultPoolSize(). */
  size?: number;
  /** A task running longer ends its worker and fails with WorkerFailedError. */
  timeoutMs: number;
}

export interface WorkerPool<T, R> {
  run(task: T, transfer?: Transferable[]): Promise<R>;
  /** Ends the workers; queued and running tasks fail. The next task starts new ones. */
  close(): Promise<void>;
  /** Workers started, crashed or stopped for time, and tasks handed to a worker, since the pool was made; tasks running and queued now. */
  stats(): { size: number; started: number; crashed: number; timedOut: number; tasks: number; running: number; queued: number };
}

interface Job<T, R> {
  request: TaskRequest<T>;
  transfer: Transferable[];
  resolve: (result: R) => void;
  reject: (error: Error) => void;
}

interface Slot<T, R> {
  worker: Worker;
  job: Job<T, R> | null;
  timer?: NodeJS.Timeout;
  /** Its modules are loaded: a task's time runs from here (a worker's start-up is not the task's). */
  ready: boolean;
}

export function createWorkerPool<T, R>(options: WorkerPoolOptions): WorkerPool<T, R> {
  const size = options.size ?? defaultPoolSize();
  const slots = new Set<Slot<T, R>>();
  const queue: Job<T, R>[] = [];
  const counts = { started: 0, crashed: 0, timedOut: 0, tasks: 0 };
  let nextId = 1;

  function finish(slot: Slot<T, R>): Job<T, R> | null {
    const job = slot.job;
    clearTimeout(slot.timer);
    slot.job = null;
    slot.timer = undefined;
    slot.worker.unref();
    return job;
  }

  function retire(slot: Slot<T, R>, error: Error): void {
    if (!slots.delete(slot)) return; // already retired (error then exit) or closed
    finish(slot)?.reject(error);
    void slot.worker.terminate();
    pump();
  }

  function spawn(): Slot<T, R> {
    // Our own loader setup in the entry; the parent's flags (tsx, vitest, inspector) stay out.
    const worker = new Worker(options.entry, { execArgv: [] });
    counts.started++;
    const slot: Slot<T, R> = { worker, job: null, ready: false };
    worker.on("message", (reply: TaskReply<R> | { ready: true }) => {
      if ("ready" in reply) {
        slot.ready = true;
        if (slot.job) armTimer(slot);
        return;
      }
      if (slot.job?.request.id !== reply.id) return;
      const job = finish(slot)!;
      if (reply.ok) job.resolve(reply.result);
      else job.reject(deserializeError(reply.error));
      pump();
    });
    worker.on("error", (error) => {
      counts.crashed++;
      retire(slot, new WorkerFailedError(`The ${options.name} worker crashed: ${error.message}`));
    });
    worker.on("exit", (code) => {
      if (slots.has(slot)) counts.crashed++;
      retire(slot, new WorkerFailedError(`The ${options.name} worker exited (code ${code}).`));
    });
    worker.unref();
    slots.add(slot);
    return slot;
  }

  function armTimer(slot: Slot<T, R>): void {
    slot.timer = setTimeout(() => {
      counts.timedOut++;
      retire(slot, new WorkerFailedError(`The ${options.name} worker took longer than ${options.timeoutMs} ms and was stopped.`));
    }, options.timeoutMs);
  }

  function dispatch(slot: Slot<T, R>, job: Job<T, R>): void {
    slot.job = job;
    counts.tasks++;
    slot.worker.ref();
    if (slot.ready) armTimer(slot);
    slot.worker.postMessage(job.request, job.transfer);
  }

  function pump(): void {
    while (queue.length > 0) {
      let free = [...slots].find((slot) => slot.job === null);
      if (!free && slots.size < size) free = spawn();
      if (!free) return;
      dispatch(free, queue.shift()!);
    }
  }

  return {
    run(task, transfer = []) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ request: { id: nextId++, task }, transfer, resolve, reject });
        pump();
      });
    },
    async close() {
      const closing = new WorkerFailedError(`The ${options.name} workers were stopped.`);
      for (const job of queue.splice(0)) job.reject(closing);
      const running = [...slots];
      slots.clear();
      for (const slot of running) finish(slot)?.reject(closing);
      await Promise.all(running.map((slot) => slot.worker.terminate()));
    },
    stats: () => ({ size, ...counts, running: [...slots].filter((slot) => slot.job !== null).length, queued: queue.length }),
  };
}

interface ParentPort<T, R> {
  on(event: "message", listener: (request: TaskRequest<T>) => void): unknown;
  postMessage(reply: TaskReply<R> | { ready: true }, transfer?: Transferable[]): void;
}

/**
 * The worker's side: answers each task with its handler's result (`transferOf` names the buffers to
 * hand over rather than copy), or the error it threw. Call it once the worker's modules are loaded:
 * it tells the pool the worker is ready, and the time limit of its first task starts then.
 */
export function serveTasks<T, R>(port: ParentPort<T, R>, handle: (task: T) => R | Promise<R>, transferOf: (result: R) => Transferable[] = () => []): void {
  port.on("message", ({ id, task }) => {
    void (async () => {
      let reply: TaskReply<R>;
      try {
        const result = await handle(task);
        reply = { id, ok: true, result };
        port.postMessage(reply, transferOf(result));
      } catch (error) {
        reply = { id, ok: false, error: serializeError(error) };
        port.postMessage(reply);
      }
    })();
  });
  port.postMessage({ ready: true });
}
