import {
  CLAUSE_LABELS,
  CONTRACT_TYPE_LABELS,
  RISK_LEVELS,
  type AnalysisFinding,
  type ClauseCode,
  type ContractAnalysisResult,
  type ContractType,
  type DetectedClause,
  type PartySide,
  type RiskLevel,
} from "@clausewise/shared";
import { detectContractType, isWorksContract } from "./contract-type";
import { analyseSegments, excerptOf, toDetected, type AnalysedSegment } from "./detect";
import { judge, maskDots, sideWords, type JudgeContext, type Term } from "./judges";
import { nameOf, type Who } from "./judging/context";
import { theParty } from "./parties";
import { capOf, carvedIndemnities } from "./judging/liability";
import { contractPriceOf } from "./judging/limits";
import { ourSideName, readContract, type ContractReading, type PerspectiveInput } from "./reading";
import { statuteFindings } from "./statute-findings";

/**
 * The whole-contract analysis of the local engine, as a pipeline (DESIGN.md §5): segment → classify
 * (detect.ts) → parties, law and place (reading.ts) → judge each clause (judges.ts) → take our side
 * and write the findings, each quoting the clause it rests on.
 */

const severity = (level: RiskLevel) => RISK_LEVELS.indexOf(level);
/** The clause types in which a liability cap is read (the pre-pass of setupJudging): the limitation family first, then indemnity. */
const CAP_BEARING: ClauseCode[] = ["limitation_of_liability", "uncapped_liability", "consequential_damages", "indemnity"];

/** A judgement from our side, tied to the clause that carries it. */
export interface Located {
  kind: "risk" | "advantage";
  level: RiskLevel;
  title: string;
  description: string;
  at: number;
  advice?: Term["advice"];
  code: ClauseCode;
  seg: AnalysedSegment;
}

function finding(j: Located, title = j.title, description = j.description): AnalysisFinding {
  const quote = excerptOf(j.seg, j.at);
  return { title, description, category: j.code, riskLevel: j.level, section: j.seg.section, ...quote };
}

function missing(code: ClauseCode | "general", level: RiskLevel, title: string, description: string): AnalysisFinding {
  return { title, description, category: code, riskLevel: level, section: null, excerpt: "", start: 0, end: 0 };
}

/**
 * A neutral term seen from `us`: a risk when it burdens us (or both), an advantage when it favours us
 * and does not burden us. Side unknown: risks name the party they burden, advantages the party they favour.
 */
export function fromOurSide(term: Term, us: PartySide | null): Pick<Located, "kind" | "level" | "advice"> | null {
  if (us === null) {
    if (term.riskFor !== null) return { kind: "risk", level: term.level, ...(term.advice ? { advice: term.advice } : {}) };
    return term.favours !== null ? { kind: "advantage", level: "low" } : null;
  }
  if (term.riskFor === us || term.riskFor === "both") return { kind: "risk", level: term.level, ...(term.advice ? { advice: term.advice } : {}) };
  if (term.favours === us || term.favours === "both") return { kind: "advantage", level: "low" };
  return null;
}

export interface JudgingSetup {
  reading: ContractReading;
  base: Omit<JudgeContext, "t" | "cap">;
  cap: JudgeContext["cap"];
}

