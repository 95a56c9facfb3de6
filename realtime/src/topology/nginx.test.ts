import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import { MAX_UPLOAD_BYTES, PUSH_EVENTS, SOCKET_PATH, UPLOAD_FORM_MESSAGES } from "@clausewise/shared";
import { loadConfig } from "@clausewise/api/env";
import { connectPeer, eventually, firstText, textLines, type Peer } from "../test/collab";
import { metricPerInstance, rawRequest, signIn, spreadOverInstances, startTopology, topologyPrerequisites, type Topology } from "../test/topology";

const prerequisites = topologyPrerequisites(loadConfig());
if ("skip" in prerequisites) console.warn(`[skipped] nginx topology (deploy/nginx.conf, 2 web + 2 realtime processes): ${prerequisites.skip}`);

const DEMO_PASSWORD = "demo-password";
const MARKUP_ROUTE = 'clausewise_http_request_duration_seconds_count{method="POST",route="/api/contracts/:id/markups",status="201"}';

/**
 * README "Scale out" for real: two web and two realtime processes on one PostgreSQL database and one
 * Redis prefix, behind Debian's nginx running deploy/nginx.conf, and a journey through nginx only.
 * The processes' own ports are used for one thing: reading each one's /metrics, to know which
 * instance nginx gave a connection to (that is how a load balancer's spread is checked in production too).
 */
