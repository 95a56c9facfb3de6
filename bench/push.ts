/**
 * Event-to-client latency of pushes: domain events published on the bus reach socket.io clients
 * (websocket transport, session cookie) through the real realtime server. Prints p50/p95/p99;
 * asserts nothing. Run: npx -y pnpm@10 bench:push  (REDIS_URL set: the Redis bus is used)
 *
 * BENCH_TOPOLOGY=nginx runs it through the scaled deployment instead: 2 web and 2 realtime processes
 * behind nginx with deploy/nginx.conf (needs DATABASE_URL, REDIS_URL and nginx). The clients connect
 * through nginx (round robin spreads them over both realtime instances) and this process publishes on
 * the deployment's Redis bus as a web process does, so every event crosses Redis, a realtime process
 * and nginx; one measuring client per realtime instance. Sizes: BENCH_CLIENTS (200), BENCH_EVENTS (500).
 */
import type { Server as HttpServer } from "node:http";
import { io as connect, type Socket } from "socket.io-client";
import { PUSH_EVENTS, SOCKET_PATH } from "@clausewise/shared";
import { createTestApp } from "../api/src/test/app";
import { createTeam } from "../api/src/test/factories";
import { loadConfig } from "../api/src/env";
import { openDatabase, type Db } from "../api/src/db/client";
import type { EventBus } from "../api/src/events/bus";
import { createRedisBus } from "../api/src/events/redis-bus";
import { createLogger } from "../api/src/logger";
import { attachRealtime } from "../realtime/src/server";
import { spreadOverInstances, startTopology, topologyPrerequisites } from "../realtime/src/test/topology";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 500);
const RATE_PER_SECOND = 250;

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface Target {
  label: string;
  baseUrl: string;
  db: Db;
  bus: EventBus;
  /** Opens the measuring clients (through nginx: one per realtime instance, which is named). */
  probes(open: () => Promise<Socket>): Promise<{ socket: Socket; name: string }[]>;
  /** `rssBefore`: this process's RSS once the clients were connected, before sending. */
  memory(rssBefore: number): string;
  close(): Promise<void>;
}

const sockets: Socket[] = [];

async function inProcess(): Promise<Target> {
  // With REDIS_URL the events travel through the Redis bus, as between instances in scaled mode.
  const t = await createTestApp({}, loadConfig().redisUrl ? { redisPrefix: `clausewise-bench-${process.pid}:` } : {});
  const realtime = attachRealtime(t.server as HttpServer, t.deps);
  return {
    label: `bus: ${t.deps.config.redisUrl ? "redis (this process delivers locally; Redis carries events to other instances)" : "in-process"}`,
    baseUrl: t.baseUrl,
    db: t.deps.db,
    bus: t.deps.bus,
    probes: async (open) => [{ socket: await open(), name: "" }],
    memory: (rssBefore) => `server process RSS ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB (was ${(rssBefore / 1048576).toFixed(0)} MB before sending; clients share the process)`,
    async close() {
      await realtime.close();
      await t.close();
    },
  };
}

async function throughNginx(): Promise<Target> {
  const prerequisites = topologyPrerequisites(loadConfig());
  if ("skip" in prerequisites) throw new Error(`BENCH_TOPOLOGY=nginx: ${prerequisites.skip}`);
  const topology = await startTopology({ ...prerequisites, seedDemo: false });
  const database = await openDatabase({ url: topology.databaseUrl, maxConnections: 5 });
  const bus = createRedisBus(topology.redisUrl, { channelPrefix: topology.redisPrefix, logger: createLogger("warn") });
  if (!(await bus.ready(10_000))) throw new Error("the bench's Redis bus did not connect");
  return {
    label: `through nginx (deploy/nginx.conf): ${topology.webs.length} web + ${topology.realtimes.length} realtime processes; events published on the deployment's Redis bus`,
    baseUrl: topology.url,
    db: database.db,
    bus,
    async probes(open) {
      const { items, instances } = await spreadOverInstances(topology.realtimes, "clausewise_push_connections_open", open, (socket) => {
        socket.close();
      });
      return items.map((socket, i) => ({ socket, name: ` on realtime-${instances[i]! + 1}` }));
    },
    memory: () => `bench process RSS ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB (clients only; the servers are the child processes)`,
    async close() {
      await bus.close();
      await database.close();
      await topology.close();
    },
  };
}

const target = process.env.BENCH_TOPOLOGY === "nginx" ? await throughNginx() : await inProcess();
try {
  const team = await createTeam(target.db);
  const tokens = [team.admin.token, team.approver.token, team.reviewer.token];
  const open = async () => {
    const token = tokens[sockets.length % 3]!;
    const socket = connect(target.baseUrl, { path: SOCKET_PATH, transports: ["websocket"], extraHeaders: { cookie: `cw_session=${token}` }, forceNew: true, reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
    return socket;
  };
  // The measuring clients first; the others are audience (company-wide events reach all of them).
  const probes = await target.probes(open);
  while (sockets.filter((s) => s.connected).length < CLIENTS) await open();
  const sentAt = new Map<string, number>();
  const latencies = probes.map(({ socket }) => {
    const samples: number[] = [];
    socket.on(PUSH_EVENTS.contractUpdated, (payload: { id?: string }) => {
      const started = payload.id ? sentAt.get(payload.id) : undefined;
      if (started !== undefined) samples.push(performance.now() - started);
    });
    return samples;
  });
  const rssBefore = process.memoryUsage().rss;
  for (let i = 0; i < EVENTS; i++) {
    const id = `e${i}`;
    sentAt.set(id, performance.now());
    await target.bus.publish({ type: PUSH_EVENTS.contractUpdated, companyId: team.company.id, payload: { contractId: "bench", id } });
    await new Promise((r) => setTimeout(r, 1000 / RATE_PER_SECOND));
  }
  await new Promise((r) => setTimeout(r, 500));
  console.log(`push latency, ${CLIENTS} connected clients, ${EVENTS} company-wide events at ${RATE_PER_SECOND}/s, ${target.label}`);
  probes.forEach(({ name }, i) => {
    const sorted = [...latencies[i]!].sort((a, b) => a - b);
    console.log(`received${name} ${sorted.length}/${EVENTS}   p50 ${pct(sorted, 50).toFixed(2)} ms   p95 ${pct(sorted, 95).toFixed(2)} ms   p99 ${pct(sorted, 99).toFixed(2)} ms`);
  });
  console.log(target.memory(rssBefore));
} finally {
  for (const s of sockets) s.close();
  await target.close();
}
