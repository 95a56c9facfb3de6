import { randomUUID } from "node:crypto";
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import * as encoding from "lib0/encoding";
import { COLLAB_CLOSE, COLLAB_EVENTS } from "@clausewise/shared";
import { createTestApp, type TestApp } from "@clausewise/api/test/app";
import { createContract, createTeam } from "@clausewise/api/test/factories";
import { grantContractAccess, removeContractAccess } from "@clausewise/api/test/contract-factories";
import { destroyUserSessions } from "@clausewise/api/auth/sessions";
import { sha256 } from "@clausewise/api/auth/tokens";
import { apiKeys } from "@clausewise/api/db/schema/index";
import { suspendCompany } from "@clausewise/api/commands/billing-admin/suspend";
import { eraseContract } from "@clausewise/api/commands/contracts/erase";
import { attachRealtime, type Realtime } from "../server";
import { connectPeer, containsUpdate, eventually, firstText, openRaw, rawOutcome, sessionHeaders, sleep, storedState, textLines, type Peer } from "../test/collab";
import { SUGGESTION_MARKS } from "./suggestions";

let t: TestApp;
let realtime: Realtime;
const peers: Peer[] = [];
const UNLOAD_MS = 300;

beforeAll(async () => {
  t = await createTestApp();
  realtime = attachRealtime(t.server as HttpServer, t.deps, { collab: { unloadDelayMs: UNLOAD_MS, derivedDebounceMs: 50 } });
});
afterEach(() => {
  for (const p of peers.splice(0)) p.destroy();
});
afterAll(async () => {
  await realtime.close();
  await t.close();
});

async function setup() {
  const team = await createTeam(t.deps.db, { plan: "enterprise" });
  const contract = await createContract(t.deps.db, { companyId: team.company.id, content: "<p>1. Scope of Work.</p><p>2. Payment.</p>" });
  return { team, contract };
}

function peer(contractId: string, token: string | null, origin?: string): Peer {
  const p = connectPeer(t.baseUrl, contractId, sessionHeaders(token, origin));
  peers.push(p);
  return p;
}

const logRows = async (contractId: string) => (await storedState(t.deps.db, contractId)).logRows;
const suggestion = { [SUGGESTION_MARKS.insert]: { changeId: null, authorId: "r", authorName: "Reviewer", createdAt: null } };