describe.skipIf("skip" in prerequisites)("2 web + 2 realtime processes behind nginx (deploy/nginx.conf)", () => {
  let topology: Topology;
  const peers: Peer[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    if ("skip" in prerequisites) return;
    topology = await startTopology(prerequisites);
  }, 300_000);
  afterAll(async () => {
    for (const peer of peers) peer.destroy();
    for (const socket of sockets) socket.close();
    await topology?.close();
  }, 120_000);

  /** Browser-like headers: the session cookie and the Origin of the page (the address the client dialled). */
  const browser = (cookie: string) => ({ cookie, origin: topology.url });

  async function firstContractId(cookie: string): Promise<string> {
    const res = await fetch(`${topology.url}/api/contracts`, { headers: browser(cookie) });
    expect(res.status).toBe(200);
    const contracts = (await res.json()) as { id: string }[];
    expect(contracts.length).toBeGreaterThan(0);
    return contracts[0]!.id;
  }

  it("signs in through nginx, which passes the browser's host, scheme and address and never ones the client made up", async () => {
    // From 127.0.0.2: nginx (on 127.0.0.1) sees a client address that is not its own.
    const login = await rawRequest(`${topology.url}/api/auth/login`, {
      method: "POST",
      localAddress: "127.0.0.2",
      headers: {
        "content-type": "application/json",
        origin: topology.url,
        "x-forwarded-for": "203.0.113.9",
        "x-forwarded-proto": "https",
        "x-forwarded-host": "evil.example",
      },
      body: JSON.stringify({ email: "admin@demo.test", password: DEMO_PASSWORD }),
    });
    // The Origin (127.0.0.1:<port>) is not APP_URL (localhost:<port>): it is accepted as the request's own
    // origin, which the app can only know from the Host nginx forwards.
    expect(login.status, `${login.body}\n${topology.output()}`).toBe(200);
    const setCookie = ([] as string[]).concat(login.headers["set-cookie"] ?? []).find((c) => c.startsWith("cw_session="));
    expect(setCookie).toBeDefined();
    // Plain http at nginx: the client's claim of https was replaced by nginx's own scheme.
    expect(setCookie!.toLowerCase()).not.toContain("secure");
    const cookie = setCookie!.split(";")[0]!;

    const sessions = await fetch(`${topology.url}/api/settings/security/sessions`, { headers: browser(cookie) });
    expect(sessions.status).toBe(200);
    const current = ((await sessions.json()) as { current: boolean; ip: string | null }[]).find((s) => s.current);
    // The address nginx saw, not the one the client put in X-Forwarded-For (the sign-in limit is per IP).
    expect(current?.ip).toBe("127.0.0.2");

    const wrong = await fetch(`${topology.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: topology.url },
      body: JSON.stringify({ email: "admin@demo.test", password: "not-the-password" }),
    });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: string }).error).toBeTruthy();
  });

  it("two editors that nginx sends to different realtime instances see each other's edits", async () => {
    const admin = await signIn(topology.url, "admin@demo.test", DEMO_PASSWORD);
    const approver = await signIn(topology.url, "approver@demo.test", DEMO_PASSWORD);
    const contractId = await firstContractId(admin);
    const cookies = [admin, approver];

    const { items, instances } = await spreadOverInstances(
      topology.realtimes,
      "clausewise_collab_connections_open",
      async () => {
        const peer = connectPeer(topology.url, contractId, browser(cookies[peers.length % 2]!));
        peers.push(peer);
        await eventually(() => peer.provider.synced, "a live document synced through nginx (WebSocket upgrade passed on)");
        return peer;
      },
      (peer) => peer.destroy(),
    );
    expect(new Set(instances).size).toBe(2);
    const [a, b] = items as [Peer, Peer];
    expect(textLines(a.doc).join("\n")).toBe(textLines(b.doc).join("\n"));
    expect(textLines(a.doc).join("").length).toBeGreaterThan(0);

    firstText(a.doc).insert(0, "[from A] ");
    await eventually(() => textLines(b.doc)[0]!.startsWith("[from A] "), "A's edit at B (another realtime instance)");
    firstText(b.doc).insert(0, "[from B] ");
    await eventually(() => textLines(a.doc)[0]!.startsWith("[from B] [from A] "), "B's edit at A");
    expect(textLines(a.doc)).toEqual(textLines(b.doc));
  });

  it("a markup added through either web process is pushed once to socket.io clients on both realtime instances", async () => {
    const reviewer = await signIn(topology.url, "reviewer@demo.test", DEMO_PASSWORD);
    const approver = await signIn(topology.url, "approver@demo.test", DEMO_PASSWORD);
    const contractId = await firstContractId(reviewer);

    const received: Map<Socket, string[]> = new Map();
    const { items } = await spreadOverInstances(
      topology.realtimes,
      "clausewise_push_connections_open",
      async () => {
        const socket = connect(topology.url, {
          path: SOCKET_PATH,
          transports: ["websocket"],
          extraHeaders: browser(approver),
          reconnection: false,
          forceNew: true,
        });
        sockets.push(socket);
        received.set(socket, []);
        socket.on(PUSH_EVENTS.markupNew, (payload: { contractId: string; id?: string }) => {
          if (payload.contractId === contractId && payload.id) received.get(socket)!.push(payload.id);
        });
        await new Promise<void>((resolve, reject) => {
          socket.once("connect", () => resolve());
          socket.once("connect_error", reject);
        });
        const joined = await socket.timeout(10_000).emitWithAck("contract:join", { contractId });
        expect(joined).toEqual({ ok: true });
        return socket;
      },
      (socket) => {
        socket.close();
      },
    );
    const [onFirst, onSecond] = items as [Socket, Socket];

    // Markups through nginx until each web process has created at least one (read from their metrics).
    const markupIds: string[] = [];
    const servedBy = new Set<number>();
    for (let attempt = 0; attempt < 8 && servedBy.size < topology.webs.length; attempt++) {
      const before = await metricPerInstance(topology.webs, MARKUP_ROUTE);
      const res = await fetch(`${topology.url}/api/contracts/${contractId}/markups`, {
        method: "POST",
        headers: { ...browser(reviewer), "content-type": "application/json" },
        body: JSON.stringify({ type: "comment", content: `Through nginx, attempt ${attempt}`, position: { paragraph: 0 } }),
      });
      expect(res.status).toBe(201);
      markupIds.push(((await res.json()) as { id: string }).id);
      const after = await metricPerInstance(topology.webs, MARKUP_ROUTE);
      after.forEach((count, i) => {
        if (count > before[i]!) servedBy.add(i);
      });
    }
    expect(servedBy.size, "nginx sent the markups to every web process").toBe(topology.webs.length);

    const has = (socket: Socket, id: string) => received.get(socket)!.includes(id);
    await eventually(() => markupIds.every((id) => has(onFirst, id) && has(onSecond, id)), "every markup pushed to both sockets");
    // A last markup as a barrier: events travel one Redis channel in order, so once it is in, any
    // duplicate of an earlier one would be in too.
    const barrier = await fetch(`${topology.url}/api/contracts/${contractId}/markups`, {
      method: "POST",
      headers: { ...browser(reviewer), "content-type": "application/json" },
      body: JSON.stringify({ type: "comment", content: "Barrier", position: { paragraph: 0 } }),
    });
    const barrierId = ((await barrier.json()) as { id: string }).id;
    await eventually(() => has(onFirst, barrierId) && has(onSecond, barrierId), "the barrier markup");
    for (const socket of [onFirst, onSecond]) {
      expect(received.get(socket)!.filter((id) => id !== barrierId)).toEqual(markupIds);
    }
  });

  it("refuses /metrics from outside, in every spelling, while each process serves it on the private side", async () => {
    for (const path of ["/metrics", "/metrics?name[]=x", "/metrics/", "//metrics", "/%6Detrics", "/api/../metrics"]) {
      const res = await rawRequest(topology.url, { path });
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
      expect(res.body).not.toContain("clausewise_");
      expect(JSON.parse(res.body)).toMatchObject({ error: "forbidden" });
    }
    for (const server of [...topology.webs, ...topology.realtimes]) {
      const res = await fetch(`${server.baseUrl}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("clausewise_");
    }
  });

  it("lets a 10 MB upload through to the app, and answers a larger body itself with the app's 413", async () => {
    const admin = await signIn(topology.url, "admin@demo.test", DEMO_PASSWORD);
    const upload = (bytes: number) => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(bytes).fill(0x41)], { type: "text/plain" }), "big.txt");
      form.append("title", "Size check");
      // No processingConsent: an app that received the whole form refuses it with its own words.
      return fetch(`${topology.url}/api/contracts`, { method: "POST", headers: browser(admin), body: form });
    };
    const full = await upload(MAX_UPLOAD_BYTES);
    expect(full.status).toBe(400);
    expect(await full.json()).toMatchObject({ message: UPLOAD_FORM_MESSAGES.missingInformation });
    // Well over the limit: nginx stops it at client_max_body_size, in the app's shape and words.
    const tooLarge = await upload(16 * 1024 * 1024);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ error: "payload_too_large", message: UPLOAD_FORM_MESSAGES.tooLarge });
  });
});

