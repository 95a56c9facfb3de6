import type { Server as HttpServer } from "node:http";
import { describe, expect, it } from "vitest";
import { createRedisBus } from "@clausewise/api/events/redis-bus";
import { createTestApp } from "@clausewise/api/test/app";
import { capturingLogger } from "@clausewise/api/test/logs";
import { createContract, createTeam } from "@clausewise/api/test/factories";
import { attachRealtime } from "./server";
import { connectPeer, eventually, firstText, sessionHeaders, textLines, type Peer } from "./test/collab";

/*
 * README: "If Redis goes away, an event reaches only the instance that published it (one warning in
 * the log; nothing fails)". A process talks to Redis from three places (the event bus, the live-
 * document relay, the socket.io adapter), each with two connections that ioredis keeps retrying
 * every few seconds: over many reconnect attempts the whole process says it once (issue 12, item 8).
 */

const WARN = 40;

describe("Redis unreachable", () => {
  it("logs one warning for the whole process, then stays quiet through the reconnect attempts", { timeout: 60_000 }, async () => {
    const { logger, lines } = capturingLogger("debug");
    // Port 1: nothing listens there, so every attempt of every connection is refused.
    const url = "redis://127.0.0.1:1";
    const bus = createRedisBus(url, { logger, channelPrefix: `quiet-${Date.now()}:` });
    const t = await createTestApp({ redisUrl: url }, { bus });
    t.deps.logger = logger;
    const realtime = attachRealtime(t.server as HttpServer, t.deps);
    const peers: Peer[] = [];
    try {
      // Work goes on meanwhile: a live document opens, edits travel and are published.
      const team = await createTeam(t.deps.db);
      const contract = await createContract(t.deps.db, { companyId: team.company.id, content: "<p>Quiet log.</p>" });
      const a = connectPeer(t.baseUrl, contract.id, sessionHeaders(team.admin.token));
      const b = connectPeer(t.baseUrl, contract.id, sessionHeaders(team.approver.token));
      peers.push(a, b);
      await Promise.all([a.synced(), b.synced()]);
      firstText(a.doc).insert(0, "Still ");
      await eventually(() => textLines(b.doc)[0] === "Still Quiet log.", "the edit at the other client");

      // Many refused attempts later (each is a debug line now)...
      const repeats = () => lines.filter((l) => l.level < WARN && /Redis unreachable/.test(l.msg)).length;
      await eventually(() => repeats() >= 12, "a dozen reconnect failures", 45_000);
      // ...the process has said it exactly once.
      const warnings = lines.filter((l) => l.level >= WARN);
      expect(warnings.map((l) => l.msg)).toHaveLength(1);
      expect(warnings[0]!.msg).toMatch(/^Redis unreachable/);
    } finally {
      for (const p of peers) p.destroy();
      await realtime.close();
      await t.close();
    }
  });
});
