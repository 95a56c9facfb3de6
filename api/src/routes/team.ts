import { Hono, type Context } from "hono";
import {
  TEAM_MESSAGES,
  acceptInvitationRequest,
  changeRoleRequest,
  grantAccessRequest,
  invitationLookupRequest,
  inviteMemberRequest,
} from "@clausewise/shared";
import { readSessionCookie, setSessionCookie } from "../auth/cookies";
import { clientIp, userAgent } from "../auth/request";
import { consumeLimit, throttles } from "../auth/throttle";
import { acceptInvitation, previewInvitation } from "../commands/team/accept-invitation";
import { changeMemberRole } from "../commands/team/change-role";
import { deactivateMember } from "../commands/team/deactivate";
import { reactivateMember } from "../commands/team/reactivate";
import { resendInvitation } from "../commands/team/resend-invitation";
import { grantContractAccess, revokeContractAccess } from "../commands/team/grant-access";
import { inviteMember } from "../commands/team/invite";
import { withdrawInvitation } from "../commands/team/withdraw-invitation";
import { getGrantInCompany, getMemberInCompany, listGrants, listMembers, listOwnGrants, listPendingInvitations } from "../commands/team/load";
import type { AppEnv } from "../context";
import { requireAuth } from "../http/middleware";
import { jsonBody, pathId } from "../http/validate";
import { findContractGrant, getContractForUser } from "../loaders/contract";
import {
  authorize,
  canChangeRole,
  canDeactivateMember,
  canGrantAccessAnywhere,
  canGrantContractAccess,
  canManageTeam,
  canReactivateMember,
  canReceiveContractGrant,
  canRevokeContractAccess,
} from "../policies";
import { presentGrant, presentInvitation, presentInvitationPreview, presentTeamMember } from "../presenters/team";
import { presentCurrentUser } from "../presenters/user";
import { conflict, notFound } from "../http/errors";

/** Team Management is admin-only (spec §6); approvers may read members and grants to grant access. */
function teamAdmin(c: Context<AppEnv>) {
  const auth = requireAuth(c);
  authorize(canManageTeam(auth.user), TEAM_MESSAGES.adminOnly);
  return auth.user;
}

function accessGranter(c: Context<AppEnv>) {
  const auth = requireAuth(c);
  authorize(canGrantAccessAnywhere(auth.user), TEAM_MESSAGES.grantOnly);
  return auth.user;
}

