/** A slice of the contract's text; `start`/`end` are offsets into the whole text (end exclusive). */
export interface Chunk {
  start: number;
  end: number;
  text: string;
}

export const DEFAULT_CHUNK_CHARS = 12_000;

/**
 * Splits `text` into chunks of at most `maxChars`, cutting at a paragraph break when there is one in
 * the second half of the window, else at a line break, a sentence end or a space, else hard.
 * The chunks cover the text exactly, in order.
 */
export function splitIntoChunks(text: string, maxChars = DEFAULT_CHUNK_CHARS): Chunk[] {
  const chunks: Chunk[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + maxChars);
    if (end < text.length) end = breakBefore(text, start, end);
    chunks.push({ start, end, text: text.slice(start, end) });
    start = end;
  }
  return chunks;
}

function breakBefore(text: string, start: number, limit: number): number {
  const window = text.slice(start, limit);
  const floor = Math.floor(window.length / 2);
  for (const separator of ["\n\n", "\n", ". ", " "]) {
    const at = window.lastIndexOf(separator);
    if (at >= floor) return start + at + separator.length;
  }
  return limit;
}

const STOP_WORDS = new Set(["the", "and", "for", "are", "does", "what", "which", "who", "how", "when", "where", "this", "that", "with", "our", "any", "can", "contract", "agreement", "under", "there", "have", "has", "will", "shall", "from", "into", "about", "is", "it", "be", "of", "to", "in", "on", "a", "an", "or", "if", "we", "us", "do"]);

function terms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => word.length >= 3 && !STOP_WORDS.has(word));
}

/**
 * The chunks most likely to answer `question` (most question terms, counted), at most `maxChunks`,
 * in document order. A question with no usable term gets the opening chunks.
 */
export function relevantChunks(chunks: Chunk[], question: string, maxChunks: number): Chunk[] {
  if (chunks.length <= maxChunks) return chunks;
  const wanted = new Set(terms(question));
  const scored = chunks.map((chunk, index) => ({ chunk, index, score: terms(chunk.text).filter((term) => wanted.has(term)).length }));
  const best = [...scored].sort((a, b) => b.score - a.score || a.index - b.index).slice(0, maxChunks);
  return best.sort((a, b) => a.index - b.index).map((entry) => entry.chunk);
}

const ELLIPSIS = /\s*(?:\.\.\.|…|\[\s*\.\.\.\s*\])\s*/u;
/** How far apart the pieces of an elided excerpt ("A … B") may be. */
const ELISION_SPAN = 4_000;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Quotes, dashes and spacing vary between the source and a model's copy of it. */
function flexiblePattern(piece: string): RegExp | null {
  const tokens = piece.trim().split(/\s+/u).filter(Boolean);
  if (tokens.length === 0) return null;
  const body = tokens
    .map((token) =>
      escapeRegExp(token)
        .replace(/["“”„]/gu, "[\"“”„]")
        .replace(/['‘’‚]/gu, "['‘’‚]")
        .replace(/[-‐‑–—]/gu, "[-‐‑–—]"),
    )
    .join("\\s+");
  return new RegExp(body, "giu");
}

function findPiece(text: string, piece: string, from: number, until: number): { start: number; end: number } | null {
  const exact = text.indexOf(piece, from);
  if (exact >= 0 && exact + piece.length <= until) return { start: exact, end: exact + piece.length };
  const pattern = flexiblePattern(piece);
  if (!pattern) return null;
  pattern.lastIndex = from;
  const match = pattern.exec(text);
  if (!match || match.index + match[0].length > until) return null;
  return { start: match.index, end: match.index + match[0].length };
}

/**
 * Where a model's excerpt is in `text`: the exact passage, or the same words with different
 * spacing, quotes or dashes; an elided excerpt ("first words … last words") spans from its first
 * piece to its last. Searches from `hint` (the chunk the model read) first, then the whole text.
 * null when the excerpt is not in the text: the model's offsets are never trusted.
 */
export function locateExcerpt(text: string, excerpt: string, hint = 0): { start: number; end: number } | null {
  const pieces = excerpt.split(ELLIPSIS).map((piece) => piece.trim()).filter((piece) => piece.length > 0);
  const [first, ...rest] = pieces;
  if (first === undefined) return null;
  for (const from of hint > 0 ? [hint, 0] : [0]) {
    let found = findPiece(text, first, from, text.length);
    if (!found) continue;
    const start = found.start;
    for (const piece of rest) {
      found = found && findPiece(text, piece, found.end, found.end + ELISION_SPAN + piece.length * 2);
    }
    if (found) return { start, end: found.end };
  }
  return null;
}
