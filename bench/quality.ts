/**
 * Clause detection quality on the development data (../shared/datasets: CUAD, ACORD), 5-fold
 * cross-validated by document: for each fold a model is trained on the other four (thresholds by an
 * inner cross-validation on those four only) and the whole engine (detectClauses: model + EPC rules)
 * reads the held-out fold. No document is ever scored by a model that saw it. Prints figures, asserts
 * nothing. Run: npx -y pnpm@10 bench:quality   (several minutes; --folds=N to run only the first N)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { ClauseCode, DetectedClause } from "@clausewise/shared";
import { ClauseModel, DEFAULT_NEAR_BEST } from "../api/src/analysis/engine/model/classifier";
import { detectClauses } from "../api/src/analysis/engine/detect";
import { BENCH_CODES, datasetsPresent, loadAcord, loadCuad, MODEL_CODES, type LabelledDoc } from "../scripts/clauses/data";
import { documentScores, f1, foldOf, trainModel } from "../scripts/clauses/logistic";

const FOLDS = 5;

if (!datasetsPresent()) {
  console.log("bench:quality skipped: ../shared/datasets (CUAD and ACORD development data) is absent.");
  process.exit(0);
}

const onlyFolds = Number(/--folds=(\d+)/.exec(process.argv.join(" "))?.[1] ?? FOLDS);
/** --compare-quotes: also print the figures of the same fold models with the former fixed quote share (DEFAULT_NEAR_BEST). */
const compareQuotes = process.argv.includes("--compare-quotes");
/**
 * For experiments on the engine's use of the model (detect.ts) only: QUALITY_CACHE=dir keeps each
 * fold's trained model there and reuses it. Stale as soon as features or training change; the
 * reported figures come from a run without it.
 */
const CACHE = process.env.QUALITY_CACHE;

function foldModel(fold: number, train: () => ClauseModel): ClauseModel {
  if (!CACHE) return train();
  mkdirSync(CACHE, { recursive: true });
  const file = resolve(CACHE, `fold-${fold}.v2.bin`);
  if (existsSync(file)) {
    const buf = readFileSync(file);
    const all = new Float32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
    const C = MODEL_CODES.length;
    const model = new ClauseModel(MODEL_CODES, all.slice(3 * C));
    model.bias.set(all.subarray(0, C));
    model.thresholds.set(all.subarray(C, 2 * C));
    model.nearBest.set(Array.from(all.subarray(2 * C, 3 * C), (x) => Math.round(x * 1e5) / 1e5));
    return model;
  }
  const model = train();
  const out = new Float32Array(3 * model.codes.length + model.weights.length);
  out.set(model.bias, 0);
  out.set(model.thresholds, model.codes.length);
  out.set(model.nearBest, 2 * model.codes.length);
  out.set(model.weights, 3 * model.codes.length);
  writeFileSync(file, Buffer.from(out.buffer));
  return model;
}

interface Count {
  tp: number;
  fp: number;
  fn: number;
}
const zero = (): Count => ({ tp: 0, fp: 0, fn: 0 });
function tally(c: Count, predicted: boolean, gold: boolean) {
  if (predicted && gold) c.tp++;
  else if (predicted) c.fp++;
  else if (gold) c.fn++;
}
const prf = (c: Count) => ({ p: c.tp + c.fp ? c.tp / (c.tp + c.fp) : 0, r: c.tp + c.fn ? c.tp / (c.tp + c.fn) : 0, f: f1(c.tp, c.fp, c.fn) });

