import { randomUUID } from "node:crypto";
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import type { Logger } from "@clausewise/api/logger";
import { createOutageLog, DEFAULT_REDIS_PREFIX, redisClass } from "@clausewise/api/events/redis-connection";
import type { CollabFanout, FanoutKind, FanoutMessage } from "./fanout";

/** `<prefix>collab:<contractId>`: the deployment's Redis prefix (REDIS_PREFIX, default `clausewise:`) keeps deployments apart. */
export const collabChannel = (contractId: string, prefix = DEFAULT_REDIS_PREFIX) => `${prefix}collab:${contractId}`;

const KINDS: readonly FanoutKind[] = ["update", "awareness"];

/** Frame: sender instance id, kind, payload (lib0 encoding, binary-safe). */
function encodeMessage(instanceId: string, message: FanoutMessage): Buffer {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, instanceId);
  encoding.writeVarUint(encoder, KINDS.indexOf(message.kind));
  encoding.writeVarUint8Array(encoder, message.data);
  return Buffer.from(encoding.toUint8Array(encoder));
}

function decodeMessage(buffer: Buffer): { sender: string; message: FanoutMessage } | null {
  try {
    const decoder = decoding.createDecoder(new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength));
    const sender = decoding.readVarString(decoder);
    const kind = KINDS[decoding.readVarUint(decoder)];
    const data = decoding.readVarUint8Array(decoder);
    return kind ? { sender, message: { kind, data } } : null;
  } catch {
    return null;
  }
}

/**
 * Redis pub/sub, one channel per document (`<prefix>collab:<contractId>`), subscribed only while
 * the document is loaded here. Pub/sub delivers nothing that was published while a subscriber was
 * away, so after a reconnect the instance is told to reload its documents from Postgres. While
 * Redis is down, documents still open (after SUBSCRIBE_WAIT_MS) and edits are still stored: only
 * the relay to other instances waits for Redis, and the reload then catches up.
 */
const SUBSCRIBE_WAIT_MS = 2_000;

export function createRedisFanout(redisUrl: string, logger: Logger, prefix = DEFAULT_REDIS_PREFIX): CollabFanout {
  const instanceId = randomUUID();
  const Redis = redisClass();
  const pub = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: null });
  const sub = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: null });
  const log = logger.child({ component: "collab-fanout" });
  const outage = createOutageLog(log, {
    down: "Redis unreachable: live-document edits reach this instance's editors only until it is back",
    up: "Redis reachable again: live-document edits reach every instance",
  }, logger);
  const handlers = new Map<string, (message: FanoutMessage) => void>();
  const interrupted: (() => void)[] = [];
  let wasReady = false;
  /** A subscription went ahead without Redis confirming it: reload once Redis is back. */
  let unconfirmed = false;
  let closing = false;

  for (const client of [pub, sub]) {
    client.on("error", (error: Error) => {
      if (!closing) outage.lost(error);
    });
    client.on("close", () => {
      if (!closing) outage.lost();
    });
    client.on("ready", () => {
      if (pub.status === "ready" && sub.status === "ready") outage.restored();
    });
  }
  sub.on("ready", () => {
    if ((wasReady || unconfirmed) && !closing) for (const handler of interrupted) handler();
    wasReady = true;
    unconfirmed = false;
  });
  sub.on("messageBuffer", (channel: Buffer, payload: Buffer) => {
    const decoded = decodeMessage(payload);
    if (!decoded || decoded.sender === instanceId) return;
    handlers.get(channel.toString())?.(decoded.message);
  });

  return {
    async subscribe(contractId, handler) {
      const channel = collabChannel(contractId, prefix);
      handlers.set(channel, handler);
      let timer: NodeJS.Timeout | undefined;
      const confirmed = await Promise.race([
        sub.subscribe(channel).then(() => true),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), SUBSCRIBE_WAIT_MS))),
      ]).finally(() => clearTimeout(timer));
      if (!confirmed) {
        unconfirmed = true;
        // The connection's own error events report the outage (once); this is its consequence.
        log.debug({ contractId }, "collab fan-out: Redis did not confirm the subscription; the document opens without the relay for now");
      }
      return async () => {
        if (handlers.get(channel) !== handler) return;
        handlers.delete(channel);
        if (closing) return;
        const unsubscribed = sub.unsubscribe(channel).catch(() => undefined);
        // Without Redis the command waits in the offline queue: do not hold an unload for it.
        if (sub.status === "ready") await unsubscribed;
      };
    },
    publish(contractId, message) {
      pub.publish(collabChannel(contractId, prefix), encodeMessage(instanceId, message)).catch((error: unknown) => {
        if (!closing) outage.lost(error);
      });
    },
    onInterrupted(handler) {
      interrupted.push(handler);
    },
    async close() {
      closing = true;
      handlers.clear();
      // QUIT would wait in the offline queue for a Redis that is not there.
      await Promise.allSettled([pub, sub].map(async (client) => (client.status === "ready" ? client.quit() : client.disconnect())));
    },
  };
}