describe("live documents: protocol and convergence", () => {
  it("serves the seeded document and makes two editors converge on concurrent edits", async () => {
    const { team, contract } = await setup();
    const a = peer(contract.id, team.admin.token, t.baseUrl);
    const b = peer(contract.id, team.approver.token);
    await Promise.all([a.synced(), b.synced()]);
    expect(textLines(a.doc)).toEqual(["1. Scope of Work.", "2. Payment."]);

    firstText(a.doc).insert(0, "[A]");
    firstText(b.doc).insert(firstText(b.doc).length, "[B]");
    await eventually(() => textLines(a.doc)[0] === textLines(b.doc)[0] && textLines(a.doc)[0]!.includes("[A]") && textLines(a.doc)[0]!.includes("[B]"), "convergence");
    expect(textLines(a.doc)[0]).toBe("[A]1. Scope of Work.[B]");
  });

  it("stores an update before any other client receives it", async () => {
    const { team, contract } = await setup();
    const a = peer(contract.id, team.admin.token);
    const b = peer(contract.id, team.approver.token);
    await Promise.all([a.synced(), b.synced()]);
    const checks: Promise<boolean>[] = [];
    b.doc.on("update", (update: Uint8Array, origin: unknown) => {
      if (origin !== b.provider) return;
      // Read the log the moment the update arrives: it must already be there.
      checks.push(storedState(t.deps.db, contract.id).then(({ state }) => containsUpdate(state, update)));
    });
    for (let i = 0; i < 10; i++) {
      firstText(a.doc).insert(0, `${i}`);
      await sleep(i % 3 === 0 ? 0 : 7);
    }
    await eventually(() => textLines(b.doc)[0]!.startsWith("9876543210"), "all ten edits at the other client");
    expect(checks.length).toBeGreaterThan(0);
    expect(await Promise.all(checks)).not.toContain(false);
  });

  it("relays presence (awareness) between clients", async () => {
    const { team, contract } = await setup();
    const a = peer(contract.id, team.admin.token);
    const b = peer(contract.id, team.reviewer.token);
    await Promise.all([a.synced(), b.synced()]);
    a.provider.awareness.setLocalStateField("user", { name: "Ada" });
    const names = () => [...b.provider.awareness.getStates().values()].map((s) => (s as { user?: { name: string } }).user?.name);
    await eventually(() => names().includes("Ada"), "presence");

    // Another connection cannot speak for Ada's client id.
    const mallory = await openRaw(t.baseUrl, contract.id, sessionHeaders(team.approver.token));
    const clock = a.provider.awareness.meta.get(a.doc.clientID)!.clock + 5;
    const forged = encoding.encode((e) => {
      encoding.writeVarUint(e, 1);
      encoding.writeVarUint8Array(
        e,
        encoding.encode((u) => {
          encoding.writeVarUint(u, 1);
          encoding.writeVarUint(u, a.doc.clientID);
          encoding.writeVarUint(u, clock);
          encoding.writeVarString(u, JSON.stringify({ user: { name: "Mallory" } }));
        }),
      );
    });
    mallory.ws.send(forged);
    await sleep(200);
    expect(names()).toContain("Ada");
    expect(names()).not.toContain("Mallory");
    mallory.ws.close();
  });

  it("applies and relays an edit the API stored (collab:update on the bus)", async () => {
    const { team, contract } = await setup();
    const a = peer(contract.id, team.admin.token);
    await a.synced();
    const api = new Y.Doc();
    Y.applyUpdate(api, (await storedState(t.deps.db, contract.id)).state);
    const update = captureUpdate(api, () => firstText(api).insert(0, "REST "));
    await t.deps.bus.publish({ type: COLLAB_EVENTS.update, companyId: team.company.id, contractId: contract.id, payload: { update: Buffer.from(update).toString("base64") } });
    await eventually(() => textLines(a.doc)[0] === "REST 1. Scope of Work.", "the REST edit at the client");
  });
});

describe("live documents: who may connect", () => {
  it("refuses a missing contract, a malformed id and another company's contract alike (4404)", async () => {
    const { team } = await setup();
    const other = await setup();
    const headers = sessionHeaders(team.admin.token);
    const missing = await rawOutcome(t.baseUrl, "3f1e9a52-0c3b-4a57-9d5e-2f8b7c6d1e00", headers);
    const malformed = await rawOutcome(t.baseUrl, "not-a-uuid", headers);
    const foreign = await rawOutcome(t.baseUrl, other.contract.id, headers);
    const noId = await rawOutcome(t.baseUrl, "", headers);
    expect(missing).toEqual({ code: COLLAB_CLOSE.notFound.code, reason: COLLAB_CLOSE.notFound.reason });
    expect(malformed).toEqual(missing);
    expect(foreign).toEqual(missing);
    expect(noId).toEqual(missing);
  });

  it("refuses a signed-out connection before looking the contract up: the same 4401 whether it exists or not", async () => {
    const { contract } = await setup();
    const existing = await rawOutcome(t.baseUrl, contract.id, {});
    const missing = await rawOutcome(t.baseUrl, "3f1e9a52-0c3b-4a57-9d5e-2f8b7c6d1e00", { cookie: "cw_session=forged" });
    expect(existing).toEqual({ code: COLLAB_CLOSE.unauthorized.code, reason: COLLAB_CLOSE.unauthorized.reason });
    expect(missing).toEqual(existing);
  });

  it("refuses an API key, of any scope: live documents take the session cookie only (4401)", async () => {
    const { team, contract } = await setup();
    const key = `cw_${randomUUID()}`;
    await t.deps.db.insert(apiKeys).values({ companyId: team.company.id, userId: team.admin.user.id, name: "ci", prefix: key.slice(0, 10), keyHash: sha256(key), scope: "contracts:write" });
    expect((await t.client().get("/api/contracts", { authorization: `Bearer ${key}` })).status).toBe(200);
    const outcome = await rawOutcome(t.baseUrl, contract.id, { authorization: `Bearer ${key}` });
    expect(outcome).toEqual({ code: COLLAB_CLOSE.unauthorized.code, reason: COLLAB_CLOSE.unauthorized.reason });
  });

  it("refuses a foreign Origin with HTTP 403 before upgrading, even with a valid session", async () => {
    const { team, contract } = await setup();
    expect(await rawOutcome(t.baseUrl, contract.id, sessionHeaders(team.admin.token, "https://evil.example"))).toEqual({ status: 403 });
    const ok = peer(contract.id, team.admin.token, t.baseUrl);
    await ok.synced();
  });

  it("accepts query strings after the document name", async () => {
    const { team, contract } = await setup();
    const outcome = await openRaw(t.baseUrl, `${contract.id}?v=1`, sessionHeaders(team.admin.token));
    outcome.ws.close();
    expect((await outcome.closed).code).toBe(1005);
  });
});

