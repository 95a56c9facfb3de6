import { and, eq, ne } from "drizzle-orm";
import { SETTINGS_MESSAGES, type ChangePasswordRequest } from "@clausewise/shared";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../../auth/password";
import { assertStrongPassword } from "../../auth/password-strength";
import { assertLoginAllowed, recordLoginAttempt } from "../../auth/rate-limit";
import type { UserRow } from "../../auth/sessions";
import type { AppDeps } from "../../context";
import { sessions, users } from "../../db/schema";
import { AppError, conflict } from "../../http/errors";
import { publishAccessChanged } from "../team/events";
import { recordAudit } from "../audit";

/**
 * Changes the signed-in person's password and signs out every other session of theirs; the session
 * making the request stays. A wrong current password counts as a failed sign-in of the account (the
 * same `login_attempts` budget), so this form is no side door for guessing a password with a stolen
 * session. The hash is swapped only if it is still the one just checked, so two changes racing
 * cannot both win.
 */
export async function changePassword(
  deps: AppDeps,
  input: { actor: UserRow; currentSessionId: string; ip: string; device?: string | undefined } & ChangePasswordRequest,
): Promise<{ endedSessions: number }> {
  const { actor, currentSessionId, ip } = input;
  const now = deps.now();
  await assertStrongPassword(input.newPassword, actor, "newPassword");
  await assertLoginAllowed(deps.db, { email: actor.email, ip, now, device: input.device }, "Too many wrong passwords.");
  const oldHash = actor.passwordHash;
  if (!(await verifyPassword(oldHash ?? (await dummyPasswordHash()), input.currentPassword)) || !oldHash) {
    await recordLoginAttempt(deps.db, { email: actor.email, ip, success: false, now });
    throw new AppError("invalid_password", SETTINGS_MESSAGES.wrongCurrentPassword, { currentPassword: SETTINGS_MESSAGES.wrongCurrentPassword });
  }
  const newHash = await hashPassword(input.newPassword);

  const endedSessions = await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ passwordHash: newHash, updatedAt: now })
      .where(and(eq(users.id, actor.id), eq(users.passwordHash, oldHash)))
      .returning({ id: users.id });
    if (updated.length === 0) throw conflict("Your password was changed in the meantime. Reload the page and try again.");
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, actor.id), ne(sessions.id, currentSessionId)))
      .returning({ id: sessions.id });
    await recordLoginAttempt(tx, { email: actor.email, ip, success: true, now });
    await recordAudit(tx, { companyId: actor.companyId, userId: actor.id, action: "user.change_password", entityType: "user", entityId: actor.id, now, data: { endedSessions: ended.length } });
    return ended.length;
  });
  // Live-document connections of the ended sessions are re-checked (and closed) at once.
  await publishAccessChanged(deps, { companyId: actor.companyId, userId: actor.id });
  return { endedSessions };
}
