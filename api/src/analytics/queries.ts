import { and, eq, gte, inArray, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { JURISDICTION_NAMES, type AnalyticsOverview, type JurisdictionalBreakdownRow, type MonthlyStat, type PlatformMetrics, type RiskDistribution, type TeamPerformanceRow } from "@clausewise/shared";
import { detectFindings } from "../analysis/jurisdictions/detect";
import { fold, namesFederalLaw, placesIn } from "../analysis/jurisdictions/places";
import type { Db } from "../db/client";
import { analyses, companies, contractApprovalSteps, contracts, documentChanges, markups, sessions, users } from "../db/schema";
import { monthsOf, round1, startOfMonth, type TimeWindow } from "./window";

/**
 * The figures of the Analytics Dashboard, each one SQL over the company's own rows (DESIGN.md §3:
 * every query is scoped by companyId). The same functions answer the previous period, so a trend is
 * always the same measure over two windows.
 */

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const within = (column: AnyPgColumn | SQL, window: TimeWindow) => sql`(${column} >= ${at(window.from)} and ${column} < ${at(window.to)})`;

const OPEN = sql`${contracts.status} in ('under_review', 'pending_approval')`;
const FINISHED = sql`${contracts.status} in ('approved', 'rejected')`;
/**
 * When a contract's review finished: approval stamps completedAt; a rejection is the time the rejecting
 * step was decided (reopening clears both).
 */
const FINISHED_AT = sql`coalesce(${contracts.completedAt}, (select max(s.decided_at) from ${contractApprovalSteps} s where s.contract_id = ${contracts.id} and s.status = 'rejected'))`;

export interface OverviewFigures extends AnalyticsOverview {
  /** Of the contracts created in the window, how many are finished now. */
  finishedOfCreated: number;
}

/**
 * totalContracts: created in the window; activeReviews: of those, still under review or pending
 * approval; completedReviews: reviews that finished (approved or rejected) in the window;
 * averageReviewTime: their mean time from creation to finish, in hours.
 */
export async function overviewFigures(db: Db, companyId: string, window: TimeWindow): Promise<OverviewFigures> {
  const created = within(contracts.createdAt, window);
  const finished = sql`(${FINISHED} and ${within(FINISHED_AT, window)})`;
  const [row] = await db
    .select({
      totalContracts: sql<number>`(count(*) filter (where ${created}))::int`,
      activeReviews: sql<number>`(count(*) filter (where ${created} and ${OPEN}))::int`,
      finishedOfCreated: sql<number>`(count(*) filter (where ${created} and ${FINISHED}))::int`,
      completedReviews: sql<number>`(count(*) filter (where ${finished}))::int`,
      averageReviewTime: sql<number | null>`(avg(extract(epoch from (${FINISHED_AT} - ${contracts.createdAt})) / 3600) filter (where ${finished}))::float8`,
    })
    .from(contracts)
    .where(eq(contracts.companyId, companyId));
  return {
    totalContracts: Number(row?.totalContracts ?? 0),
    activeReviews: Number(row?.activeReviews ?? 0),
    finishedOfCreated: Number(row?.finishedOfCreated ?? 0),
    completedReviews: Number(row?.completedReviews ?? 0),
    averageReviewTime: round1(row?.averageReviewTime === null || row?.averageReviewTime === undefined ? null : Number(row.averageReviewTime)),
  };
}

/** Overall risk of the finished analyses of contracts created in the window; critical counts as high. */
export async function riskDistributionOf(db: Db, companyId: string, window: TimeWindow): Promise<RiskDistribution> {
  const rows = await db
    .select({ risk: analyses.overallRisk, count: sql<number>`count(*)::int` })
    .from(analyses)
    .innerJoin(contracts, eq(contracts.id, analyses.contractId))
    .where(and(eq(analyses.companyId, companyId), eq(contracts.companyId, companyId), eq(analyses.status, "done"), within(contracts.createdAt, window)))
    .groupBy(analyses.overallRisk);
  const out: RiskDistribution = { high: 0, medium: 0, low: 0 };
  for (const row of rows) {
    const count = Number(row.count);
    if (row.risk === "high" || row.risk === "critical") out.high += count;
    else if (row.risk === "medium") out.medium += count;
    else if (row.risk === "low") out.low += count;
  }
  return out;
}

/** Contracts created per calendar month (UTC) the window touches, newest first, empty months as 0. */
export async function monthlyStatsOf(db: Db, companyId: string, window: TimeWindow): Promise<MonthlyStat[]> {
  const month = sql<string>`to_char(date_trunc('month', ${contracts.createdAt} at time zone 'UTC'), 'YYYY-MM')`;
  const rows = await db
    .select({ month, count: sql<number>`count(*)::int` })
    .from(contracts)
    .where(and(eq(contracts.companyId, companyId), within(contracts.createdAt, window)))
    .groupBy(month);
  const counts = new Map(rows.map((row) => [row.month, Number(row.count)]));
  return monthsOf(window).map((key) => ({ month: key, contracts: counts.get(key) ?? 0 }));
}

interface Activity {
  userId: string | null;
  contractId: string;
  lastAt: Date | string | null;
  contractCreatedAt: Date | string;
}

/**
 * Team performance. A review is a contract a member worked on in the window: left a markup, proposed a
 * change, decided a change, or decided an approval step. Review time: from the contract's creation to
 * the member's last such action in the window, in hours. Accuracy: of the member's proposed changes
 * decided in the window, the share approved (percent).
 */
export async function teamPerformanceOf(db: Db, companyId: string, window: TimeWindow): Promise<TeamPerformanceRow[]> {
  const contractCreatedAt = contracts.createdAt;
  const sources: Promise<Activity[]>[] = [
    db
      .select({ userId: markups.userId, contractId: markups.contractId, lastAt: sql<Date>`max(${markups.createdAt})`, contractCreatedAt })
      .from(markups)
      .innerJoin(contracts, eq(contracts.id, markups.contractId))
      .where(and(eq(markups.companyId, companyId), eq(contracts.companyId, companyId), within(markups.createdAt, window)))
      .groupBy(markups.userId, markups.contractId, contracts.createdAt),
    db
      .select({ userId: documentChanges.userId, contractId: documentChanges.contractId, lastAt: sql<Date>`max(${documentChanges.createdAt})`, contractCreatedAt })
      .from(documentChanges)
      .innerJoin(contracts, eq(contracts.id, documentChanges.contractId))
      .where(and(eq(documentChanges.companyId, companyId), eq(contracts.companyId, companyId), within(documentChanges.createdAt, window)))
      .groupBy(documentChanges.userId, documentChanges.contractId, contracts.createdAt),
    db
      .select({ userId: documentChanges.decidedBy, contractId: documentChanges.contractId, lastAt: sql<Date>`max(${documentChanges.decidedAt})`, contractCreatedAt })
      .from(documentChanges)
      .innerJoin(contracts, eq(contracts.id, documentChanges.contractId))
      .where(and(eq(documentChanges.companyId, companyId), eq(contracts.companyId, companyId), isNotNull(documentChanges.decidedAt), within(documentChanges.decidedAt, window)))
      .groupBy(documentChanges.decidedBy, documentChanges.contractId, contracts.createdAt),
    db
      .select({
        userId: contractApprovalSteps.decidedBy,
        contractId: contractApprovalSteps.contractId,
        lastAt: sql<Date>`max(${contractApprovalSteps.decidedAt})`,
        contractCreatedAt,
      })
      .from(contractApprovalSteps)
      .innerJoin(contracts, eq(contracts.id, contractApprovalSteps.contractId))
      .where(
        and(
          eq(contractApprovalSteps.companyId, companyId),
          eq(contracts.companyId, companyId),
          isNotNull(contractApprovalSteps.decidedAt),
          within(contractApprovalSteps.decidedAt, window),
        ),
      )
      .groupBy(contractApprovalSteps.decidedBy, contractApprovalSteps.contractId, contracts.createdAt),
  ];
  const decided = db
    .select({
      userId: documentChanges.userId,
      approved: sql<number>`(count(*) filter (where ${documentChanges.status} = 'approved'))::int`,
      decided: sql<number>`count(*)::int`,
    })
    .from(documentChanges)
    .where(
      and(
        eq(documentChanges.companyId, companyId),
        inArray(documentChanges.status, ["approved", "rejected"]),
        isNotNull(documentChanges.decidedAt),
        within(documentChanges.decidedAt, window),
      ),
    )
    .groupBy(documentChanges.userId);
  const [activities, proposals] = await Promise.all([Promise.all(sources).then((lists) => lists.flat()), decided]);

  // Per member and contract: the last action in the window.
  const pairs = new Map<string, { userId: string; lastAt: number; createdAt: number }>();
  for (const row of activities) {
    if (!row.userId || row.lastAt === null) continue;
    const key = `${row.userId}:${row.contractId}`;
    const lastAt = new Date(row.lastAt).getTime();
    const previous = pairs.get(key);
    if (!previous || lastAt > previous.lastAt) pairs.set(key, { userId: row.userId, lastAt, createdAt: new Date(row.contractCreatedAt).getTime() });
  }
  const perUser = new Map<string, { reviews: number; hours: number }>();
  for (const pair of pairs.values()) {
    const entry = perUser.get(pair.userId) ?? { reviews: 0, hours: 0 };
    entry.reviews += 1;
    entry.hours += Math.max(0, pair.lastAt - pair.createdAt) / 3_600_000;
    perUser.set(pair.userId, entry);
  }
  const accuracy = new Map<string, number>();
  for (const row of proposals) if (row.userId && Number(row.decided) > 0) accuracy.set(row.userId, Math.round((Number(row.approved) / Number(row.decided)) * 100));

  const ids = [...new Set([...perUser.keys(), ...accuracy.keys()])];
  if (ids.length === 0) return [];
  const members = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, ids)));
  return members
    .map((member) => {
      const work = perUser.get(member.id);
      const name = [member.firstName, member.lastName].filter(Boolean).join(" ").trim() || member.email;
      return {
        userId: member.id,
        name,
        reviewsCompleted: work?.reviews ?? 0,
        avgReviewTime: work ? round1(work.hours / work.reviews) : null,
        accuracy: accuracy.get(member.id) ?? null,
      };
    })
    .sort((a, b) => b.reviewsCompleted - a.reviewsCompleted || a.name.localeCompare(b.name));
}

