/**
 * Clause detection quality on the labelled development set (api/src/analysis/engine/devset): per-code
 * precision, recall and F1 over the clause examples and over the sections of the demo contracts,
 * then micro and macro averages; then, separately, the held-out probe set (devset/heldout.ts: clauses
 * in other forms' wording, never tuned on); then the speed on a ~100-page contract. Prints figures;
 * asserts nothing (the floor is asserted in api/src/analysis/engine/rules.test.ts).
 * Run: npx -y pnpm@10 bench:quality   (add --misses to list every wrong unit of both sets)
 */
import { detectClauses } from "../api/src/analysis/engine/detect";
import { DEV_DOCUMENTS, DEV_EXAMPLES, HELDOUT_EXAMPLES, HELDOUT_FRESH_EXAMPLES, evaluate, formatReport, type QualityReport } from "../api/src/analysis/engine/devset";
import { renderContract } from "../api/src/seed/contracts/render";

const showMisses = process.argv.includes("--misses");

const clauses = evaluate(DEV_EXAMPLES);
const documents = evaluate([], DEV_DOCUMENTS);
const combined = evaluate(DEV_EXAMPLES, DEV_DOCUMENTS);
const heldout = evaluate(HELDOUT_EXAMPLES);
const fresh = evaluate(HELDOUT_FRESH_EXAMPLES);

console.log(formatReport("Clause examples", clauses));
console.log();
console.log(formatReport("Demo contracts, by section", documents));
console.log();
console.log(formatReport("Combined (development set)", combined));
console.log();
console.log(formatReport("HELD-OUT probe set (heldout.ts: measured first, then its misses read while fixing rules by concept)", heldout));
console.log();
console.log(formatReport("FRESH held-out probe (heldout-fresh.ts: written after the rule changes, never tuned on)", fresh));
const weakest = (r: QualityReport) =>
  [...r.codes]
    .sort((a, b) => a.f1 - b.f1)
    .slice(0, 5)
    .map((c) => `${c.code} ${c.f1.toFixed(3)}`)
    .join(", ");
console.log(`\nSummary: development macro F1 ${combined.macroF1.toFixed(3)} (weakest: ${weakest(combined)})`);
console.log(`         held-out    macro F1 ${heldout.macroF1.toFixed(3)} (weakest: ${weakest(heldout)})`);
console.log(`         fresh       macro F1 ${fresh.macroF1.toFixed(3)} (weakest: ${weakest(fresh)})`);

function printMisses(title: string, report: QualityReport) {
  console.log(`\n${title}:`);
  for (const m of report.misses) {
    const text = m.text.replace(/\s+/g, " ");
    console.log(`- ${m.source}${m.missed.length ? ` missed [${m.missed.join(", ")}]` : ""}${m.extra.length ? ` extra [${m.extra.join(", ")}]` : ""}\n    ${text.length > 220 ? `${text.slice(0, 220)}…` : text}`);
  }
}

if (showMisses) {
  printMisses("Misses (development set)", combined);
  printMisses("Misses (held-out)", heldout);
  printMisses("Misses (fresh held-out)", fresh);
}

// Speed: the three demo contracts repeated to about 100 pages (~300 words a page).
const docs = DEV_DOCUMENTS.map((d) => renderContract(d.source).plainText);
const parts: string[] = [];
let words = 0;
for (let i = 0; words < 30_000; i++) {
  const text = docs[i % docs.length]!;
  parts.push(text);
  words += text.split(/\s+/).length;
}
const big = parts.join("\n");
detectClauses(big);
const runs = 5;
const started = performance.now();
let found = 0;
for (let i = 0; i < runs; i++) found = detectClauses(big).length;
const ms = (performance.now() - started) / runs;
console.log(`\nSpeed: ${(big.length / 1024).toFixed(0)} KB, ~${Math.round(words / 300)} pages, ${found} clauses detected, ${ms.toFixed(1)} ms per run (mean of ${runs})`);
