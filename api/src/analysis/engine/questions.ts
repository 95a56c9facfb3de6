import { CLAUSE_CODES, CLAUSE_LABELS, type AnswerCitation, type ClauseCode, type QuestionAnswerResult } from "@clausewise/shared";
import type { QuestionInput } from "../provider";
import { analyseSegments, excerptOf, type AnalysedSegment } from "./detect";
import { setupJudging, type JudgingSetup } from "./findings";
import { judge, maskDots } from "./judges";
import { readParties } from "./parties";
import { isWorksContract } from "./contract-type";
import { isHeadingOnly } from "./segment";
import { sentences, stem, tokens } from "./text";

/**
 * Questions (and custom prompts) answered from the text: the clauses that bear on the question are
 * retrieved by clause type (the words of the question name one) and by the rare words they share
 * with it; the answer says yes or no where the question asks whether the contract has something and
 * the text settles it, otherwise what the clause provides, quoting the clauses most relevant first.
 * When nothing clears the bar it says so plainly instead of guessing.
 */

/** Words in a question that point at a clause type ("when do we get paid" → payment terms). */
const HINTS: Record<ClauseCode, string> = {
  limitation_of_liability: "liability cap capped limit limited limitation maximum exposure liable",
  uncapped_liability: "unlimited uncapped carve carved outside",
  indemnity: "indemnity indemnify indemnification indemnities harmless defend",
  liquidated_damages: "liquidated ld lds penalty penalties",
  consequential_damages: "consequential indirect",
  termination_for_convenience: "convenience cancel walk",
  termination_for_default: "default breach cure",
  payment_terms: "pay paid payment payments invoice invoices billing due interest",
  pay_when_paid: "upstream pay-when-paid pay-if-paid",
  holdback: "holdback retention retained retainage lien",
  change_orders: "change changes variation variations extra order orders",
  force_majeure: "force majeure pandemic strike wildfire act god",
  warranty: "warranty warranties defect defects guarantee repair",
  insurance: "insurance insure insured policy coverage",
  bonds_security: "bond bonds security letter credit surety",
  performance_guarantee: "performance output efficiency availability",
  dispute_resolution: "dispute disputes arbitration mediation court courts adjudication",
  governing_law: "law governing governs jurisdiction",
  confidentiality: "confidential confidentiality disclose secret",
  ip_ownership: "intellectual property ip ownership design drawings",
  assignment: "assign assignment transfer",
  change_of_control: "control merger acquisition",
  audit_rights: "audit records inspect books",
  notice_requirements: "notice notices notify claim claims",
  schedule_delay: "schedule delay late completion deadline extension",
  site_conditions: "site conditions ground subsurface soil",
  safety: "safety health ohs accident constructor",
  environmental: "environmental contamination spill hazardous pollution",
  non_compete: "compete competition non-compete solicit",
  exclusivity: "exclusive exclusivity exclusively",
  minimum_commitment: "minimum commitment volume take-or-pay",
};
const HINT_STEMS = new Map<ClauseCode, Set<string>>(CLAUSE_CODES.map((code) => [code, new Set(HINTS[code].split(" ").map(stem))]));
/** Two words together name a type more surely than either alone. */
const PHRASES: [RegExp, ClauseCode][] = [
  [/limitation of liability|limit(ed|s)? (of |on |the )?liability|liability (cap|limit)|cap on liability|liability capped/i, "limitation_of_liability"],
  [/liquidated damages|delay damages|lds?\b/i, "liquidated_damages"],
  [/consequential|indirect (loss|damage)/i, "consequential_damages"],
  [/terminat\w* for convenience|without cause/i, "termination_for_convenience"],
  [/terminat\w* for (default|cause|breach)/i, "termination_for_default"],
  [/pay[- ](when|if)[- ]paid/i, "pay_when_paid"],
  [/force majeure/i, "force_majeure"],
  [/governing law|which law|laws? (of|govern)/i, "governing_law"],
  [/change (order|of scope)/i, "change_orders"],
  [/change (of|in) control/i, "change_of_control"],
];

