import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import type { Database } from "../db/client";
import { analyses, contracts, documentChanges, markups, yjsDocuments, yjsUpdates } from "../db/schema";
import { plannedReanalysis, REANALYSIS_DELAY_MS } from "../analysis/refresh";
import { formatChangePosition, parseChangePosition } from "@clausewise/shared";
import { createLocalBus, type DomainEvent } from "../events/bus";
import { loadConfig } from "../env";
import { createTestDatabase } from "../test/db";
import { createCompany, createContract } from "../test/factories";
import { commitDocumentEdit, COLLAB_UPDATE_EVENT, parseCollabUpdateEvent } from "./commit";
import { applyHtmlToDoc, ydocToHtml, ydocToPlainText } from "./convert";
import { appendUpdates, compact, COMPACT_BATCH, compactLive, coverCompactPass, ensureSeeded, loadDocument, refreshDerivedContent, type LiveCoverage } from "./store";
import { mergeIntoState } from "./merge";
import { applyTextEditToDoc, documentText } from "./text-edit";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase(loadConfig().databaseUrl);
});
afterAll(() => database.close());

const db = () => database.db;

async function newContract(content = "<h2>1. Payment</h2><p>Net 30 days.</p>") {
  const company = await createCompany(db());
  return createContract(db(), { companyId: company.id, content });
}

const logOf = (contractId: string) => db().select().from(yjsUpdates).where(eq(yjsUpdates.contractId, contractId)).orderBy(yjsUpdates.id);
const stateOf = async (contractId: string) => (await db().select().from(yjsDocuments).where(eq(yjsDocuments.contractId, contractId)))[0];
const contractRow = async (id: string) => (await db().select().from(contracts).where(eq(contracts.id, id)))[0]!;

/** What a live editor would send: an edit made on its own replica of the stored document. */
async function clientEdit(contractId: string, edit: (doc: Y.Doc) => Uint8Array | null): Promise<Uint8Array> {
  const { doc } = await loadDocument(db(), contractId);
  return edit(doc)!;
}

describe("ensureSeeded", () => {
  it("seeds once from contracts.content, even when called concurrently", async () => {
    const contract = await newContract("<h2>1. Payment</h2>\n<p>Net  30 days.</p>");
    const results = await Promise.all([ensureSeeded(db(), { contractId: contract.id }), ensureSeeded(db(), { contractId: contract.id }), ensureSeeded(db(), { contractId: contract.id })]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await db().select().from(yjsDocuments).where(eq(yjsDocuments.contractId, contract.id))).toHaveLength(1);
    expect(await ensureSeeded(db(), { contractId: contract.id })).toBe(false);

    const { doc } = await loadDocument(db(), contract.id);
    expect(ydocToPlainText(doc)).toBe("1. Payment\nNet  30 days.");
    // contracts.content takes the editor's form of the same text; updatedAt stays (nobody edited).
    const row = await contractRow(contract.id);
    expect(row.content).toBe("<h2>1. Payment</h2><p>Net  30 days.</p>");
    expect(row.plainText).toBe(contract.plainText);
    expect(row.updatedAt.getTime()).toBe(contract.updatedAt.getTime());
  });

  it("answers 404 for a contract that does not exist", async () => {
    await expect(ensureSeeded(db(), { contractId: "00000000-0000-4000-8000-000000000000" })).rejects.toMatchObject({ status: 404 });
  });
});

