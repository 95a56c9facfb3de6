import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "@clausewise/api/env";
import { createContract, createTeam } from "@clausewise/api/test/factories";
import { startEmbeddedChild, type ChildServer } from "../test/child";
import { openLocation, throwawayDatabase } from "../test/database";
import { connectPeer, containsUpdate, eventually, firstText, sessionHeaders, sleep, textLines, type Peer } from "../test/collab";
import * as Y from "yjs";
import { COLLAB_CLOSE } from "@clausewise/shared";

/*
 * DESIGN.md §4: "any edit another person has seen survives a crash of the server". The embedded
 * server runs as a child process; clients edit; the process is killed with SIGKILL mid-stream (no
 * flush, no shutdown hook); a new process on the same database must hold every update that the
 * other client had received.
 */
const databaseUrl = loadConfig().databaseUrl;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("durability of live edits", () => {
  it("keeps every update another client received when the server is killed (SIGKILL) mid-edit", { timeout: 300_000 }, async () => {
    const throwaway = await throwawayDatabase(databaseUrl);
    cleanups.push(throwaway.drop);
    const database = throwaway.location;
    const setupDb = await openLocation(database);
    await setupDb.migrate();
    const team = await createTeam(setupDb.db);
    const contract = await createContract(setupDb.db, { companyId: team.company.id, content: "<p>Start.</p>" });
    await setupDb.close(); // PGlite: one process at a time

    let server: ChildServer = await startEmbeddedChild(database);
    cleanups.push(() => void server.process.kill("SIGKILL"));
    const writer = connectPeer(server.baseUrl, contract.id, sessionHeaders(team.admin.token));
    const reader = connectPeer(server.baseUrl, contract.id, sessionHeaders(team.approver.token));
    const peers: Peer[] = [writer, reader];
    await Promise.all([writer.synced(), reader.synced()]);

    const received: Uint8Array[] = [];
    reader.doc.on("update", (update: Uint8Array, origin: unknown) => {
      if (origin === reader.provider) received.push(update);
    });
    // Type until the reader has seen a good part of it, then crash the server while typing goes on.
    let typing = true;
    const typist = (async () => {
      for (let i = 0; typing && i < 2000; i++) {
        firstText(writer.doc).insert(0, `${i % 10}`);
        await sleep(2);
      }
    })();
    await eventually(() => received.length >= 40, "the reader received edits", 30_000);
    await server.crash();
    typing = false;
    await typist;
    for (const p of peers) p.destroy();
    expect(received.length).toBeGreaterThanOrEqual(40);

    server = await startEmbeddedChild(database);
    const after = connectPeer(server.baseUrl, contract.id, sessionHeaders(team.admin.token));
    await after.synced();
    const state = Y.encodeStateAsUpdate(after.doc);
    const missing = received.filter((update) => !containsUpdate(state, update));
    expect(missing).toEqual([]);
    expect(textLines(after.doc)[0]!.endsWith("Start.")).toBe(true);

    // A clean stop (SIGTERM) stores what is pending and closes the clients with a transient code.
    const lastClose = after.nextClose();
    firstText(after.doc).insert(0, "Before stop. ");
    await eventually(() => after.provider.wsconnected, "connected");
    await sleep(50);
    expect(await server.stop()).toBe(0);
    expect((await lastClose).code).toBe(COLLAB_CLOSE.serverRestart.code);
    after.destroy();
    server = await startEmbeddedChild(database);
    const final = connectPeer(server.baseUrl, contract.id, sessionHeaders(team.admin.token));
    await final.synced();
    expect(textLines(final.doc)[0]!.startsWith("Before stop. ")).toBe(true);
    final.destroy();
    expect(await server.stop()).toBe(0);
  });
});