/** Question words that carry no topic. */
const GENERIC = new Set(
  [
    "happen", "mean", "say", "says", "clause", "section", "term", "terms", "contract", "what", "who", "does", "do", "we", "us", "our", "there", "need", "get",
    "tell", "explain", "about", "any", "have", "has", "include", "contain", "provide", "is", "are", "how", "much", "many", "long", "when", "which", "where",
    "why", "can", "could", "would", "should", "must", "will", "allowed", "able", "right", "rights", "apply", "applies", "agreement", "anything", "something",
  ].map(stem),
);
/** Every word that names a clause type: the rest of a question is its topic, which the clause must speak to. */
const ALL_HINTS = new Set([...HINT_STEMS.values()].flatMap((set) => [...set]));

const MAX_CITATIONS = 3;
/** Share of the question's topic weight a clause must cover to count as addressing it. */
const COVERAGE_BAR = 0.5;

/** "Is there a …", "Does the contract have/include …", "Is liability capped?": a yes/no about presence. */
const PRESENCE = /^\s*(?:is there|are there|does (?:the|this) (?:contract|agreement|subcontract) (?:have|include|contain|provide(?: for)?|set|impose|cap|limit)|do we have|has (?:the|this) (?:contract|agreement)|any\b|is (?:the )?(?:\w+ ){0,3}(?:capped|limited|excluded|waived|included|required|restricted|allowed|permitted)|are (?:the )?(?:\w+ ){0,3}(?:capped|limited|excluded|waived|included|required|restricted|allowed|permitted)|can (?:the )?\w+ (?:terminate|assign|set off|withhold|suspend|audit))\b/i;

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

export function placeOf(seg: Pick<AnalysedSegment, "section" | "heading">): string {
  if (seg.section) return `${/^[a-z]/i.test(seg.section) ? "" : "Section "}${seg.section}${seg.heading ? ` (${seg.heading})` : ""}`;
  return seg.heading ? `The clause "${seg.heading}"` : "A clause";
}

/** The clause types a question names. */
export function hintedCodes(question: string): ClauseCode[] {
  const asked = new Set(tokens(question));
  const byPhrase = PHRASES.filter(([re]) => re.test(question)).map(([, code]) => code);
  if (byPhrase.length > 0) return [...new Set(byPhrase)];
  return CLAUSE_CODES.filter((code) => [...asked].some((t) => HINT_STEMS.get(code)!.has(t)));
}

/** What the judges say a clause of `code` provides, in one sentence (for "Yes: §11.2 …"). */
function gist(seg: AnalysedSegment, code: ClauseCode, setup: JudgingSetup): string | null {
  const terms = judge(code, { ...setup.base, t: maskDots(seg.folded), cap: setup.cap });
  const first = terms[0];
  return first ? first.description.replace(/\s+$/, "") : null;
}

const quoteOf = (c: AnswerCitation) => `"${c.excerpt.replace(/\s+/g, " ").trim()}"`;

export interface AnswerOptions {
  /** Clauses the asker is looking at (a selection's clause): ranked first when they bear on the question. */
  prefer?: readonly AnalysedSegment[];
  segments?: AnalysedSegment[];
  setup?: JudgingSetup;
}

/**
 * "How long does the agreement last?", "When does it expire?", "Does it renew?": the contract's own
 * term, which no clause type covers. Read from the sentences that start, run or end the agreement
 * (not the hundred "during the term of this Agreement").
 */
const TERM_QUESTION =
  /\b(?:how long (?:does|will|is) (?:the|this) (?:agreement|contract|subcontract)|(?:the )?(?:term|duration|length) of (?:the|this) (?:agreement|contract|subcontract)|when (?:does|will) (?:the|this) (?:agreement|contract|subcontract) (?:end|expire|terminate|finish)|(?:does|will|can) (?:the|this) (?:agreement|contract|subcontract) (?:renew|auto-?renew|be renewed|be extended|extend|expire)|(?:initial|renewal) term|what is the term|expiry date|expiration date|is it renewable|auto-?renew\w*)\b/i;
