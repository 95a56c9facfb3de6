import { eq } from "drizzle-orm";
import type { SignupRequest } from "@clausewise/shared";
import type { AppDeps } from "../../context";
import { companies, companySettings, notificationPreferences, subscriptions, userSettings, users } from "../../db/schema";
import { hashPassword } from "../../auth/password";
import { assertStrongPassword } from "../../auth/password-strength";
import { createSession, destroySession, type SessionMeta } from "../../auth/sessions";
import { issueVerificationToken, sendVerificationEmail } from "../../auth/verification";
import { AppError } from "../../http/errors";
import { recordAuthEvent } from "./audit";

export const emailTaken = () =>
  new AppError("email_taken", "An account with this email address already exists. Sign in instead, or use a different email address.");

/** Postgres unique_violation, whichever driver raised it (drizzle wraps driver errors in `cause`). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

function oneMonthAfter(date: Date): Date {
  const end = new Date(date);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/**
 * Creates a company with its first user as admin, on the starter plan (manual billing), with the
 * settings rows every other screen expects, and signs the user in. The verification mail goes out
 * after commit so a slow mail server never holds the transaction open.
 */
export async function signup(deps: AppDeps, input: SignupRequest, meta: SessionMeta & { previousSessionToken?: string | undefined }) {
  const now = deps.now();
  const [existing] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (existing) throw emailTaken();
  await assertStrongPassword(input.password, input);
  const passwordHash = await hashPassword(input.password);

  let result;
  try {
    result = await deps.db.transaction(async (tx) => {
      const [company] = await tx.insert(companies).values({ name: input.companyName, subscriptionPlan: "starter", createdAt: now, updatedAt: now }).returning();
      await tx.insert(companySettings).values({ companyId: company!.id, updatedAt: now });
      await tx.insert(subscriptions).values({
        companyId: company!.id,
        plan: "starter",
        status: "active",
        provider: "manual",
        currentPeriodStart: now,
        currentPeriodEnd: oneMonthAfter(now),
        createdAt: now,
        updatedAt: now,
      });
      const [user] = await tx
        .insert(users)
        .values({
          companyId: company!.id,
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          role: "admin",
          lastLoginAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      // The column defaults are the spec's defaults (billing-team-admin.md §9).
      await tx.insert(userSettings).values({ userId: user!.id, updatedAt: now });
      await tx.insert(notificationPreferences).values({ userId: user!.id, updatedAt: now });
      const verificationToken = await issueVerificationToken(tx, user!.id, now);
      if (meta.previousSessionToken) await destroySession(tx, meta.previousSessionToken);
      const sessionToken = await createSession(tx, user!.id, meta, now, deps.config.sessions);
      await recordAuthEvent(tx, { action: "auth.signup", companyId: company!.id, userId: user!.id, now, data: { companyName: company!.name } });
      return { user: user!, company: company!, sessionToken, verificationToken };
    });
  } catch (error) {
    // Two sign-ups with the same address at once: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }

  await sendVerificationEmail(deps, result.user, result.verificationToken);
  return { user: result.user, company: result.company, sessionToken: result.sessionToken };
}
