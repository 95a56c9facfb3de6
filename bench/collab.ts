/**
 * Live documents (/collab) on a real server over PGlite (or PostgreSQL with DATABASE_URL), with the
 * stock y-websocket client: edit latency from one editor to another (stored before relayed, so it
 * includes the batched INSERT), throughput with many editors on one document, the cost of the
 * reviewers' suggestion-only check on a long contract, and memory per loaded document.
 * Prints figures; asserts nothing. Run: node --expose-gc --import tsx bench/collab.ts
 */
import type { Server as HttpServer } from "node:http";
import { createTestApp } from "../api/src/test/app";
import { createContract, createTeam } from "../api/src/test/factories";
import { attachRealtime } from "../realtime/src/server";
import { SUGGESTION_MARKS } from "../realtime/src/collab/suggestions";
import { createDocumentStore, type DocumentPersistence } from "../realtime/src/collab/persistence";
import { connectPeer, documentBytes, eventually, firstText, sessionHeaders, sleep, type Peer } from "../realtime/src/test/collab";

type Doc = Peer["doc"];

const CLAUSE = "The Contractor shall perform the Work in accordance with the Contract Documents and Good Industry Practice.";

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const ms = (n: number) => `${n.toFixed(1)} ms`;
function summary(label: string, samples: number[]): void {
  const sorted = [...samples].sort((a, b) => a - b);
  console.log(`  ${label}: n=${sorted.length} p50 ${ms(percentile(sorted, 50))} p95 ${ms(percentile(sorted, 95))} p99 ${ms(percentile(sorted, 99))} max ${ms(sorted.at(-1)!)}`);
}

process.setMaxListeners(0); // each y-websocket client listens for process exit

const t = await createTestApp();
// The real store, counted: how many INSERTs carried how many updates (the batching).
const store = createDocumentStore(t.deps.db);
const inserts = { statements: 0, updates: 0 };
const persistence: DocumentPersistence = {
  ...store,
  append: (contractId, updates) => {
    inserts.statements++;
    inserts.updates += updates.length;
    return store.append(contractId, updates);
  },
};
const realtime = attachRealtime(t.server as HttpServer, t.deps, { collab: { persistence } });
const peers: Peer[] = [];
const peer = (contractId: string, token: string) => {
  const p = connectPeer(t.baseUrl, contractId, sessionHeaders(token));
  peers.push(p);
  return p;
};

/** Measures edit → arrival at `to`, one edit at a time, tagging each edit with a unique marker. */
async function latencies(from: Peer, to: Peer, count: number, edit: (doc: Doc, marker: string) => void): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const marker = `§${i}§`;
    const arrived = new Promise<void>((resolve) => {
      const onUpdate = () => {
        if (!firstText(to.doc).toString().includes(marker)) return;
        to.doc.off("update", onUpdate);
        resolve();
      };
      to.doc.on("update", onUpdate);
    });
    const started = performance.now();
    edit(from.doc, marker);
    await arrived;
    out.push(performance.now() - started);
  }
  return out;
}

try {
  const team = await createTeam(t.deps.db);
  console.log(`live documents, database: ${t.deps.database.kind}`);

  // 1. Latency between two editors (includes the batch window and the INSERT).
  {
    const contract = await createContract(t.deps.db, { companyId: team.company.id, content: `<p>${CLAUSE}</p>` });
    const a = peer(contract.id, team.admin.token);
    const b = peer(contract.id, team.approver.token);
    await Promise.all([a.synced(), b.synced()]);
    await latencies(a, b, 20, (doc, m) => firstText(doc).insert(0, m)); // warm-up
    summary("editor → editor latency (stored, then relayed)", await latencies(a, b, 300, (doc, m) => firstText(doc).insert(0, m)));
  }

  // 2. Throughput: many editors typing on one document at once.
  {
    const editors = 20;
    const perSecond = 10;
    const seconds = 5;
    const contract = await createContract(t.deps.db, { companyId: team.company.id, content: `<p>${CLAUSE}</p>` });
    const clients = Array.from({ length: editors }, (_, i) => peer(contract.id, i % 2 ? team.admin.token : team.approver.token));
    await Promise.all(clients.map((c) => c.synced()));
    inserts.statements = 0;
    inserts.updates = 0;
    const started = performance.now();
    await Promise.all(
      clients.map(async (c, i) => {
        for (let k = 0; k < perSecond * seconds; k++) {
          firstText(c.doc).insert(0, String.fromCharCode(97 + (i % 26)));
          await sleep(1000 / perSecond);
        }
      }),
    );
    const expected = firstText(clients[0]!.doc).length;
    await eventually(() => clients.every((c) => firstText(c.doc).length === expected), "convergence", 60_000);
    const elapsed = (performance.now() - started) / 1000;
    const sent = editors * perSecond * seconds;
    console.log(`  ${editors} editors × ${perSecond} edits/s for ${seconds} s: ${sent} edits converged at every client after ${elapsed.toFixed(1)} s (${(sent / elapsed).toFixed(0)} edits/s, each relayed to ${editors - 1} others)`);
    console.log(`  batching: ${inserts.updates} updates stored with ${inserts.statements} INSERTs (${(inserts.updates / Math.max(1, inserts.statements)).toFixed(1)} per INSERT)`);
  }

  // 3. The suggestion-only check on a long contract (a scratch copy per reviewer update).
  {
    const paragraphs = 600;
    const content = Array.from({ length: paragraphs }, (_, i) => `<p>${i + 1}. ${CLAUSE}</p>`).join("");
    const contract = await createContract(t.deps.db, { companyId: team.company.id, content });
    const editor = peer(contract.id, team.admin.token);
    const reviewer = peer(contract.id, team.reviewer.token);
    await Promise.all([editor.synced(), reviewer.synced()]);
    const state = documentBytes(reviewer.doc);
    const suggest = (doc: Doc, m: string) => firstText(doc).insert(0, m, { [SUGGESTION_MARKS.insert]: { changeId: null, authorId: null, authorName: null, createdAt: null } });
    await latencies(reviewer, editor, 10, suggest);
    summary(`reviewer → editor latency, ${paragraphs} paragraphs (${(state / 1024).toFixed(0)} KB state)`, await latencies(reviewer, editor, 100, suggest));
    summary(`editor → reviewer latency, same document`, await latencies(editor, reviewer, 100, (doc, m) => firstText(doc).insert(0, m)));
  }

  // 4. Memory per loaded document.
  {
    const documents = 50;
    const contracts = await Promise.all(
      Array.from({ length: documents }, () => createContract(t.deps.db, { companyId: team.company.id, content: Array.from({ length: 100 }, (_, i) => `<p>${i}. ${CLAUSE}</p>`).join("") })),
    );
    global.gc?.();
    const before = process.memoryUsage().heapUsed;
    const open = contracts.map((c) => peer(c.id, team.admin.token));
    await Promise.all(open.map((p) => p.synced()));
    global.gc?.();
    const after = process.memoryUsage().heapUsed;
    console.log(
      `  ${documents} documents of 100 paragraphs loaded, one client each: heap +${((after - before) / 1024 / 1024).toFixed(1)} MB (server and clients in one process; ${global.gc ? "after gc" : "run with --expose-gc for steadier figures"})`,
    );
  }
} finally {
  for (const p of peers) p.destroy();
  await realtime.close();
  await t.close();
}
