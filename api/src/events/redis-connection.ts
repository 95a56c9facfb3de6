import { createRequire } from "node:module";
import type * as IORedis from "ioredis";
import type { Redis, RedisOptions } from "ioredis";
import type { Logger } from "../logger";

const load = createRequire(import.meta.url);
let ioredis: typeof IORedis | null = null;

/**
 * ioredis' client class, loaded with the first Redis connection: a process without REDIS_URL (the
 * embedded server) never loads it (~20 MB of a fresh server's RSS, issue 15). ioredis is CommonJS, so
 * this is the very module an `import` of it would give.
 */
export function redisClass(): typeof Redis {
  return (ioredis ??= load("ioredis") as typeof IORedis).Redis;
}

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

/** The Redis users of one process that currently cannot reach it, per process (its root logger). */
const outages = new WeakMap<object, Set<object>>();

/**
 * One warning per outage for the whole process instead of one per reconnect attempt (ioredis emits
 * an error every few seconds while Redis is away) and per Redis user (event bus, live-document
 * relay, socket.io adapter): the first user to lose Redis warns, everything after is debug until
 * it is back; each user says so with one info line when it is (README: "one warning in the log").
 * `scope` is what the process shares among its Redis users: its root logger.
 */
export function createOutageLog(logger: Logger, what: { down: string; up: string }, scope: object = logger) {
  let down = outages.get(scope);
  if (!down) outages.set(scope, (down = new Set()));
  const self = {};
  const users = down;
  return {
    lost(error?: unknown) {
      if (users.has(self)) {
        logger.debug({ err: error }, what.down);
        return;
      }
      const first = users.size === 0;
      users.add(self);
      if (first) logger.warn({ err: error }, what.down);
      else logger.debug({ err: error }, what.down);
    },
    restored() {
      if (!users.delete(self)) return;
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
