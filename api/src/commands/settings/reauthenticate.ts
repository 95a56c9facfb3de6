import { SETTINGS_MESSAGES } from "@clausewise/shared";
import { dummyPasswordHash, verifyPassword } from "../../auth/password";
import { assertLoginAllowed, recordLoginAttempt } from "../../auth/rate-limit";
import type { UserRow } from "../../auth/sessions";
import type { AppDeps } from "../../context";
import { AppError, badRequest } from "../../http/errors";
import { assertCodeAttemptAllowed, checkSecondFactor, recordCodeAttempt } from "./second-factor";

export interface ReauthProof {
  currentPassword?: string | undefined;
  /** An authenticator (or recovery) code; counts only when two-factor sign-in is on. */
  code?: string | undefined;
}

function missingProof(actor: UserRow): AppError {
  if (actor.passwordHash) return badRequest(SETTINGS_MESSAGES.emailChangeNeedsPassword, { currentPassword: SETTINGS_MESSAGES.emailChangeNeedsPassword });
  if (actor.totpEnabledAt) return badRequest(SETTINGS_MESSAGES.emailChangeNeedsCode, { code: SETTINGS_MESSAGES.emailChangeNeedsCode });
  return badRequest(SETTINGS_MESSAGES.emailChangeNoProof, { email: SETTINGS_MESSAGES.emailChangeNoProof });
}

/**
 * A signed-in person proves again that they are the owner before a change that could take the account
 * away (the sign-in e-mail): the current password, or a code of their second factor (the only proof
 * a single-sign-on member without a password has). Wrong answers count as failed sign-ins of the
 * account, so a stolen session cannot guess here faster than at the sign-in page.
 */
export async function assertReauthenticated(deps: AppDeps, input: { actor: UserRow; ip: string; proof: ReauthProof }): Promise<void> {
  const { actor, ip } = input;
  const password = input.proof.currentPassword || undefined;
  const code = actor.totpEnabledAt ? input.proof.code?.trim() || undefined : undefined;
  if (!password && !code) throw missingProof(actor);
  const now = deps.now();
  // A password guess counts against the account's sign-in limit, a code guess against its code limit.
  if (password) await assertLoginAllowed(deps.db, { email: actor.email, ip, now }, "Too many wrong passwords.");
  else await assertCodeAttemptAllowed(deps, actor, ip);
  const ok = password
    ? (await verifyPassword(actor.passwordHash ?? (await dummyPasswordHash()), password)) && actor.passwordHash !== null
    : (await deps.db.transaction((tx) => checkSecondFactor(tx, actor, code!, now))) !== null;
  if (ok) return;
  if (password) await recordLoginAttempt(deps.db, { email: actor.email, ip, success: false, now });
  else await recordCodeAttempt(deps, actor, ip, false);
  if (password) throw new AppError("invalid_password", SETTINGS_MESSAGES.wrongCurrentPassword, { currentPassword: SETTINGS_MESSAGES.wrongCurrentPassword });
  throw badRequest(SETTINGS_MESSAGES.invalidCode, { code: SETTINGS_MESSAGES.invalidCode });
}
