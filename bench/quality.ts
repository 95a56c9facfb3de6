/**
 * Clause detection quality on the labelled development set (api/src/analysis/engine/devset): per-code
 * precision, recall and F1 over the clause examples and over the sections of the demo contracts,
 * then micro and macro averages, then the speed on a ~100-page contract. Prints figures; asserts
 * nothing (the floor is asserted in api/src/analysis/engine/rules.test.ts).
 * Run: npx -y pnpm@10 bench:quality   (add --misses to list every wrong unit)
 */
import { detectClauses } from "../api/src/analysis/engine/detect";
import { DEV_DOCUMENTS, DEV_EXAMPLES, evaluate, formatReport } from "../api/src/analysis/engine/devset";
import { renderContract } from "../api/src/seed/contracts/render";

const showMisses = process.argv.includes("--misses");

const clauses = evaluate(DEV_EXAMPLES);
const documents = evaluate([], DEV_DOCUMENTS);
const combined = evaluate(DEV_EXAMPLES, DEV_DOCUMENTS);

console.log(formatReport("Clause examples", clauses));
console.log();
console.log(formatReport("Demo contracts, by section", documents));
console.log();
console.log(formatReport("Combined", combined));

if (showMisses) {
  console.log("\nMisses:");
  for (const m of combined.misses) {
    const text = m.text.replace(/\s+/g, " ");
    console.log(`- ${m.source}${m.missed.length ? ` missed [${m.missed.join(", ")}]` : ""}${m.extra.length ? ` extra [${m.extra.join(", ")}]` : ""}\n    ${text.length > 220 ? `${text.slice(0, 220)}…` : text}`);
  }
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