export function setupJudging(text: string, segments: AnalysedSegment[], input: PerspectiveInput): JudgingSetup {
  const reading = readContract(text, segments, input);
  const { names, words } = sideWords(reading.parties, text);
  const base = {
    names,
    words,
    canadian: reading.canadian,
    province: reading.province,
    governingLaw: reading.governingLaw,
    placeOfWork: reading.placeOfWork,
    contractPrice: contractPriceOf(text),
  };
  // The cap first: whether an indemnity is capped depends on a clause elsewhere.
  let cap: JudgeContext["cap"] = null;
  let outside: Who | null = null;
  for (const seg of segments) {
    const codes = seg.hits.map((h) => h.code);
    if (!CAP_BEARING.some((code) => codes.includes(code))) continue;
    const ctx = { ...base, t: maskDots(seg.folded), cap: null };
    // A cap the model filed under the clause's other type (a consequential-damages waiver followed by
    // "aggregate liability shall in no event exceed the fees paid", an indemnity ending "AJR's liability
    // under this Section 11 shall not exceed $150,000") counts when its sentence is about liability.
    const found = codes.includes("limitation_of_liability") ? capOf(ctx) : capOf(ctx, { aboutLiability: true });
    // An indemnity's own "except …" is the indemnity's scope, not a carve-out from a cap.
    const limitation = CAP_BEARING.slice(0, 3).some((code) => codes.includes(code));
    if (found && (!cap || found.protects === "both")) cap = limitation ? found : { ...found, outside: null };
    if (!limitation) continue;
    // Carve-outs often sit in a clause of their own ("11.3 Exceptions").
    const carved = carvedIndemnities(ctx);
    if (carved) outside = outside && outside !== carved ? "both" : carved;
  }
  if (cap && outside) cap = { ...cap, outside: cap.outside && cap.outside !== outside ? "both" : outside };
  return { reading, base, cap };
}

/** Every judgement of every detected clause from our side; the same title twice keeps the worse one. */
/**
 * A definition ('"Competitor" means …', '2.26 Litigation Expense. "Litigation Expense" means … arbitration
 * fee'): it says what a word means, not what anyone must do, so no risk or advantage rests on it; the
 * clauses that use the word carry them.
 */
