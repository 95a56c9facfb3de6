import { and, eq } from "drizzle-orm";
import { TEAM_MESSAGES } from "@clausewise/shared";
import type { UserRow } from "../../auth/sessions";
import { assertSeatAvailable, lockCompanySeats } from "../../billing/seats";
import type { AppDeps } from "../../context";
import { users } from "../../db/schema";
import { conflict } from "../../http/errors";
import { recordAudit } from "../audit";

/**
 * Gives a deactivated member back their account (issue 16: the spec's one-way deactivation, undone
 * deliberately). A seat must be free under the plan, checked under the company's seat lock. They sign
 * in again themselves: deactivation ended their sessions and API keys, and those stay ended.
 */
export async function reactivateMember(deps: AppDeps, input: { actor: UserRow; member: UserRow }): Promise<UserRow> {
  const { actor, member } = input;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await lockCompanySeats(tx, actor.companyId);
    await assertSeatAvailable(tx, { companyId: actor.companyId, now, purpose: "reactivate" });
    const [row] = await tx
      .update(users)
      .set({ isActive: true, updatedAt: now })
      .where(and(eq(users.id, member.id), eq(users.companyId, actor.companyId), eq(users.isActive, false)))
      .returning();
    // Another admin reactivated them a moment ago.
    if (!row) throw conflict(TEAM_MESSAGES.alreadyActive);
    await recordAudit(tx, { companyId: actor.companyId, userId: actor.id, action: "user.reactivate", entityType: "user", entityId: member.id, now, data: { role: member.role } });
    return row;
  });
}
