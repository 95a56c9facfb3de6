import { and, eq, isNull } from "drizzle-orm";
import type { UserRow } from "../../auth/sessions";
import type { AppDeps } from "../../context";
import { apiKeys, sessions, users } from "../../db/schema";
import { conflict } from "../../http/errors";
import { TEAM_MESSAGES } from "@clausewise/shared";
import { recordAudit } from "../audit";
import { publishUserDeactivated } from "./events";

/**
 * Deactivation is one-way on the Team screen (spec §4). It ends the member's sessions and API keys
 * in the same transaction, then tells realtime to close their live connections.
 */
export async function deactivateMember(deps: AppDeps, input: { actor: UserRow; member: UserRow }): Promise<UserRow> {
  const { actor, member } = input;
  const now = deps.now();
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ isActive: false, updatedAt: now })
      .where(and(eq(users.id, member.id), eq(users.companyId, actor.companyId), eq(users.isActive, true)))
      .returning();
    // Another admin deactivated them a moment ago.
    if (!row) throw conflict(TEAM_MESSAGES.alreadyInactive);
    const ended = await tx.delete(sessions).where(eq(sessions.userId, member.id)).returning({ id: sessions.id });
    await tx.update(apiKeys).set({ revokedAt: now }).where(and(eq(apiKeys.userId, member.id), isNull(apiKeys.revokedAt)));
    await recordAudit(tx, {
      companyId: actor.companyId,
      userId: actor.id,
      action: "user.deactivate",
      entityType: "user",
      entityId: member.id,
      now,
      data: { role: member.role, sessionsEnded: ended.length },
    });
    return row;
  });
  await publishUserDeactivated(deps, { companyId: actor.companyId, userId: member.id });
  return updated;
}
