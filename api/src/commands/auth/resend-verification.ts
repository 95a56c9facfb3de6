import { eq } from "drizzle-orm";
import type { AppDeps } from "../../context";
import { users } from "../../db/schema";
import type { UserRow } from "../../auth/sessions";
import { assertResendAllowed, issueVerificationToken, sendVerificationEmail } from "../../auth/verification";
import { AppError } from "../../http/errors";
import { recordAuthEvent } from "./audit";

/** Sends a fresh verification link; earlier links stay valid until they expire or one is used. */
export async function resendVerification(deps: AppDeps, user: UserRow): Promise<void> {
  if (user.emailVerifiedAt) throw new AppError("bad_request", "Your email address is already verified.");
  const now = deps.now();
  const token = await deps.db.transaction(async (tx) => {
    // Serialises concurrent resends of one user, so the interval check cannot be raced.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    await assertResendAllowed(tx, user.id, now);
    const issued = await issueVerificationToken(tx, user.id, now);
    await recordAuthEvent(tx, { action: "auth.resend_verification", companyId: user.companyId, userId: user.id, now });
    return issued;
  });
  await sendVerificationEmail(deps, user, token);
}
