import type { Server as HttpServer } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import { COLLAB_CLOSE, SESSION_DEFAULTS, SOCKET_PATH } from "@clausewise/shared";
import { createSession } from "@clausewise/api/auth/sessions";
import { sha256 } from "@clausewise/api/auth/tokens";
import { createTestApp, type TestApp } from "@clausewise/api/test/app";
import { createContract, createTeam } from "@clausewise/api/test/factories";
import { signedIn } from "@clausewise/api/test/lifecycle-factories";
import { attachRealtime, type Realtime } from "./server";
import { connectPeer, eventually, rawOutcome, type Peer } from "./test/collab";

/*
 * A live connection is activity: realtime's periodic re-check of its session keeps the session from
 * idling out while the connection is open, and closes the connection once the session has ended
 * (its absolute lifetime, or an idle timeout reached before the connection opened).
 */

let t: TestApp;
let realtime: Realtime;
const peers: Peer[] = [];
const sockets: Socket[] = [];
const MINUTE = 60_000;
const START = new Date("2026-11-23T09:00:00Z");
const at = (ms: number) => new Date(START.getTime() + ms);

beforeAll(async () => {
  t = await createTestApp();
  realtime = attachRealtime(t.server as HttpServer, t.deps, { collab: { revalidateMs: 100 }, push: { revalidateMs: 100 } });
});
afterEach(() => {
  for (const p of peers.splice(0)) p.destroy();
  for (const s of sockets.splice(0)) s.close();
  t.setNow(null);
});
afterAll(async () => {
  await realtime.close();
  await t.close();
});

async function sessionAtStart() {
  const team = await createTeam(t.deps.db);
  const contract = await createContract(t.deps.db, { companyId: team.company.id, content: "<p>1. Scope.</p>" });
  t.setNow(START);
  const token = await createSession(t.deps.db, team.approver.user.id, {}, START, t.deps.config.sessions);
  return { team, contract, token };
}

const lastSeen = async (token: string) => (await t.deps.db.query.sessions.findFirst({ where: (s, { eq }) => eq(s.id, sha256(token)) }))?.lastSeenAt.getTime();

/** Moves the clock and waits for the periodic re-check to record the activity. */
async function advanceAndSeen(token: string, ms: number) {
  t.setNow(at(ms));
  await eventually(async () => (await lastSeen(token)) === at(ms).getTime(), `last-seen at +${ms / MINUTE} min`);
}

function openSocket(cookie: string): { socket: Socket; connected: Promise<string>; disconnected: Promise<string> } {
  const socket = connect(t.baseUrl, { path: SOCKET_PATH, transports: ["websocket"], extraHeaders: { cookie }, reconnection: false, forceNew: true });
  sockets.push(socket);
  const connected = new Promise<string>((resolve) => {
    socket.once("connect", () => resolve("connected"));
    socket.once("connect_error", (err) => resolve(err.message));
  });
  const disconnected = new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason)));
  return { socket, connected, disconnected };
}

describe("live documents (/collab)", () => {
  it("keep their session alive past the idle timeout while open, then close with 4401 at its absolute end", async () => {
    const { contract, token } = await sessionAtStart();
    const peer = connectPeer(t.baseUrl, contract.id, { cookie: `cw_session=${token}` });
    peers.push(peer);
    await peer.synced();

    // Three idle timeouts' worth with no API request: the open connection is the activity.
    for (let minutes = 20; minutes <= 3 * SESSION_DEFAULTS.idleMs / MINUTE; minutes += 20) await advanceAndSeen(token, minutes * MINUTE);
    expect((await signedIn(t, token).get("/api/auth/user")).status).toBe(200);

    const closed = peer.nextClose();
    t.setNow(at(SESSION_DEFAULTS.maxMs));
    expect(await closed).toEqual({ code: COLLAB_CLOSE.unauthorized.code, reason: COLLAB_CLOSE.unauthorized.reason });
    expect(peer.provider.shouldConnect).toBe(false);
  });

  it("refuses to open on a session that idled out, and says why (4401)", async () => {
    const { contract, token } = await sessionAtStart();
    t.setNow(at(SESSION_DEFAULTS.idleMs));
    expect(await rawOutcome(t.baseUrl, contract.id, { cookie: `cw_session=${token}` })).toEqual({ code: COLLAB_CLOSE.unauthorized.code, reason: COLLAB_CLOSE.unauthorized.reason });
  });
});

describe("pushes (/socket.io)", () => {
  it("keep their session alive while connected, and are disconnected once it ends", async () => {
    const { token } = await sessionAtStart();
    const { connected, disconnected } = openSocket(`cw_session=${token}`);
    expect(await connected).toBe("connected");

    for (let minutes = 20; minutes <= 3 * SESSION_DEFAULTS.idleMs / MINUTE; minutes += 20) await advanceAndSeen(token, minutes * MINUTE);
    expect((await signedIn(t, token).get("/api/auth/user")).status).toBe(200);

    t.setNow(at(SESSION_DEFAULTS.maxMs));
    expect(await disconnected).toBe("io server disconnect");
  });

  it("refuses to connect on a session that idled out", async () => {
    const { token } = await sessionAtStart();
    t.setNow(at(SESSION_DEFAULTS.idleMs));
    expect(await openSocket(`cw_session=${token}`).connected).toBe("Unauthorized");
  });
});

describe("over https", () => {
  it("reads the same __Host- cookie the API sets, and not the unprefixed name", async () => {
    const https = await createTestApp({ appUrl: "https://clausewise.example" });
    const live = attachRealtime(https.server as HttpServer, https.deps);
    try {
      const team = await createTeam(https.deps.db);
      const contract = await createContract(https.deps.db, { companyId: team.company.id, content: "<p>1. Scope.</p>" });
      const peer = connectPeer(https.baseUrl, contract.id, { cookie: `__Host-cw_session=${team.admin.token}` });
      peers.push(peer);
      await peer.synced();
      expect(await rawOutcome(https.baseUrl, contract.id, { cookie: `cw_session=${team.admin.token}` })).toEqual({
        code: COLLAB_CLOSE.unauthorized.code,
        reason: COLLAB_CLOSE.unauthorized.reason,
      });
    } finally {
      for (const p of peers.splice(0)) p.destroy();
      await live.close();
      await https.close();
    }
  });
});
