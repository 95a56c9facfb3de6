import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Question } from "@clausewise/shared";
import { api } from "./client";
import { contractKey } from "./keys";

export const questionsKey = (contractId: string) => ["contracts", "detail", contractId, "questions"] as const;

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
