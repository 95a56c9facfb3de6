import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { createJobRunner, enqueue, retryDelayMs, type JobRow } from "./queue";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const jobById = async (id: string) => (await t.deps.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

describe("job queue", () => {
  it("runs a due job once and marks it done", async () => {
    const seen: JobRow[] = [];
    const type = `test.ok.${Math.random()}`;
    const job = await enqueue(t.deps.db, type, { contractId: "abc" });
    const runner = createJobRunner({ db: t.deps.db, logger: t.deps.logger, handlers: { [type]: async (j) => void seen.push(j) } });
    expect(await runner.drain()).toBe(1);
    expect(await runner.drain()).toBe(0);
    expect(seen.map((j) => j.payload)).toEqual([{ contractId: "abc" }]);
    expect((await jobById(job!.id)).status).toBe("done");
  });

  it("does not run a job before its time", async () => {
    const type = `test.later.${Math.random()}`;
    await enqueue(t.deps.db, type, {}, { runAt: new Date(Date.now() + 60_000) });
    const runner = createJobRunner({ db: t.deps.db, logger: t.deps.logger, handlers: { [type]: async () => {} } });
    expect(await runner.drain()).toBe(0);
  });

  it("retries with backoff, then fails for good after maxAttempts", async () => {
    const type = `test.fail.${Math.random()}`;
    const job = await enqueue(t.deps.db, type, {}, { maxAttempts: 2 });
    // Read after enqueue: a clock read before it can lie a millisecond before the job's runAt.
    let clock = Date.now();
    const runner = createJobRunner({
      db: t.deps.db,
      logger: t.deps.logger,
      now: () => new Date(clock),
      handlers: {
        [type]: async () => {
          throw new Error("engine exploded");
        },
      },
    });
    expect(await runner.drain()).toBe(1);
    let row = await jobById(job!.id);
    expect(row).toMatchObject({ status: "queued", attempts: 1, lastError: "engine exploded" });
    expect(await runner.drain()).toBe(0); // backing off
    clock += retryDelayMs(1) + 1;
    expect(await runner.drain()).toBe(1);
    row = await jobById(job!.id);
    expect(row).toMatchObject({ status: "failed", attempts: 2 });
  });

  it("picks up a job whose process died while running it", async () => {
    const type = `test.crash.${Math.random()}`;
    const job = await enqueue(t.deps.db, type, {});
    // Simulate a process that claimed the job and died: running, locked ten minutes ago.
    await t.deps.db.update(jobs).set({ status: "running", lockedAt: new Date(Date.now() - 10 * 60_000), lockedBy: "dead", attempts: 1 }).where(eq(jobs.id, job!.id));
    const ran: string[] = [];
    const runner = createJobRunner({ db: t.deps.db, logger: t.deps.logger, handlers: { [type]: async (j) => void ran.push(j.id) } });
    expect(await runner.drain()).toBe(1);
    expect(ran).toEqual([job!.id]);
    expect((await jobById(job!.id)).status).toBe("done");
  });

  it("renews the lock of a job while it runs, so a second runner does not take it over", async () => {
    const type = `test.long.${Math.random()}`;
    const job = await enqueue(t.deps.db, type, {});
    const lockTimeoutMs = 2_000;
    const runs: string[] = [];
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const slow = createJobRunner({
      db: t.deps.db,
      logger: t.deps.logger,
      lockTimeoutMs,
      handlers: {
        [type]: async () => {
          runs.push("slow");
          await finished;
        },
      },
    });
    const other = createJobRunner({ db: t.deps.db, logger: t.deps.logger, lockTimeoutMs, handlers: { [type]: async () => void runs.push("other") } });
    const draining = slow.drain();
    await expect.poll(() => runs.length).toBe(1);
    const lockedAt = (await jobById(job!.id)).lockedAt!;
    // Past the timeout, the lock has been renewed: the job is still this runner's.
    await new Promise((resolve) => setTimeout(resolve, lockTimeoutMs * 1.5));
    const renewed = await jobById(job!.id);
    expect(renewed.lockedAt!.getTime()).toBeGreaterThan(lockedAt.getTime());
    expect(await other.drain()).toBe(0);
    finish();
    expect(await draining).toBe(1);
    expect(runs).toEqual(["slow"]);
    expect((await jobById(job!.id)).status).toBe("done");
  });

  it("keeps one queued job per dedupe key", async () => {
    const a = await enqueue(t.deps.db, "test.dedupe", {}, { dedupeKey: "analysis:1" });
    const b = await enqueue(t.deps.db, "test.dedupe", {}, { dedupeKey: "analysis:1" });
    expect(b!.id).toBe(a!.id);
  });
});

describe("job queue: woken by NOTIFY", () => {
  it("starts a job as soon as its transaction commits, long before the next poll, and never one rolled back", async () => {
    const type = `test.notify.${Math.random()}`;
    const seen: string[] = [];
    // A poll an hour away: only the announcement can start these jobs while the test runs.
    const runner = createJobRunner({
      db: t.deps.db,
      database: t.deps.database,
      logger: t.deps.logger,
      pollMs: 3_600_000,
      handlers: { [type]: async (job) => void seen.push((job.payload as { n: string }).n) },
    });
    runner.start();
    try {
      // The first tick drains nothing; wait for the LISTEN to be in place by announcing until heard.
      await expect.poll(async () => {
        await enqueue(t.deps.db, type, { n: "warm-up" });
        return seen.includes("warm-up");
      }, { timeout: 10_000, interval: 200 }).toBe(true);

      await t.deps.db
        .transaction(async (tx) => {
          await enqueue(tx, type, { n: "rolled back" });
          throw new Error("roll back");
        })
        .catch(() => {});
      await t.deps.db.transaction(async (tx) => {
        await enqueue(tx, type, { n: "committed" });
        // Inside the transaction the runner cannot see it yet.
        expect(seen).not.toContain("committed");
      });
      await expect.poll(() => seen.includes("committed"), { timeout: 10_000 }).toBe(true);
      expect(seen).not.toContain("rolled back");
      const left = await t.deps.db.select().from(jobs).where(eq(jobs.type, type));
      expect(left.every((job) => job.status === "done")).toBe(true);
    } finally {
      await runner.stop();
    }
  });

  it("ignores announcements of job types it does not run", async () => {
    const mine = `test.mine.${Math.random()}`;
    const other = `test.other.${Math.random()}`;
    let ran = 0;
    const runner = createJobRunner({ db: t.deps.db, database: t.deps.database, logger: t.deps.logger, pollMs: 3_600_000, handlers: { [mine]: async () => void ran++ } });
    runner.start();
    try {
      await expect.poll(async () => {
        await enqueue(t.deps.db, mine, {});
        return ran > 0;
      }, { timeout: 10_000, interval: 200 }).toBe(true);
      const job = await enqueue(t.deps.db, other, {});
      await enqueue(t.deps.db, mine, {});
      await expect.poll(() => ran >= 2, { timeout: 10_000 }).toBe(true);
      expect((await jobById(job!.id)).status).toBe("queued");
    } finally {
      await runner.stop();
    }
  });
});
