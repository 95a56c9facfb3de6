import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ContractDetail, CreatedVersion, DocumentVersion } from "@clausewise/shared";
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
 * isActive 'true'; the server snapshots the stored document itself (and settles the number). When
 * nothing changed since the newest version, it answers that one with `created: false`.
 */
export function useCreateVersion(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (existingCount: number) =>
      api.post<CreatedVersion>(`/api/contracts/${encodeURIComponent(contractId)}/versions`, { versionNumber: String(existingCount + 1), isActive: "true" }),
    onSuccess: (version) =>
      version.created
        ? Promise.all([
            queryClient.invalidateQueries({ queryKey: versionsKey(contractId) }),
            queryClient.invalidateQueries({ queryKey: contractKey(contractId), exact: true }),
          ])
        : undefined,
  });
}

/** POST /api/contracts/{id}/versions/{versionId}/restore: the version's text as a new edit (never a swap of rows). */
export function useRestoreVersion(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (versionId: string) =>
      api.post<ContractDetail>(`/api/contracts/${encodeURIComponent(contractId)}/versions/${encodeURIComponent(versionId)}/restore`, {}),
    onSuccess: async (contract) => {
      queryClient.setQueryData(contractKey(contractId), contract);
      // Everything read from the document (text map, changes, markups, versions) follows the edit.
      await queryClient.invalidateQueries({ queryKey: contractKey(contractId) });
    },
  });
}

/** What Save says: a new version, or that nothing changed since the newest one. */
export function versionSavedToast(version: CreatedVersion): { title: string; description: string } {
  return version.created
    ? { title: "Version Created", description: `Version ${version.versionNumber} of the document has been saved.` }
    : { title: "No Changes to Save", description: `The document is the same as version ${version.versionNumber}, so no new version was made.` };
}
