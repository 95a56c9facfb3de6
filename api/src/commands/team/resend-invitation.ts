import { and, eq } from "drizzle-orm";
import { INVITATION_TTL_MS, TEAM_MESSAGES, memberDisplayName } from "@clausewise/shared";
import type { UserRow } from "../../auth/sessions";
import { consumeLimit, throttles } from "../../auth/throttle";
import { randomToken, sha256 } from "../../auth/tokens";
import type { AppDeps } from "../../context";
import { companies, invitations } from "../../db/schema";
import { invitationTemplate } from "../../email/templates/invitation";
import { notFound } from "../../http/errors";
import { presentRole } from "../../presenters/user";
import { recordAudit } from "../audit";
import { invitationLink } from "./invite";
import { pendingInvitation, type InvitationRow } from "./load";

/**
 * Mails a pending invitation again with a new link: the token is replaced in place, so the link sent
 * before stops working, and the 7 days start again. It keeps its seat (it was pending all along).
 * A few resends an hour per invitation (throttles.invitationResend), counted before the new link exists.
 */
export async function resendInvitation(deps: AppDeps, input: { actor: UserRow; invitationId: string }): Promise<InvitationRow> {
  const { actor, invitationId } = input;
  const now = deps.now();
  const token = randomToken();
  const { invitation, companyName } = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: invitations.id })
      .from(invitations)
      .where(and(eq(invitations.id, invitationId), pendingInvitation(actor.companyId, now)))
      .for("update");
    if (!current) throw notFound(TEAM_MESSAGES.invitationNotFound);
    await consumeLimit(tx, throttles.invitationResend, current.id, now);
    const [row] = await tx
      .update(invitations)
      .set({ tokenHash: sha256(token), expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) })
      .where(eq(invitations.id, current.id))
      .returning();
    const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, actor.companyId));
    await recordAudit(tx, {
      companyId: actor.companyId,
      userId: actor.id,
      action: "invitation.resend",
      entityType: "invitation",
      entityId: row!.id,
      now,
      data: { email: row!.email, role: row!.role },
    });
    return { invitation: row!, companyName: company!.name };
  });

  const mail = invitationTemplate({
    inviterName: memberDisplayName(actor),
    companyName,
    role: presentRole(invitation.role),
    link: invitationLink(deps.config.appUrl, token),
    supportEmail: deps.config.supportEmail,
  });
  await deps.mailer.send(deps.db, { to: invitation.email, companyId: actor.companyId, ...mail });
  return invitation;
}
