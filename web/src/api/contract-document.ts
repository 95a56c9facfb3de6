import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ContractDetail } from "@clausewise/shared";
import { api, ApiError } from "./client";
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

function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallback;
}

/**
 * "Download AI Analysis Report". The report is fetched first so a missing analysis (404) or a
 * failure can be told apart and shown as the spec's toasts; then it is handed to the browser as a
 * download. (Opening a tab only after the answer arrives would be stopped by pop-up blockers.)
 * Throws the ApiError of a non-OK answer.
 */
export async function downloadAnalysisReport(contractId: string): Promise<void> {
  const res = await fetch(`${contractPath(contractId)}/download-report`, { credentials: "include" });
  if (!res.ok) {
    const text = await res.text().catch(() => "");
    let message = text || res.statusText;
    try {
      const body = JSON.parse(text) as { message?: unknown; error?: unknown };
      if (typeof body.message === "string") message = body.message;
    } catch {
      // not JSON: keep the text
    }
    throw new ApiError(res.status, undefined, message);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileNameFrom(res.headers.get("content-disposition"), "analysis-report");
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
