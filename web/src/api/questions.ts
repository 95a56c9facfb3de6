import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Question } from "@clausewise/shared";
import { api, isNotFoundError } from "./client";
import { contractKey } from "./keys";

export const questionsKey = (contractId: string) => ["contracts", "detail", contractId, "questions"] as const;
export const analysisKey = (contractId: string) => [...contractKey(contractId), "analysis"] as const;

/**
 * While a question waits for its answer (the engine answers later, spec §7), look again every 30 s:
 * the same fallback interval the spec gives notifications, until realtime pushes tell us sooner.
 */
export const UNANSWERED_POLL_MS = 30_000;

export function useQuestions(contractId: string) {
  return useQuery({
    queryKey: questionsKey(contractId),
    queryFn: ({ signal }) => api.get<Question[]>(`/api/contracts/${encodeURIComponent(contractId)}/questions`, { signal }),
    refetchInterval: (query) => (query.state.data?.some((q) => q.answer === null) ? UNANSWERED_POLL_MS : false),
  });
}

export function useAskQuestion(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (question: string) => api.post<Question>(`/api/contracts/${encodeURIComponent(contractId)}/questions`, { question }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: questionsKey(contractId) }),
        queryClient.invalidateQueries({ queryKey: contractKey(contractId), exact: true }),
      ]),
  });
}

/** One finding of a contract analysis (spec §3: each has a title or a description). */
export interface AnalysisFinding {
  title?: string | null;
  description?: string | null;
}

/** Spec §3 "Contract analysis": riskItems, advantages, recommendations. */
export interface ContractAnalysis {
  riskItems?: AnalysisFinding[];
  advantages?: AnalysisFinding[];
  recommendations?: AnalysisFinding[];
}

/**
 * GET /api/contracts/{id}/analysis; null while there is none. The analysis engine is a later issue:
 * until it lands the route answers 404, which reads as "not analysed yet", never as an error.
 */
export function useContractAnalysis(contractId: string) {
  return useQuery({
    queryKey: analysisKey(contractId),
    queryFn: async ({ signal }) => {
      try {
        return (await api.get<ContractAnalysis | null>(`/api/contracts/${encodeURIComponent(contractId)}/analysis`, { signal })) ?? null;
      } catch (error) {
        if (isNotFoundError(error)) return null;
        throw error;
      }
    },
  });
}
