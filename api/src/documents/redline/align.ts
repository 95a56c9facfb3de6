import { diffArrays, diffChars } from "diff";

/*
 * Where the text of an imported Word file stands in the contract's text. The two are usually the same
 * (the file is our own export, sent back), but the contract may have been edited since, and the other
 * side may have changed words without tracking them. Lines are matched first (Myers diff over whole
 * lines, cheap on a 300-page contract), then the characters of each changed stretch; offsets inside
 * the matched parts map across, the rest does not.
 */

interface Equal {
  from: number;
  to: number;
  length: number;
}

/** Characters of one changed stretch compared one by one; beyond this the stretch stays unmatched. */
const MAX_STRETCH_CHARS = 20_000;

export interface Alignment {
  /** The offset in the target text of an insertion point of the source, or null if it lies in changed text. */
  point(offset: number): number | null;
  /** The target range of a source range, or null unless all of it is unchanged. */
  range(start: number, end: number): { start: number; end: number } | null;
  /** Stretches of the source that differ from the target (untracked differences). */
  differences: number;
}

function splitLines(text: string): string[] {
  return text.split(/(?<=\n)/);
}

function equalsOf(from: string, to: string): { equals: Equal[]; differences: number } {
  const equals: Equal[] = [];
  let differences = 0;
  let f = 0;
  let t = 0;
  const changes = diffArrays(splitLines(from), splitLines(to));
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i]!;
    const length = change.value.join("").length;
    if (!change.added && !change.removed) {
      equals.push({ from: f, to: t, length });
      f += length;
      t += length;
      continue;
    }
    // A removed stretch and the added one after it (or either alone): compared character by character.
    const next = changes[i + 1];
    const removed = change.removed ? change.value.join("") : "";
    const added = change.added ? change.value.join("") : next?.added && change.removed ? next.value.join("") : "";
    if (change.removed && next?.added) i++;
    differences++;
    if (removed && added && removed.length <= MAX_STRETCH_CHARS && added.length <= MAX_STRETCH_CHARS) {
      let cf = f;
      let ct = t;
      for (const part of diffChars(removed, added)) {
        const n = part.value.length;
        if (!part.added && !part.removed) equals.push({ from: cf, to: ct, length: n });
        if (!part.added) cf += n;
        if (!part.removed) ct += n;
      }
    }
    f += removed.length;
    t += added.length;
  }
  return { equals, differences };
}

export function alignTexts(from: string, to: string): Alignment {
  const { equals, differences } = from === to ? { equals: [{ from: 0, to: 0, length: from.length }], differences: 0 } : equalsOf(from, to);
  const containing = (offset: number, inclusiveEnd: boolean): Equal | undefined => {
    // Binary search over the equal stretches, which are in order on both sides.
    let lo = 0;
    let hi = equals.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const e = equals[mid]!;
      if (offset < e.from) hi = mid - 1;
      else if (offset > e.from + e.length || (!inclusiveEnd && offset === e.from + e.length)) lo = mid + 1;
      else return e;
    }
    return undefined;
  };
  return {
    differences,
    point(offset) {
      const e = containing(offset, false) ?? containing(offset, true);
      return e ? e.to + (offset - e.from) : null;
    },
    range(start, end) {
      if (end <= start) {
        const at = this.point(start);
        return at === null ? null : { start: at, end: at };
      }
      const e = containing(start, false);
      if (!e || end > e.from + e.length) return null;
      return { start: e.to + (start - e.from), end: e.to + (end - e.from) };
    },
  };
}
