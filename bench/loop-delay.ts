import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * The longest the event loop was held up (perf_hooks' monitorEventLoopDelay, 10 ms resolution)
 * between `reset()` and `maxMs()`: what every other request and live edit on the process waited.
 */
export interface LoopDelay {
  /**
   * Starts a new measurement. Async: the first sample after a histogram reset is dropped, so a
   * stall right after it would not show (measured: a 500 ms block read as 13 ms); one sample is
   * taken first.
   */
  reset(): Promise<void>;
  /** Waits for the loop's next samples first: a stall shows only once its late timer has run. */
  maxMs(): Promise<number>;
  stop(): void;
}

export function watchEventLoop(): LoopDelay {
  const histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  return {
    reset: async () => {
      histogram.reset();
      await sleep(25);
    },
    maxMs: async () => {
      await sleep(30);
      return histogram.max / 1e6;
    },
    stop: () => histogram.disable(),
  };
}
