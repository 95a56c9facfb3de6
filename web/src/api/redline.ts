import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RedlineImportResult } from "@clausewise/shared";
import { api } from "./client";
import { contractKey } from "./keys";

/**
 * "Import redline": a counterparty's .docx (multipart `file`) becomes suggestions and comments. The
 * contract's every view (changes, markups, text, header) is read again afterwards.
 */
export function useImportRedline(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set("file", file, file.name);
      return api.post<RedlineImportResult>(`/api/contracts/${encodeURIComponent(contractId)}/redline`, form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contractKey(contractId) }),
  });
}
