import { ANALYSIS_TYPES, type AnalysisEngine, type AnalysisType, type RiskLevel } from "@clausewise/shared";
import type { BadgeTone } from "../ui/badge";

export const RISK_LABELS: Record<RiskLevel, string> = {
  low: "Low risk",
  medium: "Medium risk",
  high: "High risk",
  critical: "Critical risk",
};

export const RISK_TONES: Record<RiskLevel, BadgeTone> = {
  low: "success",
  medium: "warning",
  high: "danger",
  critical: "danger",
};

export const ANALYSIS_TYPE_LABELS: Record<AnalysisType, string> = {
  risk: "Risk assessment",
  legal: "Legal review",
  compliance: "Compliance",
  financial: "Financial impact",
  timeline: "Timeline and deadlines",
  jurisdiction: "Jurisdiction",
  contextual: "In the context of the whole contract",
  custom: "Custom analysis",
};

/** The types Quick AI analysis offers; "custom" has its own form with a prompt. */
export const QUICK_ANALYSIS_TYPES = ANALYSIS_TYPES.filter((type) => type !== "custom");

/** Which engine produced a result (DESIGN.md §5: the result says which engine answered). */
export function engineLabel(engine: AnalysisEngine | null | undefined, model?: string | null): string {
  if (engine === "openai") return model ? `OpenAI-compatible model ${model}` : "OpenAI-compatible model";
  if (engine === "local") return "Local engine";
  return "";
}

/** "Section 12.3 · Liquidated Damages", "Section 12.3", the heading alone, or "" when neither is known. */
export function sectionLabel(section: string | null | undefined, heading?: string | null): string {
  const parts = [section ? (/^[A-Za-z]/.test(section) ? section : `Section ${section}`) : "", heading ?? ""].filter(Boolean);
  return parts.join(" · ");
}

/** A score of 0-1 as a whole percentage. */
export function percent(score: number): string {
  return `${Math.round(Math.min(Math.max(score, 0), 1) * 100)}%`;
}
