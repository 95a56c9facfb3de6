import type { AuditFilterQuery } from "@clausewise/shared";

/** What the filter bar holds: days as the date inputs give them ("2026-03-01", the viewer's own calendar). */
export interface AuditFilterForm {
  userId: string;
  action: string;
  contractId: string;
  fromDay: string;
  toDay: string;
}

export const NO_FILTERS: AuditFilterForm = { userId: "", action: "", contractId: "", fromDay: "", toDay: "" };

function localMidnight(day: string, plusDays = 0): string | undefined {
  const [y, m, d] = day.split("-").map(Number);
  if (!y || !m || !d) return undefined;
  const date = new Date(y, m - 1, d + plusDays);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * The API's filters: the chosen days become instants in the viewer's time zone, from the start of
 * the first day to the end of the last, so "today" means the viewer's today.
 */
export function toAuditQuery(form: AuditFilterForm): AuditFilterQuery {
  return {
    userId: form.userId || undefined,
    action: form.action || undefined,
    contractId: form.contractId || undefined,
    from: form.fromDay ? localMidnight(form.fromDay) : undefined,
    to: form.toDay ? localMidnight(form.toDay, 1) : undefined,
  };
}
