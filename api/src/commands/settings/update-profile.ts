import { and, eq, ne } from "drizzle-orm";
import type { profileUpdateRequest } from "@clausewise/shared";
import type { z } from "zod";
import type { CompanyRow, UserRow } from "../../auth/sessions";
import { issueVerificationToken, sendVerificationEmail } from "../../auth/verification";
import type { AppDeps } from "../../context";
import { userSettings, users } from "../../db/schema";
import { AppError } from "../../http/errors";
import { recordAudit } from "../audit";

export const emailTaken = () => new AppError("email_taken", "An account with this email address already exists. Please use a different email address.");

/**
 * Saves name, e-mail, phone and job title. A new e-mail address must be free, is unverified until the
 * link mailed to it is followed, and gets that link after the commit (the outbox records delivery).
 */
export async function updateProfile(deps: AppDeps, input: { actor: UserRow; company: CompanyRow; profile: z.output<typeof profileUpdateRequest> }) {
  const { actor, profile } = input;
  const now = deps.now();
  const emailChanged = profile.email !== actor.email;
  const { user, token } = await deps.db.transaction(async (tx) => {
    if (emailChanged) {
      const [other] = await tx.select({ id: users.id }).from(users).where(and(eq(users.email, profile.email), ne(users.id, actor.id))).limit(1);
      if (other) throw emailTaken();
    }
    const [updated] = await tx
      .update(users)
      .set({
        firstName: profile.firstName,
        lastName: profile.lastName,
        email: profile.email,
        ...(emailChanged ? { emailVerifiedAt: null } : {}),
        updatedAt: now,
      })
      .where(eq(users.id, actor.id))
      .returning();
    await tx
      .insert(userSettings)
      .values({ userId: actor.id, phone: profile.phone, jobTitle: profile.jobTitle, updatedAt: now })
      .onConflictDoUpdate({ target: userSettings.userId, set: { phone: profile.phone, jobTitle: profile.jobTitle, updatedAt: now } });
    const issued = emailChanged ? await issueVerificationToken(tx, actor.id, now) : null;
    await recordAudit(tx, {
      companyId: actor.companyId,
      userId: actor.id,
      action: "user.update_profile",
      entityType: "user",
      entityId: actor.id,
      now,
      data: { emailChanged },
    });
    return { user: updated!, token: issued };
  });
  if (token) await sendVerificationEmail(deps, user, token);
  return user;
}
