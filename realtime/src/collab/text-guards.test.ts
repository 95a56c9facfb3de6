import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { COLLAB_CLOSE, COLLAB_FRAGMENT } from "@clausewise/shared";
import { createTestApp, type TestApp } from "@clausewise/api/test/app";
import { createContract, createTeam } from "@clausewise/api/test/factories";
import { signedIn } from "@clausewise/api/test/review-factories";
import { attachRealtime, type Realtime } from "../server";
import { connectPeer, eventually, firstText, sessionHeaders, sleep, storedState, textLines, type Peer } from "../test/collab";
import { SUGGESTION_MARKS } from "./suggestions";

/*
 * Issue 14: the live document's guards. Approval locks the text (connections turn read-only at
 * once, and nothing reaches the log after the approval); a document has a size cap; every update
 * must fit the editor schema. In each case only the sender is closed, with a reason, and nobody
 * else sees or loses anything.
 */

let t: TestApp;
let realtime: Realtime;
const peers: Peer[] = [];

beforeAll(async () => {
  t = await createTestApp();
  realtime = attachRealtime(t.server as HttpServer, t.deps, { collab: { unloadDelayMs: 300, derivedDebounceMs: 50 } });
});
afterEach(() => {
  for (const p of peers.splice(0)) p.destroy();
});
afterAll(async () => {
  await realtime.close();
  await t.close();
});

async function setup() {
  const team = await createTeam(t.deps.db);
  const contract = await createContract(t.deps.db, { companyId: team.company.id, content: "<p>1. Scope of Work.</p><p>2. Payment.</p>", createdBy: team.admin.user.id });
  return { team, contract };
}

function peer(contractId: string, token: string, baseUrl = t.baseUrl): Peer {
  const p = connectPeer(baseUrl, contractId, sessionHeaders(token));
  peers.push(p);
  return p;
}

const close = (name: keyof typeof COLLAB_CLOSE) => ({ code: COLLAB_CLOSE[name].code, reason: COLLAB_CLOSE[name].reason });
const storedText = async (contractId: string) => {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, (await storedState(t.deps.db, contractId)).state);
  return textLines(doc);
};
const suggestion = (authorId: string) => ({ [SUGGESTION_MARKS.insert]: { changeId: null, authorId, authorName: "Reviewer", createdAt: null } });

describe("approval locks the live document", () => {
  it("closes writing connections when the contract is submitted (4423), keeps reconnections read-only, and opens them again on reopening", async () => {
    const { team, contract } = await setup();
    const approver = peer(contract.id, team.approver.token);
    const reviewer = peer(contract.id, team.reviewer.token);
    await Promise.all([approver.synced(), reviewer.synced()]);
    firstText(approver.doc).insert(0, "Before. ");
    await eventually(async () => (await storedText(contract.id))[0] === "Before. 1. Scope of Work.", "the edit before submission stored");

    const closed = [approver.nextClose(), reviewer.nextClose()];
    expect((await signedIn(t, team.reviewer.token).post(`/api/contracts/${contract.id}/submit`, {})).status).toBe(200);
    expect(await Promise.all(closed)).toEqual([close("locked"), close("locked")]);
    expect(approver.provider.shouldConnect).toBe(false);

    // Opened again while pending approval: read-only, so typing reaches nobody and nothing is stored.
    const reader = peer(contract.id, team.approver.token);
    const watcher = peer(contract.id, team.admin.token);
    await Promise.all([reader.synced(), watcher.synced()]);
    const rows = (await storedState(t.deps.db, contract.id)).logRows;
    firstText(reader.doc).insert(0, "Typed while locked. ");
    await sleep(300);
    expect((await storedState(t.deps.db, contract.id)).logRows).toBe(rows);
    expect(textLines(watcher.doc)[0]).toBe("Before. 1. Scope of Work.");

    // Reopened for changes: the read-only connections reconnect by themselves in the new mode, and
    // what was typed meanwhile travels with the resync.
    const reconnecting = reader.nextClose();
    expect((await signedIn(t, team.approver.token).post(`/api/contracts/${contract.id}/reopen-for-changes`, { reason: "Fix the scope." })).status).toBe(200);
    expect(await reconnecting).toEqual(close("accessChanged"));
    await eventually(() => textLines(watcher.doc)[0] === "Typed while locked. Before. 1. Scope of Work.", "the resynced edit reached the others");
    await eventually(async () => (await storedText(contract.id))[0] === "Typed while locked. Before. 1. Scope of Work.", "and is stored");
  });

  it("stores nothing after the approval committed, even before the bus says so (the append re-reads the status)", async () => {
    const { team, contract } = await setup();
    const approver = peer(contract.id, team.approver.token);
    await approver.synced();
    // The status changes without the event that would close the connection first.
    await t.deps.db.execute(`update contracts set status = 'approved' where id = '${contract.id}'`);
    const closed = approver.nextClose();
    firstText(approver.doc).insert(0, "After approval. ");
    expect(await closed).toEqual(close("locked"));
    expect(await storedText(contract.id)).toEqual(["1. Scope of Work.", "2. Payment."]);
  });
});

