import { eq } from "drizzle-orm";
import type { UserRow } from "../../auth/sessions";
import { hashRecoveryCode, verifyTotp } from "../../auth/totp";
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