const NUMBER = String.raw`(?:\(?\d+\)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|thirty-six|forty|fifty|sixty|ninety)`;
const DURATION = new RegExp(String.raw`\b${NUMBER}(?: \(\d+\))?[- ](?:calendar |contract )?(?:years?|months?|weeks?)\b`, "i");
const MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december";
/** A calendar date: "December 31, 2027", "31 December 2027", "November 01, 2014", "June 1st 2020". */
const DATE = String.raw`(?:(?:${MONTHS})\.? \d{1,2}(?:st|nd|rd|th)?,? \d{4}|\d{1,2}(?:st|nd|rd|th)? (?:${MONTHS}),? \d{4})`;
const END_DATE = new RegExp(String.raw`\b(?:expire|terminate|end)s? (?:on |at (?:midnight|the close of business) on )?(${DATE}|the (?:\w+ )?anniversary of [^,.;]{3,60})`, "i");
/** "this Agreement", "this IP Agreement", "the Supply Agreement", "this Venture"; not "termination of this Agreement", "under this Agreement". */
const THIS_DEAL = String.raw`(?<!\b(?:of|under|to|in|by|with|upon|for|terminate|extend|renew|cancel|breach) )\b(?:this|the) (?:[a-z&/-]+ ){0,3}(?:agreement|contract|subcontract|venture|promotion|license|licence|arrangement|amendment)\b`;
/**
 * What says how long: a duration, an end ("until …", a date, an anniversary, "the earlier of"), "for a
 * period of [***]" (the figure redacted), or no end at all.
 */
const SPAN = String.raw`(?:${DURATION.source}|\buntil\b|\bthrough\b|\binitial (?:term|period)\b|\banniversary\b|\b(?:earliest|earlier|later|latest|first) (?:to occur )?of\b|\bindefinite(?:ly)?\b|\bperpetu\w*|\bin (?:perpetuity|effect until)|\bfor (?:a|an|the) (?:[a-z]+ ){0,2}(?:period|term)\b|\bunless (?:sooner |earlier )?terminated\b|\bexpir(?:e|es|ation) (?:on|upon)\b|\bending (?:on )?${DATE})`;
const TERM_SENTENCE = new RegExp(
  [
    String.raw`${THIS_DEAL}[^.]{0,120}${END_DATE.source}`,
    String.raw`${THIS_DEAL}(?:\s*\([^)]{0,40}\))?,?(?: [^.]{0,80})? (?:(?:shall|will|is|are|to)?\s?(?:commence|begin|continue|remain (?:in (?:full )?(?:force|effect)|effective|valid)|be in (?:full )?(?:force|effect)|(?:be|becomes?|is) effective|take effect|come into (?:force|effect)|be valid|(?:be|is) for (?:a|an) (?:initial |fixed )?(?:term|period)|(?:have|has) (?:a|an) (?:initial )?(?:term|duration)|enter into force|expire|terminate)s?|(?:shall|will) (?:extend|run|last))\b[^.]{0,200}${SPAN}`,
    String.raw`(?<!\b(?:during|throughout|for)(?: the| this)? )\b(?:the |this )?(?:initial |effective )?["“]?(?:term|duration|period)["”]?(?:\s*\([^)]{0,40}\))? of (?:cooperation under )?(?:this|the) (?:[a-z&/-]+ ){0,3}(?:agreement|contract|subcontract|venture|license|licence|engagement|franchise|cooperation|amendment)(?:\s*\([^)]{0,40}\))?,?[^.]{0,160}? (?:shall|will|is|commences|begins|runs|continues)\b[^.]{0,80}(?:${SPAN}|\bcommenc|\bbegin|\bend\b)`,
    String.raw`(?<!\b(?:during|throughout|for)(?: the| this)? )\bthe (?:initial |effective )?term\b(?:\s*\([^)]{0,40}\))? (?:shall|will|is)\b[^.]{0,80}(?:${SPAN}|\bcommenc|\bbegin)`,
    String.raw`\binitial term\b[^.]{0,120}${SPAN}`,
    String.raw`\b(?:a|the) fixed term\b[^.]{0,120}(?:${SPAN}|\bbeginning\b|\bending\b)`,
    String.raw`\b(?:shall )?have a duration of\b`,
    String.raw`^\s*(?:[\d.]+\s*)?(?:term|duration)(?: of (?:the )?(?:agreement|contract|execution|the project))?[.:]?\s+(?:from\b|${DATE}|[^.]{0,80}${SPAN})`,
    String.raw`^\s*(?:[\d.]+\s*)?["“]?(?:initial term|term|expiration date|termination date|contract period|service period|term of (?:the )?agreement)["”]?,?(?: shall)? (?:means?|is)\b:?[^.]{0,120}(?:${DATE}|${SPAN}|\bfrom\b)`,
    String.raw`^\s*(?:termination|expiration|expiry) date:?\s+${DATE}`,
  ].join("|"),
  "i",
);
const RENEWAL = /\b(?:automatically |shall |will |may be )?(?:renew\w*|extend\w*)\b[^.]{0,80}\b(?:successive|additional|further|renewal)\b|\brenewal terms?\b/i;
/** A sentence that sets the first term, even if it goes on to renewal ("shall have a term of four years, and shall automatically renew …"). */
const SETS_TERM = /\b(?:ha(?:ve|s) an? (?:initial )?term|initial (?:term|period)|commence|begin|remain in (?:full )?(?:force|effect)|be effective|become effective|term of (?:this|the)|for a (?:period|term) of)\b/i;
/**
 * A term that ends on an event, not a date: "This Agreement shall terminate automatically upon the
 * termination of the Participation Agreement", "shall expire if the Adviser ceases to serve". Read only
 * when nothing states a duration or a date (it ranks below every TERM_SENTENCE).
 */
