import { CLAUSE_CODES, type ClauseCode, type DetectedClause } from "@clausewise/shared";
import { clauseModel, type ClauseModel } from "./model/classifier";
import { clauseUnits } from "./model/units";
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
  /** For a model hit: the unit (offsets in the segment's text) the model read as that clause; it is the quote. */
  unit?: { start: number; end: number };
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

/** A model hit ranks with a rule hit of this score at its threshold, up to this much more when sure. */
const MODEL_SCORE_BASE = DEFAULT_THRESHOLD;
const MODEL_SCORE_SPAN = 7;

/**
 * For the codes the model learned, a rule hit stands unless the model is sure the clause is not of that
 * type (below half the code's threshold): the rules know EPC wording the commercial data lacks
 * ("shall correct promptly defects..."), the model knows when a rule's words are used for something else
 * ("represents and warrants that it is duly incorporated" is no warranty of the work).
 */
const RULE_VETO = 0.5;
/** Where the rules know wording the data lacks entirely (EPC delay damages by the day), no veto. */
const RULES_ALONGSIDE_MODEL: ReadonlySet<ClauseCode> = new Set(["liquidated_damages"]);

/**
 * Of the clauses above a code's threshold, only those close to the document's surest one are reported
 * (within `model.nearBest[k]` of the way from the threshold to it, 0.8 before it was chosen per code):
 * the threshold decides whether the type is present; the quote should be the clause that is it.
 * Measured (bench:quality, grounding): 0.5 → 0.8 cut the quotes by about a tenth and raised grounding
 * by about 0.03 to 0.04. Training (scripts/clauses) chooses each code's share on grounding inside the
 * training folds (0.712 → 0.719 held out); it never changes presence (the surest clause is always
 * quoted), and it is at most 0.9: quoting only the surest clause would hide a second clause of the type.
 */
/**
 * A rule hit in a document where the model found the type stands when the model puts its clause within
 * half the way from the threshold to the document's surest one: a second witness lets a clause the
 * rules name in EPC wording (a cap "shall not exceed the Contract Price") stand beside the model's quote.
 */
const RULE_NEAR_BEST = 0.5;

interface Learned {
  /** Per segment, the highest probability per code over its units. */
  probs: Float32Array[];
  hits: Map<number, ClauseHit[]>;
  /** Per code, the document's highest probability. */
  best: Float32Array;
}

/**
 * The learned classifier (model/) over the segments' units: per segment and code it carries, the best
 * unit's probability (rescaled above the threshold) and that unit, which becomes the quote.
 */
function learnedHits(segments: readonly Segment[], model: ClauseModel): Learned {
  const found: { segment: number; k: number; p: number; unit: { start: number; end: number } }[] = [];
  const C = model.codes.length;
  const best = new Float32Array(C);
  const probs = segments.map(() => new Float32Array(C));
  for (const unit of clauseUnits(segments)) {
    const p = model.score(unit);
    const segProbs = probs[unit.segment]!;
    for (let k = 0; k < C; k++) {
      segProbs[k] = Math.max(segProbs[k]!, p[k]!);
      if (p[k]! < model.thresholds[k]!) continue;
      best[k] = Math.max(best[k]!, p[k]!);
      const at = segments[unit.segment]!.start;
      found.push({ segment: unit.segment, k, p: p[k]!, unit: { start: unit.start - at, end: unit.end - at } });
    }
  }
  const hits = new Map<number, ClauseHit[]>();
  for (const f of found) {
    const th = model.thresholds[f.k]!;
    if (f.p - th < model.nearBest[f.k]! * (best[f.k]! - th)) continue;
    const code = model.codes[f.k]!;
    const list = hits.get(f.segment) ?? [];
    hits.set(f.segment, list);
    const score = MODEL_SCORE_BASE + (MODEL_SCORE_SPAN * (f.p - th)) / Math.max(1e-6, 1 - th);
    const same = list.find((h) => h.code === code);
    if (!same) list.push({ code, score, focus: f.unit.start, unit: f.unit });
    else if (same.score < score) Object.assign(same, { score, focus: f.unit.start, unit: f.unit });
  }
  return { probs, hits, best };
}

/**
 * Segments with the clause codes each carries: the learned model (scripts/clauses) for the generic
 * commercial types it was trained on, the EPC rules (rules.ts) for the types the data lacks (holdback,
 * pay-when-paid, prompt payment, site conditions...), and for the learned types the rules as a fallback:
 * where the model reports a learned type somewhere in the document, its clauses are the ones reported
 * and a rule hit stands only in a clause the model also rates close to its surest one (RULE_NEAR_BEST),
 * quoting the model's unit when there is one;
 * where the model finds the type nowhere, a rule hit the model does not veto stands on its own.
 * Liquidated damages keep every rule hit (RULES_ALONGSIDE_MODEL).
 */
export function analyseSegments(text: string, model: ClauseModel = clauseModel()): AnalysedSegment[] {
  const segments = segmentText(text);
  const learned = learnedHits(segments, model);
  const index = new Map(model.codes.map((code, k) => [code, k]));
  const modelFound = new Set<ClauseCode>();
  for (const list of learned.hits.values()) for (const h of list) modelFound.add(h.code);
  return segments.map((seg, i) => {
    const folded = fold(seg.text);
    const own = learned.hits.get(i) ?? [];
    const hits = scoreSegment(seg, folded).filter((h) => {
      const k = index.get(h.code);
      if (k === undefined || RULES_ALONGSIDE_MODEL.has(h.code)) return true;
      const th = model.thresholds[k]!;
      if (modelFound.has(h.code)) return learned.probs[i]![k]! - th >= RULE_NEAR_BEST * (learned.best[k]! - th);
      return learned.probs[i]![k]! >= RULE_VETO * model.thresholds[k]!;
    });
    for (const hit of own) {
      const rule = hits.find((h) => h.code === hit.code);
      if (!rule) hits.push(hit);
      else Object.assign(rule, { score: Math.max(rule.score, hit.score), focus: hit.focus, unit: hit.unit });
    }
    return { ...seg, folded, hits };
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
  const quote = hit.unit ? { excerpt: seg.text.slice(hit.unit.start, hit.unit.end), start: seg.start + hit.unit.start, end: seg.start + hit.unit.end } : excerptOf(seg, hit.focus);
  return { code: hit.code, section: seg.section, heading: seg.heading, ...quote };
}

/** The rule layer alone (rules.ts): the codes each clause's wording carries, before the model has its say. */
export function ruleHits(text: string): { segment: Segment; hits: ClauseHit[] }[] {
  return segmentText(text).map((segment) => ({ segment, hits: scoreSegment(segment, fold(segment.text)) }));
}

/** For each clause of the text, the clause types it carries (several per clause when it mixes them). */
export function detectClauses(text: string, model?: ClauseModel): DetectedClause[] {
  return detectFromSegments(analyseSegments(text, model));
}

export function detectFromSegments(segments: AnalysedSegment[]): DetectedClause[] {
  return segments.flatMap((seg) => seg.hits.map((hit) => toDetected(seg, hit)));
}