describe("loadDocument, appendUpdates", () => {
  it("loads the state row plus every update of the log, in one document", async () => {
    const contract = await newContract();
    await ensureSeeded(db(), { contractId: contract.id });
    const first = await clientEdit(contract.id, (doc) => applyTextEditToDoc(doc, 15, 17, "45"));
    const second = await clientEdit(contract.id, (doc) => applyTextEditToDoc(doc, documentText(doc).length, documentText(doc).length, " Holdback 10%."));
    const lastId = await appendUpdates(db(), contract.id, [first, second]);
    expect(await appendUpdates(db(), contract.id, [])).toBeNull();

    const log = await logOf(contract.id);
    expect(log).toHaveLength(2);
    expect(lastId).toBe(log[1]!.id);
    const loaded = await loadDocument(db(), contract.id);
    expect(loaded.lastUpdateId).toBe(lastId);
    expect(documentText(loaded.doc)).toBe("1. Payment\nNet 45 days. Holdback 10%.");
  });

  it("applies a log row that became visible after a higher id was merged (sequence ids commit out of order)", async () => {
    const contract = await newContract();
    await ensureSeeded(db(), { contractId: contract.id });
    const early = await clientEdit(contract.id, (doc) => applyTextEditToDoc(doc, 0, 0, "A "));
    // A transaction takes its id from the sequence, and commits only after a later id was merged.
    const [reserved] = await db()
      .select({ id: sql<string>`nextval(pg_get_serial_sequence('yjs_updates', 'id'))` })
      .from(contracts)
      .where(eq(contracts.id, contract.id));
    const earlyId = Number(reserved!.id);
    await appendUpdates(db(), contract.id, [await clientEdit(contract.id, (doc) => applyTextEditToDoc(doc, 3, 3, "B"))]);
    await compact(db(), contract.id);
    expect((await stateOf(contract.id))!.lastUpdateId).toBeGreaterThan(earlyId);
    await db().execute(sql`insert into yjs_updates (id, contract_id, "update") values (${earlyId}, ${contract.id}, ${early})`);

    expect(documentText((await loadDocument(db(), contract.id)).doc)).toBe("A 1. BPayment\nNet 30 days.");
    await compact(db(), contract.id);
    expect(await logOf(contract.id)).toEqual([]);
    expect(documentText((await loadDocument(db(), contract.id)).doc)).toBe("A 1. BPayment\nNet 30 days.");
  });
});

describe("compact", () => {
  it("folds the log into the state row, keeps the content and empties the log", async () => {
    const contract = await newContract();
    await ensureSeeded(db(), { contractId: contract.id });
    for (const word of ["one", "two", "three", "four"]) {
      await appendUpdates(db(), contract.id, [await clientEdit(contract.id, (doc) => applyTextEditToDoc(doc, documentText(doc).length, documentText(doc).length, ` ${word}`))]);
    }
    const before = ydocToHtml((await loadDocument(db(), contract.id)).doc);
    const maxId = Math.max(...(await logOf(contract.id)).map((r) => r.id));

    const result = await compact(db(), contract.id);
    expect(result).toEqual({ merged: 4, lastUpdateId: maxId });
    expect(await logOf(contract.id)).toEqual([]);
    expect((await stateOf(contract.id))!.lastUpdateId).toBe(maxId);
    expect(ydocToHtml((await loadDocument(db(), contract.id)).doc)).toBe(before);
    expect(before).toContain("Net 30 days. one two three four");
    expect(await compact(db(), contract.id)).toEqual({ merged: 0, lastUpdateId: maxId });
  });

  it("loses nothing appended while compactions run", async () => {
    const contract = await newContract("<p>start</p>");
    await ensureSeeded(db(), { contractId: contract.id });
    // Independent replicas, as several live editors would be.
    const replicas = await Promise.all([0, 1, 2].map(async () => (await loadDocument(db(), contract.id)).doc));
    const appends = replicas.flatMap((doc, r) =>
      [0, 1, 2, 3].map(async (i) => {
        const update = applyTextEditToDoc(doc, documentText(doc).length, documentText(doc).length, ` r${r}i${i}`)!;
        await appendUpdates(db(), contract.id, [update]);
      }),
    );
    await Promise.all([...appends, compact(db(), contract.id), compact(db(), contract.id)]);
    await compact(db(), contract.id);
    const text = documentText((await loadDocument(db(), contract.id)).doc);
    for (const r of [0, 1, 2]) for (const i of [0, 1, 2, 3]) expect(text).toContain(`r${r}i${i}`);
    expect(await logOf(contract.id)).toEqual([]);
  });

  it("folds a log longer than one batch in several passes, deleting exactly the rows merged", async () => {
    const contract = await newContract("<p>start</p>");
    await ensureSeeded(db(), { contractId: contract.id });
    const { doc } = await loadDocument(db(), contract.id);
    const updates: Uint8Array[] = [];
    for (let i = 0; i < COMPACT_BATCH * 2 + 7; i++) updates.push(applyTextEditToDoc(doc, documentText(doc).length, documentText(doc).length, ` w${i}`)!);
    for (let i = 0; i < updates.length; i += 50) await appendUpdates(db(), contract.id, updates.slice(i, i + 50));

    const result = await compact(db(), contract.id);
    expect(result.merged).toBe(COMPACT_BATCH * 2 + 7);
    expect(await logOf(contract.id)).toEqual([]);
    expect(documentText((await loadDocument(db(), contract.id)).doc)).toBe(documentText(doc));
  });

  it("a compaction that another one overtook while it merged starts again and loses nothing", async () => {
    const contract = await newContract("<p>start</p>");
    await ensureSeeded(db(), { contractId: contract.id });
    const edit = async (word: string) => appendUpdates(db(), contract.id, [await clientEdit(contract.id, (doc) => applyTextEditToDoc(doc, documentText(doc).length, documentText(doc).length, ` ${word}`))]);
    await edit("one");
    await edit("two");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let slowMerges = 0;
    const slow = compact(db(), contract.id, {
      merge: async (state, updates) => {
        if (slowMerges++ === 0) await held; // the first attempt merges what it read, then waits
        return mergeIntoState(state, updates);
      },
    });
    await new Promise((r) => setTimeout(r, 50));
    // Meanwhile: more typing, and a compaction that commits first.
    await edit("three");
    expect((await compact(db(), contract.id)).merged).toBe(3);
    await edit("four");
    release();
    const result = await slow;
    // Its first attempt found the state changed and was dropped; the second merged what was left.
    expect(slowMerges).toBe(2);
    expect(result.merged).toBe(1);
    expect(await logOf(contract.id)).toEqual([]);
    expect(documentText((await loadDocument(db(), contract.id)).doc)).toBe("start one two three four");
  });

  it("garbage-collects deleted text", async () => {
    const contract = await newContract("<p>x</p>");
    await ensureSeeded(db(), { contractId: contract.id });
    const long = "deleted words ".repeat(500);
    await appendUpdates(db(), contract.id, [await clientEdit(contract.id, (doc) => applyTextEditToDoc(doc, 1, 1, long))]);
    await appendUpdates(db(), contract.id, [await clientEdit(contract.id, (doc) => applyTextEditToDoc(doc, 1, 1 + long.length, ""))]);
    await compact(db(), contract.id);
    const { state } = (await stateOf(contract.id))!;
    expect(state.byteLength).toBeLessThan(long.length / 4);
  });
});

