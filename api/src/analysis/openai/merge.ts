import { RISK_LEVELS, type AnalysisFinding, type ContractAnalysisResult, type ContractType, type DetectedClause, type RiskLevel } from "@clausewise/shared";
import type { ModelClause, ModelContractAnalysis, ModelFinding } from "./schemas";
import { locateExcerpt, type Chunk } from "./text";

export interface ChunkAnalysis {
  chunk: Chunk;
  result: ModelContractAnalysis;
}

const severity = (level: RiskLevel) => RISK_LEVELS.indexOf(level);
const riskier = (a: RiskLevel, b: RiskLevel) => (severity(b) > severity(a) ? b : a);

/**
 * Offsets from the excerpt's place in the whole text; the excerpt becomes the source's own words.
 * A quote that cannot be found is dropped (the model invented or mangled it). An empty excerpt is a
 * missing protection, which has nothing to quote.
 */
function placeFinding(text: string, hint: number, finding: ModelFinding): AnalysisFinding | null {
  if (finding.excerpt.trim() === "") return { ...finding, excerpt: "", start: 0, end: 0 };
  const at = locateExcerpt(text, finding.excerpt, hint);
  return at ? { ...finding, excerpt: text.slice(at.start, at.end), start: at.start, end: at.end } : null;
}

function placeClause(text: string, hint: number, clause: ModelClause): DetectedClause | null {
  const at = clause.excerpt.trim() === "" ? null : locateExcerpt(text, clause.excerpt, hint);
  return at ? { ...clause, excerpt: text.slice(at.start, at.end), start: at.start, end: at.end } : null;
}

/**
 * One finding per category and passage (the riskiest wins). A "missing" finding (no excerpt) is kept
 * once per category, and dropped when another part of the contract has that clause: a chunk cannot
 * see the clause another chunk holds.
 */
function dedupeFindings(findings: AnalysisFinding[], presentCodes: Set<string>, multiPart: boolean): AnalysisFinding[] {
  const byKey = new Map<string, AnalysisFinding>();
  for (const finding of findings) {
    const missing = finding.excerpt === "";
    if (missing && multiPart && presentCodes.has(finding.category)) continue;
    const key = missing ? `${finding.category}|missing` : `${finding.category}|${finding.start}|${finding.end}`;
    const kept = byKey.get(key);
    if (!kept || severity(finding.riskLevel) > severity(kept.riskLevel)) byKey.set(key, finding);
  }
  return [...byKey.values()];
}

function dedupeClauses(clauses: DetectedClause[]): DetectedClause[] {
  const byKey = new Map<string, DetectedClause>();
  for (const clause of clauses) {
    const key = `${clause.code}|${clause.start}`;
    const kept = byKey.get(key);
    if (!kept || clause.end > kept.end) byKey.set(key, clause);
  }
  return [...byKey.values()].sort((a, b) => a.start - b.start || a.code.localeCompare(b.code));
}

const byPosition = (a: AnalysisFinding, b: AnalysisFinding) => (a.excerpt === "" ? 1 : 0) - (b.excerpt === "" ? 1 : 0) || a.start - b.start;

/** The type most parts agree on, "general" only when no part says more. */
function contractTypeOf(parts: ModelContractAnalysis[]): ContractType {
  const votes = new Map<ContractType, number>();
  for (const part of parts) if (part.contractType !== "general") votes.set(part.contractType, (votes.get(part.contractType) ?? 0) + 1);
  let best: ContractType = "general";
  let bestVotes = 0;
  for (const [type, count] of votes) if (count > bestVotes) [best, bestVotes] = [type, count];
  return best;
}

/**
 * Merges the analyses of a contract's chunks into one result over the whole text. The summary is the
 * opening part's (parties, scope), followed by the riskiest other part's when that part is riskier.
 */
export function mergeChunkAnalyses(text: string, parts: ChunkAnalysis[]): ContractAnalysisResult {
  const multiPart = parts.length > 1;
  const place = <M, R>(select: (result: ModelContractAnalysis) => M[], placeOne: (text: string, hint: number, item: M) => R | null): R[] =>
    parts.flatMap(({ chunk, result }) => select(result).flatMap((item) => placeOne(text, chunk.start, item) ?? []));

  const clauses = dedupeClauses(place((r) => r.clauses, placeClause));
  const presentCodes = new Set<string>(clauses.map((clause) => clause.code));
  const findings = (select: (result: ModelContractAnalysis) => ModelFinding[]) =>
    dedupeFindings(place(select, placeFinding), presentCodes, multiPart);

  const riskItems = findings((r) => r.riskItems).sort((a, b) => severity(b.riskLevel) - severity(a.riskLevel) || byPosition(a, b));
  const results = parts.map((part) => part.result);
  const [first, ...others] = results;
  if (!first) throw new Error("mergeChunkAnalyses needs at least one part");

  const overallRisk = results.map((r) => r.overallRisk).reduce(riskier, "low");
  const riskiestOther = others.reduce<ModelContractAnalysis | null>((best, r) => (!best || severity(r.overallRisk) > severity(best.overallRisk) ? r : best), null);
  const summary =
    riskiestOther && severity(riskiestOther.overallRisk) > severity(first.overallRisk) && riskiestOther.summary !== first.summary
      ? `${first.summary.trim()} ${riskiestOther.summary.trim()}`
      : first.summary.trim();

  return {
    contractType: contractTypeOf(results),
    overallRisk,
    summary,
    riskItems,
    advantages: findings((r) => r.advantages).sort(byPosition),
    recommendations: findings((r) => r.recommendations).sort(byPosition),
    clauses,
  };
}
