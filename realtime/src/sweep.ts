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
export function createSweep<T, Round>(items: () => T[], newRound: () => Round, check: (item: T, round: Round) => Promise<void>): () => Promise<void> {
  let sweeping = false;
  return async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      const queue = items();
      const round = newRound();
      const worker = async () => {
        for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
          await check(item, round);
          // PGlite answers on this thread, in microtasks: without a turn of the event loop between
          // checks, a sweep of 1,000 connections held up every edit for seconds.
          await yieldToEventLoop();
        }
      };
      await Promise.all(Array.from({ length: SWEEP_CONCURRENCY }, worker));
    } finally {
      sweeping = false;
    }
  };
}