/** Shown for contracts whose governing law the analysis did not find. */
export const UNSPECIFIED_JURISDICTION = "Not specified";

/** Which province, territory or federal law a governing-law clause names. */
export function jurisdictionOfClause(excerpt: string | null): string {
  if (!excerpt) return UNSPECIFIED_JURISDICTION;
  const found = detectFindings(excerpt).governingLaw?.code ?? placesIn(fold(excerpt))[0]?.code ?? (namesFederalLaw(fold(excerpt)) ? "FED" : null);
  return found ? JURISDICTION_NAMES[found] : UNSPECIFIED_JURISDICTION;
}

const SEVERITY = (level: SQL) => sql`case ${level} when 'critical' then 10 when 'high' then 7.5 when 'medium' then 5 when 'low' then 2.5 end`;
/**
 * Complexity out of 10 of one analysed contract: the mean severity of its risk findings (low 2.5,
 * medium 5, high 7.5, critical 10); without findings, the severity of its overall risk.
 */
const COMPLEXITY = sql<number>`coalesce(
  (select avg(${SEVERITY(sql`r->>'riskLevel'`)}) from jsonb_array_elements(case when jsonb_typeof(${analyses.result}->'riskItems') = 'array' then ${analyses.result}->'riskItems' else '[]'::jsonb end) r),
  ${SEVERITY(sql`${analyses.overallRisk}`)},
  0)::float8`;