export const teamRoutes = new Hono<AppEnv>()
  .get("/team/members", async (c) => {
    const user = accessGranter(c);
    const rows = await listMembers(c.get("deps").db, user.companyId);
    return c.json(rows.map((row) => presentTeamMember(row, user)));
  })
  .get("/team/invitations", async (c) => {
    const user = teamAdmin(c);
    const { db, now } = c.get("deps");
    return c.json((await listPendingInvitations(db, user.companyId, now())).map(presentInvitation));
  })
  .get("/team/contract-access", async (c) => {
    const user = accessGranter(c);
    const { db } = c.get("deps");
    const [rows, own] = await Promise.all([
      listGrants(db, user.companyId),
      listOwnGrants(db, user),
    ]);
    const ownByContract = new Map(own.map((g) => [g.contractId, g]));
    return c.json(
      rows.map((row) =>
        presentGrant(row, canRevokeContractAccess(user, { id: row.grant.contractId, companyId: row.grant.companyId }, ownByContract.get(row.grant.contractId) ?? null, row.grant)),
      ),
    );
  })
  .post("/team/invite", async (c) => {
    const user = teamAdmin(c);
    const request = await jsonBody(c, inviteMemberRequest);
    const invitation = await inviteMember(c.get("deps"), { actor: user, request });
    return c.json(presentInvitation(invitation), 201);
  })
  .delete("/team/invitations/:id", async (c) => {
    const user = teamAdmin(c);
    await withdrawInvitation(c.get("deps"), { actor: user, invitationId: pathId(c, "id", () => notFound(TEAM_MESSAGES.invitationNotFound)) });
    return c.body(null, 204);
  })
  .patch("/team/members/:memberId/role", async (c) => {
    const user = teamAdmin(c);
    const { role } = await jsonBody(c, changeRoleRequest);
    const member = await getMemberInCompany(c.get("deps").db, { id: pathId(c, "memberId", () => notFound(TEAM_MESSAGES.memberNotFound)), companyId: user.companyId });
    // A state of the member, not a right of the caller: 409, as for a contract's state.
    if (!member.isActive) throw conflict(TEAM_MESSAGES.inactiveRole);
    authorize(canChangeRole(user, member), TEAM_MESSAGES.ownRole);
    const updated = await changeMemberRole(c.get("deps"), { actor: user, member, role });
    return c.json(presentTeamMember(updated, user));
  })
  .patch("/team/members/:id/deactivate", async (c) => {
    const user = teamAdmin(c);
    const member = await getMemberInCompany(c.get("deps").db, { id: pathId(c, "id", () => notFound(TEAM_MESSAGES.memberNotFound)), companyId: user.companyId });
    authorize(canDeactivateMember(user, member), member.id === user.id ? TEAM_MESSAGES.ownDeactivate : TEAM_MESSAGES.alreadyInactive);
    const updated = await deactivateMember(c.get("deps"), { actor: user, member });
    return c.json(presentTeamMember(updated, user));
  })
  .patch("/team/members/:id/reactivate", async (c) => {
    const user = teamAdmin(c);
    const member = await getMemberInCompany(c.get("deps").db, { id: pathId(c, "id", () => notFound(TEAM_MESSAGES.memberNotFound)), companyId: user.companyId });
    if (member.isActive) throw conflict(TEAM_MESSAGES.alreadyActive);
    authorize(canReactivateMember(user, member), TEAM_MESSAGES.adminOnly);
    const updated = await reactivateMember(c.get("deps"), { actor: user, member });
    return c.json(presentTeamMember(updated, user));
  })
  .post("/team/invitations/:id/resend", async (c) => {
    const user = teamAdmin(c);
    const invitation = await resendInvitation(c.get("deps"), { actor: user, invitationId: pathId(c, "id", () => notFound(TEAM_MESSAGES.invitationNotFound)) });
    return c.json(presentInvitation(invitation));
  })
  .post("/team/contract-access", async (c) => {
    const user = accessGranter(c);
    const { contractId, userId, accessLevel } = await jsonBody(c, grantAccessRequest);
    const { db } = c.get("deps");
    const { contract, grant: own } = await getContractForUser(db, { id: contractId, companyId: user.companyId, userId: user.id });
    const member = await getMemberInCompany(db, { id: userId, companyId: user.companyId });
    // Not a question of who asks: a grant to an admin would be a row that changes nothing (issue 12).
    if (member.isActive && !canReceiveContractGrant(member)) throw conflict(TEAM_MESSAGES.adminHasFullAccess);
    authorize(canGrantContractAccess(user, contract, own, member, accessLevel), TEAM_MESSAGES.grantDenied);
    // Re-granting replaces the level: nobody may overwrite a grant they could not revoke.
    const existing = await findContractGrant(db, { contractId: contract.id, userId: member.id, companyId: user.companyId });
    if (existing) authorize(canRevokeContractAccess(user, contract, own, existing), TEAM_MESSAGES.revokeDenied);
    const grant = await grantContractAccess(c.get("deps"), { actor: user, contract, member, accessLevel });
    const row = { grant, contractTitle: contract.title, user: member };
    return c.json(presentGrant(row, canRevokeContractAccess(user, contract, own, grant)), 201);
  })
  .delete("/team/contract-access/:id", async (c) => {
    const user = accessGranter(c);
    const { db } = c.get("deps");
    const grant = await getGrantInCompany(db, { id: pathId(c, "id", () => notFound(TEAM_MESSAGES.grantNotFound)), companyId: user.companyId });
    const { contract, grant: own } = await getContractForUser(db, { id: grant.contractId, companyId: user.companyId, userId: user.id });
    authorize(canRevokeContractAccess(user, contract, own, grant), TEAM_MESSAGES.revokeDenied);
    await revokeContractAccess(c.get("deps"), { actor: user, grant });
    return c.body(null, 204);
  })
  // The invitation link (public): what the accept page shows, then the account it creates.
  .post("/invitations/lookup", async (c) => {
    const { token } = await jsonBody(c, invitationLookupRequest);
    return c.json(presentInvitationPreview(await previewInvitation(c.get("deps"), token)));
  })
  .post("/invitations/accept", async (c) => {
    const request = await jsonBody(c, acceptInvitationRequest);
    const deps = c.get("deps");
    const meta = { ip: clientIp(c, deps.config), userAgent: userAgent(c), previousSessionToken: readSessionCookie(c) };
    await consumeLimit(deps.db, throttles.invitationAcceptPerIp, meta.ip, deps.now());
    const result = await acceptInvitation(deps, { request, auth: c.get("auth"), meta });
    setSessionCookie(c, result.sessionToken);
    return c.json({ user: presentCurrentUser(result.user, result.company, deps.config) }, 201);
  });
