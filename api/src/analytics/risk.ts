import { and, eq, sql, type SQL } from "drizzle-orm";
import { JURISDICTION_NAMES, type JurisdictionalBreakdownRow, type RiskDistribution } from "@clausewise/shared";
import { detectFindings } from "../analysis/jurisdictions/detect";
import { fold, namesFederalLaw, placesIn } from "../analysis/jurisdictions/places";
import type { Db } from "../db/client";
import { analyses, contracts } from "../db/schema";
import { within } from "./sql";
import { round1, type TimeWindow } from "./window";

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
