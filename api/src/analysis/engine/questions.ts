import { CLAUSE_CODES, CLAUSE_LABELS, type ClauseCode, type QuestionAnswerResult } from "@clausewise/shared";
import type { QuestionInput } from "../provider";
import { analyseSegments, excerptOf, type AnalysedSegment } from "./detect";
import { sentences, stem, tokens } from "./text";

/**
 * Questions answered by retrieval: the clauses that share the most (rare) words with the question,
 * boosted where the question names a clause type the clause carries, quoted with their section numbers.
 * When nothing clears the bar the answer says so plainly instead of guessing.
 */

/** Words in a question that point at a clause type ("when do we get paid" → payment terms). */
const HINTS: Record<ClauseCode, string> = {
  limitation_of_liability: "liability cap limit limitation maximum exposure liable",
  uncapped_liability: "unlimited uncapped liability exposure carve",
  indemnity: "indemnity indemnify indemnification hold harmless defend claims",
  liquidated_damages: "liquidated damages ld lds late delay penalty",
  consequential_damages: "consequential indirect loss profit production",
  termination_for_convenience: "terminate termination convenience cancel end walk",
  termination_for_default: "terminate termination default breach cure",
  payment_terms: "pay paid payment invoice invoices billing due interest",
  pay_when_paid: "pay paid payment upstream owner",
  holdback: "holdback retention retained retainage lien",
  change_orders: "change changes variation extra order scope",
  force_majeure: "force majeure pandemic strike wildfire act god",
  warranty: "warranty warranties defect defects guarantee repair",
  insurance: "insurance insure insured policy coverage",
  bonds_security: "bond bonds security letter credit surety",
  performance_guarantee: "performance guarantee output efficiency availability",
  dispute_resolution: "dispute disputes arbitration mediation court adjudication",
  governing_law: "law governing jurisdiction province courts",
  confidentiality: "confidential confidentiality disclose secret",
  ip_ownership: "intellectual property ip own ownership design drawings",
  assignment: "assign assignment transfer",
  change_of_control: "control change ownership merger acquisition",
  audit_rights: "audit records inspect books",
  notice_requirements: "notice notices notify claim",
  schedule_delay: "schedule delay late completion deadline extension time",
  site_conditions: "site conditions ground subsurface soil",
  safety: "safety health ohs accident constructor",
  environmental: "environmental contamination spill hazardous pollution",
  non_compete: "compete competition non-compete solicit",
  exclusivity: "exclusive exclusivity only",
  minimum_commitment: "minimum commitment volume take pay",
};
const HINT_STEMS = new Map<ClauseCode, Set<string>>(CLAUSE_CODES.map((code) => [code, new Set(HINTS[code].split(" ").map(stem))]));

/** Question words that carry no topic. */
const GENERIC = new Set(["happen", "mean", "say", "says", "clause", "section", "term", "terms", "contract", "what", "who", "does", "do", "we", "us", "our", "there", "need", "get", "tell", "explain", "about"].map(stem));

const MAX_CITATIONS = 3;
/** Share of the question's topic weight a clause must cover to count as addressing it. */
const COVERAGE_BAR = 0.5;

function orList(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

interface Scored {
  seg: AnalysedSegment;
  score: number;
  coverage: number;
  hinted: boolean;
}

function bestSentence(seg: AnalysedSegment, wanted: Set<string>): number {
  let best = { at: 0, overlap: 0 };
  for (const s of sentences(seg.text)) {
    const overlap = new Set(tokens(seg.text.slice(s.start, s.end)).filter((t) => wanted.has(t))).size;
    if (overlap > best.overlap) best = { at: s.start, overlap };
  }
  return best.at;
}

function place(seg: AnalysedSegment): string {
  if (seg.section) return `${/^[a-z]/i.test(seg.section) ? "" : "Section "}${seg.section}${seg.heading ? ` (${seg.heading})` : ""}`;
  return seg.heading ? `The clause "${seg.heading}"` : "A clause";
}

export function answerQuestion(input: QuestionInput): QuestionAnswerResult {
  const segments = analyseSegments(input.text).filter((s) => s.text.trim().length > 0 && !s.definitional);
  const asked = [...new Set(tokens(input.question))].filter((t) => !GENERIC.has(t));
  const wanted = new Set(asked);
  const hintedCodes = CLAUSE_CODES.filter((code) => asked.some((t) => HINT_STEMS.get(code)!.has(t)));

  // Inverse document frequency over the contract's clauses: rare words count more than "work".
  const docs = segments.map((seg) => new Set(tokens(`${seg.heading ?? ""} ${seg.text}`)));
  const idf = new Map(asked.map((t) => [t, Math.log(1 + segments.length / (1 + docs.filter((d) => d.has(t)).length))]));
  const total = asked.reduce((sum, t) => sum + idf.get(t)!, 0);

  const scored: Scored[] = segments.map((seg, i) => {
    const matched = asked.filter((t) => docs[i]!.has(t));
    const weight = matched.reduce((sum, t) => sum + idf.get(t)!, 0);
    const hinted = seg.hits.some((h) => hintedCodes.includes(h.code));
    return { seg, score: weight + (hinted ? Math.max(1, total / 2) : 0), coverage: total > 0 ? weight / total : 0, hinted };
  });
  const relevant = scored
    .filter((s) => s.hinted || s.coverage >= COVERAGE_BAR)
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_CITATIONS);

  if (asked.length === 0 || relevant.length === 0) {
    const words = [...new Set(input.question.split(/[^\p{L}\p{N}'-]+/u).filter((w) => w.length > 0 && tokens(w).some((t) => wanted.has(t))))];
    const topic = words.length > 0 ? `mentions ${orList(words.map((w) => `"${w}"`))}` : "speaks to it";
    return {
      answer: `The contract does not appear to address this: none of its ${segments.length} clauses ${topic}${hintedCodes.length > 0 ? ` (no ${hintedCodes.map((c) => CLAUSE_LABELS[c].toLowerCase()).join(" or ")} clause was found)` : ""}. If it matters, raise it with the other party and add a clause.`,
      addressed: false,
      citations: [],
    };
  }

  const citations = relevant.map(({ seg }) => {
    const quote = excerptOf(seg, bestSentence(seg, wanted));
    return { section: seg.section, heading: seg.heading, ...quote };
  });
  const lines = relevant.map(({ seg }, i) => {
    const c = citations[i]!;
    return `${i === 0 ? "" : "See also "}${place(seg)}${i === 0 ? " addresses this" : ""}: "${c.excerpt.replace(/\s+/g, " ").trim()}"`;
  });
  return { answer: lines.join("\n\n"), addressed: true, citations };
}
