import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, lte, lt, or, sql } from "drizzle-orm";
import type { Database, Db } from "../db/client";
import { jobs } from "../db/schema";
import type { Logger } from "../logger";

export type JobRow = typeof jobs.$inferSelect;

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
  /** At most one queued or running job per key (e.g. "analysis:<contractId>"). */
  dedupeKey?: string;
}

/** The channel on which a new job is announced (its type as the payload), when its transaction commits. */
export const JOBS_CHANNEL = "cw_jobs";

/**
 * Adds a job; call it inside the command's transaction so the job exists exactly when the data does.
 * It is announced on JOBS_CHANNEL; PostgreSQL delivers the NOTIFY only when that transaction commits,
 * so a runner woken by it finds the job (and never a job that was rolled back).
 */
export async function enqueue(db: Db, type: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<JobRow | null> {
  if (options.dedupeKey) {
    const existing = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.dedupeKey, options.dedupeKey), inArray(jobs.status, ["queued", "running"])))
      .limit(1);
    if (existing[0]) return existing[0];
  }
  const [row] = await db
    .insert(jobs)
    .values({ type, payload, runAt: options.runAt ?? new Date(), maxAttempts: options.maxAttempts ?? 3, dedupeKey: options.dedupeKey ?? null })
    .returning();
  if (row && !options.runAt) await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${type})`);
  return row ?? null;
}

export type JobHandler = (job: JobRow) => Promise<void>;

export interface JobRunnerOptions {
  db: Db;
  logger: Logger;
  handlers: Record<string, JobHandler>;
  now?: () => Date;
  /** The polling interval: the floor for jobs that come due later, and the fallback when no NOTIFY arrives. */
  pollMs?: number;
  /** Where to LISTEN for new jobs (JOBS_CHANNEL): a runner so told starts a job as soon as it is committed. */
  database?: Pick<Database, "listen">;
  /**
   * A running job whose lock is older than this is taken to have died with its process. The runner
   * renews its locks while a job runs (every quarter of this), so only a dead process's lock ages.
   */
  lockTimeoutMs?: number;
}

export interface JobRunner {
  /** Claims and runs due jobs until none is left; returns how many ran. */
  drain(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/** Exponential backoff between attempts: 5 s, 25 s, 125 s … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 5 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * Polls the jobs table. Claiming uses `FOR UPDATE SKIP LOCKED`, so several processes can share the
 * queue; a job that was running when its process died is picked up again after lockTimeoutMs
 * (a minute by default: live runners renew their locks, so the timeout need not outlast a job).
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const workerId = randomUUID();
  const now = options.now ?? (() => new Date());
  const pollMs = options.pollMs ?? 1_000;
  const lockTimeoutMs = options.lockTimeoutMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  /** A drain is under way (tick to its end); `again`: a job was announced meanwhile, drain once more. */
  let draining = false;
  let again = false;
  let unlisten: (() => Promise<void>) | undefined;

  async function claim(): Promise<JobRow | undefined> {
    const at = now();
    const stale = new Date(at.getTime() - lockTimeoutMs);
    return options.db.transaction(async (tx) => {
      const [candidate] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            inArray(jobs.type, Object.keys(options.handlers)),
            or(and(eq(jobs.status, "queued"), lte(jobs.runAt, at)), and(eq(jobs.status, "running"), lt(jobs.lockedAt, stale))),
          ),
        )
        .orderBy(asc(jobs.runAt))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!candidate) return undefined;
      const [row] = await tx
        .update(jobs)
        .set({ status: "running", lockedAt: at, lockedBy: workerId, attempts: sql`${jobs.attempts} + 1`, updatedAt: at })
        .where(eq(jobs.id, candidate.id))
        .returning();
      return row;
    });
  }

  /** Renews the job's lock while it runs, for as long as this runner still holds it. */
  function keepLocked(job: JobRow): () => void {
    const timer = setInterval(() => {
      options.db
        .update(jobs)
        .set({ lockedAt: now() })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.status, "running")))
        .catch((error: unknown) => options.logger.warn({ jobId: job.id, err: error }, "could not renew a job's lock"));
    }, lockTimeoutMs / 4);
    timer.unref();
    return () => clearInterval(timer);
  }

  async function runOne(job: JobRow): Promise<void> {
    const handler = options.handlers[job.type];
    const release = keepLocked(job);
    try {
      if (!handler) throw new Error(`No handler for job type ${job.type}`);
      await handler(job);
      await options.db.update(jobs).set({ status: "done", lockedAt: null, lockedBy: null, lastError: null, updatedAt: now() }).where(eq(jobs.id, job.id));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const failed = job.attempts >= job.maxAttempts;
      options.logger.warn({ jobId: job.id, type: job.type, attempt: job.attempts, err: reason }, failed ? "job failed for good" : "job failed; will retry");
      await options.db
        .update(jobs)
        .set({
          status: failed ? "failed" : "queued",
          runAt: new Date(now().getTime() + retryDelayMs(job.attempts)),
          lockedAt: null,
          lockedBy: null,
          lastError: reason.slice(0, 2000),
          updatedAt: now(),
        })
        .where(eq(jobs.id, job.id));
    } finally {
      release();
    }
  }

  async function drain(): Promise<number> {
    let count = 0;
    for (;;) {
      if (stopped) return count;
      const job = await claim();
      if (!job) return count;
      await runOne(job);
      count++;
    }
  }

  const tick = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    draining = true;
    again = false;
    running = drain()
      .catch((error: unknown) => options.logger.error({ err: error }, "job runner tick failed"))
      .finally(() => {
        draining = false;
        if (stopped) return;
        if (again) tick();
        else timer = setTimeout(tick, pollMs);
      });
  };

  /** A job of ours was committed somewhere: run it now rather than at the next poll. */
  const wake = (type: string) => {
    if (stopped || !(type in options.handlers)) return;
    if (draining) again = true;
    else tick();
  };

  return {
    drain,
    start() {
      stopped = false;
      timer = setTimeout(tick, 0);
      options.database
        ?.listen(JOBS_CHANNEL, wake)
        .then(async (stop) => {
          if (stopped) await stop();
          else unlisten = stop;
        })
        // Without the channel the runner still polls: jobs start within pollMs.
        .catch((error: unknown) => options.logger.warn({ err: error }, "job runner: could not listen for new jobs; polling only"));
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await unlisten?.().catch(() => {});
      unlisten = undefined;
      await running;
    },
  };
}

/**
 * For recurring jobs (a daily scan that queues its next run first): queues one of `type` at `runAt`
 * unless one is already queued; the one running now does not count.
 */
export async function scheduleRecurring(db: Db, type: string, runAt: Date): Promise<void> {
  const [queued] = await db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.type, type), eq(jobs.status, "queued"))).limit(1);
  if (!queued) await db.insert(jobs).values({ type, payload: {}, runAt, maxAttempts: 3 });
}

/** Makes sure a recurring job of `type` is queued or running on this database, due at `now` if not. */
export async function ensureRecurring(db: Db, type: string, now: Date): Promise<void> {
  const [live] = await db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.type, type), inArray(jobs.status, ["queued", "running"]))).limit(1);
  if (!live) await scheduleRecurring(db, type, now);
}
