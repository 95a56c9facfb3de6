/**
 * Trains the clause model on ../shared/datasets (CUAD + ACORD) and writes
 * api/src/analysis/engine/model/clause-model.json.gz, the file the product loads at start-up.
 * Run: npx -y pnpm@10 train:clauses   (a few minutes on 2 cores)
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { MODEL_FILE, toModelFile } from "../../api/src/analysis/engine/model/classifier";
import { datasetsPresent, loadAcord, loadCuad, MODEL_CODES } from "./data";
import { trainModel } from "./logistic";

if (!datasetsPresent()) {
  console.log("train:clauses: ../shared/datasets (CUAD, ACORD) is absent; nothing to train on. The committed model stays as it is.");
  process.exit(0);
}

const started = performance.now();
const docs = [...loadCuad(), ...loadAcord()];
console.log(`Read ${docs.length} documents, ${docs.reduce((n, d) => n + d.units.length, 0)} clause units (${((performance.now() - started) / 1000).toFixed(0)} s)`);
const model = trainModel(docs, undefined, undefined, console.log);
const file = toModelFile(model, "CUAD v1 (458 contracts, cuad-dev) + ACORD (735 clauses, acord-dev), The Atticus Project, CC BY 4.0");
const bytes = gzipSync(JSON.stringify(file), { level: 9 });
writeFileSync(MODEL_FILE, bytes);
console.log(`Thresholds: ${MODEL_CODES.map((c, k) => `${c} ${model.thresholds[k]!.toFixed(2)}`).join(", ")}`);
console.log(`Quote shares: ${MODEL_CODES.map((c, k) => `${c} ${model.nearBest[k]!.toFixed(1)}`).join(", ")}`);
console.log(`Wrote ${fileURLToPath(MODEL_FILE)}: ${(bytes.length / 1024).toFixed(0)} KB, ${file.codes.reduce((n, c) => n + c.values.length, 0)} weights (${((performance.now() - started) / 1000).toFixed(0)} s)`);
