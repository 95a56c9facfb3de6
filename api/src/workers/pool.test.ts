import { afterEach, describe, expect, it } from "vitest";
import { AppError } from "../http/errors";
import type { TestTask } from "./fixtures/test-worker";
import { createWorkerPool, defaultPoolSize, WorkerFailedError, type WorkerPool } from "./pool";

const ENTRY = new URL("./fixtures/test-worker-entry.mjs", import.meta.url);
let pool: WorkerPool<TestTask, unknown> | null = null;

function makePool(options: { size?: number; timeoutMs?: number } = {}): WorkerPool<TestTask, unknown> {
  pool = createWorkerPool<TestTask, unknown>({ entry: ENTRY, name: "test", size: options.size ?? 1, timeoutMs: options.timeoutMs ?? 30_000 });
  return pool;
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a rejection");
}

afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe("createWorkerPool", () => {
  it("runs tasks in a worker thread and hands back their results, buffers included", async () => {
    const p = makePool();
    const echoed = (await p.run({ op: "echo", value: { a: [1, "two", null], b: new Date(0) } })) as { value: unknown; threadId: number };
    expect(echoed.value).toEqual({ a: [1, "two", null], b: new Date(0) });
    expect(echoed.threadId).toBeGreaterThan(0);
    const bytes = (await p.run({ op: "bytes", length: 1000 })) as Uint8Array;
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(bytes.length).toBe(1000);
    expect(bytes[999]).toBe(7);
  }, 60_000);

  it("turns a task's error into the same error: AppError with its code, message and fields; others by name and message", async () => {
    const p = makePool();
    const appError = await rejection(p.run({ op: "app-error" }));
    expect(appError).toBeInstanceOf(AppError);
    expect((appError as AppError).code).toBe("unprocessable");
    expect((appError as AppError).toBody()).toEqual({ error: "unprocessable", message: "That document is too complex to read.", fields: { file: "too complex" } });
    const typeError = await rejection(p.run({ op: "type-error" }));
    expect(typeError).not.toBeInstanceOf(AppError);
    expect(typeError.name).toBe("TypeError");
    expect(typeError.message).toBe("x is not a function");
    // A task's own error leaves its worker in service.
    expect(p.stats()).toMatchObject({ started: 1, crashed: 0 });
  }, 60_000);

  it("fails the task of a worker that dies and starts another for the next task", async () => {
    const p = makePool();
    const first = (await p.run({ op: "echo", value: 1 })) as { threadId: number };
    const crashed = await rejection(p.run({ op: "crash" }));
    expect(crashed).toBeInstanceOf(WorkerFailedError);
    expect(crashed.message).toBe("The test worker exited (code 3).");
    const after = (await p.run({ op: "echo", value: 2 })) as { value: number; threadId: number };
    expect(after.value).toBe(2);
    expect(after.threadId).not.toBe(first.threadId);
    expect(p.stats()).toMatchObject({ started: 2, crashed: 1 });
  }, 60_000);

  it("stops a worker that runs out of time and fails its task", async () => {
    const p = makePool({ timeoutMs: 1_500 });
    await p.run({ op: "echo", value: 0 }); // started (loading the worker is not the task's time)
    const hung = await rejection(p.run({ op: "hang" }));
    expect(hung).toBeInstanceOf(WorkerFailedError);
    expect(hung.message).toBe("The test worker took longer than 1500 ms and was stopped.");
    expect(await p.run({ op: "echo", value: 3 })).toMatchObject({ value: 3 });
    expect(p.stats()).toMatchObject({ timedOut: 1, started: 2 });
  }, 60_000);

  it("runs no more tasks at once than its size; the rest wait their turn", async () => {
    const p = makePool({ size: 1 });
    const tasks = [p.run({ op: "busy", ms: 200 }), p.run({ op: "busy", ms: 200 }), p.run({ op: "busy", ms: 200 })];
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(p.stats()).toMatchObject({ running: 1, queued: 2 });
    const threads = await Promise.all(tasks);
    expect(new Set(threads).size).toBe(1);
    expect(p.stats()).toMatchObject({ started: 1, running: 0, queued: 0 });
  }, 60_000);

  it("fails queued and running tasks when closed", async () => {
    const p = makePool();
    const running = rejection(p.run({ op: "hang" }));
    const queued = rejection(p.run({ op: "echo", value: 1 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await p.close();
    expect(await running).toBeInstanceOf(WorkerFailedError);
    expect(await queued).toBeInstanceOf(WorkerFailedError);
  }, 60_000);

  it("sizes itself one below the machine's cores, at least one", () => {
    expect(defaultPoolSize()).toBeGreaterThanOrEqual(1);
  });
});
