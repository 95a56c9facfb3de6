import { and, eq, ne } from "drizzle-orm";
import type { UserRow } from "../../auth/sessions";
import type { AppDeps } from "../../context";
import { sessions } from "../../db/schema";
import { notFound } from "../../http/errors";
import { recordAudit } from "../audit";

/** Signs one of the caller's own sessions out; another user's session answers like a missing one. */
export async function revokeSession(deps: AppDeps, input: { actor: UserRow; sessionId: string }): Promise<void> {
  const { actor, sessionId } = input;
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, actor.id)))
      .returning({ id: sessions.id });
    if (deleted.length === 0) throw notFound("Session not found.");
    await recordAudit(tx, { companyId: actor.companyId, userId: actor.id, action: "user.revoke_session", entityType: "user", entityId: actor.id, now });
  });
}

/** "Sign out everywhere else": every session of the caller but the one making the request. */
export async function revokeOtherSessions(deps: AppDeps, input: { actor: UserRow; currentSessionId: string }): Promise<number> {
  const { actor, currentSessionId } = input;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, actor.id), ne(sessions.id, currentSessionId)))
      .returning({ id: sessions.id });
    await recordAudit(tx, { companyId: actor.companyId, userId: actor.id, action: "user.revoke_other_sessions", entityType: "user", entityId: actor.id, now, data: { count: deleted.length } });
    return deleted.length;
  });
}