const DEFINITION = /^\s*(?:[\d.()a-z]{1,10}\s+)?(?:[^".]{1,80}\.\s+)?"[^"]{1,80}"\s+(?:means|shall mean|has the meaning|have the meaning|refers to|shall refer to)\b/;

/**
 * A recital ("WHEREAS, Ferrer desires to manufacture …") tells the background and binds no one. Only a
 * clause that starts as one: in a filing flattened to a few lines the recitals may run on into the
 * operative clauses, which keep their findings.
 */
const RECITAL = /^\s*(?:\(?[a-z]\)?\.?\s+|and\s+)?whereas\b/;

export function judgeAll(segments: AnalysedSegment[], setup: JudgingSetup): Located[] {
  const us = setup.reading.perspective.side;
  const byTitle = new Map<string, Located>();
  for (const seg of segments) {
    if (seg.hits.length === 0 || DEFINITION.test(seg.folded) || RECITAL.test(seg.folded)) continue;
    const ctx: JudgeContext = { ...setup.base, t: maskDots(seg.folded), cap: setup.cap };
    for (const hit of seg.hits) {
      for (const term of judge(hit.code, ctx)) {
        const seen = fromOurSide(term, us);
        if (!seen) continue;
        const located: Located = { ...seen, title: term.title, description: term.description, at: term.at, code: term.code ?? hit.code, seg };
        const key = `${seen.kind}:${term.title}`;
        const kept = byTitle.get(key);
        if (!kept || severity(located.level) > severity(kept.level)) byTitle.set(key, located);
      }
    }
  }
  // Each party indemnifying in a clause of its own, and both in another: the mutual finding says it
  // once ("Uncapped mutual indemnities"), not again per party.
  const all = [...byTitle.values()];
  const mutual = new Set(all.map((j) => j.title));
  return all.filter(
    (j) =>
      !ONE_SIDED_OF_MUTUAL.some(([both, one]) => mutual.has(both) && one.test(j.title)) &&
      // The performance tests in one clause and their capped damages in the next: the guarantee is capped.
      !(j.title === "Performance guarantees" && mutual.has("Performance guarantees (capped)")) &&
      // Performance liquidated damages are said once, as capped performance guarantees, not again as liquidated damages.
      !(/^Liquidated damages(?:,| payable)/.test(j.title) && all.some((p) => p.title === "Performance guarantees (capped)" && p.seg === j.seg)),
  );
}

/** A mutual indemnity finding and the one-party finding it includes. */
const ONE_SIDED_OF_MUTUAL: [string, RegExp][] = [
  ["Broad-form mutual indemnities", /^Broad-form indemnity given by /],
  ["Uncapped mutual indemnities", /^Uncapped indemnity given by /],
  ["Mutual indemnities", /^Indemnity given by /],
  ["Indemnities cover the other party's own negligence", /'s indemnity covers .+ own negligence$/],
];

/** Words by which a contract makes another document part of it. */
const INCORPORATES =
  /\bincorporated (?:herein |into (?:this|the) (?:agreement|contract) )?by reference\b|\b(?:is|are) (?:hereby )?incorporated (?:into|in) (?:and made a part of )?(?:this|the) (?:agreement|contract|subcontract)\b|\bform(?:s)? (?:an integral )?part of (?:this|the) (?:agreement|contract|subcontract)\b|\bshall incorporate\b|\b(?:subject to|in accordance with|pursuant to)\b[^.]{0,80}\bgeneral terms and conditions\b|\bccdc ?\d+\b|\bfidic\b|\baia document [a-z]\d+/gi;
/** Another document's terms, by name (not the contract's own schedules and exhibits). */
const INCORPORATED_NAME = [
  /\b(?:the )?["“]?(?:general|standard) (?:terms and )?conditions["”]?(?: and [^.;]{3,60}?)? (?:of|for|set forth in|in) [^,.;()]{3,80}/i,
  /\b(?:the )?general conditions\b(?: of (?:the )?(?:stipulated price )?contract)?/i,
  /\bCCDC ?\d+(?:\s*[-–]\s*\d{4})?/i,
  /\bFIDIC\b[^,.;]{0,40}/,
  /\bAIA Document [A-Z]\d+/i,
  /(?:\b[A-Z][\w'’&/-]*\s){1,6}Tariff\b/,
];

/**
 * The document a contract incorporates by reference ("Subject to the General Terms and Conditions of
 * Transporter's FERC Gas Tariff", "the General Conditions of CCDC 2 – 2020 form part of this
 * Contract"): what the contract seems to lack may be there.
 */
export function incorporatedTerms(text: string): string | null {
  for (const m of text.slice(0, 400_000).matchAll(INCORPORATES)) {
    const from = Math.max(0, text.lastIndexOf(".", m.index) + 1);
    const end = text.indexOf(".", m.index + m[0].length);
    const sentence = text.slice(from, end < 0 ? text.length : end).replace(/\s+/g, " ");
    for (const re of INCORPORATED_NAME) {
      const name = re
        .exec(sentence)?.[0]
        ?.replace(/\s*\([^)]*\)/g, "")
        .replace(/\s+(?:attachment|exhibit|appendix|annex)\b.*$/i, "")
        .replace(/[\s"”]+$/, "")
        .trim();
      if (name) return /^the /i.test(name) ? `the ${name.slice(4)}` : /^(?:ccdc|fidic|aia)/i.test(name) ? name : `the ${name}`;
    }
  }
  return null;
}

const PAYMENT_WORDS = /\b(?:invoice\w*|fees?|price|royalt(?:y|ies)|compensation|remuneration|commissions?|shall pay|payments?)\b/gi;

/** Protections a balanced contract has; their absence is a finding of its own (it says what is missing). */
function missingProtections(codes: Set<ClauseCode>, setup: JudgingSetup, type: ContractType, text: string): { risks: AnalysisFinding[]; advice: AnalysisFinding[] } {
  const us = setup.reading.perspective.side;
  const risks: AnalysisFinding[] = [];
  const advice: AnalysisFinding[] = [];
  /** `for`: whom the gap hurts ("both", or the side whose position it weakens). */
  // A contract that incorporates another document may have the protection there: the gap is said
  // one level lower, with where to look.
  const incorporated = incorporatedTerms(text);
  const LOWER: Record<RiskLevel, RiskLevel> = { critical: "high", high: "medium", medium: "low", low: "low" };
  const add = (who: PartySide | "both", code: ClauseCode, stated: RiskLevel, title: string, stating: string, ask: string, askWhy: string) => {
    if (who !== "both" && us !== null && us !== who) return;
    const level = incorporated ? LOWER[stated] : stated;
    const description = incorporated ? `${stating} The contract incorporates ${incorporated}: check there before relying on this.` : stating;
    risks.push(missing(code, level, title, description));
    advice.push(missing(code, level, ask, askWhy));
  };
  const { names } = setup.base;
  // Change orders and insurance of the work belong to contracts for work; the losses a waiver of
  // consequential damages keeps out are said in the contract's own terms.
  const works = type === "construction" || (type !== "general" && isWorksContract(text));
  const indirect = works ? "lost production, revenue or profit caused by a defect or delay" : "lost revenue, profit or business caused by a breach";
  if (!setup.cap)
    add("both", "limitation_of_liability", us === "customer" ? "medium" : "high", "No cap on liability", "No clause limits liability to an amount or a formula: each party's liability is unlimited by default.", "Add a limitation of liability", "Cap total liability, commonly at 100% of the contract price, with carve-outs only for fraud and wilful misconduct.");
  if (!codes.has("force_majeure"))
    add("both", "force_majeure", "medium", "No force majeure clause", "Events beyond anyone's control (wildfire, pandemic, strikes) would not excuse delay or non-performance.", "Add a force majeure clause", "List the events, give extensions of time, and allow termination after a prolonged event.");
  if (!codes.has("consequential_damages"))
    add("provider", "consequential_damages", "medium", "No waiver of consequential damages", `${nameOf(names, "customer", true)} could claim ${indirect}.`, "Add a mutual waiver of consequential damages", works ? "Each party waives indirect losses, including loss of profit, production and use." : "Each party waives indirect losses, including loss of profit, revenue and business.");
  if (!codes.has("dispute_resolution"))
    add("both", "dispute_resolution", "medium", "No dispute resolution process", "Without a process every disagreement goes straight to court.", "Add a stepped dispute resolution clause", "Negotiation between senior representatives, mediation, then arbitration or the courts.");
  if (!codes.has("change_orders") && works)
    add("provider", "change_orders", "medium", "No change order procedure", "There is no agreed way to price and schedule changes to the work.", "Add a change order procedure", "Changes in writing, valued at agreed rates or cost plus markup, with matching time extensions.");
  // A contract that provides for no payment (a joint filing, a non-competition agreement) is not
  // missing a payment period.
  if (!codes.has("payment_terms") && (text.match(PAYMENT_WORDS) ?? []).length >= 3)
    add("provider", "payment_terms", "medium", "Payment timing not stated", "The contract does not say when invoices are paid.", "State the payment period", "Payment within 28–30 days of a proper invoice, with interest on late payment.");
  // Operating or maintaining a facility puts people and property at risk as building it does.
  if (!codes.has("insurance") && (works || type === "operations_maintenance" || type === "facility_maintenance"))
    add("both", "insurance", "low", "No insurance requirements", "Neither party's insurance is specified, leaving gaps in who insures the work and third-party claims.", "Specify the insurance each party carries", "General liability, builder's risk or wrap-up, automobile and, for design, professional liability, with waivers of subrogation.");
  return { risks, advice };
}

function overallRisk(risks: AnalysisFinding[]): RiskLevel {
  const counts = { low: 0, medium: 0, high: 0, critical: 0 };
  for (const r of risks) counts[r.riskLevel]++;
  if (counts.critical > 0 || counts.high >= 5) return "critical";
  if (counts.high > 0 || counts.medium >= 5) return "high";
  if (counts.medium > 0) return "medium";
  return "low";
}

const bySeverityThenPlace = (a: AnalysisFinding, b: AnalysisFinding) =>
  severity(b.riskLevel) - severity(a.riskLevel) || (a.excerpt === "" ? 1 : 0) - (b.excerpt === "" ? 1 : 0) || a.start - b.start;

function summarise(title: string, type: ContractType, clauses: DetectedClause[], reading: ContractReading, risks: AnalysisFinding[], advantages: AnalysisFinding[], overall: RiskLevel): string {
  const kinds = new Set(clauses.map((c) => c.code)).size;
  const serious = risks.filter((r) => severity(r.riskLevel) >= severity("high"));
  const label = CONTRACT_TYPE_LABELS[type].toLowerCase();
  const between = reading.parties.length >= 2 ? ` between ${reading.parties.map((p) => `${p.name ?? "a party"} (${theParty(p)})`).join(" and ")}` : "";
  const lead = `${title ? `"${title}"` : "This contract"} reads as ${/^[aeiou]/i.test(label) ? "an" : "a"} ${label} contract${between}; ${clauses.length} clause${clauses.length === 1 ? "" : "s"} of ${kinds} recognised type${kinds === 1 ? "" : "s"} were found.`;
  const side = reading.perspective.side ? `From ${ourSideName(reading.perspective, reading.parties)}'s side: ` : "Side unknown, judged neutrally: ";
  const balance = `${side}${risks.length} risk${risks.length === 1 ? "" : "s"} (${serious.length} high or critical) and ${advantages.length} favourable term${advantages.length === 1 ? "" : "s"}; overall risk is ${overall}.`;
  const top = serious.slice(0, 2).map((r) => r.title);
  return `${lead} ${balance}${top.length > 0 ? ` Most pressing: ${top.join("; ")}.` : ""}`;
}

export interface AnalyzeOptions extends PerspectiveInput {
  title?: string;
}

export function analyzeContract(text: string, options: AnalyzeOptions = {}): ContractAnalysisResult {
  const title = options.title ?? "";
  const segments = analyseSegments(text);
  const clauses = segments.flatMap((seg) => seg.hits.map((hit) => toDetected(seg, hit)));
  const codes = new Set(clauses.map((c) => c.code));
  const contractType = detectContractType(title, text);
  const setup = setupJudging(text, segments, options);
  const located = judgeAll(segments, setup);

  const risks = located.filter((j) => j.kind === "risk");
  // A protection judged inside a clause of another type (a consequential-damages waiver worded as
  // the exceptions to it) is no gap.
  const gaps = missingProtections(new Set([...codes, ...located.map((j) => j.code)]), setup, contractType, text);
  const statutes = setup.reading.canadian ? statuteFindings(text, setup.reading, contractType) : { risks: [], advice: [] };
  const riskItems = [...risks.map((j) => finding(j)), ...gaps.risks, ...statutes.risks].sort(bySeverityThenPlace);
  const advantages = located.filter((j) => j.kind === "advantage").map((j) => finding(j)).sort((a, b) => a.start - b.start);
  const recommendations = [
    ...risks.filter((j) => j.advice).map((j) => finding(j, j.advice!.title, `${j.advice!.description} (${CLAUSE_LABELS[j.code]}${j.seg.section ? `, section ${j.seg.section}` : ""}.)`)),
    ...gaps.advice,
    ...statutes.advice,
  ].sort(bySeverityThenPlace);
  const overall = overallRisk(riskItems);
  const { reading } = setup;
  return {
    contractType,
    overallRisk: overall,
    summary: summarise(title, contractType, clauses, reading, riskItems, advantages, overall),
    riskItems,
    advantages,
    recommendations,
    clauses,
    parties: reading.parties,
    perspective: reading.perspective,
    governingLaw: reading.governingLaw,
    placeOfWork: reading.placeOfWork,
    jurisdictionNote: reading.jurisdictionNote,
  };
}
