import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DocumentVersion } from "@clausewise/shared";
import { api } from "./client";
import { contractKey } from "./keys";

const newestFirst = (versions: DocumentVersion[]) => [...versions].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));

export const versionsKey = (contractId: string) => [...contractKey(contractId), "versions"] as const;

/** GET /api/contracts/{id}/versions, newest first. */
export function useVersions(contractId: string) {
  return useQuery({
    queryKey: versionsKey(contractId),
    queryFn: ({ signal }) => api.get<DocumentVersion[]>(`/api/contracts/${encodeURIComponent(contractId)}/versions`, { signal }),
    select: newestFirst,
  });
}

/**
 * POST /api/contracts/{id}/versions. The spec's client sends versionNumber = count + 1 and
 * isActive 'true'; the server snapshots the stored document itself (and settles the number).
 */
export function useCreateVersion(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (existingCount: number) =>
      api.post<DocumentVersion>(`/api/contracts/${encodeURIComponent(contractId)}/versions`, { versionNumber: String(existingCount + 1), isActive: "true" }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: versionsKey(contractId) }),
        queryClient.invalidateQueries({ queryKey: contractKey(contractId), exact: true }),
      ]),
  });
}
