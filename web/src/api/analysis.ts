import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AnalysisType, ClauseCode, ContractAnalysis, DetectedClause, PerspectiveResponse, TextAnalysis } from "@clausewise/shared";
import { api, ApiError, isNotFoundError } from "./client";
import { contractKey, contractsKey } from "./keys";

const contractPath = (contractId: string) => `/api/contracts/${encodeURIComponent(contractId)}`;

export const analysisKey = (contractId: string) => [...contractKey(contractId), "analysis"] as const;
export const textAnalysesKey = (contractId: string) => [...contractKey(contractId), "ai-analysis"] as const;
export const similarClausesKey = (contractId: string, code: ClauseCode) => [...contractKey(contractId), "similar-clauses", code] as const;
export const clauseStandardKey = (code: ClauseCode) => ["clause-standards", code] as const;

/**
 * While the engine works the progress bar should move, so the analysis is read every 2.5 s; the
 * `analysis:ready` push makes the last read immediate. Once it is done or failed, pushes alone.
 */
export const ANALYSIS_RUNNING_POLL_MS = 2_500;

export function isAnalysisRunning(analysis: ContractAnalysis | null | undefined): boolean {
  return analysis?.status === "queued" || analysis?.status === "analysing";
}

/** The company switched AI review off (403 ai_disabled): the server's message says where to turn it on. */
export function isAiDisabledError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === "ai_disabled";
}

/** GET /api/contracts/{id}/analysis; null when the contract was never queued for analysis (404). */
export function useContractAnalysis(contractId: string) {
  return useQuery({
    queryKey: analysisKey(contractId),
    queryFn: async ({ signal }) => {
      try {
        return await api.get<ContractAnalysis>(`${contractPath(contractId)}/analysis`, { signal });
      } catch (error) {
        if (isNotFoundError(error)) return null;
        throw error;
      }
    },
    refetchInterval: (query) => (isAnalysisRunning(query.state.data) ? ANALYSIS_RUNNING_POLL_MS : false),
  });
}

/** POST /api/contracts/{id}/analysis: analyse the contract again (202, queued). */
export function useRunAnalysis(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ContractAnalysis>(`${contractPath(contractId)}/analysis`, {}),
    // The queued state starts the 2.5 s polling at once.
    onSuccess: (queued) => queryClient.setQueryData(analysisKey(contractId), queued),
  });
}

/**
 * PUT /api/contracts/{id}/perspective: which party the company is here (null: read from its name).
 * The server queues a new analysis from that side; the contract and its analysis are read again.
 */
export function useSetPerspective(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ourPartyRole: string | null) => api.put<PerspectiveResponse>(`${contractPath(contractId)}/perspective`, { ourPartyRole }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contractKey(contractId) }),
  });
}

export interface TextAnalysesResponse {
  exists: boolean;
  /** Newest first. */
  analyses: TextAnalysis[];
}

/** GET /api/contracts/{id}/ai-analysis: the analyses of selected text made so far, newest first. */
export function useTextAnalyses(contractId: string) {
  return useQuery({
    queryKey: textAnalysesKey(contractId),
    queryFn: ({ signal }) => api.get<TextAnalysesResponse>(`${contractPath(contractId)}/ai-analysis`, { signal }),
    // `exists` is the list being non-empty; the list is what the page shows.
    select: (response) => response.analyses,
  });
}

export interface AnalyzeTextInput {
  text: string;
  analysisType: AnalysisType;
  prompt?: string;
  /** Where the selection is in the plain text, so the server reads it in its clause. */
  start?: number;
  end?: number;
}

/** POST /api/contracts/{id}/ai-analysis: analyse the selected text (201). */
export function useAnalyzeText(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AnalyzeTextInput) => api.post<TextAnalysis>(`${contractPath(contractId)}/ai-analysis`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: textAnalysesKey(contractId) }),
  });
}

/*
 * The two answers below have no schema in shared/ yet; these interfaces mirror what
 * api/src/routes/analysis.ts returns.
 */

/** One clause of the same type in another contract of the company. */
export interface SimilarClauseMatch extends Omit<DetectedClause, "code"> {
  code: ClauseCode;
  contractId: string;
  contractTitle: string;
  /** 0-1, best first. */
  score: number;
}

export interface SimilarClausesResponse {
  /** This contract's clause of that type, when it has one. */
  reference: DetectedClause | null;
  matches: SimilarClauseMatch[];
}

/** GET /api/contracts/{id}/similar-clauses?code=: the same clause type across the company's other contracts. */
export function useSimilarClauses(contractId: string, code: ClauseCode) {
  return useQuery({
    // Other contracts get analysed meanwhile: read again each time the list is opened.
    staleTime: 0,
    queryKey: similarClausesKey(contractId, code),
    queryFn: ({ signal }) => api.get<SimilarClausesResponse>(`${contractPath(contractId)}/similar-clauses`, { signal, query: { code } }),
  });
}

/**
 * GET /api/clause-standards/{code}: the curated library entry. Only code, label and balancedPosition
 * are certain; the library may carry more (summary, favourable positions, lists of practices), which
 * the page shows as they come: text fields as paragraphs, string lists as lists.
 */
export interface ClauseStandard {
  code: ClauseCode;
  label: string;
  balancedPosition: string;
  summary?: string;
  bestPractices?: string[];
  watchFor?: string[];
  [field: string]: unknown;
}

/** GET /api/clause-standards/{code}: the industry standard for a clause type (static reference text). */
export function useClauseStandard(code: ClauseCode) {
  return useQuery({
    queryKey: clauseStandardKey(code),
    queryFn: ({ signal }) => api.get<ClauseStandard>(`/api/clause-standards/${encodeURIComponent(code)}`, { signal }),
  });
}

/** GET /api/settings/ai-review answers this; PATCH takes `{ enabled }` (admin only) and answers it too. */
export interface AiReviewSetting {
  aiReviewEnabled: boolean;
}

export const aiReviewSettingKey = ["settings", "ai-review"] as const;

/** The company-wide AI Contract Analysis switch (Settings › Security). */
export function useAiReviewSetting() {
  return useQuery({
    queryKey: aiReviewSettingKey,
    queryFn: ({ signal }) => api.get<AiReviewSetting>("/api/settings/ai-review", { signal }),
  });
}

/** PATCH /api/settings/ai-review. Every contract's AI answers depend on it, so those read again. */
export function useSetAiReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api.patch<AiReviewSetting>("/api/settings/ai-review", { enabled }),
    onSuccess: (saved) => {
      queryClient.setQueryData(aiReviewSettingKey, saved);
      void queryClient.invalidateQueries({ queryKey: contractsKey });
    },
  });
}
