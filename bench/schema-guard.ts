/**
 * The schema guard's step 2 per structural update on a large contract (issue 15): the proof from the
 * update's own items (`checkStructure`, realtime/src/collab/schema-proof.ts) against the scratch copy
 * of the whole document it replaces (`checkOnCopy`), for the structural edits an editor makes. Prints
 * the mean cost per update in µs (CPU-bound, one thread); nothing is asserted.
 *
 * Knobs (env): BENCH_PARAGRAPHS (3,000), BENCH_GUARD_MS (1,000: time spent per case and path).
 * Run: pnpm bench:schema-guard
 */
import { createRequire } from "node:module";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import type * as YModule from "../realtime/node_modules/yjs/dist/src/index.js";
import { COLLAB_FRAGMENT } from "@clausewise/shared";
import { seedDocFromHtml } from "../api/src/collab/index";
import { checkOnCopy, checkStructure, inspectUpdate } from "../realtime/src/collab/schema-guard";

// yjs is a dependency of realtime/: the very module its code uses, or its instanceof checks fail.
const yjsPackage = createRequire(new URL("../realtime/package.json", import.meta.url)).resolve("yjs/package.json");
const Y = (await import(pathToFileURL(path.join(path.dirname(yjsPackage), "dist/yjs.mjs")).href)) as typeof YModule;

const PARAGRAPHS = Number(process.env.BENCH_PARAGRAPHS ?? 3000);
const BUDGET_MS = Number(process.env.BENCH_GUARD_MS ?? 1000);
const CLAUSE = "The Contractor shall complete the Works in accordance with the Specification and the Programme.";

const doc = new Y.Doc();
seedDocFromHtml(doc, `<h2>Terms</h2>${Array.from({ length: PARAGRAPHS }, (_, i) => `<p>${i + 1}. ${CLAUSE}</p>`).join("")}`);
const fragment = (d: YModule.Doc) => d.getXmlFragment(COLLAB_FRAGMENT);
const at = (d: YModule.Doc, index: number) => fragment(d).get(index) as YModule.XmlElement;
const paragraph = (value: string) => {
  const node = new Y.XmlElement("paragraph");
  node.insert(0, [new Y.XmlText(value)]);
  return node;
};

function updateFrom(edit: (replica: YModule.Doc) => void): Uint8Array {
  const replica = new Y.Doc();
  Y.applyUpdate(replica, Y.encodeStateAsUpdate(doc));
  const vector = Y.encodeStateVector(replica);
  edit(replica);
  return Y.encodeStateAsUpdate(replica, vector);
}

const middle = Math.floor(PARAGRAPHS / 2);
const cases: [string, Uint8Array][] = [
  ["append a paragraph (the peers bench)", updateFrom((r) => fragment(r).insert(fragment(r).length, [paragraph("ts:1")]))],
  ["Enter in a paragraph", updateFrom((r) => {
    const text = at(r, middle).get(0) as YModule.XmlText;
    const tail = text.toString().slice(20);
    text.delete(20, tail.length);
    fragment(r).insert(middle + 1, [paragraph(tail)]);
  })],
  ["paste of 5 paragraphs", updateFrom((r) => fragment(r).insert(middle, Array.from({ length: 5 }, (_, i) => paragraph(`Pasted ${i}. ${CLAUSE}`))))],
  ["delete across 3 paragraphs", updateFrom((r) => {
    (at(r, middle).get(0) as YModule.XmlText).delete(30, CLAUSE.length - 30);
    fragment(r).delete(middle + 1, 2);
  })],
  ["a paragraph's alignment", updateFrom((r) => at(r, middle).setAttribute("textAlign", "center"))],
  ["a 3 × 4 table", updateFrom((r) => {
    const table = new Y.XmlElement("table");
    table.insert(0, Array.from({ length: 4 }, () => {
      const row = new Y.XmlElement("tableRow");
      row.insert(0, Array.from({ length: 3 }, () => {
        const cell = new Y.XmlElement("tableCell");
        cell.insert(0, [paragraph("cell")]);
        return cell;
      }));
      return row;
    }));
    fragment(r).insert(middle, [table]);
  })],
];

function perUpdate(check: () => string | null): { micros: number; runs: number } {
  let runs = 0;
  const start = performance.now();
  while (performance.now() - start < BUDGET_MS) {
    if (check() !== null) throw new Error("refused a valid edit");
    runs++;
  }
  return { micros: ((performance.now() - start) * 1000) / runs, runs };
}

console.log(`schema guard step 2 per structural update, ${PARAGRAPHS.toLocaleString("en")} paragraphs (${(Y.encodeStateAsUpdate(doc).length / 1024).toFixed(0)} KB state), mean µs per update:`);
for (const [name, update] of cases) {
  if (!inspectUpdate(doc, update).structural) throw new Error(`${name} is not structural`);
  const copy = perUpdate(() => checkOnCopy(doc, [], update));
  const proof = perUpdate(() => checkStructure(doc, [], update));
  console.log(`  ${name.padEnd(38)} copy ${copy.micros.toFixed(0).padStart(7)} µs   proof ${proof.micros.toFixed(1).padStart(7)} µs   ×${(copy.micros / proof.micros).toFixed(0)}`);
}
