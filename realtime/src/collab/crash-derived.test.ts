import { afterAll, describe, expect, it } from "vitest";
import type { DocumentText } from "@clausewise/shared";
import { loadConfig } from "@clausewise/api/env";
import { createSession } from "@clausewise/api/auth/sessions";
import { createCompany, createContract, createUser } from "@clausewise/api/test/factories";
import { startEmbeddedChild, type ChildServer } from "../test/child";
import { openLocation, readAfterCrash, throwawayDatabase } from "../test/database";
import { connectPeer, eventually, firstText, sessionHeaders, type Peer } from "../test/collab";

/*
 * Issue 14: after `kill -9`, the text outside the editor (GET /text, contracts.content and
 * plainText: downloads, search, analysis) must come to hold the edits the update log kept, without
 * anyone opening the document again. The restarted server refreshes the derived text of every
 * document whose log holds rows.
 */
const databaseUrl = loadConfig().databaseUrl;
const TOKEN = "FRESH-EDIT-BEFORE-THE-CRASH";

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("derived text after a crash", () => {
  it("refreshes /text and the stored content from the update log when the server comes back, with nobody connected", { timeout: 180_000 }, async () => {
    const throwaway = await throwawayDatabase(databaseUrl, "crash_derived");
    cleanups.push(throwaway.drop);
    const setup = await openLocation(throwaway.location);
    await setup.migrate();
    const company = await createCompany(setup.db);
    const user = await createUser(setup.db, { companyId: company.id, role: "admin" });
    const token = await createSession(setup.db, user.id);
    const contract = await createContract(setup.db, { companyId: company.id, content: "<p>Start.</p>" });
    await setup.close(); // PGlite: one process at a time

    let server: ChildServer = await startEmbeddedChild(throwaway.location);
    cleanups.push(() => void server.process.kill("SIGKILL"));
    const peers: Peer[] = [connectPeer(server.baseUrl, contract.id, sessionHeaders(token)), connectPeer(server.baseUrl, contract.id, sessionHeaders(token))];
    cleanups.push(() => peers.forEach((p) => p.destroy()));
    await Promise.all(peers.map((p) => p.synced()));
    firstText(peers[0]!.doc).insert(firstText(peers[0]!.doc).length, ` ${TOKEN}`);
    // Relayed means stored (DESIGN.md §4); the derived text waits 2 s for typing to settle.
    await eventually(() => firstText(peers[1]!.doc).toString().includes(TOKEN), "the edit relayed to the other editor");
    await server.crash();
    for (const p of peers) p.destroy();

    const left = await readAfterCrash(throwaway.location, async (database) => {
      const row = await database.db.query.contracts.findFirst({ where: (c, { eq }) => eq(c.id, contract.id) });
      return row!.plainText;
    });
    // The crash came before the derived text was written: what this test is about.
    expect(left).toBe("Start.");

    server = await startEmbeddedChild(throwaway.location);
    const get = async <T>(path: string): Promise<T> => {
      const res = await fetch(`${server.baseUrl}${path}`, { headers: { cookie: `cw_session=${token}` } });
      expect(res.status).toBe(200);
      return (await res.json()) as T;
    };
    let text = "";
    await eventually(
      async () => {
        text = (await get<DocumentText>(`/api/contracts/${contract.id}/text`)).blocks.map((b) => b.text).join("\n");
        return text.includes(TOKEN);
      },
      "the derived text holds the edit after the restart",
      60_000,
    );
    expect(text).toBe(`Start. ${TOKEN}`);
    expect((await get<{ content: string }>(`/api/contracts/${contract.id}`)).content).toBe(`<p>Start. ${TOKEN}</p>`);
    expect(await server.stop()).toBe(0);
  });
});
