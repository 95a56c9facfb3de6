import { isHeadingOnly, type Segment } from "../segment";
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
}

const LONG = 1000;
const CHUNK = 700;

export function clauseUnits(segments: readonly Segment[]): ClauseUnit[] {
  const out: ClauseUnit[] = [];
  segments.forEach((seg, i) => {
    const base = { segment: i, heading: seg.heading, parents: seg.parents };
    // A heading on a line of its own names the article's type without being a clause of it.
    if (isHeadingOnly(seg.text)) return;
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
  return out;
}
