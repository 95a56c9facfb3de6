import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  InboxQuery,
  InboxTicket,
  InboxTicketDetail,
  SupportContact,
  SupportContactSettings,
  SupportTicketDetail,
  TicketReply,
  TicketStatus,
} from "@clausewise/shared";
import { api } from "./client";
import { supportContactKey, supportTicketsKey } from "./support";

/* The conversation on support tickets: the requester's side, and support's desk (platform operators). */

const ticketKey = (id: string) => [...supportTicketsKey, id] as const;
const inboxKey = ["support", "inbox"] as const;
const contactSettingsKey = ["support", "contact-settings"] as const;

/** A ticket of one's own, with its replies, oldest first. */
export function useTicketDetail(id: string | null) {
  return useQuery({
    queryKey: ticketKey(id ?? ""),
    queryFn: ({ signal }) => api.get<SupportTicketDetail>(`/api/support/tickets/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
  });
}

export function useReplyAsRequester(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api.post<TicketReply>(`/api/support/tickets/${encodeURIComponent(id)}/replies`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportTicketsKey }),
  });
}

export function useInbox(status: InboxQuery["status"], enabled = true) {
  return useQuery({
    queryKey: [...inboxKey, status],
    queryFn: ({ signal }) => api.get<InboxTicket[]>("/api/admin/support/tickets", { query: { status }, signal }),
    enabled,
  });
}

export function useInboxTicket(id: string | null) {
  return useQuery({
    queryKey: [...inboxKey, "ticket", id ?? ""],
    queryFn: ({ signal }) => api.get<InboxTicketDetail>(`/api/admin/support/tickets/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
  });
}

function useInboxMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKey }) });
}

export const useReplyAsSupport = (id: string) =>
  useInboxMutation((body: string) => api.post<TicketReply>(`/api/admin/support/tickets/${encodeURIComponent(id)}/replies`, { body }));

export const useSetTicketStatus = (id: string) =>
  useInboxMutation((status: TicketStatus) => api.patch<InboxTicketDetail>(`/api/admin/support/tickets/${encodeURIComponent(id)}/status`, { status }));

/** What operators last saved for the Contact Info tab (fields left empty are absent). */
export function useContactSettings(enabled: boolean) {
  return useQuery({ queryKey: contactSettingsKey, queryFn: ({ signal }) => api.get<SupportContactSettings>("/api/admin/support/contact", { signal }), enabled });
}

export function useSaveContactSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SupportContactSettings) => api.put<SupportContact>("/api/admin/support/contact", body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: supportContactKey });
      await queryClient.invalidateQueries({ queryKey: contactSettingsKey });
    },
  });
}
