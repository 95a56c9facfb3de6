/**
 * Event-to-client latency of pushes: domain events published on the bus reach socket.io clients
 * (websocket transport, session cookie) through the real realtime server. Prints p50/p95/p99;
 * asserts nothing. Run: npx -y pnpm@10 bench:push  (REDIS_URL set: the Redis bus is used)
 */
import type { Server as HttpServer } from "node:http";
import { io as connect, type Socket } from "socket.io-client";
import { PUSH_EVENTS, SOCKET_PATH } from "@clausewise/shared";
import { createTestApp } from "../api/src/test/app";
import { createTeam } from "../api/src/test/factories";
import { loadConfig } from "../api/src/env";
import { attachRealtime } from "../realtime/src/server";

const CLIENTS = 200;
const EVENTS = 500;
const RATE_PER_SECOND = 250;

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

// With REDIS_URL the events travel through the Redis bus, as between instances in scaled mode.
const t = await createTestApp({}, loadConfig().redisUrl ? { redisPrefix: `clausewise-bench-${process.pid}:` } : {});
const realtime = attachRealtime(t.server as HttpServer, t.deps);
const sockets: Socket[] = [];
try {
  const team = await createTeam(t.deps.db);
  const latencies: number[] = [];
  const sentAt = new Map<string, number>();
  for (let i = 0; i < CLIENTS; i++) {
    const token = [team.admin.token, team.approver.token, team.reviewer.token][i % 3]!;
    const socket = connect(t.baseUrl, { path: SOCKET_PATH, transports: ["websocket"], extraHeaders: { cookie: `cw_session=${token}` }, forceNew: true, reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
  }
  // One measuring client: the others are audience (company-wide events reach all of them).
  const probe = sockets[0]!;
  probe.on(PUSH_EVENTS.contractUpdated, (payload: { id?: string }) => {
    const started = payload.id ? sentAt.get(payload.id) : undefined;
    if (started !== undefined) latencies.push(performance.now() - started);
  });
  const rssBefore = process.memoryUsage().rss;
  for (let i = 0; i < EVENTS; i++) {
    const id = `e${i}`;
    sentAt.set(id, performance.now());
    await t.deps.bus.publish({ type: PUSH_EVENTS.contractUpdated, companyId: team.company.id, payload: { contractId: "bench", id } });
    await new Promise((r) => setTimeout(r, 1000 / RATE_PER_SECOND));
  }
  await new Promise((r) => setTimeout(r, 500));
  latencies.sort((a, b) => a - b);
  console.log(`push latency, ${CLIENTS} connected clients, ${EVENTS} company-wide events at ${RATE_PER_SECOND}/s, bus: ${t.deps.config.redisUrl ? "redis (this process delivers locally; Redis carries events to other instances)" : "in-process"}`);
  console.log(`received ${latencies.length}/${EVENTS}   p50 ${pct(latencies, 50).toFixed(2)} ms   p95 ${pct(latencies, 95).toFixed(2)} ms   p99 ${pct(latencies, 99).toFixed(2)} ms`);
  console.log(`server process RSS ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB (was ${(rssBefore / 1048576).toFixed(0)} MB before sending; clients share the process)`);
} finally {
  for (const s of sockets) s.close();
  await realtime.close();
  await t.close();
}
