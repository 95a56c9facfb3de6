import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import * as Y from "yjs";
import { loadConfig } from "@clausewise/api/env";
import type { Database } from "@clausewise/api/db/client";
import { createCompany, createContract } from "@clausewise/api/test/factories";
import { openDatabase } from "@clausewise/api/db/client";
import { openLocation, throwawayDatabase, type ThrowawayDatabase } from "../test/database";
import { storedState } from "../test/collab";
import { createLogger } from "@clausewise/api/logger";
import { DocumentLog, GroupCommit } from "./group-commit";
import { createDocumentStore, type DocumentPersistence } from "./persistence";

/*
 * The group commit's write (api/src/collab/live-append.ts appendLiveUpdateGroups, through the
 * realtime store): several documents in one statement; a locked text refused, nothing of it stored;
 * a contract row held FOR UPDATE by someone else (an approval, a refresh of the derived content)
 * skipped at once as "busy" rather than waited for, so it cannot hold up the other documents.
 */
const databaseUrl = loadConfig().databaseUrl;
let throwaway: ThrowawayDatabase;
let database: Database;

beforeAll(async () => {
  throwaway = await throwawayDatabase(databaseUrl, "group_write");
  database = await openLocation(throwaway.location);
  await database.migrate();
});
afterAll(async () => {
  await database?.close();
  await throwaway?.drop();
});

const textUpdate = (text: string) => {
  const doc = new Y.Doc();
  doc.getText("t").insert(0, text);
  return Y.encodeStateAsUpdate(doc);
};
const textOf = (state: Uint8Array) => {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  return doc.getText("t").toString();
};

describe("group commit write", () => {
  it("stores several documents' updates in one write, refuses locked texts, and reports each outcome in order", async () => {
    const company = await createCompany(database.db);
    const open1 = await createContract(database.db, { companyId: company.id });
    const open2 = await createContract(database.db, { companyId: company.id });
    const approved = await createContract(database.db, { companyId: company.id, status: "approved" });
    const store = createDocumentStore(database.db);
    const outcomes = await store.appendGroup!([
      { contractId: open1.id, updates: [textUpdate("one-a"), textUpdate("one-b")] },
      { contractId: approved.id, updates: [textUpdate("locked")] },
      { contractId: open2.id.toUpperCase(), updates: [textUpdate("two")] },
    ]);
    expect(outcomes.map((o) => o.outcome)).toEqual(["stored", "locked", "stored"]);
    // The ids of the rows stored, per document (a live document notes what of the store it holds).
    expect(outcomes.map((o) => o.ids.length)).toEqual([2, 0, 1]);
    const logged = await database.db.query.yjsUpdates.findMany({ where: (t, { eq }) => eq(t.contractId, open1.id) });
    expect(new Set(outcomes[0]!.ids)).toEqual(new Set(logged.map((r) => r.id)));
    const one = await storedState(database.db, open1.id);
    expect(one.logRows).toBe(2);
    expect(textOf(one.state)).toMatch(/one-a/);
    expect(textOf(one.state)).toMatch(/one-b/);
    expect(textOf((await storedState(database.db, open2.id)).state)).toBe("two");
    expect((await storedState(database.db, approved.id)).logRows).toBe(0);
  });

  it("reports a missing contract as busy (the lone append then refuses it) and stores the rest", async () => {
    const company = await createCompany(database.db);
    const open = await createContract(database.db, { companyId: company.id });
    const store = createDocumentStore(database.db);
    const outcomes = await store.appendGroup!([
      { contractId: "00000000-0000-4000-8000-000000000000", updates: [textUpdate("gone")] },
      { contractId: open.id, updates: [textUpdate("kept")] },
    ]);
    expect(outcomes.map((o) => o.outcome)).toEqual(["busy", "stored"]);
    await expect(store.append("00000000-0000-4000-8000-000000000000", [textUpdate("gone")])).rejects.toThrow(/locked/);
    expect(textOf((await storedState(database.db, open.id)).state)).toBe("kept");
  });

  // Groups of any size are one statement text: the server parses it once per connection, and keeps
  // one prepared statement, however many documents and updates the groups carry.
  it.runIf(Boolean(databaseUrl))("writes groups of every size with one prepared statement (PostgreSQL)", async () => {
    const one = await openDatabase({ url: (throwaway.location as { url: string }).url, maxConnections: 1 });
    try {
      const company = await createCompany(one.db);
      const docs = await Promise.all([1, 2, 3].map(() => createContract(one.db, { companyId: company.id })));
      const store = createDocumentStore(one.db);
      for (const size of [1, 2, 3]) {
        const outcomes = await store.appendGroup!(docs.slice(0, size).map((d, i) => ({ contractId: d.id, updates: Array.from({ length: i + size }, (_, k) => textUpdate(`${size}-${k}`)) })));
        expect(outcomes.map((o) => o.outcome)).toEqual(Array(size).fill("stored"));
      }
      const prepared = await one.db.execute<{ n: number }>(`select count(*)::int as n from pg_prepared_statements where statement like '%json_array_elements%'`);
      expect((prepared as unknown as { n: number }[])[0]!.n).toBe(1);
      expect((await storedState(one.db, docs[0]!.id)).logRows).toBe(1 + 2 + 3);
      expect((await storedState(one.db, docs[2]!.id)).logRows).toBe(5);
    } finally {
      await one.close();
    }
  });

  // PGlite has a single connection: no other transaction can hold a row while the group writes.
  it.runIf(Boolean(databaseUrl))(
    "skips a contract row another transaction holds FOR UPDATE without waiting (PostgreSQL: several connections)",
    async () => {
      const company = await createCompany(database.db);
      const held = await createContract(database.db, { companyId: company.id });
      const free = await createContract(database.db, { companyId: company.id });
      const store = createDocumentStore(database.db);
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const lockTaken = new Promise<void>((r) => (locked = r));
      const holder = database.db.transaction(async (tx) => {
        await tx.execute(`select id from contracts where id = '${held.id}' for update`);
        locked();
        await released;
      });
      await lockTaken;
      const started = performance.now();
      const outcomes = await store.appendGroup!([
        { contractId: held.id, updates: [textUpdate("waits")] },
        { contractId: free.id, updates: [textUpdate("goes")] },
      ]);
      const tookMs = performance.now() - started;
      expect(outcomes.map((o) => o.outcome)).toEqual(["busy", "stored"]);
      expect(tookMs).toBeLessThan(5_000);
      // The lone append waits for the row, then stores.
      const alone = store.append(held.id, [textUpdate("waits")]);
      release();
      await holder;
      await alone;
      expect(textOf((await storedState(database.db, held.id)).state)).toBe("waits");
      expect(textOf((await storedState(database.db, free.id)).state)).toBe("goes");
    },
  );
});

