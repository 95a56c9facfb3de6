import { eq } from "drizzle-orm";
import { TEAM_MESSAGES, type AcceptInvitationRequest } from "@clausewise/shared";
import { hashPassword } from "../../auth/password";
import { assertStrongPassword } from "../../auth/password-strength";
import { createSession, destroySession, type AuthState, type SessionMeta } from "../../auth/sessions";
import { sha256 } from "../../auth/tokens";
import type { AppDeps } from "../../context";
import type { Db } from "../../db/client";
import { companies, invitations, notificationPreferences, userSettings, users } from "../../db/schema";
import { AppError, conflict } from "../../http/errors";
import { recordAudit } from "../audit";
import { assertSeatAvailable, lockCompanySeats } from "../../billing/seats";

const invalid = () => new AppError("token_invalid", TEAM_MESSAGES.invitationInvalid);

/** The invitation a link names with its company, or the error the accept page shows. */
async function usableInvitation(db: Db, token: string, now: Date, lock: boolean) {
  const query = db
    .select({ invitation: invitations, company: companies })
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .where(eq(invitations.tokenHash, sha256(token)))
    .limit(1);
  const [row] = lock ? await query.for("update", { of: invitations }) : await query;
  if (!row || row.invitation.acceptedAt || row.invitation.revokedAt) throw invalid();
  if (row.invitation.expiresAt <= now) throw new AppError("token_expired", TEAM_MESSAGES.invitationExpired);
  if (row.company.accountStatus !== "active") throw new AppError("account_suspended", TEAM_MESSAGES.companyInactive);
  return row;
}

/** What the accept page shows before the invitee fills in the form. */
export async function previewInvitation(deps: AppDeps, token: string) {
  const { invitation, company } = await usableInvitation(deps.db, token, deps.now(), false);
  return { email: invitation.email, role: invitation.role, companyName: company.name, expiresAt: invitation.expiresAt };
}

/**
 * Accepting creates the account with the invited address and role in the inviting company and signs
 * it in. The link is single use: the invitation row is locked and marked accepted in the same
 * transaction. The address counts as verified, since only its owner could open the link. Someone
 * signed in with another account is refused rather than silently switched.
 */
export async function acceptInvitation(
  deps: AppDeps,
  input: { request: AcceptInvitationRequest; auth: AuthState | null; meta: SessionMeta & { previousSessionToken?: string | undefined } },
) {
  const { request, auth, meta } = input;
  // A half-finished two-factor sign-in on this browser is replaced; a full session is not.
  if (auth && !auth.pendingSecondFactor) throw conflict(TEAM_MESSAGES.signedInElsewhere);
  const now = deps.now();
  const passwordHash = await hashPassword(request.password);
  return deps.db.transaction(async (tx) => {
    // The company's seat lock first, as inviting and resending take it, then the invitation's row.
    await lockCompanySeats(tx, (await usableInvitation(tx, request.token, now, false)).invitation.companyId);
    const { invitation, company } = await usableInvitation(tx, request.token, now, true);
    // The plan may have shrunk since the invitation was sent (issue 16 item 4).
    await assertSeatAvailable(tx, { companyId: invitation.companyId, now, purpose: "accept", holdsPendingInvitation: true });
    // A weak password rolls back here, and the invitation stays usable.
    await assertStrongPassword(request.password, { email: invitation.email, firstName: request.firstName, lastName: request.lastName, companyName: company.name });
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, invitation.email)).limit(1);
    if (taken) throw new AppError("email_taken", TEAM_MESSAGES.accountExists);
    const [user] = await tx
      .insert(users)
      .values({
        companyId: invitation.companyId,
        email: invitation.email,
        passwordHash,
        firstName: request.firstName,
        lastName: request.lastName,
        role: invitation.role,
        emailVerifiedAt: now,
        lastLoginAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(userSettings).values({ userId: user!.id, updatedAt: now });
    await tx.insert(notificationPreferences).values({ userId: user!.id, updatedAt: now });
    await tx.update(invitations).set({ acceptedAt: now }).where(eq(invitations.id, invitation.id));
    if (meta.previousSessionToken) await destroySession(tx, meta.previousSessionToken);
    const sessionToken = await createSession(tx, user!.id, meta, now, deps.config.sessions);
    await recordAudit(tx, {
      companyId: invitation.companyId,
      userId: user!.id,
      action: "invitation.accept",
      entityType: "invitation",
      entityId: invitation.id,
      now,
      data: { email: invitation.email, role: invitation.role, invitedBy: invitation.invitedBy },
    });
    return { user: user!, company, sessionToken };
  });
}
