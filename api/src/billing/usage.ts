import { and, count, eq, gte, inArray, sql } from "drizzle-orm";
import { isApproachingLimit, planOf, type UsageResponse } from "@clausewise/shared";
import type { Db } from "../db/client";
import { auditEvents, companies, contracts, users } from "../db/schema";

/** The first instant of `now`'s calendar month in UTC: contract limits count per month. */
export function startOfMonth(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * Contracts uploaded this month, erased ones included: deleting a contract must not free a slot of
 * the plan's monthly limit (the erasure's audit event keeps when it was uploaded).
 */
export async function contractsThisMonth(db: Db, companyId: string, now: Date): Promise<number> {
  const since = startOfMonth(now);
  const [present] = await db
    .select({ n: count() })
    .from(contracts)
    .where(and(eq(contracts.companyId, companyId), gte(contracts.createdAt, since)));
  const [erased] = await db
    .select({ n: count() })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.companyId, companyId),
        inArray(auditEvents.action, ["contract.delete", "contract.erase_retention"]),
        sql`(${auditEvents.data}->>'createdAt')::timestamptz >= ${since.toISOString()}::timestamptz`,
      ),
    );
  return (present?.n ?? 0) + (erased?.n ?? 0);
}

export async function activeTeamMembers(db: Db, companyId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isActive, true)));
  return row?.n ?? 0;
}

export async function companyPlan(db: Db, companyId: string) {
  const [company] = await db.select({ plan: companies.subscriptionPlan }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return planOf(company?.plan ?? "starter");
}

/** GET /api/usage: real counts of this company against the limits of its plan. */
export async function computeUsage(db: Db, companyId: string, now: Date): Promise<UsageResponse> {
  const plan = await companyPlan(db, companyId);
  const [contractsUsed, members] = await Promise.all([contractsThisMonth(db, companyId, now), activeTeamMembers(db, companyId)]);
  return {
    currentPlan: plan.id,
    contractsThisMonth: contractsUsed,
    contractLimit: plan.contractLimit,
    teamMembers: members,
    teamMemberLimit: plan.teamMemberLimit,
    features: plan.features,
    approachingLimit: isApproachingLimit(contractsUsed, plan.contractLimit) || isApproachingLimit(members, plan.teamMemberLimit),
  };
}
