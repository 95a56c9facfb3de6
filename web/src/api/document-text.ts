import { useQuery } from "@tanstack/react-query";
import type { DocumentText } from "@clausewise/shared";
import { api } from "./client";
import { contractKey } from "./keys";

/** Under the contract's key: invalidating the contract (a save, an approved change) refetches the text too. */
export const documentTextKey = (contractId: string) => [...contractKey(contractId), "text"] as const;

/** GET /api/contracts/{id}/text: the document as blocks, the coordinate system of changes and markups. */
export function useDocumentText(contractId: string) {
  return useQuery({
    queryKey: documentTextKey(contractId),
    queryFn: ({ signal }) => api.get<DocumentText>(`/api/contracts/${encodeURIComponent(contractId)}/text`, { signal }),
  });
}
