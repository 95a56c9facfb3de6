/*
 * Redline of two texts (the versions dialog's Compare, issue 14): what was deleted, what was
 * inserted, what stayed. Two passes keep it fast on long contracts: lines (one per paragraph, as
 * the plain text of a version has them) are compared first, then words inside each run of changed
 * lines, so a 300-page contract with a few edits costs a few thousand steps, not millions.
 * Comparison is Myers' O(ND) algorithm in linear space (the "middle snake" bisection, as in
 * diff-match-patch), on integer ids of lines and words.
 */

export type DiffKind = "equal" | "insert" | "delete";

export interface DiffSegment {
  kind: DiffKind;
  /** May hold line breaks: a segment can span several paragraphs. */
  text: string;
}

type Op = [DiffKind, number, number];

/** Interns strings as small integers, so sequences compare by ===. */
function intern(tokens: readonly string[], ids: Map<string, number>): Int32Array {
  const out = new Int32Array(tokens.length);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    let id = ids.get(token);
    if (id === undefined) ids.set(token, (id = ids.size));
    out[i] = id;
  }
  return out;
}

/**
 * The edit script turning a[aStart, aEnd) into b[bStart, bEnd): ops of [kind, index in a or b, count].
 * Common head and tail are taken first; what is left is split at the middle snake and recursed.
 */
function diffRange(a: Int32Array, b: Int32Array, aStart: number, aEnd: number, bStart: number, bEnd: number, out: Op[]): void {
  let head = 0;
  while (aStart + head < aEnd && bStart + head < bEnd && a[aStart + head] === b[bStart + head]) head++;
  if (head > 0) out.push(["equal", aStart, head]);
  aStart += head;
  bStart += head;
  let tail = 0;
  while (aEnd - tail > aStart && bEnd - tail > bStart && a[aEnd - tail - 1] === b[bEnd - tail - 1]) tail++;
  aEnd -= tail;
  bEnd -= tail;

  if (aStart === aEnd) {
    if (bStart < bEnd) out.push(["insert", bStart, bEnd - bStart]);
  } else if (bStart === bEnd) {
    out.push(["delete", aStart, aEnd - aStart]);
  } else {
    const [x, y] = middleSnake(a, b, aStart, aEnd, bStart, bEnd);
    if ((x === aStart && y === bStart) || (x === aEnd && y === bEnd)) {
      // No split that makes progress: the two ranges share nothing.
      out.push(["delete", aStart, aEnd - aStart], ["insert", bStart, bEnd - bStart]);
    } else {
      diffRange(a, b, aStart, x, bStart, y, out);
      diffRange(a, b, x, aEnd, y, bEnd, out);
    }
  }
  if (tail > 0) out.push(["equal", aEnd, tail]);
}

/**
 * A point where the forward and the reverse furthest-reaching paths of Myers' algorithm meet: it
 * lies on an optimal path, so both halves can be compared separately (diff-match-patch's bisect).
 */
