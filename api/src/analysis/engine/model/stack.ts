/**
 * The document-level second stage of the clause model (stacking): whether a contract has a clause type
 * is decided from what the clause classifier says about all of its clauses together, and from the
 * words of its title. Per code, a small logistic regression reads, for each of the classifier's codes,
 * the document's highest, second-highest and top-three mean probability, the logit of the highest and
 * how many clauses reach the code's threshold (a contract with a strong exclusivity clause more often
 * has a minimum commitment; a distribution agreement more often a non-compete), and hashed words of the
 * document's first lines (the contract type is in its title). Trained on out-of-fold clause
 * probabilities (scripts/clauses/logistic.ts), so it learns how the classifier errs on unseen contracts.
 * The same function builds the features in training and in the product.
 */
import { words, type SparseVector } from "./features";

export const TITLE_BITS = 12;
export const TITLE_DIM = 1 << TITLE_BITS;
/** The first characters of a document, where its title and parties are. */
export const TITLE_CHARS = 400;
/**
 * The second stage decides only for whole documents: a text of fewer clause units (a selection, a single
 * clause) is judged by the clause thresholds alone, as the stage never saw such texts.
 */
export const MIN_UNITS = 12;
export const PER_CODE = 5;

export interface DocFeatures {
  dense: Float32Array;
  title: SparseVector;
}

export function denseSize(codes: number): number {
  return PER_CODE * codes + 1;
}

function hashTitle(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) & (TITLE_DIM - 1);
}

export function titleFeatures(text: string): SparseVector {
  const ws = words(text.slice(0, TITLE_CHARS));
  const set = new Set<number>();
  for (const w of ws) if (w !== "0") set.add(hashTitle(`t ${w}`));
  const idx = Int32Array.from([...set].sort((a, b) => a - b));
  const val = new Float32Array(idx.length).fill(1 / Math.sqrt(Math.max(1, idx.length)));
  return { idx, val };
}

/** `probs`: per clause unit, the classifier's probability per code; `thresholds`: the classifier's per code. */
export function docFeatures(probs: readonly Float32Array[], thresholds: Float32Array, text: string): DocFeatures {
  const C = thresholds.length;
  const dense = new Float32Array(denseSize(C));
  for (let k = 0; k < C; k++) {
    let a = 0;
    let b = 0;
    let c = 0;
    let above = 0;
    for (const p of probs) {
      const v = p[k]!;
      if (v >= thresholds[k]!) above++;
      if (v > a) [a, b, c] = [v, a, b];
      else if (v > b) [b, c] = [v, b];
      else if (v > c) c = v;
    }
    const clipped = Math.min(1 - 1e-6, Math.max(1e-6, a));
    dense[PER_CODE * k] = a;
    dense[PER_CODE * k + 1] = b;
    dense[PER_CODE * k + 2] = (a + b + c) / 3;
    dense[PER_CODE * k + 3] = Math.log(clipped / (1 - clipped)) / 5;
    dense[PER_CODE * k + 4] = Math.log1p(above);
  }
  dense[PER_CODE * C] = Math.log1p(probs.length) / 5;
  return { dense, title: titleFeatures(text) };
}

/** One code's second stage: bias, weights of the dense features and of the title buckets, and its threshold. */
export interface StackCode {
  bias: number;
  threshold: number;
  dense: Float32Array;
  title: Float32Array;
}

export function stackProbability(s: StackCode, f: DocFeatures): number {
  let z = s.bias;
  for (let j = 0; j < f.dense.length; j++) z += s.dense[j]! * f.dense[j]!;
  for (let j = 0; j < f.title.idx.length; j++) z += s.title[f.title.idx[j]!]! * f.title.val[j]!;
  return 1 / (1 + Math.exp(-z));
}
