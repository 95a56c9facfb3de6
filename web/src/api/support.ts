import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateTicketRequest, KnowledgeBaseArticle, SupportContact, SupportTicket } from "@clausewise/shared";
import { api } from "./client";

export const supportTicketsKey = ["support", "tickets"] as const;
export const knowledgeBaseKey = (search: string) => ["support", "knowledge-base", search] as const;
export const supportContactKey = ["support", "contact"] as const;

/** Billing spec §7: the user's tickets, asked for only when someone is signed in. */
export function useSupportTickets(enabled: boolean) {
  return useQuery({
    queryKey: supportTicketsKey,
    queryFn: ({ signal }) => api.get<SupportTicket[]>("/api/support/tickets", { signal }),
    enabled,
  });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTicketRequest) => api.post<SupportTicket>("/api/support/tickets", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportTicketsKey }),
  });
}

/** The public knowledge base; the server matches `search` against title or content. */
export function useKnowledgeBase(search: string) {
  return useQuery({
    queryKey: knowledgeBaseKey(search),
    queryFn: ({ signal }) => api.get<KnowledgeBaseArticle[]>("/api/support/knowledge-base", { signal, query: { search } }),
    // While the next search loads, keep showing the last answer instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });
}

/** Opening an article counts the view (viewCount) and returns its latest text. */
export function useViewArticle() {
  return useMutation({
    mutationFn: (id: string) => api.get<KnowledgeBaseArticle>(`/api/support/knowledge-base/${encodeURIComponent(id)}`),
  });
}

export function useSupportContact() {
  return useQuery({ queryKey: supportContactKey, queryFn: ({ signal }) => api.get<SupportContact>("/api/support/contact", { signal }) });
}