function middleSnake(a: Int32Array, b: Int32Array, aStart: number, aEnd: number, bStart: number, bEnd: number): [number, number] {
  const n = aEnd - aStart;
  const m = bEnd - bStart;
  const maxD = Math.ceil((n + m) / 2);
  const offset = maxD;
  const size = 2 * maxD + 2;
  const forward = new Int32Array(size).fill(-1);
  const reverse = new Int32Array(size).fill(-1);
  forward[offset + 1] = 0;
  reverse[offset + 1] = 0;
  const delta = n - m;
  // With an odd delta the paths meet while extending forward, with an even one while extending back.
  const front = delta % 2 !== 0;
  let k1start = 0;
  let k1end = 0;
  let k2start = 0;
  let k2end = 0;
  for (let d = 0; d < maxD; d++) {
    for (let k1 = -d + k1start; k1 <= d - k1end; k1 += 2) {
      const i = offset + k1;
      let x1 = k1 === -d || (k1 !== d && forward[i - 1]! < forward[i + 1]!) ? forward[i + 1]! : forward[i - 1]! + 1;
      let y1 = x1 - k1;
      while (x1 < n && y1 < m && a[aStart + x1] === b[bStart + y1]) {
        x1++;
        y1++;
      }
      forward[i] = x1;
      if (x1 > n) k1end += 2;
      else if (y1 > m) k1start += 2;
      else if (front) {
        const j = offset + delta - k1;
        if (j >= 0 && j < size && reverse[j]! !== -1 && x1 >= n - reverse[j]!) return [aStart + x1, bStart + y1];
      }
    }
    for (let k2 = -d + k2start; k2 <= d - k2end; k2 += 2) {
      const i = offset + k2;
      let x2 = k2 === -d || (k2 !== d && reverse[i - 1]! < reverse[i + 1]!) ? reverse[i + 1]! : reverse[i - 1]! + 1;
      let y2 = x2 - k2;
      while (x2 < n && y2 < m && a[aEnd - x2 - 1] === b[bEnd - y2 - 1]) {
        x2++;
        y2++;
      }
      reverse[i] = x2;
      if (x2 > n) k2end += 2;
      else if (y2 > m) k2start += 2;
      else if (!front) {
        const j = offset + delta - k2;
        if (j >= 0 && j < size && forward[j]! !== -1) {
          const x1 = forward[j]!;
          const y1 = offset + x1 - j;
          if (x1 >= n - x2) return [aStart + x1, bStart + y1];
        }
      }
    }
  }
  return [aEnd, bEnd];
}

function diffTokens(a: readonly string[], b: readonly string[]): Op[] {
  const ids = new Map<string, number>();
  const out: Op[] = [];
  diffRange(intern(a, ids), intern(b, ids), 0, a.length, 0, b.length, out);
  return out;
}

/** Words, runs of spaces and single other characters: a changed comma does not redline its word. */
export function wordTokens(text: string): string[] {
  return text.match(/[\p{L}\p{N}_]+|\s+|[^\p{L}\p{N}_\s]/gu) ?? [];
}

class Segments {
  readonly list: DiffSegment[] = [];
  push(kind: DiffKind, text: string): void {
    if (!text) return;
    const last = this.list.at(-1);
    if (last && last.kind === kind) last.text += text;
    else this.list.push({ kind, text });
  }
}

/** Lines with their line break (the last one may have none), so joining them gives the text back. */
function lineTokens(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** A run of deleted lines and the run of inserted lines that replaces it, compared word by word. */
function diffChangedLines(before: string, after: string, into: Segments): void {
  if (!before || !after) {
    into.push("delete", before);
    into.push("insert", after);
    return;
  }
  const a = wordTokens(before);
  const b = wordTokens(after);
  for (const [kind, start, count] of diffTokens(a, b)) into.push(kind, (kind === "insert" ? b : a).slice(start, start + count).join(""));
}

/**
 * The redline from `before` to `after`: equal, deleted and inserted stretches in reading order,
 * with deletions before the insertions that replace them. Joining the equal and deleted texts
 * gives `before`; joining the equal and inserted texts gives `after`.
 */
export function diffText(before: string, after: string): DiffSegment[] {
  if (before === after) return before ? [{ kind: "equal", text: before }] : [];
  const a = lineTokens(before);
  const b = lineTokens(after);
  const out = new Segments();
  let deleted = "";
  let inserted = "";
  for (const [kind, start, count] of diffTokens(a, b)) {
    if (kind === "delete") deleted += a.slice(start, start + count).join("");
    else if (kind === "insert") inserted += b.slice(start, start + count).join("");
    else {
      diffChangedLines(deleted, inserted, out);
      deleted = inserted = "";
      out.push("equal", a.slice(start, start + count).join(""));
    }
  }
  diffChangedLines(deleted, inserted, out);
  return out.list;
}

/** How much changed: characters inserted and deleted (for a summary line). */
export function diffStats(segments: readonly DiffSegment[]): { inserted: number; deleted: number } {
  let inserted = 0;
  let deleted = 0;
  for (const s of segments) {
    if (s.kind === "insert") inserted += s.text.length;
    else if (s.kind === "delete") deleted += s.text.length;
  }
  return { inserted, deleted };
}
