import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { z } from "zod";
import type { Logger } from "../logger";
import type { DomainEvent, EventBus } from "./bus";
import { closeRedis, createOutageLog, DEFAULT_REDIS_PREFIX, redisClass, redisOptions } from "./redis-connection";

const domainEventSchema = z.object({
  type: z.string().min(1),
  companyId: z.string().min(1),
  userIds: z.array(z.string()).optional(),
  contractId: z.string().optional(),
  payload: z.record(z.string(), z.unknown()),
});

/** What travels on the channel: the event and the bus instance that published it. */
const envelopeSchema = z.object({ v: z.literal(1), origin: z.string().min(1), event: domainEventSchema });

/** A failing publish must not hold up the command that published (pushes are hints; clients poll). */
const PUBLISH_TIMEOUT_MS = 2_000;

export interface RedisBusOptions {
  /** Default "clausewise:"; tests pass a random one so parallel runs never hear each other. */
  channelPrefix?: string;
  logger: Logger;
}

export interface RedisBus extends EventBus {
  readonly redisPrefix: string;
  /** `${prefix}events` */
  readonly channel: string;
  /** Resolves true once publishing and receiving both work, false if that takes longer than timeoutMs. */
  ready(timeoutMs: number): Promise<boolean>;
}

/**
 * The event bus of scaled mode: every instance hears every domain event, through Redis pub/sub
 * (one publishing and one subscribed connection).
 *
 * Exactly once per process: publish() hands the event to this instance's subscribers directly, and
 * the copy Redis echoes back (recognised by the bus's origin id) is ignored. So local subscribers
 * never depend on Redis, and other instances receive the one copy Redis sends them.
 *
 * Resilience: when Redis is down or drops, publish() still delivers locally and resolves (one
 * warning per outage); ioredis reconnects with backoff, the bus subscribes again on every new
 * connection, and cross-instance delivery resumes by itself. Events published during the outage do
 * not reach other instances: pushes are hints and clients poll every 30 s (DESIGN.md §2).
 */
export function createRedisBus(url: string, options: RedisBusOptions): RedisBus {
  const prefix = options.channelPrefix ?? DEFAULT_REDIS_PREFIX;
  const channel = `${prefix}events`;
  const logger = options.logger.child({ component: "event-bus", channel });
  const origin = randomUUID();
  const handlers = new Set<(event: DomainEvent) => void>();
  const changes = new EventEmitter();
  const outage = createOutageLog(logger, {
    down: "Redis unreachable: domain events reach this instance only until it is back",
    up: "Redis reachable again: domain events reach every instance",
  }, options.logger);
  let subscribed = false;
  let closing = false;

  // No offline queue and no retries: an event that cannot go out now is delivered locally and
  // dropped for the others, rather than arriving out of order minutes later.
  const Redis = redisClass();
  const publisher = new Redis(
    url,
    redisOptions(prefix, "bus-pub", { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: PUBLISH_TIMEOUT_MS }),
  );
  // Subscribed on each "ready" by us rather than by ioredis' autoResubscribe, which only repeats
  // subscriptions that once succeeded: a bus started during an outage would never subscribe.
  const subscriber = new Redis(url, redisOptions(prefix, "bus-sub", { autoResubscribe: false }));

  const lost = (error?: unknown) => {
    if (!closing) outage.lost(error);
  };
  const maybeUp = () => {
    if (closing || publisher.status !== "ready" || !subscribed) return;
    outage.restored();
    changes.emit("up");
  };

  publisher.on("error", lost);
  publisher.on("close", () => lost());
  publisher.on("ready", maybeUp);
  subscriber.on("error", lost);
  subscriber.on("close", () => {
    subscribed = false;
    lost();
  });
  subscriber.on("ready", () => {
    subscriber.subscribe(channel).then(
      () => {
        subscribed = true;
        maybeUp();
      },
      (error: unknown) => lost(error),
    );
  });
  subscriber.on("message", (from: string, message: string) => {
    if (from === channel) receive(message);
  });

  function deliver(event: DomainEvent): void {
    for (const handler of [...handlers]) {
      try {
        handler(event);
      } catch (error) {
        logger.error({ err: error, type: event.type }, "event subscriber failed");
      }
    }
  }

  function receive(message: string): void {
    let json: unknown;
    try {
      json = JSON.parse(message);
    } catch {
      json = undefined;
    }
    const parsed = envelopeSchema.safeParse(json);
    if (!parsed.success) {
      logger.warn({ bytes: message.length, issues: parsed.error.issues.slice(0, 3) }, "dropped a malformed event from Redis");
      return;
    }
    if (parsed.data.origin === origin) return; // delivered locally when it was published
    deliver(parsed.data.event);
  }

  return {
    redisPrefix: prefix,
    channel,
    async publish(event) {
      deliver(event);
      if (closing || publisher.status !== "ready") return;
      let message: string;
      try {
        message = JSON.stringify({ v: 1, origin, event });
      } catch (error) {
        logger.error({ err: error, type: event.type }, "event is not serialisable; delivered locally only");
        return;
      }
      try {
        await publisher.publish(channel, message);
        maybeUp();
      } catch (error) {
        lost(error);
      }
    },
    subscribe(handler) {
      // A wrapper per call, so subscribing one function twice means two deliveries, as with EventEmitter.
      const entry = (event: DomainEvent) => handler(event);
      handlers.add(entry);
      return () => {
        handlers.delete(entry);
      };
    },
    ready(timeoutMs) {
      if (!closing && publisher.status === "ready" && subscribed) return Promise.resolve(true);
      return new Promise((resolve) => {
        const onUp = () => {
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          changes.off("up", onUp);
          resolve(false);
        }, timeoutMs);
        changes.once("up", onUp);
      });
    },
    async close() {
      if (closing) return;
      closing = true;
      handlers.clear();
      changes.removeAllListeners();
      // The error listeners stay: ioredis prints unhandled "error" events to the console.
      await Promise.all([closeRedis(publisher), closeRedis(subscriber)]);
    },
  };
}