describe("group commit spacing under load", () => {
  /** A writer over a store that keeps each write's groups and commits at once. */
  function writer(spacingMs: number) {
    const writes: string[][] = [];
    const store = {
      load: () => Promise.reject(new Error("not used")),
      append: () => Promise.reject(new Error("not used")),
      compact: async () => {},
      refreshDerived: async () => {},
      withLoggedUpdates: async () => [],
      appendGroup: async (batches: { contractId: string; updates: Uint8Array[] }[]) => {
        writes.push(batches.flatMap((b) => b.updates.map((u) => `${b.contractId}:${new TextDecoder().decode(u)}`)));
        return batches.map(() => ({ outcome: "stored" as const, ids: [] }));
      },
    } satisfies DocumentPersistence;
    const group = new GroupCommit(store, createLogger("silent"), { lingerMs: 0, spacingMs, maxUpdates: 100, maxBytes: 1 << 20, parallelWrites: 1 });
    const handlers = { committed: () => {}, failed: () => {} };
    const logs = ["a", "b", "c"].map((id) => new DocumentLog<{ update: Uint8Array }>(id, group, handlers));
    const add = (i: number, text: string) => logs[i]!.add({ update: new TextEncoder().encode(text) });
    return { writes, logs, add };
  }
  const turn = () => new Promise((resolve) => setImmediate(resolve));

  it("writes at once when no write started lately, and gathers what arrives within the spacing into the next write", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }); // the spacing's timer; setImmediate stays real
    onTestFinished(() => void vi.useRealTimers());
    const { writes, logs, add } = writer(60_000);
    add(0, "1");
    await turn();
    await turn();
    expect(writes).toEqual([["a:1"]]); // a quiet writer does not wait
    for (const [i, text] of [[1, "2"], [0, "3"], [2, "4"]] as const) {
      add(i, text);
      await turn();
      await turn();
    }
    expect(writes).toHaveLength(1); // within the spacing: they wait for the next write
    add(1, "5");
    await vi.advanceTimersByTimeAsync(60_000);
    await Promise.all(logs.map((log) => log.flush()));
    expect(writes).toHaveLength(2);
    expect(writes[1]!.sort()).toEqual(["a:3", "b:2", "b:5", "c:4"]);
  });

  it("without spacing, writes each tick's updates at once", async () => {
    const { writes, add } = writer(0);
    for (const [i, text] of [[0, "1"], [1, "2"], [0, "3"]] as const) {
      add(i, text);
      await turn();
      await turn();
    }
    expect(writes).toEqual([["a:1"], ["b:2"], ["a:3"]]);
  });
});
