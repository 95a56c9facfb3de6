/**
 * Training of the clause model: one-vs-rest logistic regression with L2, fitted by stochastic
 * gradient descent (Bottou's decaying step, weight scaling for the L2 term), all codes in one pass
 * over the data. Then per code the probability threshold that maximises F1 on out-of-fold scores,
 * by document presence (CUAD) and by clause (ACORD).
 */
import type { ClauseCode } from "@clausewise/shared";
import { DIM } from "../../api/src/analysis/engine/model/features";
import { ClauseModel } from "../../api/src/analysis/engine/model/classifier";
import { docFeatures, denseSize, MIN_UNITS, PER_CODE, stackProbability, TITLE_DIM, type DocFeatures, type StackCode } from "../../api/src/analysis/engine/model/stack";
import { BENCH_CODES, MODEL_CODES, UNKNOWN, type LabelledDoc, type LabelledUnit } from "./data";

export interface TrainOptions {
  epochs: number;
  lambda: number;
  /** Positives weigh this much more than negatives (they are rare: a few clauses per contract). */
  positiveWeight: number;
  seed: number;
}

export const DEFAULTS: TrainOptions = { epochs: 5, lambda: 2e-6, positiveWeight: 4, seed: 13 };

export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

export function fit(units: readonly LabelledUnit[], options: TrainOptions = DEFAULTS): ClauseModel {
  const C = MODEL_CODES.length;
  const v = new Float32Array(DIM * C);
  const scale = new Float64Array(C).fill(1);
  const bias = new Float64Array(C);
  const order = units.map((_, i) => i);
  const random = rng(options.seed);
  const eta0 = 0.5;
  let t = 0;
  const z = new Float64Array(C);
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const n of order) {
      const u = units[n]!;
      const eta = eta0 / (1 + eta0 * options.lambda * t++);
      const { idx, val } = u.x;
      z.set(bias);
      for (let j = 0; j < idx.length; j++) {
        const base = idx[j]! * C;
        const x = val[j]!;
        for (let k = 0; k < C; k++) z[k] = z[k]! + v[base + k]! * x * scale[k]!;
      }
      for (let k = 0; k < C; k++) {
        const y = u.y[k]!;
        if (y === UNKNOWN) continue;
        scale[k] = scale[k]! * (1 - eta * options.lambda);
        const p = 1 / (1 + Math.exp(-z[k]!));
        const g = (p - y) * (y === 1 ? options.positiveWeight : 1);
        if (Math.abs(g) < 1e-4) continue;
        const step = (eta * g) / scale[k]!;
        for (let j = 0; j < idx.length; j++) v[idx[j]! * C + k] = v[idx[j]! * C + k]! - step * val[j]!;
        bias[k] = bias[k]! - eta * g * 0.1;
      }
      if (t % 20000 === 0) rescale(v, scale, C);
    }
  }
  rescale(v, scale, C);
  const model = new ClauseModel(MODEL_CODES, v);
  model.bias.set(bias);
  return model;
}

function rescale(v: Float32Array, scale: Float64Array, C: number) {
  for (let f = 0; f < DIM; f++) for (let k = 0; k < C; k++) v[f * C + k] = v[f * C + k]! * scale[k]!;
  scale.fill(1);
}

/** Folds by document: a stable hash of the id, so a contract is always in the same fold. */
export function foldOf(id: string, folds: number): number {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return (h >>> 0) % folds;
}

/** Highest probability per code over a document's units. */
export function documentScores(model: ClauseModel, doc: LabelledDoc): Float32Array {
  const best = new Float32Array(model.codes.length);
  for (const u of doc.units) {
    const p = model.scoreVector(u.x);
    for (let k = 0; k < p.length; k++) best[k] = Math.max(best[k]!, p[k]!);
  }
  return best;
}

export function f1(tp: number, fp: number, fn: number): number {
  return tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
}

