import { dateOnlyIn, formatDateOnly, isPastDateOnly, type Priority } from "@clausewise/shared";

export const PRIORITY_TEXT: Record<Priority, string> = { low: "Low", medium: "Medium", high: "High", urgent: "Urgent" };

/** A deadline, a date-only 'YYYY-MM-DD' value, as "Dec 4, 2026": the same day in every time zone. */
export function deadlineText(value: string): string {
  return formatDateOnly(value);
}

/** Whether an open deadline (a day) has passed: it ended before today on the reader's calendar. */
export function isOverdue(value: string, now: Date = new Date()): boolean {
  return isPastDateOnly(value, dateOnlyIn(Intl.DateTimeFormat().resolvedOptions().timeZone, now));
}
