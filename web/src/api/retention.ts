import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RetentionSettings } from "@clausewise/shared";
import { api } from "./client";

export const retentionKey = ["settings", "retention"] as const;

/** The company's "Erase contracts N days after approval" (null: off). */
export function useRetention(enabled = true) {
  return useQuery({ queryKey: retentionKey, queryFn: ({ signal }) => api.get<RetentionSettings>("/api/settings/retention", { signal }), enabled });
}

/** PATCH /api/settings/retention (admins). */
export function useSetRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (retentionDays: number | null) => api.patch<RetentionSettings>("/api/settings/retention", { retentionDays }),
    onSuccess: (saved) => queryClient.setQueryData(retentionKey, saved),
  });
}