/** Per clause unit of a document, the model's probability per code. */
export function unitScores(model: ClauseModel, doc: LabelledDoc): Float32Array[] {
  return doc.units.map((u) => model.scoreVector(u.x));
}

export function maxScores(probs: readonly Float32Array[], C: number): Float32Array {
  const best = new Float32Array(C);
  for (const p of probs) for (let k = 0; k < C; k++) best[k] = Math.max(best[k]!, p[k]!);
  return best;
}

/** The clause classifier, and per training document its clause probabilities out of fold (for the second stage). */
export interface FirstStage {
  model: ClauseModel;
  oof: Map<string, Float32Array[]>;
}

/**
 * Fits on `docs`, choosing each code's threshold on out-of-fold scores (inner cross-validation by
 * document), then refits on everything. For a code labelled in both sets the threshold maximises the
 * mean of document F1 (CUAD) and clause F1 (ACORD).
 */
export function trainFirstStage(docs: readonly LabelledDoc[], options: TrainOptions = DEFAULTS, innerFolds = 3, log: (s: string) => void = () => {}): FirstStage {
  const oof = new Map<string, Float32Array[]>();
  for (let f = 0; f < innerFolds; f++) {
    const train = docs.filter((d) => foldOf(`inner:${d.id}`, innerFolds) !== f);
    const model = fit(train.flatMap((d) => d.units), options);
    for (const d of docs) if (foldOf(`inner:${d.id}`, innerFolds) === f) oof.set(d.id, unitScores(model, d));
    log(`  inner fold ${f + 1}/${innerFolds} fitted`);
  }
  const model = fit(docs.flatMap((d) => d.units), options);
  const best = new Map(docs.map((d) => [d, maxScores(oof.get(d.id)!, MODEL_CODES.length)]));
  MODEL_CODES.forEach((code, k) => {
    model.thresholds[k] = chooseThreshold(code, k, docs, best);
  });
  return { model, oof };
}

/** The whole model: the clause classifier and its document-level second stage (stack.ts). */
export function trainModel(docs: readonly LabelledDoc[], options: TrainOptions = DEFAULTS, innerFolds = 3, log: (s: string) => void = () => {}): ClauseModel {
  const first = trainFirstStage(docs, options, innerFolds, log);
  trainStack(first.model, docs, first.oof, log);
  return first.model;
}

/** Second-stage options: L2 strength, epochs of full passes. */
export const STACK_LAMBDA = 1e-2;
export const STACK_EPOCHS = 60;

/** The codes the second stage may decide: CUAD's (whole contracts); indemnity is learned from single clauses only. */
const STACKED: ReadonlySet<ClauseCode> = new Set(BENCH_CODES);

interface StackRow {
  f: DocFeatures;
  y: number;
  fold: number;
}

function fitStackCode(rows: readonly StackRow[], C: number, seed: number): StackCode {
  const dense = new Float32Array(denseSize(C));
  const title = new Float32Array(TITLE_DIM);
  let bias = 0;
  const order = rows.map((_, i) => i);
  const random = rng(seed);
  let t = 0;
  for (let epoch = 0; epoch < STACK_EPOCHS; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const n of order) {
      const { f, y } = rows[n]!;
      const eta = 0.5 / (1 + 0.01 * t++);
      const s: StackCode = { bias, threshold: 0.5, dense, title };
      const g = stackProbability(s, f) - y;
      const shrink = 1 - eta * STACK_LAMBDA;
      for (let j = 0; j < dense.length; j++) dense[j] = dense[j]! * shrink - eta * g * f.dense[j]!;
      for (let j = 0; j < f.title.idx.length; j++) {
        const b = f.title.idx[j]!;
        title[b] = title[b]! * shrink - eta * g * f.title.val[j]!;
      }
      bias -= eta * g;
    }
  }
  return { bias, threshold: 0.5, dense, title };
}

