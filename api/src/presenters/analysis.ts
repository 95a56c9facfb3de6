import {
  ANALYSIS_ENGINES,
  ANALYSIS_STATUSES,
  ANALYSIS_TYPES,
  contractAnalysisResult,
  detectedClause,
  textAnalysisResult,
  type ContractAnalysis,
  type DetectedClause,
  type TextAnalysis,
} from "@clausewise/shared";
import { z } from "zod";
import type { aiTextAnalyses, analyses } from "../db/schema";

export type AnalysisRow = typeof analyses.$inferSelect;
export type TextAnalysisRow = typeof aiTextAnalyses.$inferSelect;

const storedResult = contractAnalysisResult.extend({ model: z.string().nullable().optional() });
const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T => values.find((v) => v === value) ?? fallback;

/** The clauses of a stored result (none when it is missing or not of the current shape). */
export function storedClauses(result: unknown): DetectedClause[] {
  const parsed = z.object({ clauses: z.array(detectedClause) }).safeParse(result);
  return parsed.success ? parsed.data.clauses : [];
}

/** An analysis row as GET /api/contracts/{id}/analysis shows it; a result of an older shape shows as none. */
export function presentAnalysis(row: AnalysisRow): ContractAnalysis {
  const parsed = row.status === "done" ? storedResult.safeParse(row.result) : null;
  const result = parsed?.success ? parsed.data : null;
  return {
    contractId: row.contractId,
    status: oneOf(ANALYSIS_STATUSES, row.status, "queued"),
    progress: row.progress,
    error: row.error,
    engine: row.engine ? oneOf(ANALYSIS_ENGINES, row.engine, "local") : null,
    model: result?.model ?? null,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
    ...(result ? { contractType: result.contractType, overallRisk: result.overallRisk, summary: result.summary } : {}),
    riskItems: result?.riskItems ?? [],
    advantages: result?.advantages ?? [],
    recommendations: result?.recommendations ?? [],
    clauses: result?.clauses ?? [],
  };
}

export function presentTextAnalysis(row: TextAnalysisRow): TextAnalysis {
  const parsed = textAnalysisResult.safeParse(row.result);
  const result = parsed.success ? parsed.data : { analysis: "", riskLevel: "low" as const, recommendations: [], legalConcerns: [], clauseCodes: [] };
  return {
    id: row.id,
    analysisType: oneOf(ANALYSIS_TYPES, row.analysisType, "risk"),
    engine: oneOf(ANALYSIS_ENGINES, row.engine, "local"),
    createdAt: row.createdAt.toISOString(),
    ...result,
  };
}
