import { afterAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { loadConfig } from "@clausewise/api/env";
import { createSession } from "@clausewise/api/auth/sessions";
import { createCompany, createContract, createUser } from "@clausewise/api/test/factories";
import { freePort, startEmbeddedChild, type ChildServer } from "../test/child";
import { openLocation, readAfterCrash, throwawayDatabase } from "../test/database";
import { connectPeer, containsUpdate, eventually, firstText, sessionHeaders, sleep, storedState, type Peer } from "../test/collab";

/*
 * DESIGN.md §4, issue 7: `kill -9` of the realtime process while 20 people edit, ten times over.
 * After each crash, everything any client had received from another is stored (read from the
 * killed server's database before the next one starts, so the clients' own resync cannot cover a
 * loss); the clients reconnect by themselves to the restarted server on the same port, and all of
 * them converge on one text in which every token typed by anyone appears exactly once.
 */
const databaseUrl = loadConfig().databaseUrl;
const PEERS = 20;
const ROUNDS = 10;
const BASE_TEXT = "Start.";
const TOKEN = /\[p\d\dr\d\di\d+\]/g;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const pad = (n: number, width: number) => String(n).padStart(width, "0");
const tokensIn = (text: string) => text.match(TOKEN) ?? [];
const textOf = (doc: Y.Doc) => firstText(doc).toString();
const typistOf = (token: string) => Number(token.slice(2, 4));
const roundOf = (token: string) => Number(token.slice(5, 7));

/** A random place between two tokens (or at the start), so tokens never split each other. */
function boundary(text: string): number {
  const at = Math.floor(Math.random() * (text.length + 1));
  return text.lastIndexOf("]", at - 1) + 1;
}

/** One merged update of many (duplicates removed first: each relay reaches 19 peers). */
function mergeUnique(updates: Uint8Array[]): Uint8Array | null {
  const unique = new Map<string, Uint8Array>();
  for (const update of updates) unique.set(Buffer.from(update).toString("base64"), update);
  return unique.size > 0 ? Y.mergeUpdates([...unique.values()]) : null;
}

interface Typist {
  peer: Peer;
  index: number;
  /** Updates this peer received from the server (origin === provider) during the current round. */
  received: Uint8Array[];
}

describe("crash recovery of live documents", () => {
  it(`keeps every relayed update through ${ROUNDS} SIGKILLs during ${PEERS} concurrent editors; clients come back by themselves and converge`, { timeout: 600_000 }, async () => {
    const throwaway = await throwawayDatabase(databaseUrl, "crash_recovery");
    cleanups.push(throwaway.drop);
    const location = throwaway.location;

    const setup = await openLocation(location);
    await setup.migrate();
    const company = await createCompany(setup.db);
    // Admins and approvers edit directly; reviewers may only suggest (DECISIONS.md), so none here.
    const tokens: string[] = [];
    for (let i = 0; i < PEERS; i++) {
      const user = await createUser(setup.db, { companyId: company.id, role: i % 2 === 0 ? "admin" : "approver" });
      tokens.push(await createSession(setup.db, user.id));
    }
    const contract = await createContract(setup.db, { companyId: company.id, content: `<p>${BASE_TEXT}</p>` });
    await setup.close(); // PGlite: one process at a time

    const port = await freePort();
    let server: ChildServer = await startEmbeddedChild(location, { port });
    cleanups.push(() => void server.process.kill("SIGKILL"));

    const typists: Typist[] = tokens.map((token, index) => {
      const peer = connectPeer(server.baseUrl, contract.id, sessionHeaders(token));
      const typist: Typist = { peer, index, received: [] };
      peer.doc.on("update", (update: Uint8Array, origin: unknown) => {
        if (origin === peer.provider) typist.received.push(update);
      });
      return typist;
    });
    cleanups.push(() => typists.forEach((t) => t.peer.destroy()));
    await Promise.all(typists.map((t) => t.peer.synced()));

    const everyToken: string[] = [];
    /** Everything any client has received so far, merged. */
    let receivedSoFar: Uint8Array | null = null;
    const totals = { sent: 0, seen: 0, stored: 0, recovered: 0 };

    for (let round = 1; round <= ROUNDS; round++) {
      for (const t of typists) t.received = [];
      const sentThisRound: string[] = [];
      let typing = true;
      const typing$ = typists.map(async (t) => {
        for (let i = 0; typing; i++) {
          const token = `[p${pad(t.index, 2)}r${pad(round, 2)}i${pad(i, 3)}]`;
          const text = firstText(t.peer.doc);
          text.insert(boundary(text.toString()), token);
          sentThisRound.push(token);
          await sleep(50 + Math.random() * 100);
        }
      });

      // Kill mid-stream: once every peer has typed and received a fair amount, at a random moment.
      await eventually(
        () => typists.every((t) => t.received.length >= 30 && sentThisRound.filter((s) => typistOf(s) === t.index).length >= 5),
        `round ${round}: every peer typed and received edits`,
        60_000,
      );
      await sleep(Math.random() * 300);
      await server.crash();
      await sleep(200); // typing goes on for a moment with the server gone
      typing = false;
      await Promise.all(typing$);
      await eventually(() => typists.every((t) => !t.peer.provider.wsconnected), `round ${round}: every client noticed the crash`, 30_000);

      // Seen: a token in the document of someone other than its typist (so relayed by the server).
      const seen = new Set<string>();
      for (const t of typists) for (const token of tokensIn(textOf(t.peer.doc))) if (typistOf(token) !== t.index && roundOf(token) === round) seen.add(token);
      const receivedThisRound = typists.flatMap((t) => t.received);
      const mergedReceived = mergeUnique(receivedThisRound);

      // What the killed server stored, read before any client can resend anything.
      const stored = await readAfterCrash(location, (database) => storedState(database.db, contract.id));
      const storedDoc = new Y.Doc();
      Y.applyUpdate(storedDoc, stored.state);
      const storedTokens = new Set(tokensIn(textOf(storedDoc)).filter((token) => roundOf(token) === round));
      storedDoc.destroy();
      const recovered = [...seen].filter((token) => storedTokens.has(token));
      const figures = { sent: sentThisRound.length, seen: seen.size, stored: storedTokens.size, recovered: recovered.length };
      console.log(
        `round ${round}: updates sent ${figures.sent}, seen by other clients ${figures.seen} (${receivedThisRound.length} deliveries), ` +
          `in the store after the kill ${figures.stored}, recovered ${figures.recovered} of ${figures.seen} seen`,
      );
      for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += figures[key];

      expect(seen.size).toBeGreaterThan(0);
      expect([...seen].filter((token) => !storedTokens.has(token))).toEqual([]);
      if (mergedReceived && !containsUpdate(stored.state, mergedReceived)) {
        const missing = receivedThisRound.filter((update) => !containsUpdate(stored.state, update));
        expect.fail(`round ${round}: ${missing.length} of ${receivedThisRound.length} received updates are not in the store after the kill`);
      }
      receivedSoFar = mergeUnique([...(receivedSoFar ? [receivedSoFar] : []), ...(mergedReceived ? [mergedReceived] : [])]);
      everyToken.push(...sentThisRound);

      // Restart on the same port; the clients find it by themselves.
      server = await startEmbeddedChild(location, { port });
      await eventually(
        () => typists.every((t) => t.peer.provider.wsconnected && t.peer.provider.synced),
        `round ${round}: every client reconnected and synced by itself`,
        90_000,
      );
      const expected = [...everyToken].sort();
      await eventually(
        () => {
          const texts = typists.map((t) => textOf(t.peer.doc));
          return texts.every((text) => text === texts[0]) && tokensIn(texts[0]!).length === expected.length;
        },
        `round ${round}: all ${PEERS} clients converge`,
        60_000,
      );
      const converged = textOf(typists[0]!.peer.doc);
      // Every token exactly once, nothing else duplicated: without the tokens, the base text is left.
      expect(tokensIn(converged).sort()).toEqual(expected);
      expect(converged.replace(TOKEN, "")).toBe(BASE_TEXT);

      // A fresh client reads the restarted server: the same text, and everything anyone received.
      const verifier = connectPeer(server.baseUrl, contract.id, sessionHeaders(tokens[0]!));
      await verifier.synced();
      expect(textOf(verifier.doc)).toBe(converged);
      if (receivedSoFar) expect(containsUpdate(Y.encodeStateAsUpdate(verifier.doc), receivedSoFar)).toBe(true);
      verifier.destroy();
    }

    console.log(
      `total over ${ROUNDS} crashes: updates sent ${totals.sent}, seen by other clients ${totals.seen}, ` +
        `in the store after the kills ${totals.stored}, recovered ${totals.recovered} of ${totals.seen} seen; ` +
        `after reconnecting, ${everyToken.length} tokens in every client's document, each once`,
    );
    expect(totals.recovered).toBe(totals.seen);

    for (const t of typists) t.peer.destroy();
    expect(await server.stop()).toBe(0);
  });
});
