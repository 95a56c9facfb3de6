import { CLAUSE_CODES, type ClauseCode, type DetectedClause } from "@clausewise/shared";
import { CLAUSE_RULES } from "./rules";
import { segmentText, type Segment } from "./segment";
import { fold, sentences } from "./text";

/** A heading that names the clause type outweighs any one body phrase; an article heading around it helps less. */
const OWN_HEADING_WEIGHT = 4;
const PARENT_HEADING_WEIGHT = 1.5;
const DEFAULT_THRESHOLD = 3;
/** A definition or an order-of-precedence list mentions clause types without being one of them. */
const DEFINITIONAL_FACTOR = 0.4;
export const EXCERPT_MAX = 600;

export interface ClauseHit {
  code: ClauseCode;
  score: number;
  /** Offset (in the segment's text) of the strongest body match, or 0. */
  focus: number;
}

export interface AnalysedSegment extends Segment {
  /** The segment text, folded (lower case, ASCII quotes): what the rules and extractors read. */
  folded: string;
  hits: ClauseHit[];
}

/**
 * What the rules read: the folded text with the dots of section numbers and common abbreviations
 * masked ("section 11.2", "e.g."), so a `[^.]` window does not stop inside a sentence. Same length.
 */
function maskDots(folded: string): string {
  return folded.replace(/(\d)\.(?=\d)/g, "$1,").replace(/\b(e\.g|i\.e|no|nos|s|ss|cl|art|sec)\.(?= )/g, (m) => m.replace(/\./g, ","));
}

function scoreSegment(seg: Segment, folded: string): ClauseHit[] {
  const text = maskDots(folded);
  const own = seg.ownHeading ? fold(seg.ownHeading) : null;
  const inherited = seg.ownHeading ? null : seg.heading ? fold(seg.heading) : null;
  const parents = seg.parents.map(fold);
  const hits: ClauseHit[] = [];
  for (const code of CLAUSE_CODES) {
    const rule = CLAUSE_RULES[code];
    let body = 0;
    let best = 0;
    let focus = 0;
    for (const [re, weight] of rule.body) {
      const m = re.exec(text);
      if (!m) continue;
      body += weight;
      if (weight > best) {
        best = weight;
        focus = m.index;
      }
    }
    let context = 0;
    const ownMatches = own !== null && rule.heading.some((re) => re.test(own));
    if (ownMatches) context += OWN_HEADING_WEIGHT;
    else if (inherited && rule.heading.some((re) => re.test(inherited))) context += PARENT_HEADING_WEIGHT;
    else if (parents.some((p) => rule.heading.some((re) => re.test(p)))) context += PARENT_HEADING_WEIGHT;
    if (body === 0 && context < OWN_HEADING_WEIGHT) continue;
    if (rule.gate && !ownMatches && !rule.gate.test(text)) continue;
    let score = body + context;
    for (const [re, weight] of rule.negative ?? []) if (re.test(text)) score += weight;
    if (seg.definitional) score *= DEFINITIONAL_FACTOR;
    if (score >= (rule.threshold ?? DEFAULT_THRESHOLD)) hits.push({ code, score, focus });
  }
  return hits;
}

/** Segments with the clause codes each carries. */
export function analyseSegments(text: string): AnalysedSegment[] {
  return segmentText(text).map((seg) => {
    const folded = fold(seg.text);
    return { ...seg, folded, hits: scoreSegment(seg, folded) };
  });
}

/**
 * The quote for a clause: the whole segment when short, otherwise the sentences around its strongest
 * match, never more than EXCERPT_MAX characters. Offsets are into the full text.
 */
export function excerptOf(seg: Segment, focus = 0): { excerpt: string; start: number; end: number } {
  if (seg.text.length <= EXCERPT_MAX) return { excerpt: seg.text, start: seg.start, end: seg.end };
  const spans = sentences(seg.text);
  let i = spans.findIndex((s) => focus >= s.start && focus < s.end);
  if (i === -1) i = 0;
  let from = spans[i]!.start;
  let to = spans[i]!.end;
  if (to - from > EXCERPT_MAX) {
    to = from + EXCERPT_MAX;
    const space = seg.text.lastIndexOf(" ", to);
    if (space > from + EXCERPT_MAX / 2) to = space;
    while (to > from && /[\s,;:]/.test(seg.text[to - 1]!)) to--;
  } else {
    let lo = i - 1;
    let hi = i + 1;
    for (let grew = true; grew; ) {
      grew = false;
      if (lo >= 0 && to - spans[lo]!.start <= EXCERPT_MAX) {
        from = spans[lo--]!.start;
        grew = true;
      }
      if (hi < spans.length && spans[hi]!.end - from <= EXCERPT_MAX) {
        to = spans[hi++]!.end;
        grew = true;
      }
    }
  }
  return { excerpt: seg.text.slice(from, to), start: seg.start + from, end: seg.start + to };
}

export function toDetected(seg: AnalysedSegment, hit: ClauseHit): DetectedClause {
  return { code: hit.code, section: seg.section, heading: seg.heading, ...excerptOf(seg, hit.focus) };
}

/** For each clause of the text, the clause types it carries (several per clause when it mixes them). */
export function detectClauses(text: string): DetectedClause[] {
  return detectFromSegments(analyseSegments(text));
}

export function detectFromSegments(segments: AnalysedSegment[]): DetectedClause[] {
  return segments.flatMap((seg) => seg.hits.map((hit) => toDetected(seg, hit)));
}
