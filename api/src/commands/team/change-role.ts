import { and, eq } from "drizzle-orm";
import { TEAM_MESSAGES, type Role } from "@clausewise/shared";
import type { UserRow } from "../../auth/sessions";
import type { AppDeps } from "../../context";
import { users } from "../../db/schema";
import { conflict } from "../../http/errors";
import { recordAudit } from "../audit";
import { publishAccessChanged } from "./events";

/** Gives a member another role; their live connections are re-checked against it at once. */
export async function changeMemberRole(deps: AppDeps, input: { actor: UserRow; member: UserRow; role: Role }): Promise<UserRow> {
  const { actor, member, role } = input;
  const now = deps.now();
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ role, updatedAt: now })
      .where(and(eq(users.id, member.id), eq(users.companyId, actor.companyId), eq(users.isActive, true)))
      .returning();
    // Deactivated a moment ago by another admin: the route checked an older row.
    if (!row) throw conflict(TEAM_MESSAGES.inactiveRole);
    await recordAudit(tx, {
      companyId: actor.companyId,
      userId: actor.id,
      action: "user.change_role",
      entityType: "user",
      entityId: member.id,
      now,
      data: { from: member.role, to: role },
    });
    return row;
  });
  if (member.role !== role) await publishAccessChanged(deps, { companyId: actor.companyId, userId: member.id });
  return updated;
}
