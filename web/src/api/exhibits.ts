import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { Exhibit, ReviewExhibitRequest } from "@clausewise/shared";
import { api } from "./client";
import { contractKey } from "./keys";

export const exhibitsKey = (contractId: string) => [...contractKey(contractId), "exhibits"] as const;

/** What the Add exhibit form sends; empty strings mean "not given". */
export interface CreateExhibitInput {
  title: string;
  description: string;
  exhibitNumber: string;
  isRequired: boolean;
  isPlanned: boolean;
  /** YYYY-MM-DD, as a date input gives it. */
  expectedDate: string;
  /** A user id, or "" for nobody. */
  assignedTo: string;
  plannedNotes: string;
  /** Comma separated, as typed. */
  tags: string;
  file: File | null;
}

/** The multipart body of POST /api/contracts/{id}/exhibits (the client passes FormData through untouched). */
export function exhibitFormData(input: CreateExhibitInput): FormData {
  const form = new FormData();
  form.set("title", input.title.trim());
  form.set("description", input.description.trim());
  form.set("exhibitNumber", input.exhibitNumber.trim());
  form.set("isRequired", String(input.isRequired));
  form.set("isPlanned", String(input.isPlanned));
  form.set("expectedDate", input.expectedDate);
  form.set("assignedTo", input.assignedTo);
  // Notes about what is still to come only mean something for a planned exhibit.
  form.set("plannedNotes", input.isPlanned ? input.plannedNotes.trim() : "");
  form.set("tags", input.tags);
  if (input.file) form.set("file", input.file, input.file.name);
  return form;
}

/** The exhibit list and the contract (its updatedAt, the header) change together. */
function invalidate(queryClient: QueryClient, contractId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: exhibitsKey(contractId) }),
    queryClient.invalidateQueries({ queryKey: contractKey(contractId), exact: true }),
  ]);
}

export function useExhibits(contractId: string) {
  return useQuery({
    queryKey: exhibitsKey(contractId),
    queryFn: ({ signal }) => api.get<Exhibit[]>(`/api/contracts/${encodeURIComponent(contractId)}/exhibits`, { signal }),
  });
}

export function useCreateExhibit(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateExhibitInput) =>
      api.post<Exhibit>(`/api/contracts/${encodeURIComponent(contractId)}/exhibits`, exhibitFormData(input)),
    onSuccess: () => invalidate(queryClient, contractId),
  });
}

export function useReviewExhibit(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ exhibitId, review }: { exhibitId: string; review: ReviewExhibitRequest }) =>
      api.post<Exhibit>(`/api/exhibits/${encodeURIComponent(exhibitId)}/review`, review),
    onSuccess: () => invalidate(queryClient, contractId),
  });
}

export function useDeleteExhibit(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (exhibitId: string) => api.delete<void>(`/api/exhibits/${encodeURIComponent(exhibitId)}`),
    onSuccess: () => invalidate(queryClient, contractId),
  });
}

/** Where the browser downloads an exhibit's file (an attachment), or null when it has none. */
export function exhibitFileUrl(exhibit: Pick<Exhibit, "id" | "fileName" | "fileUrl">): string | null {
  if (exhibit.fileUrl) return exhibit.fileUrl;
  return exhibit.fileName ? `/api/exhibits/${encodeURIComponent(exhibit.id)}/file` : null;
}
