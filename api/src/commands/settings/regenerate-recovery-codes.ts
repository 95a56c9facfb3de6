import { eq } from "drizzle-orm";
import { SETTINGS_MESSAGES } from "@clausewise/shared";
import type { UserRow } from "../../auth/sessions";
import { generateRecoveryCodes, hashRecoveryCode } from "../../auth/totp";
import type { AppDeps } from "../../context";
import { users } from "../../db/schema";
import { badRequest, conflict } from "../../http/errors";
import { recordAudit } from "../audit";
import { checkSecondFactor } from "./second-factor";

/** Replaces every recovery code with ten new ones (shown once); the old ones stop working. */
export async function regenerateRecoveryCodes(deps: AppDeps, input: { actor: UserRow; code: string }): Promise<string[]> {
  const { actor, code } = input;
  if (!actor.totpEnabledAt) throw conflict("Two-factor sign-in is not on.");
  const now = deps.now();
  const recoveryCodes = generateRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    if (!(await checkSecondFactor(tx, actor, code, now))) throw badRequest(SETTINGS_MESSAGES.invalidCode, { code: SETTINGS_MESSAGES.invalidCode });
    await tx.update(users).set({ totpRecoveryCodes: recoveryCodes.map(hashRecoveryCode), updatedAt: now }).where(eq(users.id, actor.id));
    await recordAudit(tx, { companyId: actor.companyId, userId: actor.id, action: "user.regenerate_recovery_codes", entityType: "user", entityId: actor.id, now });
  });
  return recoveryCodes;
}
