import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ApprovalDecision, ApprovalStage, ApprovalStep, StatusHistoryEntry, WorkflowResult } from "@clausewise/shared";
import { api } from "./client";
import { contractKey, contractsKey } from "./keys";
import { versionsKey } from "./versions";

export const approvalStepsKey = (contractId: string) => [...contractKey(contractId), "approval-steps"] as const;
export const statusHistoryKey = (contractId: string) => [...contractKey(contractId), "status-history"] as const;

export type ContractTransition = "submit" | "approve" | "reject" | "reopen";

export function useApprovalSteps(contractId: string) {
  return useQuery({
    queryKey: approvalStepsKey(contractId),
    queryFn: ({ signal }) => api.get<ApprovalStep[]>(`/api/contracts/${encodeURIComponent(contractId)}/approval-steps`, { signal }),
  });
}

/**
 * Every workflow call answers the contract and its pipeline as they now are: show them at once, then
 * refetch the contract (the brief's rule for every change) and the dashboard lists, whose status moved.
 */
async function applyResult(queryClient: QueryClient, contractId: string, result: WorkflowResult) {
  queryClient.setQueryData(approvalStepsKey(contractId), result.approvalSteps);
  queryClient.setQueryData(contractKey(contractId), result.contract);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: contractKey(contractId), exact: true }),
    queryClient.invalidateQueries({ queryKey: [...contractsKey, "list"] }),
    queryClient.invalidateQueries({ queryKey: statusHistoryKey(contractId) }),
    // Approving checkpoints the approved version; reopening starts the next one.
    queryClient.invalidateQueries({ queryKey: versionsKey(contractId) }),
  ]);
}

/** GET /api/contracts/{id}/status-history: who changed the status when, and why; newest first. */
export function useStatusHistory(contractId: string) {
  return useQuery({
    queryKey: statusHistoryKey(contractId),
    queryFn: ({ signal }) => api.get<StatusHistoryEntry[]>(`/api/contracts/${encodeURIComponent(contractId)}/status-history`, { signal }),
  });
}

/** POST /api/contracts/{id}/reopen-for-changes: an approved or pending contract back to review; the reason is required. */
export function useReopenForChanges(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => api.post<WorkflowResult>(`/api/contracts/${encodeURIComponent(contractId)}/reopen-for-changes`, { reason: reason.trim() }),
    onSuccess: (result) => applyResult(queryClient, contractId, result),
  });
}

/** POST /api/contracts/{id}/submit | approve | reject | reopen, with an optional comment. */
export function useContractTransition(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, comment }: { action: ContractTransition; comment?: string }) =>
      api.post<WorkflowResult>(`/api/contracts/${encodeURIComponent(contractId)}/${action}`, comment?.trim() ? { comment: comment.trim() } : {}),
    onSuccess: (result) => applyResult(queryClient, contractId, result),
  });
}

/** POST /api/contracts/{id}/approval-steps/{stage}/decide: only the pending step, while pending approval. */
export function useDecideApprovalStep(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stage, decision, comment }: { stage: ApprovalStage; decision: ApprovalDecision; comment?: string }) =>
      api.post<WorkflowResult>(
        `/api/contracts/${encodeURIComponent(contractId)}/approval-steps/${encodeURIComponent(stage)}/decide`,
        comment?.trim() ? { decision, comment: comment.trim() } : { decision },
      ),
    onSuccess: (result) => applyResult(queryClient, contractId, result),
  });
}
