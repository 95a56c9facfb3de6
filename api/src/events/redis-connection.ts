import type { Redis, RedisOptions } from "ioredis";
import type { Logger } from "../logger";

/** Prefix of every channel a deployment uses on Redis; two deployments on one Redis pick different ones. */
export const DEFAULT_REDIS_PREFIX = "clausewise:";

/** CLIENT SETNAME refuses spaces; the name only helps operators (and tests) find our connections. */
export function connectionName(prefix: string, role: string): string {
  return `${prefix}${role}`.replace(/\s/g, "_");
}

/** Same options for every connection of one role; ioredis reconnects with backoff by itself. */
export function redisOptions(prefix: string, role: string, extra: RedisOptions = {}): RedisOptions {
  return { connectionName: connectionName(prefix, role), ...extra };
}

/**
 * One warning per outage instead of one per reconnect attempt (ioredis emits an error every few
 * seconds while Redis is away), and one line when it is back.
 */
export function createOutageLog(logger: Logger, what: { down: string; up: string }) {
  let down = false;
  return {
    lost(error?: unknown) {
      if (down) {
        logger.debug({ err: error }, what.down);
        return;
      }
      down = true;
      logger.warn({ err: error }, what.down);
    },
    restored() {
      if (!down) return;
      down = false;
      logger.info(what.up);
    },
  };
}

/** QUIT when connected (pending replies arrive first), otherwise stop reconnecting at once. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === "ready") {
    try {
      await client.quit();
      return;
    } catch {
      // The connection dropped during QUIT: fall through and make sure it stays down.
    }
  }
  client.disconnect();
}