const GOVERNING_LAW_EXCERPT = sql<string | null>`jsonb_path_query_first(${analyses.result}, '$.clauses[*] ? (@.code == "governing_law").excerpt') #>> '{}'`;

/** Contracts created in the window with a finished analysis, by the jurisdiction of their governing law. */
export async function jurisdictionalBreakdownOf(db: Db, companyId: string, window: TimeWindow): Promise<JurisdictionalBreakdownRow[]> {
  const rows = await db
    .select({ excerpt: GOVERNING_LAW_EXCERPT, complexity: COMPLEXITY })
    .from(analyses)
    .innerJoin(contracts, eq(contracts.id, analyses.contractId))
    .where(and(eq(analyses.companyId, companyId), eq(contracts.companyId, companyId), eq(analyses.status, "done"), within(contracts.createdAt, window)));
  const groups = new Map<string, { count: number; total: number }>();
  for (const row of rows) {
    const jurisdiction = jurisdictionOfClause(row.excerpt);
    const group = groups.get(jurisdiction) ?? { count: 0, total: 0 };
    group.count += 1;
    group.total += Number(row.complexity ?? 0);
    groups.set(jurisdiction, group);
  }
  return [...groups]
    .map(([jurisdiction, group]) => ({ jurisdiction, count: group.count, avgComplexity: round1(group.total / group.count) ?? 0 }))
    .sort((a, b) => b.count - a.count || a.jurisdiction.localeCompare(b.jurisdiction));
}

/**
 * Platform metrics. Platform operators see the whole platform; everyone else sees their own company's
 * figures under the same names (one company, its members). Users are active members; an active user
 * signed in or used a session in the last 30 days.
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
  const [companyRow] =
    scope === "platform" ? await db.select({ count: sql<number>`count(*)::int` }).from(companies) : [{ count: 1 }];
  const contractScope = and(gte(contracts.createdAt, startOfMonth(now)), lt(contracts.createdAt, now));
  const [contractRow] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(contracts)
    .where(scope === "platform" ? contractScope : and(eq(contracts.companyId, companyId), contractScope));
  const totalUsers = Number(userRow?.totalUsers ?? 0);
  const totalCompanies = Number(companyRow?.count ?? 0);
  return {
    scope,
    totalUsers,
    totalCompanies,
    activeUsers30d: Number(userRow?.activeUsers30d ?? 0),
    contractsThisMonth: Number(contractRow?.count ?? 0),
    averageCompanySize: totalCompanies > 0 ? (round1(totalUsers / totalCompanies) ?? 0) : 0,
  };
}
