import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * The longest the event loop was held up (perf_hooks' monitorEventLoopDelay, 10 ms resolution)
 * between `reset()` and `maxMs()`: what every other request and live edit on the process waited.
 */
export interface LoopDelay {
  reset(): void;
  /** Waits for the loop's next samples first: a stall shows only once its late timer has run. */
  maxMs(): Promise<number>;
  stop(): void;
}

export function watchEventLoop(): LoopDelay {
  const histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  return {
    reset: () => histogram.reset(),
    maxMs: async () => {
      await sleep(30);
      return histogram.max / 1e6;
    },
    stop: () => histogram.disable(),
  };
}