describe("live documents: modes", () => {
  it("drops a read-only client's edits (never stored, never relayed) while it still receives others'", async () => {
    const { team, contract } = await setup();
    await grantContractAccess(t.deps.db, { companyId: team.company.id, contractId: contract.id, userId: team.approver.user.id, accessLevel: "read" });
    const editor = peer(contract.id, team.admin.token);
    const reader = peer(contract.id, team.approver.token);
    await Promise.all([editor.synced(), reader.synced()]);
    const before = await storedState(t.deps.db, contract.id);

    firstText(reader.doc).insert(0, "READER ");
    await sleep(300);
    expect(await logRows(contract.id)).toBe(before.logRows);
    expect(textLines(editor.doc)[0]).toBe("1. Scope of Work.");

    firstText(editor.doc).insert(0, "EDITOR ");
    await eventually(() => textLines(reader.doc)[0]!.includes("EDITOR "), "the editor's change at the reader");
    expect(reader.provider.wsconnected).toBe(true);
  });

  it("lets a reviewer add suggestion-marked text and mark deletions, and refuses a plain edit (4422)", async () => {
    const { team, contract } = await setup();
    const editor = peer(contract.id, team.admin.token);
    const reviewer = peer(contract.id, team.reviewer.token);
    await Promise.all([editor.synced(), reviewer.synced()]);

    firstText(reviewer.doc).insert(0, "Suggested ", suggestion);
    firstText(reviewer.doc).format(3, 5, { [SUGGESTION_MARKS.delete]: { changeId: null, authorId: "r", authorName: "Reviewer", createdAt: null } });
    await eventually(() => textLines(editor.doc)[0] === "Suggested 1. Scope of Work.", "the suggestion at the editor");
    const delta = firstText(editor.doc).toDelta() as { insert: string; attributes?: Record<string, unknown> }[];
    expect(delta.some((op) => op.attributes?.[SUGGESTION_MARKS.delete])).toBe(true);
    const stored = await logRows(contract.id);

    const closed = reviewer.nextClose();
    firstText(reviewer.doc).insert(0, "Direct ");
    expect(await closed).toEqual({ code: COLLAB_CLOSE.suggestionOnly.code, reason: COLLAB_CLOSE.suggestionOnly.reason });
    await sleep(100);
    expect(await logRows(contract.id)).toBe(stored);
    expect(textLines(editor.doc)[0]).toBe("Suggested 1. Scope of Work.");
  });

  it("turns a reviewer's suggestion into a pending change that the approver accepts for everyone", async () => {
    const { team, contract } = await setup();
    const editor = peer(contract.id, team.admin.token);
    const reviewer = peer(contract.id, team.reviewer.token);
    await Promise.all([editor.synced(), reviewer.synced()]);

    const mark = { changeId: "s-1", authorId: team.reviewer.user.id, authorName: "Rae Reviewer", createdAt: new Date().toISOString() };
    firstText(reviewer.doc).insert(0, "Amended ", { [SUGGESTION_MARKS.insert]: mark });
    const approver = t.client();
    approver.useSession(team.approver.token);
    type Change = { id: string; status: string; newText: string; anchor?: unknown };
    let pending: Change | undefined;
    await eventually(async () => {
      const res = await approver.get<Change[]>(`/api/contracts/${contract.id}/changes`);
      pending = res.body.find((c) => c.status === "pending");
      return pending !== undefined;
    }, "the pending change");
    expect(pending).toMatchObject({ newText: "Amended " });

    const accepted = await approver.post(`/api/document-changes/${pending!.id}/approve`, {});
    expect(accepted.status).toBe(200);
    await eventually(() => {
      const delta = firstText(editor.doc).toDelta() as { insert: string; attributes?: Record<string, unknown> }[];
      return textLines(editor.doc)[0] === "Amended 1. Scope of Work." && delta.every((op) => !op.attributes?.[SUGGESTION_MARKS.insert]);
    }, "the accepted text, unmarked, at the editor");
    await eventually(() => textLines(reviewer.doc)[0] === "Amended 1. Scope of Work.", "the accepted text at the reviewer");
  });

  it("keeps an approver's text out of a reviewer's suggestion: rejecting the suggestion leaves it (issue 14)", async () => {
    const { team, contract } = await setup();
    const editor = peer(contract.id, team.approver.token);
    const reviewer = peer(contract.id, team.reviewer.token);
    await Promise.all([editor.synced(), reviewer.synced()]);
    const mark = { changeId: "s-edge", authorId: team.reviewer.user.id, authorName: "Rae Reviewer", createdAt: new Date().toISOString() };
    firstText(reviewer.doc).insert(0, "Amended ", { [SUGGESTION_MARKS.insert]: mark });
    await eventually(() => textLines(editor.doc)[0] === "Amended 1. Scope of Work.", "the suggestion at the approver");

    // Typed inside the suggestion with its mark (what inheriting the mark did): refused, not stored.
    const stored = await logRows(contract.id);
    const closed = editor.nextClose();
    firstText(editor.doc).insert(3, "XX", { [SUGGESTION_MARKS.insert]: mark });
    expect(await closed).toEqual({ code: COLLAB_CLOSE.foreignSuggestion.code, reason: COLLAB_CLOSE.foreignSuggestion.reason });
    await sleep(100);
    expect(await logRows(contract.id)).toBe(stored);

    // Plain text at the suggestion's edge is the approver's own and survives the rejection.
    const approver = peer(contract.id, team.approver.token);
    await approver.synced();
    firstText(approver.doc).insert(8, "and ", { [SUGGESTION_MARKS.insert]: null });
    await eventually(() => textLines(reviewer.doc)[0] === "Amended and 1. Scope of Work.", "the approver's text at the reviewer");
    const rest = t.client();
    rest.useSession(team.approver.token);
    type Change = { id: string; status: string; newText: string };
    let pending: Change | undefined;
    await eventually(async () => {
      const res = await rest.get<Change[]>(`/api/contracts/${contract.id}/changes`);
      pending = res.body.find((c) => c.status === "pending");
      return pending?.newText === "Amended ";
    }, "the pending change");
    expect((await rest.post(`/api/document-changes/${pending!.id}/reject`, { comment: "" })).status).toBe(200);
    await eventually(() => textLines(reviewer.doc)[0] === "and 1. Scope of Work.", "the rejection at the reviewer");
  });

  it("refuses a reviewer deleting text outright", async () => {
    const { team, contract } = await setup();
    const reviewer = peer(contract.id, team.reviewer.token);
    await reviewer.synced();
    const closed = reviewer.nextClose();
    firstText(reviewer.doc).delete(0, 3);
    expect((await closed).code).toBe(COLLAB_CLOSE.suggestionOnly.code);
  });
});

