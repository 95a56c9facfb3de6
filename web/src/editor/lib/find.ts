import type { Node as PMNode } from "@tiptap/pm/model";

export interface FindOptions {
  caseSensitive?: boolean;
}

export interface TextRange {
  from: number;
  to: number;
}

/** Stands for an inline node (image, line break) so that a match never spans one. */
const OBJECT = "\uFFFC";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Start offsets and lengths of the non-overlapping occurrences of `query` in `text`. Empty query: none. */
export function findInText(text: string, query: string, options: FindOptions = {}): { index: number; length: number }[] {
  if (query === "") return [];
  const pattern = new RegExp(escapeRegExp(query), options.caseSensitive ? "gu" : "giu");
  const found: { index: number; length: number }[] = [];
  for (const match of text.matchAll(pattern)) {
    if (match[0].length > 0) found.push({ index: match.index, length: match[0].length });
  }
  return found;
}

/**
 * Where `query` occurs in the document, as ProseMirror ranges. Each textblock is searched on its own
 * (a match does not run from one paragraph into the next), across marks (bold text in the middle
 * of a phrase still matches), never across an image or a line break.
 */
export function findMatches(doc: PMNode, query: string, options: FindOptions = {}): TextRange[] {
  if (query === "") return [];
  const ranges: TextRange[] = [];
  doc.descendants((node, pos) => {
    if (!node.isTextblock) return true;
    let text = "";
    const starts: number[] = [];
    node.forEach((child, offset) => {
      const piece = child.isText ? (child.text ?? "") : OBJECT;
      for (let i = 0; i < piece.length; i++) starts.push(pos + 1 + offset + (child.isText ? i : 0));
      text += piece;
    });
    for (const { index, length } of findInText(text, query, options)) {
      const from = starts[index];
      const last = starts[index + length - 1];
      if (from !== undefined && last !== undefined) ranges.push({ from, to: last + 1 });
    }
    return false;
  });
  return ranges;
}

/** The match to go to from `current` (-1: none yet), wrapping around at either end. */
export function stepMatch(count: number, current: number, direction: 1 | -1): number {
  if (count === 0) return -1;
  if (current < 0 || current >= count) return direction === 1 ? 0 : count - 1;
  return (current + direction + count) % count;
}

/** The first match at or after `pos` (where the cursor is), wrapping to the first. */
export function matchAtOrAfter(matches: readonly TextRange[], pos: number): number {
  if (matches.length === 0) return -1;
  const index = matches.findIndex((m) => m.from >= pos);
  return index === -1 ? 0 : index;
}
