import { and, eq } from "drizzle-orm";
import { TEAM_MESSAGES } from "@clausewise/shared";
import type { UserRow } from "../../auth/sessions";
import type { AppDeps } from "../../context";
import { invitations } from "../../db/schema";
import { notFound } from "../../http/errors";
import { recordAudit } from "../audit";
import { pendingInvitation } from "./load";

/**
 * Withdraws a pending invitation: its link stops working and its seat is free again (pending
 * invitations count against the plan's team member limit). Accepted, expired or foreign ones are 404.
 */
export async function withdrawInvitation(deps: AppDeps, input: { actor: UserRow; invitationId: string }): Promise<void> {
  const { actor, invitationId } = input;
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(invitations)
      .set({ revokedAt: now })
      .where(and(eq(invitations.id, invitationId), pendingInvitation(actor.companyId, now)))
      .returning({ id: invitations.id, email: invitations.email });
    if (!row) throw notFound(TEAM_MESSAGES.invitationNotFound);
    await recordAudit(tx, {
      companyId: actor.companyId,
      userId: actor.id,
      action: "invitation.withdraw",
      entityType: "invitation",
      entityId: row.id,
      now,
      data: { email: row.email },
    });
  });
}
