import type { Priority } from "@clausewise/shared";

export const PRIORITY_TEXT: Record<Priority, string> = { low: "Low", medium: "Medium", high: "High", urgent: "Urgent" };

/** A deadline as a date ("Dec 4, 2026"), in the reader's calendar. */
export function deadlineText(value: string): string {
  return new Date(value).toLocaleDateString("en-CA", { month: "short", day: "numeric", year: "numeric" });
}

/** Whether an open deadline has passed. */
export function isOverdue(value: string, now: Date = new Date()): boolean {
  return new Date(value).getTime() < now.getTime();
}
