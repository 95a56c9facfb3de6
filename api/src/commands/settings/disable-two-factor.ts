import { eq } from "drizzle-orm";
import { SETTINGS_MESSAGES } from "@clausewise/shared";
import type { UserRow } from "../../auth/sessions";
import type { AppDeps } from "../../context";
import { users } from "../../db/schema";
import { badRequest, conflict } from "../../http/errors";
import { recordAudit } from "../audit";
import { checkSecondFactor } from "./second-factor";

/** Turns two-factor sign-in off; a current code (or a recovery code) proves it is the owner asking. */
export async function disableTwoFactor(deps: AppDeps, input: { actor: UserRow; code: string }): Promise<void> {
  const { actor, code } = input;
  if (!actor.totpEnabledAt) throw conflict("Two-factor sign-in is not on.");
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    if (!(await checkSecondFactor(tx, actor, code, now))) throw badRequest(SETTINGS_MESSAGES.invalidCode, { code: SETTINGS_MESSAGES.invalidCode });
    await tx.update(users).set({ totpSecret: null, totpEnabledAt: null, totpRecoveryCodes: null, updatedAt: now }).where(eq(users.id, actor.id));
    await recordAudit(tx, { companyId: actor.companyId, userId: actor.id, action: "user.disable_two_factor", entityType: "user", entityId: actor.id, now });
  });
}
