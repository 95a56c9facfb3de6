import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AcceptInvitationRequest,
  ChangeRoleRequest,
  ContractAccessGrant,
  GrantAccessRequest,
  InvitationPreview,
  InviteMemberRequest,
  TeamInvitation,
  TeamMember,
} from "@clausewise/shared";
import { currentUserQuery } from "./auth";
import { api } from "./client";
import { currentUserKey } from "./keys";

export const teamKey = ["team"] as const;
export const teamMembersKey = [...teamKey, "members"] as const;
export const teamInvitationsKey = [...teamKey, "invitations"] as const;
export const contractAccessKey = [...teamKey, "contract-access"] as const;

export function useTeamMembers(enabled = true) {
  return useQuery({ queryKey: teamMembersKey, queryFn: ({ signal }) => api.get<TeamMember[]>("/api/team/members", { signal }), enabled });
}

export function useTeamInvitations(enabled = true) {
  return useQuery({
    queryKey: teamInvitationsKey,
    queryFn: ({ signal }) => api.get<TeamInvitation[]>("/api/team/invitations", { signal }),
    enabled,
  });
}

export function useContractAccess(enabled = true) {
  return useQuery({
    queryKey: contractAccessKey,
    queryFn: ({ signal }) => api.get<ContractAccessGrant[]>("/api/team/contract-access", { signal }),
    enabled,
  });
}

/** Every team mutation refetches the team's lists (spec §7: successful saves refetch related data). */
function useTeamMutation<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey }) });
}

export const useInviteMember = () => useTeamMutation((body: InviteMemberRequest) => api.post<TeamInvitation>("/api/team/invite", body));

export const useWithdrawInvitation = () =>
  useTeamMutation((invitationId: string) => api.delete<void>(`/api/team/invitations/${encodeURIComponent(invitationId)}`));

export const useChangeRole = () =>
  useTeamMutation(({ memberId, role }: ChangeRoleRequest & { memberId: string }) =>
    api.patch<TeamMember>(`/api/team/members/${encodeURIComponent(memberId)}/role`, { role }),
  );

export const useDeactivateMember = () =>
  useTeamMutation((memberId: string) => api.patch<TeamMember>(`/api/team/members/${encodeURIComponent(memberId)}/deactivate`));

export const useReactivateMember = () =>
  useTeamMutation((memberId: string) => api.patch<TeamMember>(`/api/team/members/${encodeURIComponent(memberId)}/reactivate`));

/** A new link by mail; the one sent before stops working. */
export const useResendInvitation = () =>
  useTeamMutation((invitationId: string) => api.post<TeamInvitation>(`/api/team/invitations/${encodeURIComponent(invitationId)}/resend`));

export const useGrantAccess = () => useTeamMutation((body: GrantAccessRequest) => api.post<ContractAccessGrant>("/api/team/contract-access", body));

export const useRevokeAccess = () => useTeamMutation((grantId: string) => api.delete<void>(`/api/team/contract-access/${encodeURIComponent(grantId)}`));

/** The accept page: who invited whom, before the form. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ["invitation", token],
    queryFn: () => api.post<InvitationPreview>("/api/invitations/lookup", { token }),
    enabled: token !== "",
  });
}

/**
 * Accepting signs the new member in. The caller moves away from the invitation page first and then
 * calls `startSession`: loading the new user switches the router to the signed-in routes.
 */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (body: AcceptInvitationRequest) => api.post<{ user: unknown }>("/api/invitations/accept", body),
    onSuccess: () => queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] }),
  });
  const startSession = () => queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
  return { ...mutation, startSession };
}
