import { and, eq } from "drizzle-orm";
import { SETTINGS_MESSAGES } from "@clausewise/shared";
import type { UserRow } from "../../auth/sessions";
import type { AppDeps } from "../../context";
import { users } from "../../db/schema";
import { AppError } from "../../http/errors";
import { recordAudit } from "../audit";

/**
 * Permanently deletes the caller's account; sessions, API keys, settings and grants go with it (the
 * foreign keys cascade), while contracts and comments of the company stay. A company must keep an
 * administrator: the company's admins are locked first, so two admins deleting themselves at once
 * cannot both succeed.
 */
export async function deleteAccount(deps: AppDeps, input: { actor: UserRow }): Promise<void> {
  const { actor } = input;
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id, isActive: users.isActive })
      .from(users)
      .where(and(eq(users.companyId, actor.companyId), eq(users.role, "admin")))
      .for("update");
    const otherActiveAdmins = admins.filter((a) => a.id !== actor.id && a.isActive);
    if (actor.role === "admin" && otherActiveAdmins.length === 0) throw new AppError("conflict", SETTINGS_MESSAGES.lastAdmin);
    await recordAudit(tx, {
      companyId: actor.companyId,
      userId: actor.id,
      action: "user.delete_account",
      entityType: "user",
      entityId: actor.id,
      now,
      data: { role: actor.role },
    });
    await tx.delete(users).where(and(eq(users.id, actor.id), eq(users.companyId, actor.companyId)));
  });
}
