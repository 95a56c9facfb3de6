import { z } from "zod";
import { ACCESS_LEVELS, ROLES } from "../enums";
import { emailSchema, passwordSchema } from "./auth";

/** Spec §8: the toast titles of Team Management, and the texts the screen and the API share. */
export const TEAM_MESSAGES = {
  restricted: "Only administrators can access team management.",
  invited: "Invitation sent",
  inviteFailed: "Invitation failed",
  roleUpdated: "Role updated",
  updateFailed: "Update failed",
  accessGranted: "Access granted",
  accessFailed: "Access failed",
  accessRevoked: "Access revoked",
  revokeFailed: "Revoke failed",
  deactivated: "Member deactivated",
  deactivationFailed: "Deactivation failed",
  adminOnly: "Only administrators can manage the team.",
  grantOnly: "Only administrators and approvers can grant or revoke contract access.",
  ownRole: "You cannot change your own role.",
  ownDeactivate: "You cannot deactivate your own account.",
  alreadyInactive: "This member is already deactivated.",
  alreadyMember: "This person is already a member of your team.",
  deactivatedMember: "This email address belongs to a deactivated member of your team. Reactivate them in the Team Members table instead.",
  resent: "Invitation resent",
  resendFailed: "Resend failed",
  reactivated: "Member reactivated",
  reactivationFailed: "Reactivation failed",
  alreadyActive: "This member is already active.",
  inactiveRole: "This member is deactivated. Reactivate them before changing their role.",
  invitationWithdrawn: "Invitation withdrawn",
  withdrawFailed: "Withdraw failed",
  invitationNotFound: "Invitation not found.",
  otherCompany: "This email address already belongs to a ClauseWise account in another company.",
  grantDenied: "You can grant access only to active members, and no higher than your own access to this contract.",
  revokeDenied: "You cannot revoke a grant above your own access to this contract.",
  memberNotFound: "Team member not found.",
  grantNotFound: "Access grant not found.",
  adminHasFullAccess: "Administrators always have full access to every contract, so a grant would change nothing. Change their role in Team Management to limit their access.",
  adminsNotListed: "Administrators always have full access to every contract, so they are not listed.",
  invitationInvalid: "This invitation link is invalid, has already been used or was withdrawn.",
  invitationExpired: "This invitation has expired. Please ask your administrator to send a new one.",
  signedInElsewhere: "You are signed in with another account. Sign out first, then open the invitation link again.",
  accountExists: "An account with this email address already exists. Sign in instead.",
  companyInactive: "The company that invited you is not active at the moment. Please contact its administrator.",
} as const;

/** POST /api/team/invite (spec §7). */
export const inviteMemberRequest = z.object({
  email: emailSchema,
  role: z.enum(ROLES, { error: "Please choose a role: reviewer, approver or admin." }),
});
export type InviteMemberRequest = z.infer<typeof inviteMemberRequest>;

/** PATCH /api/team/members/{memberId}/role. */
export const changeRoleRequest = z.object({ role: z.enum(ROLES, { error: "Please choose a role: reviewer, approver or admin." }) });
export type ChangeRoleRequest = z.infer<typeof changeRoleRequest>;

/** POST /api/team/contract-access; accessLevel defaults to read (spec §4). */
export const grantAccessRequest = z.object({
  contractId: z.string({ error: "Please choose a contract." }).uuid("Please choose a contract."),
  userId: z.string({ error: "Please choose a team member." }).uuid("Please choose a team member."),
  accessLevel: z.enum(ACCESS_LEVELS, { error: "Access level must be read, review, approve or admin." }).default("read"),
});
export type GrantAccessRequest = z.input<typeof grantAccessRequest>;

/** Spec §3 "Team member", plus what the caller may do to this member. */
export const teamMember = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  createdAt: z.string(),
  /** receiveGrant: the caller may grant this member contract access (active, not an admin, not the caller). */
  abilities: z.object({ changeRole: z.boolean(), deactivate: z.boolean(), reactivate: z.boolean(), receiveGrant: z.boolean() }),
});
export type TeamMember = z.infer<typeof teamMember>;

/** Spec §3 "Invitation": a pending one (shown until its expiry). */
export const teamInvitation = z.object({ id: z.string(), email: z.string(), role: z.enum(ROLES), expiresAt: z.string() });
export type TeamInvitation = z.infer<typeof teamInvitation>;

/** Spec §3 "Contract access grant". */
export const contractAccessGrant = z.object({
  id: z.string(),
  contractId: z.string(),
  contractTitle: z.string(),
  userId: z.string(),
  userName: z.string(),
  accessLevel: z.string(),
  grantedAt: z.string(),
  canRevoke: z.boolean(),
});
export type ContractAccessGrant = z.infer<typeof contractAccessGrant>;

const invitationToken = z.string({ error: TEAM_MESSAGES.invitationInvalid }).trim().min(1, TEAM_MESSAGES.invitationInvalid).max(200);

/** POST /api/invitations/lookup: what the accept page shows before the invitee fills the form. */
export const invitationLookupRequest = z.object({ token: invitationToken });
export const invitationPreview = z.object({ email: z.string(), role: z.enum(ROLES), companyName: z.string(), expiresAt: z.string() });
export type InvitationPreview = z.infer<typeof invitationPreview>;

/** POST /api/invitations/accept: the account is made with the invited address, in the inviting company. */
export const acceptInvitationRequest = z.object({
  token: invitationToken,
  firstName: z.string().trim().min(1, "First name is required").max(100),
  lastName: z.string().trim().min(1, "Last name is required").max(100),
  password: passwordSchema,
});
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequest>;

export const memberDisplayName = (m: { firstName: string | null; lastName: string | null; email: string }): string =>
  [m.firstName, m.lastName].filter(Boolean).join(" ").trim() || m.email;
