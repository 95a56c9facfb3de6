import { eq } from "drizzle-orm";
import { SECOND_FACTOR_THROTTLE } from "@clausewise/shared";
import { assertLoginAllowed, recordLoginAttempt } from "../../auth/rate-limit";
import type { UserRow } from "../../auth/sessions";
import { hashRecoveryCode, verifyTotp } from "../../auth/totp";
import type { AppDeps } from "../../context";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";

/**
 * Checks a second-factor code of a user with two-factor sign-in on: a current authenticator code, or
 * one of the recovery codes, which is used up. Run it inside the caller's transaction.
 */
export async function checkSecondFactor(tx: Db, user: UserRow, code: string, now: Date): Promise<"totp" | "recovery" | null> {
  if (!user.totpSecret || !user.totpEnabledAt) return null;
  if (verifyTotp(user.totpSecret, code, now)) return "totp";
  const [locked] = await tx.select({ codes: users.totpRecoveryCodes }).from(users).where(eq(users.id, user.id)).for("update");
  const codes = locked?.codes ?? [];
  const hash = hashRecoveryCode(code);
  if (!codes.includes(hash)) return null;
  await tx
    .update(users)
    .set({ totpRecoveryCodes: codes.filter((c) => c !== hash) })
    .where(eq(users.id, user.id));
  return "recovery";
}

/** Second-factor codes are throttled like passwords, on a counter of their own per account (and the IP's). */
export const secondFactorKey = (email: string) => `2fa:${email}`;
export const TOO_MANY_CODES = "Too many wrong codes.";

/** Refuses (429) while this account's code guesses from this IP, or the IP's failures, are being slowed down. */
export async function assertCodeAttemptAllowed(deps: AppDeps, user: UserRow, ip: string): Promise<void> {
  await assertLoginAllowed(deps.db, { email: secondFactorKey(user.email), ip, now: deps.now() }, TOO_MANY_CODES, SECOND_FACTOR_THROTTLE);
}

export async function recordCodeAttempt(deps: AppDeps, user: UserRow, ip: string, success: boolean): Promise<void> {
  await recordLoginAttempt(deps.db, { email: secondFactorKey(user.email), ip, success, now: deps.now() });
}
