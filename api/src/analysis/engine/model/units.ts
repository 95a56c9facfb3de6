import type { Segment } from "../segment";
import { sentences } from "../text";

/**
 * What the clause model classifies: a segment, or, for a long one, runs of its sentences, so one
 * clause type buried in a long article is neither diluted nor quoted as the whole article.
 */
export interface ClauseUnit {
  /** Index of the segment it belongs to. */
  segment: number;
  /** Offsets into the full text, end exclusive. */
  start: number;
  end: number;
  text: string;
  heading: string | null;
  parents: readonly string[];
  /** The end of the unit before and the start of the unit after (features.ts reads them apart). */
  context: string;
}

/** How much of each neighbour the model reads. */
const CONTEXT_CHARS = 300;

const LONG = 1000;
const CHUNK = 700;

export function clauseUnits(segments: readonly Segment[]): ClauseUnit[] {
  const out: Omit<ClauseUnit, "context">[] = [];
  segments.forEach((seg, i) => {
    const base = { segment: i, heading: seg.heading, parents: seg.parents };
    if (seg.text.length <= LONG) {
      out.push({ ...base, start: seg.start, end: seg.end, text: seg.text });
      return;
    }
    let from = -1;
    let to = -1;
    const flush = () => {
      if (from >= 0) out.push({ ...base, start: seg.start + from, end: seg.start + to, text: seg.text.slice(from, to) });
      from = -1;
    };
    for (const s of sentences(seg.text)) {
      if (from >= 0 && s.end - from > CHUNK) flush();
      if (from < 0) from = s.start;
      to = s.end;
    }
    flush();
  });
  return out.map((u, n) => {
    const before = n > 0 ? out[n - 1]!.text.slice(-CONTEXT_CHARS) : "";
    const after = n + 1 < out.length ? out[n + 1]!.text.slice(0, CONTEXT_CHARS) : "";
    return { ...u, context: `${before}\n${after}` };
  });
}
