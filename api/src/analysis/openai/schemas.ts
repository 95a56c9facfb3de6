import { analysisFinding, contractAnalysisResult, detectedClause, questionAnswerResult, textAnalysisResult } from "@clausewise/shared";
import { z } from "zod";

/**
 * What the model is asked to return: the shared schemas (DESIGN.md §5) without offsets. A model
 * cannot count characters reliably, so it quotes; we find the quote in the text and compute the
 * offsets ourselves (locateExcerpt).
 */
const excerpt = z
  .string()
  .describe("The passage copied word for word from the contract text (one sentence or clause, at most about 400 characters). Empty only for a protection the contract lacks.");

export const modelFinding = analysisFinding.omit({ start: true, end: true }).extend({ excerpt });
export const modelClause = detectedClause.omit({ start: true, end: true }).extend({ excerpt });

/** Parties, perspective, law and place are read by the local reader (engine/reading.ts), not asked of the model. */
export const modelContractAnalysis = contractAnalysisResult.omit({ parties: true, perspective: true, governingLaw: true, placeOfWork: true, jurisdictionNote: true }).extend({
  riskItems: z.array(modelFinding),
  advantages: z.array(modelFinding),
  recommendations: z.array(modelFinding),
  clauses: z.array(modelClause),
});
export type ModelContractAnalysis = z.infer<typeof modelContractAnalysis>;
export type ModelFinding = z.infer<typeof modelFinding>;
export type ModelClause = z.infer<typeof modelClause>;

const citation = questionAnswerResult.shape.citations.element;
export const modelQuestionAnswer = questionAnswerResult.extend({
  citations: z.array(citation.omit({ start: true, end: true }).extend({ excerpt })),
});
export type ModelQuestionAnswer = z.infer<typeof modelQuestionAnswer>;

/** The clause a partial selection lies in is located here, not by the model. */
export const modelTextAnalysis = textAnalysisResult.omit({ context: true });
