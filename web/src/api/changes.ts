import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ChangeComment, CreateChangeRequest, DocumentChange } from "@clausewise/shared";
import { api } from "./client";
import { contractKey, contractsKey } from "./keys";

export const changesKey = (contractId: string) => [...contractKey(contractId), "changes"] as const;

/** GET /api/contracts/{id}/changes: every proposed change, newest first. */
export function useChanges(contractId: string) {
  return useQuery({
    queryKey: changesKey(contractId),
    queryFn: ({ signal }) => api.get<DocumentChange[]>(`/api/contracts/${encodeURIComponent(contractId)}/changes`, { signal }),
  });
}

/**
 * Everything on the contract page that a decision can move: the document (an approval edits it), its
 * text, the changes, and the markups and changes anchored after the edit; and the dashboard lists,
 * whose "updated" time moves.
 */
function refreshContract(queryClient: QueryClient, contractId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: contractKey(contractId) }),
    queryClient.invalidateQueries({ queryKey: [...contractsKey, "list"] }),
  ]);
}

/** POST /api/contracts/{id}/changes (a 409 means the selected text changed meanwhile). */
export function useProposeChange(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateChangeRequest) => api.post<DocumentChange>(`/api/contracts/${encodeURIComponent(contractId)}/changes`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: changesKey(contractId) }),
    // A refused proposal usually means the document moved on: show the text as it is now.
    onError: () => refreshContract(queryClient, contractId),
  });
}

/** POST /api/document-changes/{id}/approve: applies the change to the document (409 when its text no longer matches). */
export function useApproveChange(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changeId: string) => api.post<DocumentChange>(`/api/document-changes/${encodeURIComponent(changeId)}/approve`),
    // Success and failure alike: the document or the change's state may have moved on.
    onSettled: () => refreshContract(queryClient, contractId),
  });
}

/** POST /api/document-changes/{id}/reject with an optional comment. */
export function useRejectChange(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ changeId, comment }: { changeId: string; comment?: string }) =>
      api.post<DocumentChange>(`/api/document-changes/${encodeURIComponent(changeId)}/reject`, comment?.trim() ? { comment: comment.trim() } : {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: changesKey(contractId) }),
  });
}

export const changeCommentsKey = (contractId: string, changeId: string) => [...changesKey(contractId), changeId, "comments"] as const;

/** GET /api/document-changes/{id}/comments: the change's thread, oldest first (fetched when the thread is opened). */
export function useChangeComments(contractId: string, changeId: string, enabled: boolean) {
  return useQuery({
    queryKey: changeCommentsKey(contractId, changeId),
    queryFn: ({ signal }) => api.get<ChangeComment[]>(`/api/document-changes/${encodeURIComponent(changeId)}/comments`, { signal }),
    enabled,
  });
}

/** POST /api/document-changes/{id}/comments; the thread and the change list (its count) refetch. */
export function useAddChangeComment(contractId: string, changeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => api.post<ChangeComment>(`/api/document-changes/${encodeURIComponent(changeId)}/comments`, { content }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: changesKey(contractId) }),
  });
}
