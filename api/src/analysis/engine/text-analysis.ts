import { CLAUSE_LABELS, JURISDICTION_NAMES, RISK_LEVELS, type ClauseCode, type RiskLevel, type TextAnalysisResult } from "@clausewise/shared";
import { placesIn } from "../jurisdictions/places";
import type { TextInput } from "../provider";
import { analyseSegments, type AnalysedSegment } from "./detect";
import { judgeAll, setupJudging, type JudgingSetup, type Located } from "./findings";
import { answerQuestion, placeOf } from "./questions";
import { ourSideName } from "./reading";
import { amounts, durations, fold, inDays, percentages, sentences } from "./text";

/**
 * Analysis of selected text by the local engine: the clause types in the selection and what they say,
 * seen through the lens the user chose (spec analysisType). Every point names the words it rests on.
 */

const severity = (level: RiskLevel) => RISK_LEVELS.indexOf(level);
const quote = (text: string, max = 140) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return `"${flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat}"`;
};

/** Vague words that leave a duty open to argument. */
const VAGUE: [RegExp, string][] = [
  [/\bsole (and absolute )?discretion\b/, "'sole discretion' lets one party decide without a standard to test it against"],
  [/\bbest efforts\b/, "'best efforts' can be read as a duty to spend without limit; 'commercially reasonable efforts' is clearer"],
  [/\b(reasonable|reasonably)\b/, "'reasonable' invites argument about what it means here; tie it to a standard or a number where it matters"],
  [/\b(promptly|forthwith|as soon as (possible|practicable)|without delay)\b/, "an undefined time ('promptly', 'as soon as possible') is hard to enforce; give a number of days"],
  [/\bincluding,? but not limited to\b/, "an open list ('including but not limited to') widens the duty beyond the items named"],
  [/\b(any and all|all and any)\b/, "'any and all' makes the obligation as wide as possible"],
  [/\bto the satisfaction of\b/, "acceptance 'to the satisfaction of' one party is subjective"],
];

/** Canadian statutes that bear on each clause type (names only, for the compliance lens). */
const COMPLIANCE: Partial<Record<ClauseCode, string>> = {
  holdback: "Holdback and lien rights are set by the provincial lien statute (e.g. Ontario's Construction Act, Alberta's Prompt Payment and Construction Lien Act, British Columbia's Builders Lien Act); the contract cannot reduce the statutory holdback.",
  pay_when_paid: "Prompt-payment legislation (e.g. Ontario's Construction Act, Alberta's Prompt Payment and Construction Lien Act) fixes payment deadlines down the chain and limits pay-when-paid terms.",
  payment_terms: "Where a provincial prompt-payment regime applies, payment periods and the notice of non-payment are set by statute (in Ontario, 28 days from a proper invoice).",
  safety: "Occupational health and safety statutes assign site duties to the 'constructor' or 'prime contractor' (Ontario's Occupational Health and Safety Act, Alberta's Occupational Health and Safety Act, British Columbia's Workers Compensation Act); workers' compensation coverage is mandatory.",
  environmental: "Environmental duties come from the Canadian Environmental Protection Act, 1999, the Impact Assessment Act for designated projects, and provincial environmental protection acts.",
  confidentiality: "If the information includes personal information, the Personal Information Protection and Electronic Documents Act (or the provincial equivalent) applies.",
  governing_law: "A governing-law clause does not displace the mandatory lien, prompt-payment and safety statutes of the province where the site is.",
  dispute_resolution: "Several provinces provide statutory adjudication of payment disputes (e.g. Ontario's Construction Act) that a contract cannot exclude.",
  insurance: "Workers' compensation coverage under the provincial act is mandatory for workers on site, whatever the contract says.",
  non_compete: "Restrictive covenants must be reasonable in scope, area and time to be enforced; Ontario's Employment Standards Act, 2000 bans most employee non-competes.",
};

