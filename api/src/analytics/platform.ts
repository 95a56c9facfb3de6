import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { PlatformMetrics } from "@clausewise/shared";
import type { Db } from "../db/client";
import { companies, contracts, sessions, users } from "../db/schema";
import { at } from "./sql";
import { round1, startOfMonth } from "./window";

/**
 * Platform metrics. Platform operators see the whole platform; everyone else sees their own company's
 * figures under the same names (one company, its members), with no company count or average company
 * size: for one company those would only repeat "1" and the member count. Users are active members;
 * an active user signed in or used a session in the last 30 days.
 */
export async function platformMetricsOf(db: Db, input: { scope: "platform" | "company"; companyId: string; now: Date }): Promise<PlatformMetrics> {
  const { scope, companyId, now } = input;
  const since = new Date(now.getTime() - 30 * 86_400_000);
  const userScope = scope === "platform" ? eq(users.isActive, true) : and(eq(users.isActive, true), eq(users.companyId, companyId));
  const recentSession = sql`exists (select 1 from ${sessions} s where s.user_id = ${users.id} and s.last_seen_at >= ${at(since)})`;
  const [userRow] = await db
    .select({
      totalUsers: sql<number>`count(*)::int`,
      activeUsers30d: sql<number>`(count(*) filter (where ${users.lastLoginAt} >= ${at(since)} or ${recentSession}))::int`,
    })
    .from(users)
    .where(userScope);
  const contractScope = and(gte(contracts.createdAt, startOfMonth(now)), lt(contracts.createdAt, now));
  const [contractRow] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(contracts)
    .where(scope === "platform" ? contractScope : and(eq(contracts.companyId, companyId), contractScope));
  const totalUsers = Number(userRow?.totalUsers ?? 0);
  const base = { scope, totalUsers, activeUsers30d: Number(userRow?.activeUsers30d ?? 0), contractsThisMonth: Number(contractRow?.count ?? 0) };
  if (scope === "company") return { ...base, totalCompanies: null, averageCompanySize: null };
  const [companyRow] = await db.select({ count: sql<number>`count(*)::int` }).from(companies);
  const totalCompanies = Number(companyRow?.count ?? 0);
  return { ...base, totalCompanies, averageCompanySize: totalCompanies > 0 ? (round1(totalUsers / totalCompanies) ?? 0) : 0 };
}
