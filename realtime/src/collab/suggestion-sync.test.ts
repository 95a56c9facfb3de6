import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { PUSH_EVENTS } from "@clausewise/shared";
import { createTestApp, type TestApp } from "@clausewise/api/test/app";
import { createContract, createTeam } from "@clausewise/api/test/factories";
import { ensureSeeded, loadDocument } from "@clausewise/api/collab/store";
import { documentSegments } from "@clausewise/api/collab/text-edit";
import type { DomainEvent } from "@clausewise/api/events/bus";
import { createSuggestionSync } from "./suggestion-sync";
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
