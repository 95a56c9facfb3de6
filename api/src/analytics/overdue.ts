import { and, asc, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { OVERDUE_AGES, OVERDUE_LIST_MAX, dateOnlyIn, daysBetweenDateOnly, type OverdueAge, type OverdueItem, type OverdueKind, type OverdueWork } from "@clausewise/shared";
import { companyTimeZone } from "../commands/contracts/dates";
import type { Db } from "../db/client";
import { contracts, exhibits } from "../db/schema";

interface Due {
  kind: OverdueKind;
  contractId: string;
  contractTitle: string;
  itemTitle: string | null;
  /** The date-only deadline or expected date, 'YYYY-MM-DD'. */
  dueAt: string;
}

export function overdueAge(daysOverdue: number): OverdueAge {
  return OVERDUE_AGES.find((age) => daysOverdue <= age.maxDays)!.key;
}

/**
 * Work past its date at `now`: contracts under review past their review deadline, contracts pending
 * approval past their approval deadline, exhibits expected and still pending or planned (their
 * "overdue" is derived the same way the exhibit list derives it). A date is past once its day is over in
 * the company's time zone (issue 17); whole days past due, by age.
 */
export async function overdueWorkOf(db: Db, companyId: string, now: Date): Promise<OverdueWork> {
  const today = dateOnlyIn(await companyTimeZone(db, companyId), now);
  const contractsPast = (kind: "review" | "approval") => {
    const deadline = kind === "review" ? contracts.reviewDeadline : contracts.approvalDeadline;
    return db
      .select({ contractId: contracts.id, contractTitle: contracts.title, dueAt: sql<string>`${deadline}::text` })
      .from(contracts)
      .where(and(eq(contracts.companyId, companyId), eq(contracts.status, kind === "review" ? "under_review" : "pending_approval"), isNotNull(deadline), lt(deadline, today)));
  };
  const [reviews, approvals, exhibitRows] = await Promise.all([
    contractsPast("review"),
    contractsPast("approval"),
    db
      .select({ contractId: contracts.id, contractTitle: contracts.title, itemTitle: exhibits.title, dueAt: sql<string>`${exhibits.expectedDate}::text` })
      .from(exhibits)
      .innerJoin(contracts, and(eq(contracts.id, exhibits.contractId), eq(contracts.companyId, companyId)))
      .where(and(eq(exhibits.companyId, companyId), inArray(exhibits.status, ["pending", "planned"]), isNotNull(exhibits.expectedDate), lt(exhibits.expectedDate, today)))
      .orderBy(asc(exhibits.expectedDate)),
  ]);
  const due: Due[] = [
    ...reviews.map((r) => ({ ...r, kind: "review" as const, itemTitle: null })),
    ...approvals.map((r) => ({ ...r, kind: "approval" as const, itemTitle: null })),
    ...exhibitRows.map((r) => ({ ...r, kind: "exhibit" as const })),
  ];
  const items: OverdueItem[] = due
    .map((d) => ({ ...d, daysOverdue: daysBetweenDateOnly(d.dueAt, today) }))
    .sort((a, b) => a.dueAt.localeCompare(b.dueAt) || a.contractTitle.localeCompare(b.contractTitle));
  const byAge = OVERDUE_AGES.map((age) => ({ age: age.key, review: 0, approval: 0, exhibit: 0 }));
  for (const item of items) byAge.find((row) => row.age === overdueAge(item.daysOverdue))![item.kind] += 1;
  return {
    counts: { review: reviews.length, approval: approvals.length, exhibit: exhibitRows.length },
    byAge,
    items: items.slice(0, OVERDUE_LIST_MAX),
  };
}
