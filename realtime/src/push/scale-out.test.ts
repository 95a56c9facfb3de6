import { randomBytes } from "node:crypto";
import type { Server as HttpServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import type { Server } from "socket.io";
import { PRESENCE_EVENT, PUSH_EVENTS, SOCKET_PATH, type ContractPresence } from "@clausewise/shared";
import { loadConfig } from "@clausewise/api/env";
import type { DomainEvent } from "@clausewise/api/events/bus";
import { createTestApp, type TestApp } from "@clausewise/api/test/app";
import { createContract, createTeam } from "@clausewise/api/test/factories";
import { attachRealtime, type Realtime } from "../server";
import { attachPush, rooms } from "./server";

const redisUrl = loadConfig().redisUrl;
if (!redisUrl) {
  console.warn("[skipped] push tests across several instances: REDIS_URL is not set (CI sets redis://127.0.0.1:6379)");
}

/**
 * Two API + realtime instances of one deployment: one database, one Redis, the same channel prefix
 * (random, so parallel test files never hear each other). A third instance has pushes only, so the
 * test can drive its socket.io server directly.
 */
describe.skipIf(!redisUrl)("pushes with several instances behind a load balancer", () => {
  const prefix = `cw-test-${randomBytes(6).toString("hex")}:`;
  let a: TestApp;
  let b: TestApp;
  let c: TestApp;
  let realtimeA: Realtime;
  let realtimeB: Realtime;
  let ioC: Server;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    a = await createTestApp({}, { redisPrefix: prefix });
    b = await createTestApp({}, { redisPrefix: prefix, database: a.deps.database });
    c = await createTestApp({}, { redisPrefix: prefix, database: a.deps.database });
    // Short presence heartbeats so the test sees a silent instance's people expire.
    const push = { revalidateMs: 30_000, presence: { heartbeatMs: 200, ttlMs: 1_500 } };
    realtimeA = attachRealtime(a.server as HttpServer, a.deps, { push });
    realtimeB = attachRealtime(b.server as HttpServer, b.deps, { push });
    ioC = attachPush(c.server as HttpServer, c.deps);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await realtimeA?.close();
    await realtimeB?.close();
    await ioC?.close();
    // b and c borrow a's database: a goes last.
    await c?.close();
    await b?.close();
    await a?.close();
  });

  async function open(app: TestApp, token: string): Promise<Socket> {
    const socket = connect(app.baseUrl, {
      path: SOCKET_PATH,
      transports: ["websocket"],
      extraHeaders: { cookie: `cw_session=${token}` },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("connect_error", reject);
    });
    return socket;
  }

  /** Everything a socket receives, by event name. */
  function inbox(socket: Socket) {
    const received: Array<[string, { id?: string; contractId?: string }]> = [];
    socket.onAny((name: string, payload: { id?: string }) => received.push([name, payload]));
    const ids = (name: string) => received.filter(([n]) => n === name).map(([, p]) => p.id ?? p.contractId);
    return {
      ids,
      count: (name: string, id: string) => ids(name).filter((i) => i === id).length,
      has: (name: string, id: string) => ids(name).includes(id),
    };
  }

  async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** One user with a socket on instance A and one on B (two tabs, two routes through the balancer). */
  async function userOnBothInstances() {
    const team = await createTeam(a.deps.db);
    const onA = inbox(await open(a, team.reviewer.token));
    const onB = inbox(await open(b, team.reviewer.token));
    // Both sockets are in the user's room, seen from a third instance: the adapters are subscribed.
    await until(async () => (await ioC.in(rooms.user(team.reviewer.user.id)).fetchSockets()).length === 2, "both sockets across instances");
    return { team, onA, onB };
  }

  function notification(companyId: string, userId: string, id: string): DomainEvent {
    return { type: PUSH_EVENTS.notificationNew, companyId, userIds: [userId], payload: { id, title: "Contract assigned", type: "contract_assigned" } };
  }

  /**
   * Barriers from both instances: once a socket has both, anything sent to it earlier through either
   * instance (a duplicate included) has arrived too.
   */
  async function settle(companyId: string, userId: string, inboxes: Array<ReturnType<typeof inbox>>): Promise<void> {
    await a.deps.bus.publish(notification(companyId, userId, "barrier-a"));
    await b.deps.bus.publish(notification(companyId, userId, "barrier-b"));
    await until(() => inboxes.every((i) => i.has(PUSH_EVENTS.notificationNew, "barrier-a") && i.has(PUSH_EVENTS.notificationNew, "barrier-b")), "the barriers");
  }

  it("a notification published on instance A reaches the user's sockets on A and on B exactly once", async () => {
    const { team, onA, onB } = await userOnBothInstances();
    await a.deps.bus.publish(notification(team.company.id, team.reviewer.user.id, "n1"));
    await settle(team.company.id, team.reviewer.user.id, [onA, onB]);

    expect(onA.count(PUSH_EVENTS.notificationNew, "n1")).toBe(1);
    expect(onB.count(PUSH_EVENTS.notificationNew, "n1")).toBe(1);
  });

  it("a notification published on instance B reaches the user's sockets on both exactly once", async () => {
    const { team, onA, onB } = await userOnBothInstances();
    await b.deps.bus.publish(notification(team.company.id, team.reviewer.user.id, "n2"));
    await settle(team.company.id, team.reviewer.user.id, [onA, onB]);

    expect(onA.count(PUSH_EVENTS.notificationNew, "n2")).toBe(1);
    expect(onB.count(PUSH_EVENTS.notificationNew, "n2")).toBe(1);
  });

  it("a company-wide event from an instance without sockets reaches the company on every instance once, and no other company", async () => {
    const { team, onA, onB } = await userOnBothInstances();
    const other = await createTeam(a.deps.db);
    const outsider = inbox(await open(b, other.reviewer.token));
    // The publishing instance (C) holds none of these sockets: only the bus can bring it to A and B.
    await c.deps.bus.publish({ type: PUSH_EVENTS.contractUpdated, companyId: team.company.id, payload: { contractId: "c1" } });
    await settle(team.company.id, team.reviewer.user.id, [onA, onB]);
    await settle(other.company.id, other.reviewer.user.id, [outsider]);

    expect(onA.ids(PUSH_EVENTS.contractUpdated)).toEqual(["c1"]);
    expect(onB.ids(PUSH_EVENTS.contractUpdated)).toEqual(["c1"]);
    expect(outsider.ids(PUSH_EVENTS.contractUpdated)).toEqual([]);
  });

  it("a socket.io broadcast on one instance reaches sockets on the others through the Redis adapter, once", async () => {
    const { team, onA, onB } = await userOnBothInstances();
    ioC.to(rooms.user(team.reviewer.user.id)).emit(PUSH_EVENTS.notificationNew, { id: "direct", title: "Hello", type: "test" });
    await settle(team.company.id, team.reviewer.user.id, [onA, onB]);
    await until(() => onA.has(PUSH_EVENTS.notificationNew, "direct") && onB.has(PUSH_EVENTS.notificationNew, "direct"), "the broadcast");

    expect(onA.count(PUSH_EVENTS.notificationNew, "direct")).toBe(1);
    expect(onB.count(PUSH_EVENTS.notificationNew, "direct")).toBe(1);
  });

  it("tells everyone on a contract who has it open on every instance, and forgets those who leave", async () => {
    const team = await createTeam(a.deps.db);
    const contract = await createContract(a.deps.db, { companyId: team.company.id });
    const approver = await open(a, team.approver.token);
    const reviewer = await open(b, team.reviewer.token);
    const heard = (socket: Socket) => {
      const list: ContractPresence[] = [];
      socket.on(PRESENCE_EVENT, (p: ContractPresence) => list.push(p));
      return () => list.at(-1)?.viewers.map((v) => v.id).sort();
    };
    const onA = heard(approver);
    const onB = heard(reviewer);
    const join = (socket: Socket) => new Promise<{ ok: boolean }>((resolve) => socket.emit("contract:join", { contractId: contract.id }, resolve));

    expect(await join(approver)).toEqual({ ok: true });
    await expect.poll(onA, { timeout: 5_000 }).toEqual([team.approver.user.id]);
    expect(await join(reviewer)).toEqual({ ok: true });
    const both = [team.approver.user.id, team.reviewer.user.id].sort();
    // Each instance holds one of them; each lists both.
    await expect.poll(onB, { timeout: 5_000 }).toEqual(both);
    await expect.poll(onA, { timeout: 5_000 }).toEqual(both);

    reviewer.emit("contract:leave", { contractId: contract.id });
    await expect.poll(onA, { timeout: 5_000 }).toEqual([team.approver.user.id]);
    expect(await join(reviewer)).toEqual({ ok: true });
    await expect.poll(onA, { timeout: 5_000 }).toEqual(both);
    reviewer.close();
    await expect.poll(onA, { timeout: 5_000 }).toEqual([team.approver.user.id]);
  });
});
