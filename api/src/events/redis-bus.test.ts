import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../env";
import type { DomainEvent } from "./bus";
import { createRedisBus, type RedisBus } from "./redis-bus";
import { connectionName } from "./redis-connection";

const redisUrl = loadConfig().redisUrl;
if (!redisUrl) {
  console.warn("[skipped] Redis event bus tests that need a server: REDIS_URL is not set (CI sets redis://127.0.0.1:6379)");
}

interface LogLine {
  level: number;
  msg: string;
}
const WARN = 40;

function capturingLogger() {
  const lines: LogLine[] = [];
  const logger = pino({ level: "debug" }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
  return { logger, lines };
}

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

function openBus(url: string, prefix: string) {
  const { logger, lines } = capturingLogger();
  const bus = createRedisBus(url, { channelPrefix: prefix, logger });
  opened.push(bus);
  return { bus, lines };
}

function randomPrefix(): string {
  return `cw-test-${randomBytes(6).toString("hex")}:`;
}

function event(id: string): DomainEvent {
  return { type: "notification:new", companyId: "company-1", userIds: ["user-1"], payload: { id, title: "Contract assigned", type: "contract_assigned" } };
}

function recorder(bus: RedisBus) {
  const events: DomainEvent[] = [];
  bus.subscribe((e) => events.push(e));
  return { events, ids: () => events.map((e) => e.payload.id) };
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.skipIf(!redisUrl)("Redis event bus", () => {
  const url = redisUrl!;

  async function rawClient(): Promise<Redis> {
    const client = new Redis(url);
    opened.push({ close: async () => void (await client.quit()) });
    return client;
  }

  /**
   * A valid event from a third party, published after everything before it was accepted: Redis keeps
   * the order on a connection, so once a bus has it, every earlier message (duplicates too) arrived.
   */
  async function barrier(bus: RedisBus, id: string): Promise<void> {
    const raw = await rawClient();
    await raw.publish(bus.channel, JSON.stringify({ v: 1, origin: "test-barrier", event: event(id) }));
  }

  it("delivers an event published on one instance to every subscriber of both, exactly once each", async () => {
    const prefix = randomPrefix();
    const a = openBus(url, prefix);
    const b = openBus(url, prefix);
    expect(await a.bus.ready(5_000)).toBe(true);
    expect(await b.bus.ready(5_000)).toBe(true);
    const onA = recorder(a.bus);
    const onB1 = recorder(b.bus);
    const onB2 = recorder(b.bus);

    await a.bus.publish(event("n1"));
    expect(onA.ids()).toEqual(["n1"]); // local subscribers hear it before publish() resolves
    await barrier(a.bus, "end");
    await until(() => [onA, onB1, onB2].every((r) => r.ids().includes("end")), "the barrier on both instances");

    expect(onA.ids()).toEqual(["n1", "end"]);
    expect(onB1.ids()).toEqual(["n1", "end"]);
    expect(onB2.ids()).toEqual(["n1", "end"]);
    expect(onB1.events[0]).toEqual(event("n1"));
  });

  it("keeps deployments with different prefixes apart", async () => {
    const a = openBus(url, randomPrefix());
    const other = openBus(url, randomPrefix());
    await Promise.all([a.bus.ready(5_000), other.bus.ready(5_000)]);
    const onOther = recorder(other.bus);
    await a.bus.publish(event("n1"));
    await barrier(other.bus, "end");
    await until(() => onOther.ids().includes("end"), "the barrier");
    expect(onOther.ids()).toEqual(["end"]);
  });

  it("drops malformed messages, logs them, and keeps delivering", async () => {
    const b = openBus(url, randomPrefix());
    expect(await b.bus.ready(5_000)).toBe(true);
    const onB = recorder(b.bus);
    const raw = await rawClient();
    const { companyId: _missing, ...withoutCompany } = event("bad-3");
    for (const message of [
      "not json",
      JSON.stringify(event("bad-1")), // an event without the envelope
      JSON.stringify({ v: 2, origin: "elsewhere", event: event("bad-2") }),
      JSON.stringify({ v: 1, origin: "elsewhere", event: withoutCompany }),
      JSON.stringify({ v: 1, origin: "elsewhere", event: { ...event("bad-4"), payload: "text" } }),
    ]) {
      await raw.publish(b.bus.channel, message);
    }
    await barrier(b.bus, "end");
    await until(() => onB.ids().includes("end"), "the barrier");

    expect(onB.ids()).toEqual(["end"]);
    expect(b.lines.filter((l) => l.msg === "dropped a malformed event from Redis")).toHaveLength(5);
  });

  it("stops delivering to a handler once it unsubscribes", async () => {
    const b = openBus(url, randomPrefix());
    await b.bus.ready(5_000);
    const kept = recorder(b.bus);
    const dropped: DomainEvent[] = [];
    const stop = b.bus.subscribe((e) => dropped.push(e));
    stop();
    await barrier(b.bus, "end");
    await until(() => kept.ids().includes("end"), "the barrier");
    expect(dropped).toEqual([]);
  });

  it("falls back to local delivery when Redis drops the connections, and resumes by itself", async () => {
    const prefix = randomPrefix();
    const a = openBus(url, prefix);
    const b = openBus(url, prefix);
    await Promise.all([a.bus.ready(5_000), b.bus.ready(5_000)]);
    const onA = recorder(a.bus);
    const onB = recorder(b.bus);

    const admin = await rawClient();
    const clients = String(await admin.call("CLIENT", "LIST")).split("\n");
    const ours = clients.filter((line) => line.includes(` name=${connectionName(prefix, "bus-")}`));
    expect(ours).toHaveLength(4); // two instances × (publisher + subscriber)
    for (const line of ours) await admin.call("CLIENT", "KILL", "ID", /^id=(\d+)/.exec(line)![1]!);

    await a.bus.publish(event("during")); // never throws, whatever state the connection is in
    expect(onA.ids()).toEqual(["during"]);
    await until(() => a.lines.some((l) => l.level === WARN), "the outage warning");

    expect(await a.bus.ready(10_000)).toBe(true);
    expect(await b.bus.ready(10_000)).toBe(true);
    await a.bus.publish(event("after"));
    await barrier(a.bus, "end");
    await until(() => onB.ids().includes("end") && onA.ids().includes("end"), "the barrier");

    expect(onA.ids()).toEqual(["during", "after", "end"]);
    expect(onB.ids().filter((id) => id !== "during")).toEqual(["after", "end"]);
    expect(a.lines.filter((l) => l.level === WARN)).toHaveLength(1);
    expect(a.lines.some((l) => l.msg.startsWith("Redis reachable again"))).toBe(true);
  });

  it("close() quits both connections", async () => {
    const prefix = randomPrefix();
    const { bus } = openBus(url, prefix);
    await bus.ready(5_000);
    const admin = await rawClient();
    const named = async () => String(await admin.call("CLIENT", "LIST")).split("\n").filter((l) => l.includes(` name=${prefix}`)).length;
    expect(await named()).toBe(2);
    await bus.close();
    // QUIT has been answered; the server drops the connection right after.
    const deadline = Date.now() + 5_000;
    while ((await named()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await named()).toBe(0);
  });
});

describe("Redis event bus without Redis", () => {
  it("delivers locally, never throws, and warns once", async () => {
    // Port 1: nothing listens there, so every connection attempt is refused.
    const { bus, lines } = openBus("redis://127.0.0.1:1", randomPrefix());
    const received = recorder(bus);
    for (const id of ["n1", "n2", "n3"]) await expect(bus.publish(event(id))).resolves.toBeUndefined();
    expect(received.ids()).toEqual(["n1", "n2", "n3"]);
    expect(await bus.ready(300)).toBe(false); // ioredis keeps retrying meanwhile
    await bus.publish(event("n4"));
    expect(received.ids()).toEqual(["n1", "n2", "n3", "n4"]);
    expect(lines.filter((l) => l.level === WARN)).toHaveLength(1);
    expect(lines.find((l) => l.level === WARN)?.msg).toMatch(/Redis unreachable/);
  });

  it("closes promptly while ioredis is still retrying", async () => {
    const { bus } = openBus("redis://127.0.0.1:1", randomPrefix());
    await bus.ready(100);
    await bus.close();
    await bus.publish(event("after-close"));
  });
});
