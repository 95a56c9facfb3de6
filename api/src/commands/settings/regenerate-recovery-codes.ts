import { eq } from "drizzle-orm";
import { SETTINGS_MESSAGES } from "@clausewise/shared";
import type { UserRow } from "../../auth/sessions";
import { generateRecoveryCodes, hashRecoveryCode } from "../../auth/totp";
import type { AppDeps } from "../../context";
import { users } from "../../db/schema";
import { badRequest, conflict } from "../../http/errors";
import { recordAudit } from "../audit";
import { assertCodeAttemptAllowed, checkSecondFactor, recordCodeAttempt } from "./second-factor";

/** Replaces every recovery code with ten new ones (shown once); the old ones stop working. */
export async function regenerateRecoveryCodes(deps: AppDeps, input: { actor: UserRow; code: string; ip: string }): Promise<string[]> {
  const { actor, code, ip } = input;
  if (!actor.totpEnabledAt) throw conflict("Two-factor sign-in is not on.");
  const now = deps.now();
  const recoveryCodes = generateRecoveryCodes();
  await assertCodeAttemptAllowed(deps, actor, ip);
  const done = await deps.db.transaction(async (tx) => {
    if (!(await checkSecondFactor(tx, actor, code, now))) return false;
    await tx.update(users).set({ totpRecoveryCodes: recoveryCodes.map(hashRecoveryCode), updatedAt: now }).where(eq(users.id, actor.id));
    await recordAudit(tx, { companyId: actor.companyId, userId: actor.id, action: "user.regenerate_recovery_codes", entityType: "user", entityId: actor.id, now });
    return true;
  });
  await recordCodeAttempt(deps, actor, ip, done);
  if (!done) throw badRequest(SETTINGS_MESSAGES.invalidCode, { code: SETTINGS_MESSAGES.invalidCode });
  return recoveryCodes;
}
