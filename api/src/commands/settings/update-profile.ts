import { and, desc, eq, gt, ne } from "drizzle-orm";
import { EMAIL_CHANGE_UNDO_TTL_MS, RESEND_VERIFICATION_MIN_INTERVAL_MS, VERIFICATION_TOKEN_TTL_MS, type profileUpdateRequest } from "@clausewise/shared";
import type { z } from "zod";
import { rateLimited } from "../../auth/throttle";
import type { CompanyRow, UserRow } from "../../auth/sessions";
import { issueEmailToken, spendEmailTokens } from "../../auth/verification";
import type { AppDeps } from "../../context";
import type { Db } from "../../db/client";
import { emailTokens, userSettings, users } from "../../db/schema";
import { recordAudit } from "../audit";
import { CONFIRM_EMAIL_CHANGE, emailTaken, sendEmailChangeMails, UNDO_EMAIL_CHANGE } from "../auth/email-change";
import { assertReauthenticated } from "./reauthenticate";

type Profile = z.output<typeof profileUpdateRequest>;

/** One confirmation mail a minute per account, so the form cannot be used to flood an inbox. */
async function assertEmailChangeInterval(tx: Db, userId: string, now: Date): Promise<void> {
  const [recent] = await tx
    .select({ createdAt: emailTokens.createdAt })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, CONFIRM_EMAIL_CHANGE), gt(emailTokens.createdAt, new Date(now.getTime() - RESEND_VERIFICATION_MIN_INTERVAL_MS))))
    .orderBy(desc(emailTokens.createdAt))
    .limit(1);
  if (recent) throw rateLimited("A confirmation link was sent moments ago.", new Date(recent.createdAt.getTime() + RESEND_VERIFICATION_MIN_INTERVAL_MS), now);
}

/**
 * Saves name, phone and job title. A new e-mail address does not replace the sign-in address here:
 * it needs the current password (or a second-factor code), waits as `pendingEmail`, and takes
 * effect when the link mailed to it is followed; the old address is told, with a link that undoes
 * the change (commands/auth/email-change.ts).
 */
export async function updateProfile(deps: AppDeps, input: { actor: UserRow; company: CompanyRow; profile: Profile; ip: string }) {
  const { actor, profile } = input;
  const now = deps.now();
  const emailChanged = profile.email !== actor.email;
  if (emailChanged) await assertReauthenticated(deps, { actor, ip: input.ip, proof: profile });
  const { user, tokens } = await deps.db.transaction(async (tx) => {
    let issued: { confirm: string; undo: string } | null = null;
    if (emailChanged) {
      // Serialises two changes of one account, so the interval check cannot be raced.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for("update");
      const [other] = await tx.select({ id: users.id }).from(users).where(and(eq(users.email, profile.email), ne(users.id, actor.id))).limit(1);
      if (other) throw emailTaken();
      await assertEmailChangeInterval(tx, actor.id, now);
      // A newer request replaces an older one: its confirmation link no longer works.
      await spendEmailTokens(tx, { userId: actor.id, purposes: [CONFIRM_EMAIL_CHANGE], now });
      issued = {
        confirm: await issueEmailToken(tx, { userId: actor.id, purpose: CONFIRM_EMAIL_CHANGE, email: profile.email, ttlMs: VERIFICATION_TOKEN_TTL_MS, now }),
        undo: await issueEmailToken(tx, { userId: actor.id, purpose: UNDO_EMAIL_CHANGE, email: actor.email, ttlMs: EMAIL_CHANGE_UNDO_TTL_MS, now }),
      };
    }
    const [updated] = await tx
      .update(users)
      .set({ firstName: profile.firstName, lastName: profile.lastName, ...(emailChanged ? { pendingEmail: profile.email } : {}), updatedAt: now })
      .where(eq(users.id, actor.id))
      .returning();
    await tx
      .insert(userSettings)
      .values({ userId: actor.id, phone: profile.phone, jobTitle: profile.jobTitle, updatedAt: now })
      .onConflictDoUpdate({ target: userSettings.userId, set: { phone: profile.phone, jobTitle: profile.jobTitle, updatedAt: now } });
    await recordAudit(tx, {
      companyId: actor.companyId,
      userId: actor.id,
      action: "user.update_profile",
      entityType: "user",
      entityId: actor.id,
      now,
      data: emailChanged ? { emailChangeRequested: profile.email } : { emailChangeRequested: null },
    });
    return { user: updated!, tokens: issued };
  });
  if (tokens) await sendEmailChangeMails(deps, { user, oldEmail: actor.email, newEmail: profile.email, ...tokens });
  return user;
}
