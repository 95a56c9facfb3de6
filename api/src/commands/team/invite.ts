import { and, eq } from "drizzle-orm";
import { INVITATION_TTL_MS, TEAM_MESSAGES, memberDisplayName, type InviteMemberRequest } from "@clausewise/shared";
import type { UserRow } from "../../auth/sessions";
import { randomToken, sha256 } from "../../auth/tokens";
import { assertSeatAvailable, lockCompanySeats } from "../../billing/seats";
import type { AppDeps } from "../../context";
import { companies, invitations, users } from "../../db/schema";
import { invitationTemplate } from "../../email/templates/invitation";
import { conflict } from "../../http/errors";
import { recordAudit } from "../audit";
import { pendingInvitation, type InvitationRow } from "./load";

export function invitationLink(appUrl: string, token: string): string {
  return `${appUrl}/invite?token=${encodeURIComponent(token)}`;
}

function existingAccountMessage(existing: { companyId: string; isActive: boolean }, companyId: string): string {
  if (existing.companyId !== companyId) return TEAM_MESSAGES.otherCompany;
  return existing.isActive ? TEAM_MESSAGES.alreadyMember : TEAM_MESSAGES.deactivatedMember;
}

/**
 * Invites an address into the caller's company with a role. Inviting an address that already has a
 * pending invitation replaces it (new link, new role, new expiry): the old link stops working. Only
 * the token's hash is stored; the mail goes out after commit.
 */
export async function inviteMember(deps: AppDeps, input: { actor: UserRow; request: InviteMemberRequest }): Promise<InvitationRow> {
  const { actor, request } = input;
  const now = deps.now();
  const token = randomToken();
  const { invitation, companyName } = await deps.db.transaction(async (tx) => {
    await lockCompanySeats(tx, actor.companyId);
    const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, actor.companyId));
    const [existing] = await tx.select({ companyId: users.companyId, isActive: users.isActive }).from(users).where(eq(users.email, request.email)).limit(1);
    if (existing) throw conflict(existingAccountMessage(existing, actor.companyId));
    const previous = await tx
      .select({ id: invitations.id })
      .from(invitations)
      .where(and(pendingInvitation(actor.companyId, now), eq(invitations.email, request.email)));
    await assertSeatAvailable(tx, { companyId: actor.companyId, now, purpose: "invite", holdsPendingInvitation: previous.length > 0 });
    for (const p of previous) await tx.update(invitations).set({ revokedAt: now }).where(eq(invitations.id, p.id));
    const [row] = await tx
      .insert(invitations)
      .values({
        companyId: actor.companyId,
        email: request.email,
        role: request.role,
        tokenHash: sha256(token),
        invitedBy: actor.id,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        createdAt: now,
      })
      .returning();
    await recordAudit(tx, {
      companyId: actor.companyId,
      userId: actor.id,
      action: "invitation.create",
      entityType: "invitation",
      entityId: row!.id,
      now,
      data: { email: request.email, role: request.role, replaced: previous.map((p) => p.id) },
    });
    return { invitation: row!, companyName: company!.name };
  });

  const mail = invitationTemplate({
    inviterName: memberDisplayName(actor),
    companyName,
    role: request.role,
    link: invitationLink(deps.config.appUrl, token),
    supportEmail: deps.config.supportEmail,
  });
  await deps.mailer.send(deps.db, { to: request.email, companyId: actor.companyId, ...mail });
  return invitation;
}
