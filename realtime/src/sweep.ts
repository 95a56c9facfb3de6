import { setImmediate as yieldToEventLoop } from "node:timers/promises";

/** How many live connections a periodic sweep re-checks at once. */
const SWEEP_CONCURRENCY = 4;

/**
 * A periodic re-check of live connections (sessions, access). It is a backstop (revocations arrive
 * on the bus at once), so it walks the connections a few at a time: thousands of checks at once
 * would queue every update's INSERT behind them in the database pool. A sweep still running when
 * the next is due is not doubled. Each sweep is one round: `newRound()` holds what its checks share
 * (one session look-up per session, however many connections carry it).
 */
export function createSweep<T, Round>(
  items: () => T[],
  newRound: () => Round,
  check: (item: T, round: Round) => Promise<void>,
  /** Before the checks: fills the round with what they will ask, in bulk (its failures are the checks' to report). */
  prepare?: (items: readonly T[], round: Round) => Promise<void>,
): () => Promise<void> {
  let sweeping = false;
  return async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      const queue = items();
      const round = newRound();
      // A failed preparation leaves the checks to ask for themselves.
      await prepare?.(queue, round).catch(() => undefined);
      await eachFew(queue, (item) => check(item, round));
    } finally {
      sweeping = false;
    }
  };
}

/** Runs `worker` `count` times at once; resolves when all have. */
export async function inParallel(count: number, worker: () => Promise<void>): Promise<void> {
  await Promise.all(Array.from({ length: count }, worker));
}

/**
 * `check` for every item, SWEEP_CONCURRENCY at a time, with a turn of the event loop between two: on
 * PGlite answers came on this thread, in microtasks, and without the turn a sweep of 1,000
 * connections held up every edit for seconds.
 */
export async function eachFew<T>(items: readonly T[], check: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await inParallel(SWEEP_CONCURRENCY, async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
      await check(item);
      await yieldToEventLoop();
    }
  });
}
