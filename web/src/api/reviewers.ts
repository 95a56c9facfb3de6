import { useQuery } from "@tanstack/react-query";
import type { ContractReviewer } from "@clausewise/shared";
import { api } from "./client";
import { contractKey } from "./keys";

export const reviewersKey = (contractId: string) => [...contractKey(contractId), "reviewers"] as const;

/** The people who work on a contract (Team Collaboration, the exhibit assignee list). */
export function useReviewers(contractId: string) {
  return useQuery({
    queryKey: reviewersKey(contractId),
    queryFn: ({ signal }) => api.get<ContractReviewer[]>(`/api/contracts/${encodeURIComponent(contractId)}/reviewers`, { signal }),
  });
}
