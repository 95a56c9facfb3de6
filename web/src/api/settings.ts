import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ApiKeySummary,
  ChangePasswordRequest,
  CompanyUpdateRequest,
  CreateApiKeyRequest,
  CreatedApiKey,
  ProfileUpdateRequest,
  RecoveryCodesResponse,
  SessionSummary,
  SettingsRecord,
  TwoFactorSetup,
  TwoFactorStatus,
} from "@clausewise/shared";
import { currentUserQuery } from "./auth";
import { api } from "./client";
import { currentUserKey } from "./keys";

export const settingsKey = ["settings"] as const;
export const twoFactorKey = ["settings", "security", "two-factor"] as const;
export const sessionsKey = ["settings", "security", "sessions"] as const;
export const apiKeysKey = ["settings", "security", "api-keys"] as const;

/** GET /api/settings: the settings record (spec §3). */
export function useSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => api.get<SettingsRecord>("/api/settings", { signal }) });
}

/** A successful save shows the saved record at once and refetches what depends on it (spec §4). */
function useSettingsSave<T>(path: string, alsoRefresh: readonly (readonly string[])[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => api.patch<SettingsRecord>(path, body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      await Promise.all([settingsKey, ...alsoRefresh].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

/** PATCH /api/settings/profile, then the current user is refetched (spec §7). */
export const useSaveProfile = () => useSettingsSave<ProfileUpdateRequest>("/api/settings/profile", [currentUserKey]);
/** PATCH /api/settings/company; the company name shows in the current user too. */
export const useSaveCompany = () => useSettingsSave<CompanyUpdateRequest>("/api/settings/company", [currentUserKey]);

/** DELETE /api/settings/account; the page then goes to /api/logout. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: () => api.delete<void>("/api/settings/account") });
}

// ── Security ────────────────────────────────────────────────────────────────────────────────────

export function useTwoFactorStatus(enabled = true) {
  return useQuery({ queryKey: twoFactorKey, enabled, queryFn: ({ signal }) => api.get<TwoFactorStatus>("/api/settings/security/two-factor", { signal }) });
}

function useSecurityMutation<TBody, TResult>(fn: (body: TBody) => Promise<TResult>, queryKey: readonly string[]) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey }) });
}

export const useStartTwoFactor = () => useSecurityMutation(() => api.post<TwoFactorSetup>("/api/settings/security/two-factor/setup"), twoFactorKey);
export const useEnableTwoFactor = () =>
  useSecurityMutation((code: string) => api.post<RecoveryCodesResponse>("/api/settings/security/two-factor/enable", { code }), twoFactorKey);
export const useDisableTwoFactor = () => useSecurityMutation((code: string) => api.post<void>("/api/settings/security/two-factor/disable", { code }), twoFactorKey);
export const useRegenerateRecoveryCodes = () =>
  useSecurityMutation((code: string) => api.post<RecoveryCodesResponse>("/api/settings/security/two-factor/recovery-codes", { code }), twoFactorKey);

/** POST /api/settings/password: every other session ends, so the session list is stale afterwards. */
export const useChangePassword = () => useSecurityMutation((body: ChangePasswordRequest) => api.post<void>("/api/settings/password", body), sessionsKey);

export function useSessions(enabled: boolean) {
  return useQuery({ queryKey: sessionsKey, queryFn: ({ signal }) => api.get<SessionSummary[]>("/api/settings/security/sessions", { signal }), enabled });
}
export const useRevokeSession = () => useSecurityMutation((id: string) => api.delete<void>(`/api/settings/security/sessions/${encodeURIComponent(id)}`), sessionsKey);
export const useRevokeOtherSessions = () => useSecurityMutation(() => api.delete<{ revoked: number }>("/api/settings/security/sessions"), sessionsKey);

export function useApiKeys(enabled: boolean) {
  return useQuery({ queryKey: apiKeysKey, queryFn: ({ signal }) => api.get<ApiKeySummary[]>("/api/settings/security/api-keys", { signal }), enabled });
}
export const useCreateApiKey = () => useSecurityMutation((body: CreateApiKeyRequest) => api.post<CreatedApiKey>("/api/settings/security/api-keys", body), apiKeysKey);
export const useRevokeApiKey = () => useSecurityMutation((id: string) => api.delete<void>(`/api/settings/security/api-keys/${encodeURIComponent(id)}`), apiKeysKey);

/** Sign-in step two (POST /api/auth/second-factor), then a fresh start like any sign-in. */
export function useSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<{ user: unknown }>("/api/auth/second-factor", { code }),
    onSuccess: async () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
      await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
    },
  });
}