function bestThreshold(scored: readonly { p: number; y: number }[]): { threshold: number; f1: number } {
  let best = { threshold: 0.5, f1: -1 };
  for (let th = 0.05; th < 0.995; th += 0.01) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (const { p, y } of scored) {
      if (p >= th && y) tp++;
      else if (p >= th) fp++;
      else if (y) fn++;
    }
    const f = f1(tp, fp, fn);
    if (f > best.f1 + 1e-9) best = { threshold: th, f1: f };
  }
  return best;
}

/**
 * The second stage, per code, on the training documents' out-of-fold clause probabilities: its own
 * threshold and its worth are judged by a 3-fold cross-validation over those documents; a code keeps
 * it only where it beats the clause threshold on the same documents (otherwise null: presence stays
 * "some clause reaches the threshold").
 */
export function trainStack(model: ClauseModel, docs: readonly LabelledDoc[], oof: Map<string, Float32Array[]>, log: (s: string) => void = () => {}) {
  const C = model.codes.length;
  const whole = docs.filter((d) => d.source === "cuad" && d.units.length >= MIN_UNITS);
  const features = new Map(whole.map((d) => [d.id, docFeatures(oof.get(d.id)!, model.thresholds, d.text)]));
  const folds = 3;
  const report: string[] = [];
  model.codes.forEach((code, k) => {
    model.stack[k] = null;
    if (!STACKED.has(code)) return;
    const rows: StackRow[] = whole.filter((d) => d.present.has(code)).map((d) => ({ f: features.get(d.id)!, y: d.present.get(code) ? 1 : 0, fold: foldOf(`stack:${d.id}`, folds) }));
    if (!rows.some((r) => r.y)) return;
    const scored: { p: number; y: number }[] = [];
    for (let f = 0; f < folds; f++) {
      const s = fitStackCode(rows.filter((r) => r.fold !== f), C, 17 + k);
      for (const r of rows) if (r.fold === f) scored.push({ p: stackProbability(s, r.f), y: r.y });
    }
    const stacked = bestThreshold(scored);
    // The same documents judged by the clause threshold (first stage alone).
    const plain = bestThreshold(rows.map((r) => ({ p: r.f.dense[PER_CODE * k]! >= model.thresholds[k]! ? 1 : 0, y: r.y })));
    report.push(`${code} ${plain.f1.toFixed(3)}→${stacked.f1.toFixed(3)}`);
    if (stacked.f1 <= plain.f1) return;
    const s = fitStackCode(rows, C, 17 + k);
    s.threshold = stacked.threshold;
    model.stack[k] = s;
  });
  log(`  second stage (inner CV F1, clause threshold → stacked): ${report.join(", ")}`);
}

function chooseThreshold(code: ClauseCode, k: number, docs: readonly LabelledDoc[], oof: Map<LabelledDoc, Float32Array>): number {
  const parts = (["cuad", "acord"] as const)
    .map((source) => docs.filter((d) => d.source === source && d.present.has(code)))
    .filter((set) => set.length > 0 && set.some((d) => d.present.get(code)));
  let best = { threshold: 0.5, f1: -1 };
  for (let th = 0.05; th < 0.995; th += 0.01) {
    const scores = parts.map((set) => fAt(set, k, code, th, oof));
    const mean = scores.reduce((a, b) => a + b, 0) / Math.max(1, scores.length);
    if (mean > best.f1 + 1e-9) best = { threshold: th, f1: mean };
  }
  return best.threshold;
}

function fAt(set: readonly LabelledDoc[], k: number, code: ClauseCode, th: number, oof: Map<LabelledDoc, Float32Array>): number {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const d of set) {
    const predicted = oof.get(d)![k]! >= th;
    const gold = d.present.get(code)!;
    if (predicted && gold) tp++;
    else if (predicted) fp++;
    else if (gold) fn++;
  }
  return f1(tp, fp, fn);
}