describe("refreshDerivedContent", () => {
  /** A seeded two-paragraph contract with a markup on "Holdback" (its offset: `start`). */
  async function contractWithMarkup() {
    const contract = await newContract("<p>Net 30 days.</p><p>Holdback 10%.</p>");
    await ensureSeeded(db(), { contractId: contract.id });
    const start = contract.plainText.indexOf("Holdback");
    const [note] = await db()
      .insert(markups)
      .values({ companyId: contract.companyId, contractId: contract.id, type: "comment", content: "Check", position: { paragraph: 1, start, end: start + 8 } })
      .returning();
    return { contract, start, note: note! };
  }

  it("writes content and plain text only when they changed, bumps updatedAt and moves anchors after the edit", async () => {
    const { contract, note } = await contractWithMarkup();
    const { doc } = await loadDocument(db(), contract.id);
    const unchanged = await refreshDerivedContent(db(), contract.id, doc);
    expect(unchanged.changed).toBe(false);

    applyTextEditToDoc(doc, 4, 6, "forty-five");
    const now = new Date("2026-11-22T12:00:00.000Z");
    const refreshed = await refreshDerivedContent(db(), contract.id, doc, { now });
    expect(refreshed).toMatchObject({ changed: true, plainText: "Net forty-five days.\nHoldback 10%.", anchorsMoved: 1 });
    const row = await contractRow(contract.id);
    expect(row).toMatchObject({ content: "<p>Net forty-five days.</p><p>Holdback 10%.</p>", plainText: refreshed.plainText, updatedAt: now });
    const [moved] = await db().select().from(markups).where(eq(markups.id, note.id));
    const position = moved!.position as { start: number; end: number };
    expect(refreshed.plainText.slice(position.start, position.end)).toBe("Holdback");
  });

  it("sees an unchanged document as unchanged when its HTML holds non-ASCII text (the stored HTML is compared by digest)", async () => {
    const contract = await newContract("<p>Société Générale — 5 % holdback, délai 30 jours.</p>");
    await ensureSeeded(db(), { contractId: contract.id });
    const before = await contractRow(contract.id);
    const { doc } = await loadDocument(db(), contract.id);
    const refreshed = await refreshDerivedContent(db(), contract.id, doc, { now: new Date("2027-01-01T00:00:00.000Z") });
    expect(refreshed.changed).toBe(false);
    expect((await contractRow(contract.id)).updatedAt).toEqual(before.updatedAt);
  });

  it("never writes an older text over a committed edit when the caller's copy is behind", async () => {
    const contract = await newContract("<p>Net 30 days.</p>");
    await ensureSeeded(db(), { contractId: contract.id });
    const { doc: behind } = await loadDocument(db(), contract.id);
    await appendUpdates(db(), contract.id, [await clientEdit(contract.id, (doc) => applyTextEditToDoc(doc, 4, 6, "45"))]);
    applyTextEditToDoc(behind, 0, 0, "Owner: ");
    const refreshed = await refreshDerivedContent(db(), contract.id, behind);
    expect(refreshed.plainText).toBe("Owner: Net 45 days.");
  });

  it("renders again under the lock when an edit was committed after the render made before it", async () => {
    const contract = await newContract("<p>Net 30 days.</p>");
    await ensureSeeded(db(), { contractId: contract.id });
    const { doc } = await loadDocument(db(), contract.id);
    applyTextEditToDoc(doc, 0, 0, "Owner: ");
    let renders = 0;
    const refreshed = await refreshDerivedContent(db(), contract.id, doc, {
      afterEarlyRender: async () => {
        renders++;
        // An approval committed while the early render ran: the text written must hold it.
        await appendUpdates(db(), contract.id, [await clientEdit(contract.id, (other) => applyTextEditToDoc(other, 4, 6, "45"))]);
      },
    });
    expect(renders).toBe(1);
    expect(refreshed.plainText).toBe("Owner: Net 45 days.");
    expect((await contractRow(contract.id)).plainText).toBe("Owner: Net 45 days.");
  });

  it("writes the render made before the lock when the stored document did not change meanwhile", async () => {
    const contract = await newContract("<p>Net 30 days.</p>");
    await ensureSeeded(db(), { contractId: contract.id });
    const { doc } = await loadDocument(db(), contract.id);
    applyTextEditToDoc(doc, 4, 6, "60");
    let checked = 0;
    const refreshed = await refreshDerivedContent(db(), contract.id, doc, { afterEarlyRender: async () => void checked++ });
    expect(checked).toBe(1);
    expect(refreshed).toMatchObject({ changed: true, plainText: "Net 60 days." });
    expect((await contractRow(contract.id)).content).toBe("<p>Net 60 days.</p>");
  });

  /** A live document's coverage as the realtime server keeps it: what it was sent to apply is applied to it. */
  function coverage(doc: Y.Doc): LiveCoverage & { applied: number } {
    const c: LiveCoverage & { applied: number } = {
      stateVersion: null,
      logIds: new Set(),
      applied: 0,
      apply: (updates) => {
        c.applied += updates.length;
        for (const update of updates) Y.applyUpdate(doc, update);
      },
    };
    return c;
  }

  it("brings a live document up to the store (only what it lacks) and renders it itself", async () => {
    const contract = await newContract("<p>Net 30 days.</p>");
    await ensureSeeded(db(), { contractId: contract.id });
    const { doc } = await loadDocument(db(), contract.id);
    const live = coverage(doc);
    // Another instance (or an API edit) stored an edit this copy has not received.
    await appendUpdates(db(), contract.id, [await clientEdit(contract.id, (other) => applyTextEditToDoc(other, 4, 6, "45"))]);
    const first = await refreshDerivedContent(db(), contract.id, doc, { live });
    expect(first).toMatchObject({ changed: true, plainText: "Net 45 days." });
    expect(documentText(doc)).toBe("Net 45 days.");
    expect(live.applied).toBe(2); // the state row and the log row: nothing was known yet
    expect(live.logIds.size).toBe(1);

    // Its own stored edit, noted as covered (as the group commit does with the ids it gets back).
    const own = applyTextEditToDoc(doc, 0, 0, "Owner: ")!;
    live.logIds.add((await appendUpdates(db(), contract.id, [own]))!);
    const second = await refreshDerivedContent(db(), contract.id, doc, { live });
    expect(second).toMatchObject({ changed: true, plainText: "Owner: Net 45 days." });
    expect(live.applied).toBe(2); // nothing more read or applied
    expect((await contractRow(contract.id)).plainText).toBe("Owner: Net 45 days.");

    // A compaction it ran leaves it covering the new state row: nothing is read again.
    await compact(db(), contract.id, { onPass: (pass) => coverCompactPass(live, pass) });
    expect((await logOf(contract.id)).length).toBe(0);
    applyTextEditToDoc(doc, 0, 0, "The ");
    expect(await refreshDerivedContent(db(), contract.id, doc, { live })).toMatchObject({ changed: true, plainText: "The Owner: Net 45 days." });
    expect(live.applied).toBe(2);
  });

  it("a live document's refresh moves markups and pending changes and plans a re-analysis only when there is an analysis", async () => {
    const { contract, start, note } = await contractWithMarkup();
    const [change] = await db()
      .insert(documentChanges)
      .values({ companyId: contract.companyId, contractId: contract.id, changeType: "modification", originalText: "10%", newText: "5%", position: formatChangePosition({ start: start + 9, end: start + 12 }) })
      .returning();
    const { doc } = await loadDocument(db(), contract.id);
    const live = coverage(doc);

    // No analysis yet: the text changes, nothing is planned.
    applyTextEditToDoc(doc, 4, 6, "45");
    expect(await refreshDerivedContent(db(), contract.id, doc, { live })).toMatchObject({ changed: true, anchorsMoved: 0 });
    expect(await plannedReanalysis(db(), contract.id)).toBeNull();

    await db().insert(analyses).values({ companyId: contract.companyId, contractId: contract.id, status: "done" });
    applyTextEditToDoc(doc, 4, 6, "forty-five");
    const now = new Date("2026-11-30T12:00:00.000Z");
    const refreshed = await refreshDerivedContent(db(), contract.id, doc, { live, now });
    expect(refreshed).toMatchObject({ changed: true, plainText: "Net forty-five days.\nHoldback 10%.", anchorsMoved: 2 });
    const [moved] = await db().select().from(markups).where(eq(markups.id, note.id));
    const position = moved!.position as { start: number; end: number };
    expect(refreshed.plainText.slice(position.start, position.end)).toBe("Holdback");
    const [movedChange] = await db().select().from(documentChanges).where(eq(documentChanges.id, change!.id));
    const range = parseChangePosition(movedChange!.position)!;
    expect(refreshed.plainText.slice(range.start, range.end)).toBe("10%");
    expect(await plannedReanalysis(db(), contract.id)).toEqual(new Date(now.getTime() + REANALYSIS_DELAY_MS));
  });

  it("a loaded document says what of the store it holds: its first refresh reads nothing back", async () => {
    const contract = await newContract("<p>Net 30 days.</p>");
    await ensureSeeded(db(), { contractId: contract.id });
    await appendUpdates(db(), contract.id, [await clientEdit(contract.id, (replica) => applyTextEditToDoc(replica, 4, 6, "45"))]);
    const loaded = await loadDocument(db(), contract.id);
    expect(loaded.stateVersion).toBe((await db().select({ version: sql<string>`${yjsDocuments}.xmin::text` }).from(yjsDocuments).where(eq(yjsDocuments.contractId, contract.id)))[0]!.version);
    expect(loaded.logIds).toEqual((await logOf(contract.id)).map((row) => Number(row.id)));
    const live = coverage(loaded.doc);
    live.stateVersion = loaded.stateVersion;
    for (const id of loaded.logIds) live.logIds.add(id);
    expect(await refreshDerivedContent(db(), contract.id, loaded.doc, { live })).toMatchObject({ changed: true, plainText: "Net 45 days." });
    expect(live.applied).toBe(0);
  });

  it("compacts from a live document that holds the state row: writes it and deletes exactly the rows it holds", async () => {
    const contract = await newContract("<p>Net 30 days.</p>");
    await ensureSeeded(db(), { contractId: contract.id });
    const { doc } = await loadDocument(db(), contract.id);
    const live = coverage(doc);
    expect(await compactLive(db(), contract.id, doc, live)).toBeNull(); // no state version known yet
    await refreshDerivedContent(db(), contract.id, doc, { live });
    expect(live.stateVersion).not.toBeNull();
    // Two of its own stored edits (covered), and one stored by another instance that it has not received.
    for (const edit of [() => applyTextEditToDoc(doc, 0, 0, "The "), () => applyTextEditToDoc(doc, documentText(doc).length, documentText(doc).length, " Holdback 10%.")]) {
      live.logIds.add((await appendUpdates(db(), contract.id, [edit()!]))!);
    }
    const other = await clientEdit(contract.id, (replica) => applyTextEditToDoc(replica, documentText(replica).indexOf("30"), documentText(replica).indexOf("30") + 2, "45"));
    await appendUpdates(db(), contract.id, [other]);
    const [otherRow] = (await logOf(contract.id)).slice(-1);
    const before = live.stateVersion;

    expect(await compactLive(db(), contract.id, doc, live)).toBe(1); // the other instance's row is left
    expect((await logOf(contract.id)).map((row) => row.id)).toEqual([otherRow!.id]);
    expect(live.stateVersion).not.toBe(before);
    expect(live.logIds.size).toBe(0);
    // The store holds every edit: the state written and the row left.
    expect(ydocToPlainText((await loadDocument(db(), contract.id)).doc)).toBe("The Net 45 days. Holdback 10%.");
    // Still covered: a refresh reads only the row it lacks.
    const applied = live.applied;
    expect(await refreshDerivedContent(db(), contract.id, doc, { live })).toMatchObject({ plainText: "The Net 45 days. Holdback 10%." });
    expect(live.applied).toBe(applied + 1);
  });

  it("leaves a live compaction to the merge when another compaction changed the state row meanwhile", async () => {
    const contract = await newContract("<p>Net 30 days.</p>");
    await ensureSeeded(db(), { contractId: contract.id });
    const { doc } = await loadDocument(db(), contract.id);
    const live = coverage(doc);
    await refreshDerivedContent(db(), contract.id, doc, { live });
    live.logIds.add((await appendUpdates(db(), contract.id, [applyTextEditToDoc(doc, 0, 0, "The ")!]))!);
    await appendUpdates(db(), contract.id, [await clientEdit(contract.id, (replica) => applyTextEditToDoc(replica, 0, 0, "X"))]);
    await compact(db(), contract.id); // another instance's compaction: the state row this document held is gone
    const state = await stateOf(contract.id);
    expect(await compactLive(db(), contract.id, doc, live)).toBeNull();
    expect(await stateOf(contract.id)).toEqual(state); // nothing written
    expect(ydocToPlainText((await loadDocument(db(), contract.id)).doc)).toBe("XThe Net 30 days.");
  });

  it("renders a live document again when an edit was stored after its render, and writes a text that holds it", async () => {
    const contract = await newContract("<p>Net 30 days.</p>");
    await ensureSeeded(db(), { contractId: contract.id });
    const { doc } = await loadDocument(db(), contract.id);
    const live = coverage(doc);
    let renders = 0;
    const refreshed = await refreshDerivedContent(db(), contract.id, doc, {
      live,
      afterEarlyRender: async () => {
        if (renders++ > 0) return;
        await appendUpdates(db(), contract.id, [await clientEdit(contract.id, (other) => applyTextEditToDoc(other, 4, 6, "45"))]);
      },
    });
    expect(renders).toBe(2);
    expect(refreshed.plainText).toBe("Net 45 days.");
    expect((await contractRow(contract.id)).plainText).toBe("Net 45 days.");
  });

  it("derives a stored document (read under the caller's lock) from itself, with no render before the lock", async () => {
    const contract = await newContract("<p>Net 30 days.</p>");
    await ensureSeeded(db(), { contractId: contract.id });
    const edit = await clientEdit(contract.id, (doc) => applyTextEditToDoc(doc, 4, 6, "90"));
    const refreshed = await db().transaction(async (tx) => {
      await appendUpdates(tx, contract.id, [edit]);
      const { doc, updates } = await loadDocument(tx, contract.id);
      return refreshDerivedContent(tx, contract.id, doc, {
        stored: updates,
        afterEarlyRender: () => Promise.reject(new Error("a stored document needs no early render")),
      });
    });
    expect(refreshed).toMatchObject({ changed: true, plainText: "Net 90 days." });
  });
});

describe("commitDocumentEdit", () => {
  it("appends the update in the transaction and publishes a decodable collab:update after commit", async () => {
    const contract = await newContract();
    await ensureSeeded(db(), { contractId: contract.id });
    const bus = createLocalBus();
    const events: DomainEvent[] = [];
    bus.subscribe((e) => events.push(e));
    const { doc } = await loadDocument(db(), contract.id);
    const replica = new Y.Doc();
    Y.applyUpdate(replica, Y.encodeStateAsUpdate(doc));

    const update = applyHtmlToDoc(doc, "<h2>1. Payment</h2><p>Net 45 days.</p>")!;
    const edit = await db().transaction((tx) => commitDocumentEdit(tx, { companyId: contract.companyId, contractId: contract.id, update }));
    expect(events).toEqual([]);
    await edit.publish({ bus });

    expect((await logOf(contract.id)).map((r) => r.id)).toEqual([edit.updateId]);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: COLLAB_UPDATE_EVENT, companyId: contract.companyId, contractId: contract.id });
    const parsed = parseCollabUpdateEvent(events[0]!)!;
    Y.applyUpdate(replica, parsed.update);
    expect(documentText(replica)).toBe("1. Payment\nNet 45 days.");
    await bus.close();
  });
});
