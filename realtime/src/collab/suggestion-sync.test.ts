import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { PUSH_EVENTS } from "@clausewise/shared";
import { createTestApp, type TestApp } from "@clausewise/api/test/app";
import { createContract, createTeam } from "@clausewise/api/test/factories";
import { ensureSeeded, loadDocument } from "@clausewise/api/collab/store";
import { documentSegments } from "@clausewise/api/collab/text-edit";
import type { DomainEvent } from "@clausewise/api/events/bus";
import { createSuggestionSync, SUGGESTION_RESYNC_MS } from "./suggestion-sync";
import { changesOnlySuggestions } from "./suggestions";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("createSuggestionSync", () => {
  it("turns a reviewer's marked edit (one the server accepts) into a pending change and publishes change:new", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, { companyId: team.company.id, content: "<p>Pay within 30 days.</p>", createdBy: team.admin.user.id });
    await ensureSeeded(t.deps.db, { contractId: contract.id });
    const { doc } = await loadDocument(t.deps.db, contract.id);
    const before = new Y.Doc();
    Y.applyUpdate(before, Y.encodeStateAsUpdate(doc));

    const segment = documentSegments(doc).find((s) => s.node)!;
    const index = segment.text.indexOf("30");
    const mark = { changeId: "rt-1", authorId: team.reviewer.user.id, authorName: "Rae", createdAt: "2026-11-22T03:00:00.000Z" };
    const updates: Uint8Array[] = [];
    doc.on("update", (u: Uint8Array) => updates.push(u));
    doc.transact(() => {
      segment.node!.format(index, 2, { suggestionDelete: mark });
      segment.node!.insert(index + 2, "45", { suggestionInsert: mark });
    });
    expect(changesOnlySuggestions(before, [], Y.mergeUpdates(updates))).toBe(true);

    const events: DomainEvent[] = [];
    const stop = t.deps.bus.subscribe((e) => events.push(e));
    try {
      await createSuggestionSync(t.deps).sync(contract.id, doc);
    } finally {
      stop();
    }
    const res = await (async () => {
      const client = t.client();
      client.useSession(team.approver.token);
      return client.get<{ anchor?: unknown; status: string; originalText: string; newText: string }[]>(`/api/contracts/${contract.id}/changes`);
    })();
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ status: "pending", originalText: "30", newText: "45" })]);
    expect(events.map((e) => e.type)).toContain(PUSH_EVENTS.changeNew);
  });
});

describe("syncs that would change nothing", () => {
  const mark = (id: string, authorId: string) => ({ changeId: id, authorId, authorName: "Rae", createdAt: "2026-11-22T03:00:00.000Z" });

  /** Two instances' copies of one contract's document, each with its own sync, and the contract's changes as the API lists them. */
  async function twoInstances() {
    const team = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, { companyId: team.company.id, content: "<p>Pay within 30 days.</p>", createdBy: team.admin.user.id });
    await ensureSeeded(t.deps.db, { contractId: contract.id });
    const a = (await loadDocument(t.deps.db, contract.id)).doc;
    const b = (await loadDocument(t.deps.db, contract.id)).doc;
    const changes = async () => {
      const client = t.client();
      client.useSession(team.approver.token);
      const res = await client.get<{ status: string; originalText: string }[]>(`/api/contracts/${contract.id}/changes`);
      expect(res.status).toBe(200);
      return res.body.map((c) => c.status);
    };
    /** B suggests deleting "30" and syncs: a pending change backed by B's mark; returns the update. */
    const suggestInB = async () => {
      const updates: Uint8Array[] = [];
      const collect = (u: Uint8Array) => updates.push(u);
      b.on("update", collect);
      const segment = documentSegments(b).find((s) => s.node)!;
      segment.node!.format(segment.text.indexOf("30"), 2, { suggestionDelete: mark("rt-b", team.reviewer.user.id) });
      b.off("update", collect);
      await createSuggestionSync(t.deps).sync(contract.id, b);
      return Y.mergeUpdates(updates);
    };
    return { contract, a, b, changes, suggestInB, syncA: createSuggestionSync(t.deps) };
  }

  it("skips a document's sync while no suggestion came into it since one that found none, for at most SUGGESTION_RESYNC_MS", async () => {
    const { contract, a, changes, suggestInB, syncA } = await twoInstances();
    await syncA.sync(contract.id, a); // finds no suggestion
    await suggestInB();
    expect(await changes()).toEqual(["pending"]);
    // A has not received B's mark: a sync of A would withdraw B's change; it is skipped.
    await syncA.sync(contract.id, a);
    expect(await changes()).toEqual(["pending"]);
    t.setNow(new Date(Date.now() + SUGGESTION_RESYNC_MS + 1_000));
    try {
      await syncA.sync(contract.id, a); // the bound: synced again, and A still holds no mark
      expect(await changes()).toEqual(["rejected"]); // withdrawn by its author
    } finally {
      t.setNow(null);
    }
  });

  it("syncs again once a suggestion came into the document, even one already gone again", async () => {
    const { contract, a, changes, suggestInB, syncA } = await twoInstances();
    await syncA.sync(contract.id, a);
    const suggested = await suggestInB();
    // A receives B's mark and, in the same transaction, its removal: A holds no suggestion, but one came in.
    a.transact(() => {
      Y.applyUpdate(a, suggested);
      const segment = documentSegments(a).find((s) => s.node)!;
      segment.node!.format(segment.text.indexOf("30"), 2, { suggestionDelete: null });
    });
    await syncA.sync(contract.id, a);
    expect(await changes()).toEqual(["rejected"]); // withdrawn by its author
  });
});
