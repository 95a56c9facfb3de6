import { tokens } from "./text";

function vector(text: string): Map<string, number> {
  const words = tokens(text);
  const counts = new Map<string, number>();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (let i = 0; i < words.length; i++) {
    add(words[i]!);
    // Word pairs keep some order: "owner shall indemnify" and "indemnify the owner" are not the same clause.
    if (i + 1 < words.length) add(`${words[i]} ${words[i + 1]}`);
  }
  return counts;
}

/** Cosine similarity of two passages over stemmed words and word pairs: 0 (nothing shared) to 1 (same words). */
export function similarity(a: string, b: string): number {
  const va = vector(a);
  const vb = vector(b);
  if (va.size === 0 || vb.size === 0) return 0;
  let dot = 0;
  for (const [key, n] of va) dot += n * (vb.get(key) ?? 0);
  const norm = (v: Map<string, number>) => Math.sqrt([...v.values()].reduce((sum, n) => sum + n * n, 0));
  return Math.min(1, dot / (norm(va) * norm(vb)));
}
