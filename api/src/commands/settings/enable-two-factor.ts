import { and, eq, isNull } from "drizzle-orm";
import { SETTINGS_MESSAGES } from "@clausewise/shared";
import type { UserRow } from "../../auth/sessions";
import { generateRecoveryCodes, hashRecoveryCode, verifyTotp } from "../../auth/totp";
import type { AppDeps } from "../../context";
import { users } from "../../db/schema";
import { badRequest, conflict } from "../../http/errors";
import { recordAudit } from "../audit";

/** Step two: a correct code from the app turns two-factor sign-in on and yields the recovery codes, shown once. */
export async function enableTwoFactor(deps: AppDeps, input: { actor: UserRow; code: string }): Promise<string[]> {
  const { actor, code } = input;
  if (actor.totpEnabledAt) throw conflict("Two-factor sign-in is already on.");
  if (!actor.totpSecret) throw conflict("Start the two-factor set-up first, then enter the code from your authenticator app.");
  const now = deps.now();
  if (!verifyTotp(actor.totpSecret, code, now)) throw badRequest(SETTINGS_MESSAGES.invalidCode, { code: SETTINGS_MESSAGES.invalidCode });
  const recoveryCodes = generateRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ totpEnabledAt: now, totpRecoveryCodes: recoveryCodes.map(hashRecoveryCode), updatedAt: now })
      .where(and(eq(users.id, actor.id), eq(users.totpSecret, actor.totpSecret!), isNull(users.totpEnabledAt)))
      .returning({ id: users.id });
    if (updated.length === 0) throw conflict("The two-factor set-up changed meanwhile. Please start again.");
    await recordAudit(tx, { companyId: actor.companyId, userId: actor.id, action: "user.enable_two_factor", entityType: "user", entityId: actor.id, now });
  });
  return recoveryCodes;
}