/** Clause types that change how another reads (contextual lens). */
const RELATED: Partial<Record<ClauseCode, ClauseCode[]>> = {
  indemnity: ["limitation_of_liability", "uncapped_liability", "insurance", "consequential_damages"],
  limitation_of_liability: ["uncapped_liability", "indemnity", "liquidated_damages", "consequential_damages"],
  uncapped_liability: ["limitation_of_liability", "indemnity"],
  liquidated_damages: ["limitation_of_liability", "schedule_delay", "force_majeure", "performance_guarantee"],
  payment_terms: ["pay_when_paid", "holdback", "change_orders", "dispute_resolution"],
  pay_when_paid: ["payment_terms", "holdback"],
  holdback: ["payment_terms", "warranty"],
  change_orders: ["payment_terms", "schedule_delay", "notice_requirements"],
  schedule_delay: ["liquidated_damages", "force_majeure", "change_orders", "notice_requirements"],
  force_majeure: ["schedule_delay", "termination_for_convenience", "liquidated_damages"],
  termination_for_convenience: ["termination_for_default", "payment_terms"],
  termination_for_default: ["termination_for_convenience", "bonds_security", "notice_requirements"],
  warranty: ["limitation_of_liability", "holdback", "performance_guarantee"],
  performance_guarantee: ["liquidated_damages", "limitation_of_liability", "warranty"],
  site_conditions: ["change_orders", "environmental", "schedule_delay"],
  environmental: ["indemnity", "site_conditions", "insurance"],
  dispute_resolution: ["governing_law", "notice_requirements"],
  governing_law: ["dispute_resolution"],
  insurance: ["indemnity", "limitation_of_liability"],
  confidentiality: ["ip_ownership"],
  ip_ownership: ["confidentiality"],
  assignment: ["change_of_control"],
  change_of_control: ["assignment", "termination_for_default"],
};

function sentenceOf(text: string, index: number): string {
  const span = sentences(text).find((s) => index >= s.start && index < s.end);
  return span ? text.slice(span.start, span.end) : text.slice(index, index + 140);
}

function riskLines(judgements: Located[]): string[] {
  return judgements
    .filter((j) => j.kind === "risk")
    .sort((a, b) => severity(b.level) - severity(a.level))
    .map((j) => `${j.title} (${j.level}): ${j.description}`);
}

const squash = (text: string) => text.replace(/\s+/g, " ").trim();
const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Where the selection is in the contract: at the given offsets when the words there match, else where the words are. */
export function locateSelection(contract: string, selection: string, start?: number | null, end?: number | null): { start: number; end: number } | null {
  const wanted = squash(selection);
  if (wanted === "") return null;
  if (start != null && end != null && end <= contract.length && squash(contract.slice(start, end)) === wanted) return { start, end };
  const trimmed = selection.trim();
  const at = contract.indexOf(trimmed);
  if (at >= 0) return { start: at, end: at + trimmed.length };
  // The browser's selection may break lines differently: match the words, whatever the spaces between them.
  const pattern = new RegExp(wanted.split(" ").map(escapeRe).join("\\s+"));
  const m = pattern.exec(contract);
  return m ? { start: m.index, end: m.index + m[0].length } : null;
}

function financialLines(text: string): string[] {
  const folded = fold(text);
  const lines: string[] = [];
  for (const a of amounts(text)) lines.push(`${a.raw.trim()}: ${quote(sentenceOf(text, a.index))}`);
  for (const p of percentages(folded)) lines.push(`${p.value}%: ${quote(sentenceOf(text, p.index))}`);
  const payment = durations(folded).filter((d) => /pa(y|id)|invoice/.test(folded.slice(Math.max(0, d.index - 100), d.index + 100)));
  for (const d of payment) lines.push(`Payment timing ${d.raw}: ${quote(sentenceOf(text, d.index))}`);
  return lines;
}

function timelineLines(text: string): { lines: string[]; short: string[] } {
  const folded = fold(text);
  const lines: string[] = [];
  const short: string[] = [];
  for (const d of durations(folded)) {
    const sentence = sentenceOf(text, d.index);
    lines.push(`${d.raw}: ${quote(sentence)}`);
    if (inDays(d) <= 7 && /notice|notify|cure|remedy|respond|submit|claim/.test(fold(sentence))) short.push(`Only ${d.raw} to act: ${quote(sentence)}`);
  }
  return { lines, short };
}

function jurisdictionLines(text: string): string[] {
  const folded = fold(text);
  const lines = placesIn(folded).map((p) => `Names ${JURISDICTION_NAMES[p.code]}: ${quote(sentenceOf(text, p.index))}`);
  if (placesIn(folded).some((p) => p.code === "QC"))
    lines.push("Quebec: the Civil Code of Québec governs the contract (civil law, not common law), and the Charter of the French language bears on contracts of adhesion and documents used on site.");
  return lines;
}

