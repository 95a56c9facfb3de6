import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateMarkupRequest, Markup } from "@clausewise/shared";
import { api } from "./client";

export const markupsKey = (contractId: string) => ["contracts", "detail", contractId, "markups"] as const;

export const fetchMarkups = (contractId: string, signal?: AbortSignal) => api.get<Markup[]>(`/api/contracts/${encodeURIComponent(contractId)}/markups`, { signal });

export function useMarkups(contractId: string) {
  return useQuery({
    queryKey: markupsKey(contractId),
    queryFn: ({ signal }) => fetchMarkups(contractId, signal),
  });
}

export function useCreateMarkup(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMarkupRequest) => api.post<Markup>(`/api/contracts/${encodeURIComponent(contractId)}/markups`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: markupsKey(contractId) }),
  });
}
