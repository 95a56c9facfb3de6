import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApprovalSettings } from "@clausewise/shared";
import { api } from "./client";

export const approvalSettingsKey = ["settings", "approvals"] as const;

/** Whether one person may clear Legal, Finance and Final alone (issue 17: separation of duties). */
export function useApprovalSettings(enabled = true) {
  return useQuery({ queryKey: approvalSettingsKey, queryFn: ({ signal }) => api.get<ApprovalSettings>("/api/settings/approvals", { signal }), enabled });
}

/** PATCH /api/settings/approvals (admins). */
export function useSetApprovalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (allowSingleApprover: boolean) => api.patch<ApprovalSettings>("/api/settings/approvals", { allowSingleApprover }),
    onSuccess: (saved) => queryClient.setQueryData(approvalSettingsKey, saved),
  });
}
