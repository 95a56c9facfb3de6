import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ContractDetail } from "@clausewise/shared";
import { api } from "./client";
import { downloadFrom } from "./download";
import { contractKey, contractsKey } from "./keys";

const contractPath = (contractId: string) => `/api/contracts/${encodeURIComponent(contractId)}`;

/** PUT /api/contracts/{id} with the title alone: a rename never touches the document's text. */
export function useSaveTitle(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (title: string) => api.put<ContractDetail>(contractPath(contractId), { title }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(contractKey(contractId), saved);
      await queryClient.invalidateQueries({ queryKey: [...contractsKey, "list"] });
    },
  });
}

/** POST /api/contracts/{id}/approve: the header's Approve (the pipeline's Final Approval). */
export function useApproveContract(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<unknown>(`${contractPath(contractId)}/approve`, {}),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contractKey(contractId) }),
        queryClient.invalidateQueries({ queryKey: [...contractsKey, "list"] }),
      ]),
  });
}

/**
 * DELETE /api/contracts/{id}: erases the contract and everything about it. The detail query is
 * dropped rather than refetched (it would be a 404); the lists refresh.
 */
export function useDeleteContract(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>(contractPath(contractId)),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: contractKey(contractId) });
      await queryClient.invalidateQueries({ queryKey: [...contractsKey, "list"] });
    },
  });
}

/** "Download Contract": the original file, or the document exported as .docx (a browser navigation). */
export function contractDownloadUrl(contractId: string): string {
  return `${contractPath(contractId)}/download`;
}

/**
 * "Download AI Analysis Report". The report is fetched first so a missing analysis (404) or a
 * failure can be told apart and shown as the spec's toasts; then it is handed to the browser as a
 * download. (Opening a tab only after the answer arrives would be stopped by pop-up blockers.)
 * Throws the ApiError of a non-OK answer.
 */
export async function downloadAnalysisReport(contractId: string): Promise<void> {
  await downloadFrom(`${contractPath(contractId)}/download-report`, "analysis-report");
}