const ENDS_ON_EVENT = new RegExp(String.raw`${THIS_DEAL}(?:\s*\([^)]{0,40}\))? (?:shall|will) (?:[a-z]+ ){0,3}(?:terminate|expire)(?: [a-z]+){0,3} (?:upon|if|when|on the (?:date|day))\b`, "i");
const EVENT_WEIGHT = -2;
/** What a term clause is not: survival (never), a termination right, a cure, force majeure; a sentence that only says when it starts. */
const SURVIVAL = /\bsurviv\w*/i;
const ONLY_START = /\b(?:effective|commenc\w*) (?:as of|on|upon|from) the (?:later|earlier|latest|earliest) of\b/i;
const ENDS = /\b(?:expir\w*|terminat\w*|until|continu\w*|remain\w*|end(?:s|ing)?)\b/i;
const NOT_TERM = /\bnotwithstanding\b|\bbreach\w*|\bfails?\b|\bfailure\b|\bdefault\b|\bforce majeure|\bcause for termination|\bmay (?:cancel|terminate)|\bconfidential\w*|\bshall not be (?:terminable|affected)/i;
/** A run-in heading at the start of the sentence: "8.1 Term This Agreement …", "TERM: …", "Duration of the Agreement". */
const RUN_IN_TERM_HEADING = /^\s*(?:(?:article|section)\s+)?(?:[\divx]+(?:\.\d+)*\.?\s+)?(?:term(?: of (?:the )?agreement)?|duration(?: of (?:the )?agreement)?|term and termination|effective date and duration)\b[.:]?/i;

/**
 * A contract's sentences as the term reader sees them: runs of spaces, line breaks inside a sentence
 * (fixed-width filings wrap every 70 characters) and underscores or dashes left by the filing
 * ("this ---- Agreement") read as one space; a sentence the line broke off before its end is read
 * with the next line. A filing's own short name for the agreement ("This OMA") reads as "this Agreement".
 */