describe("live documents: limits", () => {
  it("closes only the sender of a message over 2 MB (4413)", async () => {
    const { team, contract } = await setup();
    const a = peer(contract.id, team.admin.token);
    const b = peer(contract.id, team.approver.token);
    await Promise.all([a.synced(), b.synced()]);
    const big = await openRaw(t.baseUrl, contract.id, sessionHeaders(team.admin.token));
    big.ws.send(new Uint8Array(2 * 1024 * 1024 + 16));
    expect(await big.closed).toEqual({ code: COLLAB_CLOSE.messageTooBig.code, reason: COLLAB_CLOSE.messageTooBig.reason });
    firstText(a.doc).insert(0, "still here ");
    await eventually(() => textLines(b.doc)[0]!.startsWith("still here "), "others keep working");
  });

  it("closes only the sender of a malformed frame (4400)", async () => {
    const { team, contract } = await setup();
    const a = peer(contract.id, team.admin.token);
    const b = peer(contract.id, team.approver.token);
    await Promise.all([a.synced(), b.synced()]);
    for (const frame of [Uint8Array.of(7), Uint8Array.of(0, 2, 5, 1, 2), "text frame"]) {
      const raw = await openRaw(t.baseUrl, contract.id, sessionHeaders(team.admin.token));
      raw.ws.send(frame);
      expect((await raw.closed).code).toBe(COLLAB_CLOSE.malformed.code);
    }
    firstText(a.doc).insert(0, "fine ");
    await eventually(() => textLines(b.doc)[0]!.startsWith("fine "), "others keep working");
  });

  it("closes a connection that floods messages past its rate (4529, transient)", async () => {
    const { team, contract } = await setup();
    const raw = await openRaw(t.baseUrl, contract.id, sessionHeaders(team.admin.token));
    const query = encoding.encode((e) => encoding.writeVarUint(e, 3));
    for (let i = 0; i < 400; i++) raw.ws.send(query);
    expect((await raw.closed).code).toBe(COLLAB_CLOSE.rateLimited.code);
  });

  it("refuses a client beyond the per-document limit (4429)", async () => {
    const server = createServer();
    const second = attachRealtime(server, t.deps, { collab: { maxClientsPerDocument: 1 } });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const { team, contract } = await setup();
      const first = connectPeer(url, contract.id, sessionHeaders(team.admin.token));
      peers.push(first);
      await first.synced();
      expect(await rawOutcome(url, contract.id, sessionHeaders(team.approver.token))).toEqual({
        code: COLLAB_CLOSE.tooManyClients.code,
        reason: COLLAB_CLOSE.tooManyClients.reason,
      });
    } finally {
      for (const p of peers.splice(0)) p.destroy();
      await second.close();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe("live documents: storage failures", () => {
  it("neither applies nor relays an update whose INSERT failed; its sender reconnects and sends it again", async () => {
    const { team, contract } = await setup();
    const a = peer(contract.id, team.admin.token);
    const b = peer(contract.id, team.approver.token);
    await Promise.all([a.synced(), b.synced()]);
    await t.deps.db.execute("alter table yjs_updates rename to yjs_updates_away");
    let restored = false;
    try {
      const closed = a.nextClose();
      firstText(a.doc).insert(0, "Unsaved? ");
      expect(await closed).toEqual({ code: COLLAB_CLOSE.storageFailed.code, reason: COLLAB_CLOSE.storageFailed.reason });
      expect(textLines(b.doc)[0]).toBe("1. Scope of Work.");
      await t.deps.db.execute("alter table yjs_updates_away rename to yjs_updates");
      restored = true;
    } finally {
      if (!restored) await t.deps.db.execute("alter table yjs_updates_away rename to yjs_updates");
    }
    // The stock client reconnects on a 45xx close and its sync sends what the server lacks.
    await eventually(() => textLines(b.doc)[0] === "Unsaved? 1. Scope of Work.", "the edit after the resync");
    expect(await logRows(contract.id)).toBeGreaterThan(0);
  });
});

describe("live documents: revocation", () => {
  it("downgrades an editor to read-only when access narrows, and closes a deactivated user's connection (4410)", async () => {
    const { team, contract } = await setup();
    const watcher = peer(contract.id, team.admin.token);
    const approver = peer(contract.id, team.approver.token);
    const reviewer = peer(contract.id, team.reviewer.token);
    await Promise.all([watcher.synced(), approver.synced(), reviewer.synced()]);

    await grantContractAccess(t.deps.db, { companyId: team.company.id, contractId: contract.id, userId: team.approver.user.id, accessLevel: "read" });
    await t.deps.bus.publish({ type: COLLAB_EVENTS.accessRevoked, companyId: team.company.id, contractId: contract.id, payload: { userId: team.approver.user.id, contractId: contract.id } });
    await sleep(200);
    const stored = await logRows(contract.id);
    firstText(approver.doc).insert(0, "after narrowing ");
    await sleep(300);
    expect(await logRows(contract.id)).toBe(stored);
    expect(textLines(watcher.doc)[0]).toBe("1. Scope of Work.");

    const closed = reviewer.nextClose();
    await t.deps.db.execute(`update users set is_active = false where id = '${team.reviewer.user.id}'`);
    await t.deps.bus.publish({ type: COLLAB_EVENTS.userDeactivated, companyId: team.company.id, payload: { userId: team.reviewer.user.id } });
    expect(await closed).toEqual({ code: COLLAB_CLOSE.accessRevoked.code, reason: COLLAB_CLOSE.accessRevoked.reason });
    expect(reviewer.provider.shouldConnect).toBe(false);
  });
});

describe("live documents: deletion", () => {
  it("closes every connection of an erased contract as not found (4404), and stores nothing of it again", async () => {
    const { team, contract } = await setup();
    const admin = peer(contract.id, team.admin.token);
    const approver = peer(contract.id, team.approver.token);
    await Promise.all([admin.synced(), approver.synced()]);
    firstText(approver.doc).insert(0, "typed before ");
    await eventually(async () => (await logRows(contract.id)) > 0, "the edit stored");
    const closed = [admin.nextClose(), approver.nextClose()];
    await eraseContract(t.deps, { contractId: contract.id, companyId: team.company.id, actorId: team.admin.user.id, reason: "deleted" });
    const expected = { code: COLLAB_CLOSE.notFound.code, reason: COLLAB_CLOSE.notFound.reason };
    expect(await Promise.all(closed)).toEqual([expected, expected]);
    expect(admin.provider.shouldConnect).toBe(false);
    // Past the unload delay: no compaction, no derived content, no log row came back.
    await sleep(UNLOAD_MS * 3);
    const rows = await t.deps.db.execute(`select (select count(*) from yjs_updates where contract_id = '${contract.id}')::int + (select count(*) from yjs_documents where contract_id = '${contract.id}')::int as n`);
    expect(((Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows)[0] as { n: number }).n).toBe(0);
  });
});

describe("live documents: suspension", () => {
  it("closes every connection of a suspended company at once (4410), and no other company's", async () => {
    const { team, contract } = await setup();
    const other = await setup();
    const admin = peer(contract.id, team.admin.token);
    const reviewer = peer(contract.id, team.reviewer.token);
    const bystander = peer(other.contract.id, other.team.admin.token);
    await Promise.all([admin.synced(), reviewer.synced(), bystander.synced()]);
    const closed = [admin.nextClose(), reviewer.nextClose()];
    await suspendCompany(t.deps, { actor: other.team.admin.user, company: team.company, request: { reason: "Payment overdue" } });
    const expected = { code: COLLAB_CLOSE.accessRevoked.code, reason: COLLAB_CLOSE.accessRevoked.reason };
    expect(await Promise.all(closed)).toEqual([expected, expected]);
    firstText(bystander.doc).insert(0, "still here ");
    await eventually(async () => (await logRows(other.contract.id)) > 0, "the other company's edit stored");
  });
});

describe("live documents: periodic re-check", () => {
  it("closes a connection whose session ended, at the next periodic check (4410)", async () => {
    const server = createServer();
    const second = attachRealtime(server, t.deps, { collab: { revalidateMs: 100 } });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const { team, contract } = await setup();
      const p = connectPeer(url, contract.id, sessionHeaders(team.approver.token));
      peers.push(p);
      await p.synced();
      const closed = p.nextClose();
      await destroyUserSessions(t.deps.db, team.approver.user.id);
      expect(await closed).toEqual({ code: COLLAB_CLOSE.accessRevoked.code, reason: COLLAB_CLOSE.accessRevoked.reason });
    } finally {
      for (const p of peers.splice(0)) p.destroy();
      await second.close();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe("live documents: periodic re-check in bulk", () => {
  it("closes only the connection whose access changed behind the bus's back, one user's documents checked together", async () => {
    const server = createServer();
    const second = attachRealtime(server, t.deps, { collab: { revalidateMs: 100 } });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const mine: Peer[] = [];
    try {
      const team = await createTeam(t.deps.db, { plan: "enterprise" });
      const [kept, revoked] = await Promise.all([1, 2].map((n) => createContract(t.deps.db, { companyId: team.company.id, content: `<p>Contract ${n}.</p>` })));
      for (const contract of [kept!, revoked!]) await grantContractAccess(t.deps.db, { companyId: team.company.id, contractId: contract.id, userId: team.reviewer.user.id, accessLevel: "read" });
      const onKept = connectPeer(url, kept!.id, sessionHeaders(team.reviewer.token));
      const onRevoked = connectPeer(url, revoked!.id, sessionHeaders(team.reviewer.token));
      mine.push(onKept, onRevoked);
      await Promise.all([onKept.synced(), onRevoked.synced()]);
      let keptClosed = false;
      void onKept.nextClose().then(() => (keptClosed = true));
      const closed = onRevoked.nextClose();
      // Straight in the database: no bus event, so only the periodic re-check can see it. Without the
      // read-only grant the reviewer's own role applies again (suggesting): the connection is closed
      // to reconnect in that mode.
      await removeContractAccess(t.deps.db, { contractId: revoked!.id, userId: team.reviewer.user.id });
      expect(await closed).toEqual({ code: COLLAB_CLOSE.accessChanged.code, reason: COLLAB_CLOSE.accessChanged.reason });
      await sleep(350); // three more sweeps
      expect(keptClosed).toBe(false);
    } finally {
      for (const p of mine) p.destroy();
      await second.close();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe("live documents: unload and reload", () => {
  it("unloads a document after its last client left (log compacted, text derived) and reloads it intact", async () => {
    const { team, contract } = await setup();
    const a = peer(contract.id, team.admin.token);
    await a.synced();
    firstText(a.doc).insert(0, "Kept: ");
    await eventually(async () => (await logRows(contract.id)) > 0, "the edit stored");
    a.destroy();
    peers.splice(peers.indexOf(a), 1);

    await eventually(async () => (await logRows(contract.id)) === 0, "the log folded into the state row on unload");
    await eventually(async () => {
      const row = await t.deps.db.query.contracts.findFirst({ where: (c, { eq }) => eq(c.id, contract.id) });
      return row?.plainText === "Kept: 1. Scope of Work.\n2. Payment.";
    }, "the derived plain text");

    const again = peer(contract.id, team.approver.token);
    await again.synced();
    expect(textLines(again.doc)).toEqual(["Kept: 1. Scope of Work.", "2. Payment."]);
  });
});

function captureUpdate(doc: Y.Doc, edit: () => void): Uint8Array {
  const updates: Uint8Array[] = [];
  const collect = (u: Uint8Array) => updates.push(u);
  doc.on("update", collect);
  edit();
  doc.off("update", collect);
  return Y.mergeUpdates(updates);
}
