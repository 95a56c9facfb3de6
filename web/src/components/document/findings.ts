import type { AnalysisFinding, ContractAnalysis, RiskLevel } from "@clausewise/shared";

/**
 * The analysis findings the Document Viewer keeps highlighted (issue 5: "highlights the quoted
 * clauses in the Document Viewer"): risks and advantages that quote the contract, at their
 * plain-text offsets. Recommendations repeat the risks' quotes and missing protections quote
 * nothing, so neither is drawn.
 */
export type FindingKind = "risk" | "advantage";

/** One colour per tone; several findings on the same words take the strongest. */
export type FindingTone = "severe" | "medium" | "low" | "advantage";

export interface DocumentFinding {
  /** Highlight id (`f:risk:0`), stable for one analysis. */
  id: string;
  kind: FindingKind;
  title: string;
  description: string;
  riskLevel: RiskLevel;
  section: string | null;
  start: number;
  end: number;
}

export const FINDING_TONES: readonly FindingTone[] = ["severe", "medium", "low", "advantage"];

export const FINDING_TONE_LABELS: Record<FindingTone, string> = {
  severe: "Critical or high risk",
  medium: "Medium risk",
  low: "Low risk",
  advantage: "Advantage",
};

/**
 * Issue 17: findings are drawn quietly, never as a tint: a thin dotted underline on the quoted words
 * and a marker in the margin of their paragraph. Markups and proposed changes on the same words
 * keep their own look alone (the finding stays reachable by click, Enter and its description).
 */
export const FINDING_TONE_UNDERLINES: Record<FindingTone, string> = {
  severe: "decoration-red-500/60",
  medium: "decoration-amber-500/60",
  low: "decoration-yellow-500/60",
  advantage: "decoration-emerald-500/60",
};

/** The margin marker beside a paragraph that a finding quotes. */
export const FINDING_TONE_MARKERS: Record<FindingTone, string> = {
  severe: "bg-red-500",
  medium: "bg-amber-500",
  low: "bg-yellow-500",
  advantage: "bg-emerald-500",
};

/** The legend's swatches: the margin marker's colour. */
export const FINDING_SWATCH_STYLES = FINDING_TONE_MARKERS;

const RISK_WORDS: Record<RiskLevel, string> = { critical: "Critical risk", high: "High risk", medium: "Medium risk", low: "Low risk" };

export function findingTone(finding: Pick<DocumentFinding, "kind" | "riskLevel">): FindingTone {
  if (finding.kind === "advantage") return "advantage";
  if (finding.riskLevel === "critical" || finding.riskLevel === "high") return "severe";
  return finding.riskLevel === "medium" ? "medium" : "low";
}

/** "High risk", "Advantage": what a finding is, in words (colour is never the only cue). */
export function findingLabel(finding: Pick<DocumentFinding, "kind" | "riskLevel">): string {
  return finding.kind === "advantage" ? "Advantage" : (RISK_WORDS[finding.riskLevel] ?? "Risk");
}

/** The strongest tone among findings on the same words (a risk outweighs an advantage). */
export function strongestTone(findings: readonly Pick<DocumentFinding, "kind" | "riskLevel">[]): FindingTone | null {
  let best: FindingTone | null = null;
  for (const finding of findings) {
    const tone = findingTone(finding);
    if (best === null || FINDING_TONES.indexOf(tone) < FINDING_TONES.indexOf(best)) best = tone;
  }
  return best;
}

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * Where the quote is in the current text: at its offsets when the words there are the quote; else
 * the occurrence nearest to them (the document was edited after the analysis); else nowhere.
 */
export function locateQuote(finding: Pick<AnalysisFinding, "excerpt" | "start" | "end">, plainText: string): { start: number; end: number } | null {
  const { excerpt, start, end } = finding;
  if (!excerpt.trim()) return null;
  if (end > start && end <= plainText.length && (plainText.slice(start, end) === excerpt || squash(plainText.slice(start, end)) === squash(excerpt))) {
    return { start, end };
  }
  let best: number | null = null;
  for (let at = plainText.indexOf(excerpt); at !== -1; at = plainText.indexOf(excerpt, at + 1)) {
    if (best === null || Math.abs(at - start) < Math.abs(best - start)) best = at;
  }
  return best === null ? null : { start: best, end: best + excerpt.length };
}

/** The analysis's risks and advantages that quote words still in the document, where they are. */
export function locateFindings(analysis: Pick<ContractAnalysis, "riskItems" | "advantages"> | null | undefined, plainText: string): DocumentFinding[] {
  if (!analysis || !plainText) return [];
  const located: DocumentFinding[] = [];
  const add = (kind: FindingKind, items: readonly AnalysisFinding[] | undefined) => {
    (items ?? []).forEach((item, index) => {
      const range = locateQuote(item, plainText);
      if (!range) return;
      located.push({ id: `f:${kind}:${index}`, kind, title: item.title, description: item.description, riskLevel: item.riskLevel, section: item.section, ...range });
    });
  };
  add("risk", analysis.riskItems);
  add("advantage", analysis.advantages);
  return located;
}
