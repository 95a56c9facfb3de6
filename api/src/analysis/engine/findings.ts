import {
  CLAUSE_LABELS,
  CONTRACT_TYPE_LABELS,
  RISK_LEVELS,
  type AnalysisFinding,
  type ClauseCode,
  type ContractAnalysisResult,
  type ContractType,
  type DetectedClause,
  type RiskLevel,
} from "@clausewise/shared";
import { detectContractType } from "./contract-type";
import { analyseSegments, excerptOf, toDetected, type AnalysedSegment } from "./detect";
import { judge, type Judgement } from "./judges";

const severity = (level: RiskLevel) => RISK_LEVELS.indexOf(level);

interface Located extends Judgement {
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

/** Every judgement of every detected clause; the same title twice (two LD clauses) keeps the worse one. */
function judgeAll(segments: AnalysedSegment[]): Located[] {
  const byTitle = new Map<string, Located>();
  for (const seg of segments) {
    for (const hit of seg.hits) {
      for (const j of judge(hit.code, seg.folded)) {
        const key = `${j.kind}:${j.title}`;
        const seen = byTitle.get(key);
        if (!seen || severity(j.level) > severity(seen.level)) byTitle.set(key, { ...j, code: hit.code, seg });
      }
    }
  }
  return [...byTitle.values()];
}

/** Protections a balanced EPC contract has; their absence is a finding of its own. */
function missingProtections(codes: Set<ClauseCode>, located: Located[], type: ContractType): { risks: AnalysisFinding[]; advice: AnalysisFinding[] } {
  const risks: AnalysisFinding[] = [];
  const advice: AnalysisFinding[] = [];
  const add = (code: ClauseCode, level: RiskLevel, title: string, description: string, ask: string, askWhy: string) => {
    risks.push(missing(code, level, title, description));
    advice.push(missing(code, level, ask, askWhy));
  };
  if (!codes.has("limitation_of_liability")) {
    const indemnity = located.find((j) => j.code === "indemnity");
    if (indemnity) {
      risks.push(finding({ ...indemnity, level: "high" }, "Uncapped indemnity", "The contractor gives an indemnity and the contract has no limitation of liability: the exposure has no ceiling."));
      advice.push(missing("limitation_of_liability", "high", "Add a limitation of liability that covers the indemnities", "Cap total liability (commonly at the contract price) and bring indemnities under it."));
    } else
      add("limitation_of_liability", "high", "No limitation of liability", "Nothing caps what the contractor may owe: liability is unlimited by default.", "Add a limitation of liability", "Cap total liability, commonly at 100% of the contract price, with carve-outs only for fraud and wilful misconduct.");
  }
  if (!codes.has("force_majeure"))
    add("force_majeure", "medium", "No force majeure clause", "Events beyond anyone's control (wildfire, pandemic, strikes) would not excuse delay or non-performance.", "Add a force majeure clause", "List the events, give extensions of time, and allow termination after a prolonged event.");
  if (!codes.has("consequential_damages"))
    add("consequential_damages", "medium", "No waiver of consequential damages", "The owner could claim lost production, revenue or profit caused by a defect or delay.", "Add a mutual waiver of consequential damages", "Each party waives indirect losses, including loss of profit, production and use.");
  if (!codes.has("dispute_resolution"))
    add("dispute_resolution", "medium", "No dispute resolution process", "Without a process every disagreement goes straight to court.", "Add a stepped dispute resolution clause", "Negotiation between senior representatives, mediation, then arbitration or the courts.");
  if (!codes.has("change_orders") && type !== "general")
    add("change_orders", "medium", "No change order procedure", "There is no agreed way to price and schedule changes to the work.", "Add a change order procedure", "Changes in writing, valued at agreed rates or cost plus markup, with matching time extensions.");
  if (!codes.has("payment_terms"))
    add("payment_terms", "medium", "Payment timing not stated", "The contract does not say when invoices are paid.", "State the payment period", "Payment within 28–30 days of a proper invoice, with interest on late payment.");
  if (!codes.has("insurance") && type !== "general")
    add("insurance", "low", "No insurance requirements", "Neither party's insurance is specified, leaving gaps in who insures the work and third-party claims.", "Specify the insurance each party carries", "General liability, builder's risk or wrap-up, automobile and, for design, professional liability, with waivers of subrogation.");
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

function summarise(title: string, type: ContractType, clauses: DetectedClause[], risks: AnalysisFinding[], advantages: AnalysisFinding[], overall: RiskLevel): string {
  const kinds = new Set(clauses.map((c) => c.code)).size;
  const serious = risks.filter((r) => severity(r.riskLevel) >= severity("high"));
  const lead = `${title ? `"${title}"` : "This contract"} reads as ${/^[aeiou]/i.test(CONTRACT_TYPE_LABELS[type]) ? "an" : "a"} ${CONTRACT_TYPE_LABELS[type].toLowerCase()} contract; ${clauses.length} clause${clauses.length === 1 ? "" : "s"} of ${kinds} recognised type${kinds === 1 ? "" : "s"} were found.`;
  const balance = `${risks.length} risk${risks.length === 1 ? "" : "s"} (${serious.length} high or critical) and ${advantages.length} favourable term${advantages.length === 1 ? "" : "s"}; overall risk is ${overall}.`;
  const top = serious.slice(0, 2).map((r) => r.title);
  return `${lead} ${balance}${top.length > 0 ? ` Most pressing: ${top.join("; ")}.` : ""}`;
}

/** The whole-contract analysis of the local engine (DESIGN.md §5). */
export function analyzeContract(text: string, options: { title?: string } = {}): ContractAnalysisResult {
  const title = options.title ?? "";
  const segments = analyseSegments(text);
  const clauses = segments.flatMap((seg) => seg.hits.map((hit) => toDetected(seg, hit)));
  const codes = new Set(clauses.map((c) => c.code));
  const contractType = detectContractType(title, text);
  const located = judgeAll(segments);

  const risks = located.filter((j) => j.kind === "risk");
  const gaps = missingProtections(codes, located, contractType);
  const riskItems = [...risks.map((j) => finding(j)), ...gaps.risks].sort(bySeverityThenPlace);
  const advantages = located.filter((j) => j.kind === "advantage").map((j) => finding(j)).sort((a, b) => a.start - b.start);
  const recommendations = [
    ...risks.filter((j) => j.advice).map((j) => finding(j, j.advice!.title, `${j.advice!.description} (${CLAUSE_LABELS[j.code]}${j.seg.section ? `, section ${j.seg.section}` : ""}.)`)),
    ...gaps.advice,
  ].sort(bySeverityThenPlace);
  const overall = overallRisk(riskItems);
  return {
    contractType,
    overallRisk: overall,
    summary: summarise(title, contractType, clauses, riskItems, advantages, overall),
    riskItems,
    advantages,
    recommendations,
    clauses,
  };
}

/** The judgements for a passage on its own (selected text): its clause types and what they say. */
export function judgePassage(text: string): { codes: ClauseCode[]; judgements: Located[] } {
  const segments = analyseSegments(text);
  const codes = [...new Set(segments.flatMap((s) => s.hits.map((h) => h.code)))];
  return { codes, judgements: judgeAll(segments) };
}

export type { Located };
