import { and, asc, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { OVERDUE_AGES, OVERDUE_LIST_MAX, type OverdueAge, type OverdueItem, type OverdueKind, type OverdueWork } from "@clausewise/shared";
import type { Db } from "../db/client";
import { contracts, exhibits } from "../db/schema";

const DAY = 86_400_000;

interface Due {
  kind: OverdueKind;
  contractId: string;
  contractTitle: string;
  itemTitle: string | null;
  dueAt: Date;
}

export function overdueAge(daysOverdue: number): OverdueAge {
  return OVERDUE_AGES.find((age) => daysOverdue <= age.maxDays)!.key;
}

/**
 * Work past its date at `now`: contracts under review past their review deadline, contracts pending
 * approval past their approval deadline, exhibits expected and still pending or planned (their
 * "overdue" is derived the same way the exhibit list derives it). Whole days past due, by age.
 */
export async function overdueWorkOf(db: Db, companyId: string, now: Date): Promise<OverdueWork> {
  const contractsPast = (kind: "review" | "approval") => {
    const deadline = kind === "review" ? contracts.reviewDeadline : contracts.approvalDeadline;
    return db
      .select({ contractId: contracts.id, contractTitle: contracts.title, dueAt: sql<Date>`${deadline}` })
      .from(contracts)
      .where(and(eq(contracts.companyId, companyId), eq(contracts.status, kind === "review" ? "under_review" : "pending_approval"), isNotNull(deadline), lt(deadline, now)));
  };
  const [reviews, approvals, exhibitRows] = await Promise.all([
    contractsPast("review"),
    contractsPast("approval"),
    db
      .select({ contractId: contracts.id, contractTitle: contracts.title, itemTitle: exhibits.title, dueAt: sql<Date>`${exhibits.expectedDate}` })
      .from(exhibits)
      .innerJoin(contracts, and(eq(contracts.id, exhibits.contractId), eq(contracts.companyId, companyId)))
      .where(and(eq(exhibits.companyId, companyId), inArray(exhibits.status, ["pending", "planned"]), isNotNull(exhibits.expectedDate), lt(exhibits.expectedDate, now)))
      .orderBy(asc(exhibits.expectedDate)),
  ]);
  const due: Due[] = [
    ...reviews.map((r) => ({ ...r, kind: "review" as const, itemTitle: null, dueAt: new Date(r.dueAt) })),
    ...approvals.map((r) => ({ ...r, kind: "approval" as const, itemTitle: null, dueAt: new Date(r.dueAt) })),
    ...exhibitRows.map((r) => ({ ...r, kind: "exhibit" as const, dueAt: new Date(r.dueAt) })),
  ];
  const items: OverdueItem[] = due
    .map((d) => ({ ...d, dueAt: d.dueAt.toISOString(), daysOverdue: Math.floor((now.getTime() - d.dueAt.getTime()) / DAY) }))
    .sort((a, b) => a.dueAt.localeCompare(b.dueAt) || a.contractTitle.localeCompare(b.contractTitle));
  const byAge = OVERDUE_AGES.map((age) => ({ age: age.key, review: 0, approval: 0, exhibit: 0 }));
  for (const item of items) byAge.find((row) => row.age === overdueAge(item.daysOverdue))![item.kind] += 1;
  return {
    counts: { review: reviews.length, approval: approvals.length, exhibit: exhibitRows.length },
    byAge,
    items: items.slice(0, OVERDUE_LIST_MAX),
  };
}
