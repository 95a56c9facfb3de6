import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "@clausewise/api/env";
import { createTestApp, type TestApp } from "@clausewise/api/test/app";
import { createContract, createTeam } from "@clausewise/api/test/factories";
import { attachRealtime, type Realtime } from "../server";
import { connectPeer, eventually, firstText, sessionHeaders, storedState, textLines, type Peer } from "../test/collab";

const redisUrl = loadConfig().redisUrl;
if (!redisUrl) console.log("Skipping the Redis fan-out tests: REDIS_URL is not set (CI sets REDIS_URL=redis://127.0.0.1:6379).");

describe.skipIf(!redisUrl)("live documents on two instances (Redis fan-out)", () => {
  let t: TestApp;
  let first: Realtime;
  let second: Realtime;
  let secondServer: HttpServer;
  let secondUrl: string;
  const peers: Peer[] = [];

  beforeAll(async () => {
    t = await createTestApp({ redisUrl });
    first = attachRealtime(t.server as HttpServer, t.deps);
    secondServer = createServer();
    // Same database, its own documents in memory and its own Redis connections: another instance.
    second = attachRealtime(secondServer, t.deps);
    await new Promise<void>((r) => secondServer.listen(0, "127.0.0.1", r));
    secondUrl = `http://127.0.0.1:${(secondServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const p of peers) p.destroy();
    await first?.close();
    await second?.close();
    await new Promise<void>((r) => secondServer?.close(() => r()));
    await t?.close();
  });

  it("makes clients on different instances converge, with presence", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, { companyId: team.company.id, content: "<p>Clause one.</p>" });
    const a = connectPeer(t.baseUrl, contract.id, sessionHeaders(team.admin.token));
    const b = connectPeer(secondUrl, contract.id, sessionHeaders(team.approver.token));
    peers.push(a, b);
    await Promise.all([a.synced(), b.synced()]);

    firstText(a.doc).insert(0, "[from 1]");
    firstText(b.doc).insert(firstText(b.doc).length, "[from 2]");
    await eventually(() => textLines(a.doc)[0] === textLines(b.doc)[0] && textLines(a.doc)[0]!.length === "Clause one.".length + 16, "convergence across instances");
    expect(textLines(a.doc)[0]).toBe("[from 1]Clause one.[from 2]");

    b.provider.awareness.setLocalStateField("user", { name: "On two" });
    await eventually(() => [...a.provider.awareness.getStates().values()].some((s) => (s as { user?: { name: string } }).user?.name === "On two"), "presence across instances");

    // Both instances stored only their own clients' updates, and the log holds both.
    const stored = await storedState(t.deps.db, contract.id);
    expect(stored.logRows).toBeGreaterThanOrEqual(2);
  });

  it("lets a document load on one instance while the other already edits it", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, { companyId: team.company.id, content: "<p>Base.</p>" });
    const a = connectPeer(t.baseUrl, contract.id, sessionHeaders(team.admin.token));
    peers.push(a);
    await a.synced();
    for (let i = 0; i < 5; i++) firstText(a.doc).insert(0, `${i}`);
    const b = connectPeer(secondUrl, contract.id, sessionHeaders(team.approver.token));
    peers.push(b);
    await b.synced();
    for (let i = 5; i < 10; i++) firstText(a.doc).insert(0, `${i}`);
    await eventually(() => textLines(b.doc)[0] === "9876543210Base.", "every edit at the second instance");
  });
});

describe("live documents with Redis unreachable", () => {
  it("still opens documents and stores edits; only the relay to other instances waits", { timeout: 30_000 }, async () => {
    const t = await createTestApp({ redisUrl: "redis://127.0.0.1:1" });
    const realtime = attachRealtime(t.server as HttpServer, t.deps);
    const peers: Peer[] = [];
    try {
      const team = await createTeam(t.deps.db);
      const contract = await createContract(t.deps.db, { companyId: team.company.id, content: "<p>Offline relay.</p>" });
      const a = connectPeer(t.baseUrl, contract.id, sessionHeaders(team.admin.token));
      const b = connectPeer(t.baseUrl, contract.id, sessionHeaders(team.approver.token));
      peers.push(a, b);
      await Promise.all([a.synced(), b.synced()]);
      firstText(a.doc).insert(0, "Still ");
      await eventually(() => textLines(b.doc)[0] === "Still Offline relay.", "the edit at the other client");
      expect((await storedState(t.deps.db, contract.id)).logRows).toBeGreaterThan(0);
    } finally {
      for (const p of peers) p.destroy();
      await realtime.close();
      await t.close();
    }
  });
});