function termSentences(text: string): { start: number; sentence: string }[] {
  const out: { start: number; sentence: string }[] = [];
  const spans = sentences(text);
  for (let i = 0; i < spans.length; i++) {
    const start = spans[i]!.start;
    let end = spans[i]!.end;
    while (i + 1 < spans.length && !/[.;:?!)"”]$/.test(text.slice(start, end)) && /^[a-z(]/.test(text.slice(spans[i + 1]!.start, spans[i + 1]!.start + 1)) && spans[i + 1]!.end - start < 1200) end = spans[++i]!.end;
    const sentence = text
      .slice(start, end)
      .replace(/[-_]{3,}|<omitted>/g, " ")
      .replace(/\s+/g, " ")
      .replace(/\b([Tt]his) (?:[A-Z]{2,6})\b(?! (?:[A-Z][a-z]+ )?(?:Agreement|Contract))/g, "$1 Agreement");
    out.push({ start, sentence });
  }
  return out;
}

/**
 * Where a sentence is: its own section number when a later one than the clause's precedes it inside
 * the clause (a filing flattened to one line runs "2.4 … 3. Termination. 3.1 … This Agreement shall
 * terminate on …" together), else the clause's place.
 */
function placeNear(seg: AnalysedSegment, at: number): string {
  const numbers = [...seg.text.slice(0, at).matchAll(/(?:^|\s)((?:\d{1,2}\.)+\d{1,2}|\d{1,2}\.)\s+(?=[A-Z])/g)];
  const last = numbers.at(-1);
  if (!last || last.index === 0) return placeOf(seg);
  return `Section ${last[1]!.replace(/\.$/, "")}`;
}

/**
 * How surely a sentence states the contract's term: in a clause headed "Term" or "Duration" (or with
 * such a heading run into the sentence), naming "the term of this Agreement" or "the Initial Term",
 * giving a duration or a date, more; a sentence only about renewal ("shall be automatically renewed
 * for successive three-year terms") says how it goes on, not how long it lasts, so less; a survival,
 * breach or force majeure sentence that happens to name a period, much less; a definition, a little less.
 */
function termWeight(seg: AnalysedSegment, sentence: string): number {
  const heading = [seg.ownHeading, seg.heading, ...seg.parents].filter((h): h is string => !!h && h.length <= 60);
  const headed = RUN_IN_TERM_HEADING.test(sentence) || heading.some((h) => /\b(?:term|duration|effective period)\b/i.test(h) && !/\btermination\b/i.test(h.replace(/\bterm and termination\b/i, "term")));
  return (
    (headed ? 3 : 0) +
    (/\b(?:initial |effective )?term of (?:this|the)\b|\binitial term\b|\bthe term\b|\bduration\b|\bfixed term\b/i.test(sentence) ? 2 : 0) +
    (DURATION.test(sentence) || END_DATE.test(sentence) || new RegExp(DATE, "i").test(sentence) ? 1 : 0) +
    (/\bunless (?:sooner|earlier|otherwise) terminated\b|\bunless terminated (?:earlier|sooner)\b|\bsubject to (?:earlier|early) termination\b/i.test(sentence) ? 1 : 0) -
    (RENEWAL.test(sentence) && (!SETS_TERM.test(sentence) || /^\s*after\b|\bmay (?:only )?be (?:renewed|extended)\b/i.test(sentence)) ? 3 : 0) -
    (NOT_TERM.test(sentence) ? 3 : 0) -
    (seg.definitional ? 1 : 0)
  );
}

function termAnswer(segments: readonly AnalysedSegment[]): QuestionAnswerResult | null {
  let term: { seg: AnalysedSegment; at: number; sentence: string; weight: number; event: boolean } | null = null;
  let renewal: { seg: AnalysedSegment; at: number; sentence: string } | null = null;
  for (const seg of segments) {
    for (const { start, sentence } of termSentences(seg.text)) {
      const stated = TERM_SENTENCE.test(sentence);
      if ((stated || ENDS_ON_EVENT.test(sentence)) && !SURVIVAL.test(sentence) && !(ONLY_START.test(sentence) && !ENDS.test(sentence))) {
        const weight = stated ? termWeight(seg, sentence) : EVENT_WEIGHT - (NOT_TERM.test(sentence) ? 3 : 0);
        if (weight > -3 && (!term || weight > term.weight)) term = { seg, at: start, sentence, weight, event: !stated };
      }
      if (!renewal && RENEWAL.test(sentence) && !NOT_TERM.test(sentence)) renewal = { seg, at: start, sentence };
    }
  }
  if (!term) return null;
  const duration = DURATION.exec(term.sentence)?.[0];
  // "until November 30, 2029": the date whole, not cut at its comma.
  const until = (new RegExp(String.raw`\buntil (${DATE})`, "i").exec(term.sentence) ?? /\buntil ([^,.;]{4,120})/i.exec(term.sentence))?.[1]?.trim();
  const ends = END_DATE.exec(term.sentence)?.[1]?.trim();
  const fact = duration ? ` It runs for ${duration}${until ? `, until ${until}` : ""}.` : until ? ` It runs until ${until}.` : ends ? ` It ends on ${ends}.` : "";
  const renews = renewal ? (renewal.seg === term.seg && renewal.at === term.at ? " It provides for renewal." : "") : " It says nothing of renewal.";
  const citations: AnswerCitation[] = [{ section: term.seg.section, heading: term.seg.heading, ...excerptOf(term.seg, term.at) }];
  const lines = [
    term.event
      ? `No clause gives the agreement a fixed term or an end date; ${placeNear(term.seg, term.at)} says what ends it.${renews} It reads: ${quoteOf(citations[0]!)}`
      : `${placeNear(term.seg, term.at)} sets the term.${fact}${renews} It reads: ${quoteOf(citations[0]!)}`,
  ];
  if (renewal && (renewal.seg !== term.seg || renewal.at !== term.at)) {
    citations.push({ section: renewal.seg.section, heading: renewal.seg.heading, ...excerptOf(renewal.seg, renewal.at) });
    if (citations[1]!.start !== citations[0]!.start) lines.push(`On renewal, ${placeNear(renewal.seg, renewal.at)}: ${quoteOf(citations[1]!)}`);
    else citations.pop();
  }
  return { answer: lines.join("\n\n"), addressed: true, citations };
}

/** "shall achieve Substantial Completion by the Guaranteed Substantial Completion Date", "completion of erection … by July 15, 2027". */
const COMPLETION = new RegExp(
  String.raw`\b(?:achieve|attain|reach|complete)\b[^.]{0,80}\bcompletion\b[^.]{0,100}\b(?:by|on or before|no later than)\b|\bcomplet\w*\b[^.]{0,60}\b(?:by|on or before|no later than) ${DATE}`,
  "i",
);

/**
 * A contract for work usually has no term clause: it lasts until the work is done (and the warranty
 * and other duties that outlive completion). Where no clause states a term, the clause that sets
 * completion answers "how long", with the date when the contract gives one.
 */
function completionAnswer(text: string, segments: readonly AnalysedSegment[]): QuestionAnswerResult | null {
  if (!isWorksContract(text)) return null;
  for (const seg of segments) {
    if (seg.definitional) continue;
    for (const { start, sentence } of termSentences(seg.text)) {
      if (!COMPLETION.test(sentence)) continue;
      const named = /\b((?:guaranteed |scheduled |target |required )?(?:substantial |mechanical |final )?completion date)\b/i.exec(sentence)?.[1];
      const defined = named ? new RegExp(String.raw`["“]${named}["”],? (?:means|shall mean|is) (${DATE})`, "i").exec(text)?.[1] : undefined;
      const date = named && defined ? `the ${named.replace(/\b\w/g, (c) => c.toUpperCase())}, ${defined}` : new RegExp(DATE, "i").exec(sentence)?.[0];
      const citation: AnswerCitation = { section: seg.section, heading: seg.heading, ...excerptOf(seg, start) };
      return {
        answer: `No clause sets a term: a contract for work runs until the work is done, and its warranty and the other duties that outlive completion run on after that. ${placeNear(seg, start)} sets completion${date ? ` (${date})` : ""}. It reads: ${quoteOf(citation)}`,
        addressed: true,
        citations: [citation],
      };
    }
  }
  return null;
}

export function answerQuestion(input: QuestionInput, options: AnswerOptions = {}): QuestionAnswerResult {
  const all = options.segments ?? analyseSegments(input.text);
  const segments = all.filter((s) => s.text.trim().length > 0 && !s.definitional && !isHeadingOnly(s.text));
  // The parties' names are not the question's topic ("Can the Buyer terminate …?"): a clause that
  // names the Buyer does not answer it for that.
  const partyWords = new Set(readParties(input.text).flatMap((p) => tokens([p.role, ...(p.aliases ?? []), p.name ?? ""].join(" "))));
  const asked = [...new Set(tokens(input.question))].filter((t) => !GENERIC.has(t) && !partyWords.has(t));
  const wanted = new Set(asked);
  const codes = hintedCodes(input.question);
  const prefer = new Set(options.prefer ?? []);
  if (TERM_QUESTION.test(input.question)) {
    return (
      termAnswer(all.filter((s) => s.text.trim().length > 0)) ??
      completionAnswer(input.text, segments) ?? {
        answer: `The contract does not appear to state its term: none of its ${segments.length} clauses says how long it runs or when it expires, so it may run until terminated under its termination clauses. If it matters, raise it with the other party and add a term clause.`,
        addressed: false,
        citations: [],
      }
    );
  }

  // Inverse document frequency over the contract's clauses: rare words count more than "work".
  const docs = segments.map((seg) => new Set(tokens(`${seg.heading ?? ""} ${seg.text}`)));
  const idf = new Map(asked.map((t) => [t, Math.log(1 + segments.length / (1 + docs.filter((d) => d.has(t)).length))]));
  const total = asked.reduce((sum, t) => sum + idf.get(t)!, 0);
  // "Who pays for helicopter transport?" names payment, but a payment clause that never mentions
  // helicopters does not answer it: a clause of the named type must also cover the other words.
  // Numbers in a question are values to look for, not its topic ("Is the cap 100%?").
  const topic = asked.filter((t) => !ALL_HINTS.has(t) && !/^\d+%?$/.test(t));
  const topicTotal = topic.reduce((sum, t) => sum + idf.get(t)!, 0);

  const scored: Scored[] = segments.map((seg, i) => {
    const matched = asked.filter((t) => docs[i]!.has(t));
    const weight = matched.reduce((sum, t) => sum + idf.get(t)!, 0);
    const topicCovered = topicTotal === 0 ? 1 : topic.filter((t) => docs[i]!.has(t)).reduce((sum, t) => sum + idf.get(t)!, 0) / topicTotal;
    const hit = seg.hits.filter((h) => codes.includes(h.code)).reduce((best, h) => Math.max(best, h.score), 0);
    const hinted = hit > 0 && topicCovered >= COVERAGE_BAR;
    // A clause of the named type outranks one that merely shares words; among them the surer and the
    // one whose own heading names it come first.
    const typeBoost = hinted ? total + 10 + Math.min(hit, 10) + (seg.ownHeading && codes.some((c) => HINT_STEMS.get(c)!.size > 0 && tokens(seg.ownHeading!).some((t) => HINT_STEMS.get(c)!.has(t))) ? 5 : 0) : 0;
    return { seg, score: weight + typeBoost + (prefer.has(seg) ? total + 20 : 0), coverage: total > 0 ? weight / total : 0, hinted };
  });
  // A contract that repeats a clause (a schedule restating it, a long section split in two) is cited once.
  const seen = new Set<string>();
  const relevant = scored
    .filter((s) => s.hinted || s.coverage >= COVERAGE_BAR || (prefer.has(s.seg) && s.coverage > 0))
    .sort((a, b) => b.score - a.score)
    .filter(({ seg }) => {
      const key = excerptOf(seg, bestSentence(seg, wanted)).excerpt.replace(/\s+/g, " ").trim();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_CITATIONS);

  const presence = PRESENCE.test(input.question);
  // "Can the Buyer terminate for convenience?" where no clause is of that type: the answer is no,
  // whatever clauses share a word with the question.
  if (presence && codes.length > 0 && asked.length > 0 && !relevant.some((r) => r.hinted)) {
    const labels = orList(codes.map((c) => CLAUSE_LABELS[c].toLowerCase()));
    const nearest = relevant[0];
    const citations: AnswerCitation[] = nearest ? [{ section: nearest.seg.section, heading: nearest.seg.heading, ...excerptOf(nearest.seg, bestSentence(nearest.seg, wanted)) }] : [];
    return {
      answer: `No: The contract does not appear to address this: none of its ${segments.length} clauses is a ${labels} clause.${nearest ? ` The nearest it comes is ${placeOf(nearest.seg)}: ${quoteOf(citations[0]!)}` : ""} If it matters, raise it with the other party and add a clause.`,
      addressed: false,
      citations,
    };
  }
  if (asked.length === 0 || relevant.length === 0) {
    // Only the words no clause uses: "none of its clauses mentions 'terminate'" must be true.
    const unused = new Set(asked.filter((t) => !docs.some((d) => d.has(t))));
    const words = [...new Set(input.question.split(/[^\p{L}\p{N}'-]+/u).filter((w) => w.length > 0 && tokens(w).some((t) => unused.has(t))))];
    const topic = words.length > 0 ? `mentions ${orList(words.map((w) => `"${w}"`))}` : "speaks to it";
    const missing = codes.length > 0 ? ` (no ${codes.map((c) => CLAUSE_LABELS[c].toLowerCase()).join(" or ")} clause was found)` : "";
    return {
      answer: `${presence && codes.length > 0 ? "No: " : ""}The contract does not appear to address this: none of its ${segments.length} clauses ${topic}${missing}. If it matters, raise it with the other party and add a clause.`,
      addressed: false,
      citations: [],
    };
  }

  const citations: AnswerCitation[] = relevant.map(({ seg }) => ({ section: seg.section, heading: seg.heading, ...excerptOf(seg, bestSentence(seg, wanted)) }));
  const top = relevant[0]!;
  const topCode = top.hinted ? top.seg.hits.find((h) => codes.includes(h.code))?.code : undefined;
  const setup = options.setup ?? (topCode ? setupJudging(input.text, all, {}) : undefined);
  const law = setup?.reading.governingLaw;
  // Which law: the reading names it ("the laws of Delaware"), whatever the judges make of it.
  const fact = topCode === "governing_law" && law ? `It is governed by the laws of ${law.name}.` : topCode && setup ? gist(top.seg, topCode, setup) : null;
  const quote = quoteOf(citations[0]!);
  const lead =
    presence && topCode
      ? `Yes: ${placeOf(top.seg)} is the ${CLAUSE_LABELS[topCode].toLowerCase()} clause.${fact ? ` ${fact}` : ""} It reads: ${quote}`
      : fact
        ? `${placeOf(top.seg)} addresses this. ${fact} It reads: ${quote}`
        : `${placeOf(top.seg)} addresses this: ${quote}`;
  const lines = [lead];
  // Beside a clause of the type asked about, only other clauses of that type are worth a "see also".
  relevant.slice(1).forEach(({ seg, hinted }, i) => {
    if (!top.hinted || hinted) lines.push(`See also ${placeOf(seg)}: ${quoteOf(citations[i + 1]!)}`);
  });
  return { answer: lines.join("\n\n"), addressed: true, citations };
}
