import { createRequire } from "node:module";
import type * as RedisAdapterModule from "@socket.io/redis-adapter";
import type { RedisAdapter } from "@socket.io/redis-adapter";
import type { Redis } from "ioredis";
import type { Namespace } from "socket.io";
import type { Logger } from "@clausewise/api/logger";
import { closeRedis, createOutageLog, redisClass, redisOptions } from "@clausewise/api/events/redis-connection";

// Loaded when a process attaches the adapter (scaled mode only), not at start-up (issue 15: fresh RSS);
// CommonJS, so the same module an import would give.
const load = createRequire(import.meta.url);

/**
 * The socket.io Redis adapter (scaled mode): a broadcast started on one instance (socket.to(room),
 * io.in(room).disconnectSockets(), fetchSockets) reaches the sockets every instance holds.
 * Domain events do not go through it: see attachPush.
 *
 * Commands wait for Redis (maxRetriesPerRequest: null) instead of failing after some retries: the
 * adapter fires them without handling rejections, and one rejected promise would end the process.
 * The connections are the adapter's own and are closed with the last namespace (io.close()).
 */
export function redisAdapter(url: string, prefix: string, logger: Logger) {
  const log = logger.child({ component: "socket.io-adapter" });
  const outage = createOutageLog(log, {
    down: "Redis unreachable: socket.io broadcasts reach this instance's sockets only until it is back",
    up: "Redis reachable again: socket.io broadcasts reach every instance",
  }, logger);
  const Redis = redisClass();
  const Base = (load("@socket.io/redis-adapter") as typeof RedisAdapterModule).RedisAdapter;
  const pubClient = new Redis(url, redisOptions(prefix, "socket.io-pub", { maxRetriesPerRequest: null }));
  const subClient = new Redis(url, redisOptions(prefix, "socket.io-sub", { maxRetriesPerRequest: null }));
  absorbRejections(pubClient);
  absorbRejections(subClient);
  let closing = false;
  for (const client of [pubClient, subClient]) {
    client.on("error", (error: unknown) => {
      if (!closing) outage.lost(error);
    });
    client.on("close", () => {
      if (!closing) outage.lost();
    });
    client.on("ready", () => {
      if (pubClient.status === "ready" && subClient.status === "ready") outage.restored();
    });
  }

  let open = 0;
  const release = async () => {
    open -= 1;
    if (open > 0 || closing) return;
    closing = true;
    await Promise.all([closeRedis(pubClient), closeRedis(subClient)]);
  };

  // A class, not a factory arrow: socket.io instantiates the adapter with `new`.
  return class OwningRedisAdapter extends Base {
    constructor(nsp: Namespace) {
      super(nsp, pubClient, subClient, { key: `${prefix}socket.io` });
      open += 1;
    }

    private closed = false;

    override async close(): Promise<void> {
      this.closed = true;
      await super.close();
      await release();
    }

    /** Once closed, only this instance's sockets: asking the others would write to a closed connection. */
    override async fetchSockets(opts: Parameters<RedisAdapter["fetchSockets"]>[0]): ReturnType<RedisAdapter["fetchSockets"]> {
      if (this.closed) return [];
      return super.fetchSockets(opts);
    }
  };
}

/**
 * The adapter fires its commands ((p)subscribe when a namespace opens, (p)unsubscribe when it
 * closes, publish on a broadcast) without handling their promises. While Redis is away they wait in
 * the offline queue, and closing the connection then rejects every one of them ("Connection is
 * closed"): unhandled rejections, each of which would end the process. Every command on these
 * connections gets a handler that does nothing; a caller that awaits one still gets its error, and
 * the connection's own error events report the outage (once, above).
 */
function absorbRejections(client: Redis): void {
  const send = client.sendCommand.bind(client);
  client.sendCommand = (...args: Parameters<Redis["sendCommand"]>) => {
    const sent = send(...args);
    if (sent instanceof Promise) sent.catch(() => undefined);
    return sent;
  };
}
