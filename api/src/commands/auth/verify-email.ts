import { eq } from "drizzle-orm";
import type { AppDeps } from "../../context";
import { users } from "../../db/schema";
import { consumeVerificationTokens, findUsableVerificationToken, tokenInvalid } from "../../auth/verification";
import { recordAuthEvent } from "./audit";

/** Confirms the address behind a verification link. Works signed out: the link is the credential. */
export async function verifyEmail(deps: AppDeps, input: { token: string }) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const token = await findUsableVerificationToken(tx, input.token, now);
    // Two clicks at once: only the request that claims the token goes on.
    if (!(await consumeVerificationTokens(tx, { tokenId: token.id, userId: token.userId, now }))) throw tokenInvalid();
    const [user] = await tx.select().from(users).where(eq(users.id, token.userId)).limit(1);
    if (!user) throw tokenInvalid();
    if (!user.emailVerifiedAt) {
      await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id));
    }
    await recordAuthEvent(tx, { action: "auth.verify_email", companyId: user.companyId, userId: user.id, now, data: { email: user.email } });
    return { ...user, emailVerifiedAt: user.emailVerifiedAt ?? now };
  });
}
