import { count, eq } from "drizzle-orm";
import { planOf, UNLIMITED, type PlanId } from "@clausewise/shared";
import type { Db } from "../db/client";
import { companies, invitations } from "../db/schema";
import { pendingInvitation } from "../commands/team/load";
import { AppError, conflict } from "../http/errors";
import { activeTeamMembers, companyPlan } from "./usage";

/** What the person is trying to do, for the refusal's last words. */
export type SeatPurpose = "invite" | "reactivate" | "accept";

const REMEDY: Record<SeatPurpose, string> = {
  invite: "Upgrade your plan on the Pricing page, or deactivate a member, to invite more.",
  reactivate: "Upgrade your plan on the Pricing page, or deactivate another member or withdraw an invitation, to reactivate this member.",
  accept: "Please ask your administrator to upgrade the plan or free a seat.",
};

/**
 * Serialises seat changes of one company (invite, reactivate, accept, downgrade): call first in the
 * transaction, so two requests at once cannot both take the last seat.
 */
export async function lockCompanySeats(tx: Db, companyId: string): Promise<void> {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
}

/** Seats taken now: active members and pending invitations (an invitation promises a seat). */
export async function seatsInUse(db: Db, companyId: string, now: Date): Promise<{ members: number; pending: number }> {
  const [members, [pending]] = await Promise.all([
    activeTeamMembers(db, companyId),
    db.select({ n: count() }).from(invitations).where(pendingInvitation(companyId, now)),
  ]);
  return { members, pending: pending?.n ?? 0 };
}

/**
 * Spec §9: refuses (403) when one more active member would exceed the plan's team member limit.
 * `holdsPendingInvitation`: the request already owns one of the pending invitations (it replaces or
 * accepts it), so that seat is its own and not counted against it.
 */
export async function assertSeatAvailable(
  db: Db,
  input: { companyId: string; now: Date; purpose: SeatPurpose; holdsPendingInvitation?: boolean },
): Promise<void> {
  const plan = await companyPlan(db, input.companyId);
  if (plan.teamMemberLimit === UNLIMITED) return;
  const { members, pending } = await seatsInUse(db, input.companyId, input.now);
  // Accepting fills a seat someone was promised: only members already in count against it, so after
  // a downgrade the first invitees to accept get the seats that are left (first come, first served).
  const used = input.purpose === "accept" ? members : members + pending - (input.holdsPendingInvitation ? 1 : 0);
  if (used >= plan.teamMemberLimit) {
    throw new AppError(
      "forbidden",
      `Your ${plan.name} plan allows ${plan.teamMemberLimit} team members, and ${used} are active or invited. ${REMEDY[input.purpose]}`,
    );
  }
}

/**
 * Issue 16 item 4: a plan change that leaves more active members than the new plan allows is refused
 * (409) until members are deactivated. Pending invitations do not block it: acceptance re-checks the
 * seat limit, so they simply cannot overfill the smaller plan. Call after `lockCompanySeats`.
 */
export async function assertMembersFitPlan(db: Db, input: { companyId: string; planId: PlanId }): Promise<void> {
  const plan = planOf(input.planId);
  if (plan.teamMemberLimit === UNLIMITED) return;
  const members = await activeTeamMembers(db, input.companyId);
  const excess = members - plan.teamMemberLimit;
  if (excess > 0) {
    throw conflict(
      `The ${plan.name} plan allows ${plan.teamMemberLimit} team members, and your company has ${members} active members. Deactivate ${excess} ${excess === 1 ? "member" : "members"} on the Team page before changing to the ${plan.name} plan.`,
    );
  }
}

/** Members beyond the plan's limit (after a change the provider made, which cannot be refused). */
export async function membersOverPlan(db: Db, companyId: string): Promise<number> {
  const plan = await companyPlan(db, companyId);
  if (plan.teamMemberLimit === UNLIMITED) return 0;
  return Math.max(0, (await activeTeamMembers(db, companyId)) - plan.teamMemberLimit);
}