function contextLines(codes: ClauseCode[], segments: readonly AnalysedSegment[], own: ReadonlySet<AnalysedSegment>): string[] {
  if (codes.length === 0 || segments.length === 0) return [];
  const wanted = new Set(codes.flatMap((c) => RELATED[c] ?? []).filter((c) => !codes.includes(c)));
  const lines: string[] = [];
  for (const seg of segments) {
    if (own.has(seg)) continue;
    for (const hit of seg.hits) {
      if (!wanted.has(hit.code)) continue;
      wanted.delete(hit.code);
      lines.push(`${placeOf(seg)} (${CLAUSE_LABELS[hit.code]}) bears on this passage: ${quote(seg.text, 200)}`);
    }
  }
  for (const code of wanted) lines.push(`The contract has no ${CLAUSE_LABELS[code].toLowerCase()} clause that would qualify this passage.`);
  return lines;
}

const maxLevel = (levels: RiskLevel[]): RiskLevel => levels.reduce<RiskLevel>((a, b) => (severity(b) > severity(a) ? b : a), "low");

interface Reading {
  /** The clauses judged: the whole clause(s) the selection lies in, or the selection itself. */
  judged: AnalysedSegment[];
  /** Every clause of the contract (empty without the contract). */
  all: AnalysedSegment[];
  setup: JudgingSetup;
  /** What the result says about the scope it read. */
  scope: string;
  context: TextAnalysisResult["context"];
}

/**
 * A partial selection is read in its whole clause (issue 13): "the Contractor shall indemnify" alone
 * says little; the clause around it carries the risk. The clause is found by the selection's offsets
 * in the contract, or by its words.
 */
function readSelection(input: TextInput): Reading {
  const perspective = { ourPartyRole: input.ourPartyRole ?? null, companyName: input.companyName ?? null };
  const contract = input.contractText ?? "";
  const range = contract ? locateSelection(contract, input.text, input.start, input.end) : null;
  if (contract && range) {
    const all = analyseSegments(contract);
    const setup = setupJudging(contract, all, perspective);
    const overlapping = all.filter((seg) => seg.start < range.end && seg.end > range.start);
    if (overlapping.length === 1) {
      const seg = overlapping[0]!;
      const partial = range.start > seg.start || range.end < seg.end;
      const context = partial ? { section: seg.section, heading: seg.heading, excerpt: seg.text, start: seg.start, end: seg.end } : null;
      const scope = partial ? `You selected part of ${placeOf(seg).replace(/^The clause/, "the clause").replace(/^A clause/, "a clause")}; it was read in the context of the whole clause.` : `The selection is ${placeOf(seg).replace(/^The clause/, "the clause").replace(/^A clause/, "a clause")}.`;
      return { judged: overlapping, all, setup, scope, context };
    }
    if (overlapping.length > 1) {
      const places = overlapping.slice(0, 4).map(placeOf).join("; ");
      return { judged: overlapping, all, setup, scope: `The selection spans ${overlapping.length} clauses (${places}${overlapping.length > 4 ? "; …" : ""}); each was read whole.`, context: null };
    }
  }
  const own = analyseSegments(input.text);
  const setup = setupJudging(contract || input.text, own, perspective);
  const scope = contract ? "The selection was not found in the current contract text (it may have changed), so it was read on its own." : "";
  return { judged: own, all: contract ? analyseSegments(contract) : [], setup, scope, context: null };
}

