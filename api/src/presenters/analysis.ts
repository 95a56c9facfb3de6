import {
  ANALYSIS_ENGINES,
  ANALYSIS_STATUSES,
  ANALYSIS_TYPES,
  contractAnalysisResult,
  contractParty,
  detectedClause,
  textAnalysisResult,
  type ContractAnalysis,
  type ContractParty,
  type DetectedClause,
  type TextAnalysis,
} from "@clausewise/shared";
import { z } from "zod";
import { textHash } from "../analysis/refresh";
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

/** The parties a stored result read (none when it is missing, read none, or is not of the current shape). */
export function storedParties(result: unknown): ContractParty[] {
  const parsed = z.object({ parties: z.array(contractParty) }).safeParse(result);
  return parsed.success ? parsed.data.parties : [];
}

/** The contract as it is now, to tell whether the analysis read an earlier text. */
export interface CurrentText {
  text: string;
  /** The planned re-analysis (edits settling), if any. */
  refreshAt?: Date | null;
}

/**
 * An analysis row as GET /api/contracts/{id}/analysis shows it; a result of an older shape shows as
 * none. Stale: the text it was made from (its hash) is not the contract's text now.
 */
export function presentAnalysis(row: AnalysisRow, current?: CurrentText): ContractAnalysis {
  const parsed = row.status === "done" ? storedResult.safeParse(row.result) : null;
  const result = parsed?.success ? parsed.data : null;
  const stale = result !== null && current !== undefined && row.textHash !== null && row.textHash !== textHash(current.text);
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
    ...(result?.parties ? { parties: result.parties } : {}),
    ...(result?.perspective ? { perspective: result.perspective } : {}),
    ...(result && result.governingLaw !== undefined ? { governingLaw: result.governingLaw } : {}),
    ...(result && result.placeOfWork !== undefined ? { placeOfWork: result.placeOfWork } : {}),
    ...(result?.jurisdictionNote ? { jurisdictionNote: result.jurisdictionNote } : {}),
    riskItems: result?.riskItems ?? [],
    advantages: result?.advantages ?? [],
    recommendations: result?.recommendations ?? [],
    clauses: result?.clauses ?? [],
    stale,
    refreshAt: current?.refreshAt ? current.refreshAt.toISOString() : null,
  };
}

export function presentTextAnalysis(row: TextAnalysisRow): TextAnalysis {
  const parsed = textAnalysisResult.safeParse(row.result);
  const result = parsed.success ? parsed.data : { analysis: "", riskLevel: "low" as const, recommendations: [], legalConcerns: [], clauseCodes: [], context: null };
  return {
    id: row.id,
    analysisType: oneOf(ANALYSIS_TYPES, row.analysisType, "risk"),
    engine: oneOf(ANALYSIS_ENGINES, row.engine, "local"),
    createdAt: row.createdAt.toISOString(),
    ...result,
  };
}