const started = performance.now();
const cuad = loadCuad();
const acord = loadAcord();
const docs: LabelledDoc[] = [...cuad, ...acord];
console.log(`Read ${cuad.length} CUAD contracts and ${acord.length} ACORD clauses (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);

const LOL_FAMILY: ClauseCode[] = ["limitation_of_liability", "uncapped_liability", "consequential_damages"];

const overlaps = (d: DetectedClause, spans: readonly [number, number][]) => spans.some(([s, e]) => Math.min(d.end, e) > Math.max(d.start, s));

function figures() {
  return {
    engine: new Map(BENCH_CODES.map((c) => [c, zero()])),
    modelOnly: new Map(BENCH_CODES.map((c) => [c, zero()])),
    grounding: { detected: 0, grounded: 0 },
    groundingByCode: new Map(BENCH_CODES.map((c) => [c, { detected: 0, grounded: 0 }])),
    acordCounts: { lolStrict: zero(), lolFamily: zero(), indemnity: zero(), lolModel: zero(), indemnityModel: zero(), lolRated: zero(), indemnityRated: zero() },
  };
}
type Figures = ReturnType<typeof figures>;

function score(fig: Figures, doc: LabelledDoc, model: ClauseModel) {
  const { engine, modelOnly, grounding, groundingByCode, acordCounts } = fig;
  const detected = detectClauses(doc.text, model);
  const codes = new Set(detected.map((d) => d.code));
  const scores = documentScores(model, doc);
  if (doc.source === "cuad") {
    for (const code of BENCH_CODES) {
      const k = MODEL_CODES.indexOf(code);
      tally(engine.get(code)!, codes.has(code), doc.present.get(code)!);
      tally(modelOnly.get(code)!, scores[k]! >= model.thresholds[k]!, doc.present.get(code)!);
    }
    for (const d of detected) {
      const g = groundingByCode.get(d.code);
      if (!g) continue;
      const ok = overlaps(d, doc.spans.get(d.code) ?? []);
      g.detected++;
      grounding.detected++;
      if (ok) {
        g.grounded++;
        grounding.grounded++;
      }
    }
  } else {
    const lol = doc.present.get("limitation_of_liability")!;
    const ind = doc.present.get("indemnity")!;
    tally(acordCounts.lolStrict, codes.has("limitation_of_liability"), lol);
    tally(acordCounts.lolFamily, LOL_FAMILY.some((c) => codes.has(c)), lol);
    tally(acordCounts.indemnity, codes.has("indemnity"), ind);
    // ACORD lists the categories a clause was rated relevant for, not those it is outside (README), and
    // the limitation-of-liability and indemnification clauses overlap: dozens of clauses listed only
    // under Limitation of Liability are operative indemnities ("shall indemnify, defend and hold
    // harmless ..."), and indemnities listed only under Indemnification carry caps. A clause listed
    // only under the other of the two is counted here as neither positive nor negative; the line
    // above counts it as a negative.
    if (lol || !ind) tally(acordCounts.lolRated, LOL_FAMILY.some((c) => codes.has(c)), lol);
    if (ind || !lol) tally(acordCounts.indemnityRated, codes.has("indemnity"), ind);
    const kl = MODEL_CODES.indexOf("limitation_of_liability");
    const ki = MODEL_CODES.indexOf("indemnity");
    tally(acordCounts.lolModel, scores[kl]! >= model.thresholds[kl]!, lol);
    tally(acordCounts.indemnityModel, scores[ki]! >= model.thresholds[ki]!, ind);
  }
}

const chosen = figures();
const fixed = compareQuotes ? figures() : null;
for (let fold = 0; fold < Math.min(onlyFolds, FOLDS); fold++) {
  const t0 = performance.now();
  const model = foldModel(fold, () => trainModel(docs.filter((d) => foldOf(d.id, FOLDS) !== fold)));
  const held = docs.filter((d) => foldOf(d.id, FOLDS) === fold);
  const fixedModel = Object.assign(Object.create(Object.getPrototypeOf(model) as object) as ClauseModel, model, { nearBest: new Float64Array(model.codes.length).fill(DEFAULT_NEAR_BEST) });
  for (const doc of held) {
    score(chosen, doc, model);
    if (fixed) score(fixed, doc, fixedModel);
  }
  console.log(`fold ${fold + 1}/${FOLDS}: trained on ${docs.length - held.length} documents, scored ${held.length} held-out (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
}

const pct = (x: number) => x.toFixed(3);
function report(fig: Figures, title: string) {
  const { engine, modelOnly, grounding, groundingByCode, acordCounts } = fig;
  console.log(`\n${title}`);
  console.log(`CUAD, document-level presence, ${Math.min(onlyFolds, FOLDS)} of ${FOLDS} folds held out (engine = model + EPC rules; model = the classifier alone)`);
  console.log(`${"code".padEnd(30)} ${"P".padStart(6)} ${"R".padStart(6)} ${"F1".padStart(6)}  model F1  grounding`);
  let macro = 0;
  let macroModel = 0;
  for (const code of BENCH_CODES) {
    const e = prf(engine.get(code)!);
    const m = prf(modelOnly.get(code)!);
    const g = groundingByCode.get(code)!;
    macro += e.f / BENCH_CODES.length;
    macroModel += m.f / BENCH_CODES.length;
    console.log(`${code.padEnd(30)} ${pct(e.p).padStart(6)} ${pct(e.r).padStart(6)} ${pct(e.f).padStart(6)}  ${pct(m.f).padStart(8)}  ${g.detected ? pct(g.grounded / g.detected) : "  -  "} (${g.detected})`);
  }
  console.log(`\nmacro-F1 (14 codes): engine ${pct(macro)}, model alone ${pct(macroModel)}   (target ≥ 0.85)`);
  console.log(`grounding: ${pct(grounding.grounded / Math.max(1, grounding.detected))} of ${grounding.detected} detected clauses quote a gold span of their category   (target ≥ 0.8)`);
  const a = (c: Count) => {
    const x = prf(c);
    return `P ${pct(x.p)} R ${pct(x.r)} F1 ${pct(x.f)}`;
  };
  console.log(`\nACORD, by clause (held out as above):`);
  console.log(`  limitation of liability: ${a(acordCounts.lolFamily)}  (engine: limitation_of_liability, uncapped_liability or consequential_damages; ACORD's category covers all three)   (target ≥ 0.9)`);
  console.log(`    limitation_of_liability code alone: ${a(acordCounts.lolStrict)}; model alone: ${a(acordCounts.lolModel)}`);
  console.log(`  indemnity:               ${a(acordCounts.indemnity)}   (target ≥ 0.9)`);
  console.log(`    model alone: ${a(acordCounts.indemnityModel)}`);
  console.log(`  leaving out clauses listed only under the other of the two categories (unknown, not negative):`);
  console.log(`    limitation of liability: ${a(acordCounts.lolRated)}`);
  console.log(`    indemnity:               ${a(acordCounts.indemnityRated)}`);
}
report(chosen, "Quote share chosen per code (the model's nearBest)");
if (fixed) report(fixed, `The same fold models, quote share fixed at ${DEFAULT_NEAR_BEST}`);
console.log(`\nTotal ${((performance.now() - started) / 1000).toFixed(0)} s`);