export function analyzeText(input: TextInput): TextAnalysisResult {
  const { text } = input;
  const folded = fold(text);
  const reading = readSelection(input);
  const judgements = judgeAll(reading.judged, reading.setup);
  const codes = [...new Set(reading.judged.flatMap((s) => s.hits.map((h) => h.code)))];
  const risks = judgements.filter((j) => j.kind === "risk");
  const recommendations = risks.filter((j) => j.advice).map((j) => `${j.advice!.title}: ${j.advice!.description}`);
  const legalConcerns = [...risks.map((j) => `${j.title}: ${j.description} ${quote(sentenceOf(j.seg.text, j.at))}`), ...VAGUE.filter(([re]) => re.test(folded)).map(([, why]) => `Wording: ${why}.`)];

  const kinds = codes.length > 0 ? `It reads as ${codes.map((c) => CLAUSE_LABELS[c].toLowerCase()).join(", ")}.` : "It matches none of the clause types the engine recognises; it was read line by line.";
  const { perspective } = reading.setup.reading;
  const side = perspective.side ? `Judged from ${ourSideName(perspective, reading.setup.reading.parties)}'s side.` : "Your side in this contract is not known, so the risks name the party they burden.";
  const favourable = judgements.filter((j) => j.kind === "advantage").map((j) => j.title);
  const parts: string[] = [[reading.scope, kinds, side].filter(Boolean).join(" ")];
  let level = maxLevel(risks.map((j) => j.level));

  switch (input.analysisType) {
    case "risk": {
      const lines = riskLines(judgements);
      parts.push(lines.length > 0 ? `Risks: ${lines.join(" ")}` : "No specific risk was found in this passage.");
      if (favourable.length > 0) parts.push(`In your favour: ${favourable.join("; ")}.`);
      break;
    }
    case "legal": {
      parts.push(legalConcerns.length > 0 ? `Legal points: ${legalConcerns.join(" ")}` : "No legal concern stands out in this wording.");
      break;
    }
    case "compliance": {
      const canadian = reading.setup.reading.canadian || !input.contractText;
      const notes = canadian ? codes.map((c) => COMPLIANCE[c]).filter((n): n is string => Boolean(n)) : [];
      const places = jurisdictionLines(text);
      if (!canadian) parts.push(reading.setup.reading.jurisdictionNote);
      else parts.push(notes.length > 0 ? `Compliance: ${notes.join(" ")}` : "No statute-driven topic (holdback, prompt payment, safety, environment, privacy) appears in this passage.");
      if (places.length > 0) parts.push(places.join(" "));
      for (const note of notes) recommendations.push(`Check this passage against the statute: ${note}`);
      break;
    }
    case "financial": {
      const lines = financialLines(text);
      parts.push(lines.length > 0 ? `Money terms: ${lines.join(" ")}` : "The passage states no amounts, percentages or payment periods.");
      const money = risks.filter((j) => ["payment_terms", "pay_when_paid", "holdback", "liquidated_damages", "bonds_security", "limitation_of_liability", "uncapped_liability", "minimum_commitment"].includes(j.code));
      if (money.length > 0) parts.push(`Financial exposure: ${money.map((j) => j.title).join("; ")}.`);
      break;
    }
    case "timeline": {
      const { lines, short } = timelineLines(text);
      parts.push(lines.length > 0 ? `Time periods: ${lines.join(" ")}` : "The passage sets no time periods.");
      if (short.length > 0) {
        parts.push(`Tight deadlines: ${short.join(" ")}`);
        legalConcerns.push(...short);
        if (severity(level) < severity("medium")) level = "medium";
        recommendations.push("Ask for at least 10 business days wherever a notice, claim or cure must be made.");
      }
      break;
    }
    case "jurisdiction": {
      const places = jurisdictionLines(text);
      parts.push(places.length > 0 ? places.join(" ") : "The passage names no Canadian province or territory.");
      if (input.contractText) parts.push(reading.setup.reading.jurisdictionNote);
      const law = judgements.filter((j) => j.code === "governing_law" || j.code === "dispute_resolution").map((j) => `${j.title}: ${j.description}`);
      if (law.length > 0) parts.push(law.join(" "));
      break;
    }
    case "custom": {
      const prompt = (input.prompt ?? "").trim();
      const answer = answerQuestion({ text: input.contractText || text, question: prompt }, { prefer: reading.judged, segments: input.contractText ? reading.all : reading.judged, setup: reading.setup });
      parts.push(answer.addressed ? answer.answer : `Neither the selection nor the rest of the contract answers "${prompt.slice(0, 200)}". ${answer.answer}`);
      const lines = riskLines(judgements);
      if (lines.length > 0) parts.push(`Also note: ${lines.join(" ")}`);
      break;
    }
    case "contextual": {
      const lines = contextLines(codes, reading.all, new Set(reading.judged));
      parts.push(lines.length > 0 ? `In the context of the whole contract: ${lines.join(" ")}` : "Nothing elsewhere in the contract changes how this passage reads.");
      const gaps = lines.filter((l) => l.startsWith("The contract has no"));
      if (gaps.length > 0 && severity(level) < severity("medium")) level = "medium";
      const own = riskLines(judgements);
      if (own.length > 0) parts.push(`On its own: ${own.join(" ")}`);
      break;
    }
  }

  return {
    analysis: parts.join("\n\n"),
    riskLevel: level,
    recommendations: [...new Set(recommendations)],
    legalConcerns: [...new Set(legalConcerns)],
    clauseCodes: codes,
    context: reading.context,
  };
}
