import type { Config } from "../env";
import type { Logger } from "../logger";
import { createLocalBus, type EventBus } from "./bus";
import { createRedisBus } from "./redis-bus";

/** How long start-up waits for Redis, so the first events after a (re)start already reach every instance. */
const STARTUP_WAIT_MS = 3_000;

/**
 * The bus of this process: Redis when REDIS_URL is set (scaled mode), in-process otherwise. A Redis
 * outage delays start-up by at most STARTUP_WAIT_MS; the bus then delivers locally and connects by itself.
 */
export async function openEventBus(config: Pick<Config, "redisUrl" | "redisPrefix">, logger: Logger): Promise<EventBus> {
  if (!config.redisUrl) return createLocalBus();
  const bus = createRedisBus(config.redisUrl, { logger, ...(config.redisPrefix ? { channelPrefix: config.redisPrefix } : {}) });
  await bus.ready(STARTUP_WAIT_MS);
  return bus;
}
