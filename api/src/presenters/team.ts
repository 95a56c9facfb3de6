import { memberDisplayName, type ContractAccessGrant, type InvitationPreview, type TeamInvitation, type TeamMember } from "@clausewise/shared";
import type { UserRow } from "../auth/sessions";
import type { GrantListRow, InvitationRow } from "../commands/team/load";
import { canChangeRole, canDeactivateMember, canReactivateMember, canReceiveContractGrant, type Actor } from "../policies";
import { presentRole } from "./user";

export function presentTeamMember(member: UserRow, viewer: Actor): TeamMember {
  return {
    id: member.id,
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
    role: presentRole(member.role),
    isActive: member.isActive,
    createdAt: member.createdAt.toISOString(),
    abilities: {
      changeRole: canChangeRole(viewer, member),
      deactivate: canDeactivateMember(viewer, member),
      reactivate: canReactivateMember(viewer, member),
      receiveGrant: canReceiveContractGrant(member) && member.id !== viewer.id,
    },
  };
}

export function presentInvitation(invitation: InvitationRow): TeamInvitation {
  return { id: invitation.id, email: invitation.email, role: presentRole(invitation.role), expiresAt: invitation.expiresAt.toISOString() };
}

/** `canRevoke` is computed by the route, which knows the viewer's own grant on each contract. */
export function presentGrant(row: GrantListRow, canRevoke: boolean): ContractAccessGrant {
  return {
    id: row.grant.id,
    contractId: row.grant.contractId,
    contractTitle: row.contractTitle,
    userId: row.grant.userId,
    userName: memberDisplayName(row.user),
    accessLevel: row.grant.accessLevel,
    grantedAt: row.grant.createdAt.toISOString(),
    canRevoke,
  };
}

export function presentInvitationPreview(preview: { email: string; role: string; companyName: string; expiresAt: Date }): InvitationPreview {
  return { email: preview.email, role: presentRole(preview.role), companyName: preview.companyName, expiresAt: preview.expiresAt.toISOString() };
}