describe("the editor schema", () => {
  it("refuses a script element or an unknown mark from its sender (4415); the others never see it and a reviewer keeps suggesting", async () => {
    const { team, contract } = await setup();
    const attacker = peer(contract.id, team.approver.token);
    const reviewer = peer(contract.id, team.reviewer.token);
    await Promise.all([attacker.synced(), reviewer.synced()]);

    const closed = attacker.nextClose();
    const script = new Y.XmlElement("script");
    script.insert(0, [new Y.XmlText("alert(1)")]);
    attacker.doc.getXmlFragment(COLLAB_FRAGMENT).insert(0, [script]);
    expect(await closed).toEqual(close("invalidContent"));
    expect(attacker.provider.shouldConnect).toBe(false);

    const marker = peer(contract.id, team.admin.token);
    await marker.synced();
    const markClosed = marker.nextClose();
    firstText(marker.doc).format(0, 2, { onclick: { js: "steal()" } });
    expect(await markClosed).toEqual(close("invalidContent"));

    // The reviewer's editor never held the element, so it has nothing to delete, and suggesting goes on.
    firstText(reviewer.doc).insert(0, "Suggested ", suggestion(team.reviewer.user.id));
    await eventually(async () => (await storedText(contract.id))[0] === "Suggested 1. Scope of Work.", "the reviewer's suggestion stored");
    expect(reviewer.closes).toEqual([]);
    const stored = new Y.Doc();
    Y.applyUpdate(stored, (await storedState(t.deps.db, contract.id)).state);
    expect(stored.getXmlFragment(COLLAB_FRAGMENT).toArray().map((n) => (n instanceof Y.XmlElement ? n.nodeName : "text"))).toEqual(["paragraph", "paragraph"]);
  });
});

describe("the size cap", () => {
  it("refuses an edit that would grow the document past the limit (4414); smaller edits and other editors go on", async () => {
    const server = createServer();
    const capped = attachRealtime(server, t.deps, { collab: { maxDocumentChars: 2_000 } });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const { team, contract } = await setup();
      const grower = peer(contract.id, team.approver.token, url);
      const other = peer(contract.id, team.admin.token, url);
      await Promise.all([grower.synced(), other.synced()]);
      firstText(grower.doc).insert(0, "a".repeat(1_000));
      await eventually(() => textLines(other.doc)[0]!.startsWith("a".repeat(1_000)), "an edit under the cap reached the other editor");

      const closed = grower.nextClose();
      firstText(grower.doc).insert(0, "b".repeat(1_500));
      expect(await closed).toEqual(close("documentTooLarge"));
      await sleep(200);
      expect(textLines(other.doc)[0]).not.toContain("b");
      expect((await storedText(contract.id))[0]).not.toContain("b");

      // Deleting makes room again: the count follows the document, not its history.
      firstText(other.doc).delete(0, 1_000);
      firstText(other.doc).insert(0, "c".repeat(1_500));
      await eventually(async () => (await storedText(contract.id))[0]!.startsWith("c".repeat(1_500)), "a later edit under the cap stored");
      expect(other.closes).toEqual([]);
    } finally {
      for (const p of peers.splice(0)) p.destroy();
      await capped.close();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
