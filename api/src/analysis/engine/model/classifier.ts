import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { CLAUSE_CODES, type ClauseCode } from "@clausewise/shared";
import { DIM, HASH_BITS, featurize, type ClauseInput, type SparseVector } from "./features";

/** The quote rule before it was chosen per code (and for a file without it): a fifth of the way from the surest clause. */
export const DEFAULT_NEAR_BEST = 0.8;

/**
 * One-vs-rest logistic regression over hashed n-grams (features.ts), one weight column per clause
 * code, and per code the probability from which a clause counts as that type (chosen by
 * cross-validation when training, scripts/clauses). Weights sit feature-major, so one pass over a
 * clause's features scores every code. A model read from the committed file keeps the file's int8
 * weights and one scale per code (4 MB instead of 16 MB of float32 in every thread that analyses),
 * and scores with the same products.
 */
export class ClauseModel {
  readonly codes: readonly ClauseCode[];
  readonly bias: Float32Array;
  readonly thresholds: Float32Array;
  /**
   * Per code, which of a document's clauses above the threshold are quoted: those within this share
   * of the way from the threshold up to the document's surest one or above (detect.ts; chosen per code
   * when training, on grounding inside the training folds).
   */
  readonly nearBest: Float64Array;
  /** Float weights while training; the file's int8 weights, each code's column times `scales[k]`, once read. */
  readonly weights: Float32Array | Int8Array;
  readonly scales: Float32Array | null;

  constructor(codes: readonly ClauseCode[], weights?: Float32Array, quantized?: { weights: Int8Array; scales: Float32Array }) {
    this.codes = codes;
    this.bias = new Float32Array(codes.length);
    this.thresholds = new Float32Array(codes.length).fill(0.5);
    this.nearBest = new Float64Array(codes.length).fill(DEFAULT_NEAR_BEST);
    this.weights = quantized?.weights ?? weights ?? new Float32Array(DIM * codes.length);
    this.scales = quantized?.scales ?? null;
  }

  /** Probability per code (same order as `codes`). */
  scoreVector(x: SparseVector): Float32Array {
    const c = this.codes.length;
    const out = this.scales ? new Float32Array(c) : Float32Array.from(this.bias);
    for (let j = 0; j < x.idx.length; j++) {
      const base = x.idx[j]! * c;
      const v = x.val[j]!;
      for (let k = 0; k < c; k++) out[k] = out[k]! + this.weights[base + k]! * v;
    }
    if (this.scales) for (let k = 0; k < c; k++) out[k] = this.bias[k]! + out[k]! * this.scales[k]!;
    for (let k = 0; k < c; k++) out[k] = 1 / (1 + Math.exp(-out[k]!));
    return out;
  }

  score(input: ClauseInput): Float32Array {
    return this.scoreVector(featurize(input));
  }

  /** The codes a clause carries, with their probabilities. */
  classify(input: ClauseInput): { code: ClauseCode; probability: number }[] {
    const p = this.score(input);
    return this.codes.flatMap((code, k) => (p[k]! >= this.thresholds[k]! ? [{ code, probability: p[k]! }] : []));
  }
}

/** The committed file: per code the bias, threshold, quote rule (`nearBest`, optional) and non-negligible weights (delta-coded bucket, int8-scaled value). */
export interface ClauseModelFile {
  format: "clausewise-clause-model/1";
  hashBits: number;
  trainedOn: string;
  codes: { code: ClauseCode; bias: number; threshold: number; nearBest?: number; scale: number; buckets: number[]; values: number[] }[];
}

/** Weights smaller than this share of the code's largest one are dropped (they move no decision). */
const PRUNE = 0.005;

export function toModelFile(model: ClauseModel, trainedOn: string): ClauseModelFile {
  const c = model.codes.length;
  return {
    format: "clausewise-clause-model/1",
    hashBits: HASH_BITS,
    trainedOn,
    codes: model.codes.map((code, k) => {
      let max = 0;
      for (let f = 0; f < DIM; f++) max = Math.max(max, Math.abs(model.weights[f * c + k]!));
      const scale = max / 127 || 1;
      const buckets: number[] = [];
      const values: number[] = [];
      let last = 0;
      for (let f = 0; f < DIM; f++) {
        const w = model.weights[f * c + k]!;
        if (Math.abs(w) < max * PRUNE) continue;
        buckets.push(f - last);
        values.push(Math.round(w / scale));
        last = f;
      }
      return { code, bias: round(model.bias[k]!), threshold: round(model.thresholds[k]!), nearBest: round(model.nearBest[k]!), scale, buckets, values };
    }),
  };
}

const round = (x: number) => Math.round(x * 1e5) / 1e5;

export function fromModelFile(file: ClauseModelFile): ClauseModel {
  if (file.format !== "clausewise-clause-model/1" || file.hashBits !== HASH_BITS) throw new Error("Unsupported clause model file");
  const codes = file.codes.map((e) => e.code).filter((code) => (CLAUSE_CODES as readonly string[]).includes(code));
  if (codes.length !== file.codes.length) throw new Error("Clause model names an unknown clause code");
  const c = codes.length;
  const weights = new Int8Array(DIM * c);
  const scales = Float32Array.from(file.codes, (e) => e.scale);
  const model = new ClauseModel(codes, undefined, { weights, scales });
  file.codes.forEach((e, k) => {
    model.bias[k] = e.bias;
    model.thresholds[k] = e.threshold;
    model.nearBest[k] = e.nearBest ?? DEFAULT_NEAR_BEST;
    let f = 0;
    e.buckets.forEach((delta, j) => {
      f += delta;
      weights[f * c + k] = e.values[j]!;
    });
  });
  return model;
}

export const MODEL_FILE = new URL("./clause-model.json.gz", import.meta.url);

export function readModelFile(url: URL = MODEL_FILE): ClauseModel {
  return fromModelFile(JSON.parse(gunzipSync(readFileSync(url)).toString("utf8")) as ClauseModelFile);
}

let loaded: ClauseModel | null = null;

/** The committed model, read once (at start-up: findings import it through detect.ts). */
export function clauseModel(): ClauseModel {
  loaded ??= readModelFile();
  return loaded;
}
