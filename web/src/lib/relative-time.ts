import { formatDistance } from "date-fns";

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * "5 hours ago" for the past, "in 2 days" for the future (spec §2: relative times read with 'ago' or
 * 'in'); an empty string for a value that is not a date, so a bad row never shows "Invalid Date".
 */
export function relativeTime(value: string | Date, now: Date = new Date()): string {
  const date = toDate(value);
  return date ? formatDistance(date, now, { addSuffix: true }) : "";
}

/** The full date and time, for a tooltip beside a relative time. */
export function absoluteTime(value: string | Date): string {
  const date = toDate(value);
  return date ? date.toLocaleString("en-CA", { dateStyle: "medium", timeStyle: "short" }) : "";
}
