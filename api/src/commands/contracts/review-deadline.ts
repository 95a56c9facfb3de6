import { REVIEW_BUSINESS_DAYS, type Priority } from "@clausewise/shared";
import { DEFAULT_TIME_ZONE, fromWallTime, wallTime } from "./dates";

/** 0 = Sunday … 6 = Saturday, of a calendar date (the weekday does not depend on the zone once the date is known). */
function weekday(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/**
 * `from` plus `days` business days, at the same wall-clock time in `timeZone`. Business days are
 * Monday to Friday; Saturdays and Sundays are skipped. Counting from a weekend starts on Monday
 * (Saturday + 1 = Monday, like Friday + 1). Statutory holidays are not skipped: they differ by
 * province and employer, and a deadline a day early is safer than one a day late.
 */
export function addBusinessDays(from: Date, days: number, timeZone: string = DEFAULT_TIME_ZONE): Date {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`days must be a whole number ≥ 0, got ${days}`);
  const start = wallTime(from, timeZone);
  let offset = 0;
  for (let counted = 0; counted < days; ) {
    offset += 1;
    const dow = weekday(start.year, start.month, start.day + offset);
    if (dow !== 0 && dow !== 6) counted += 1;
  }
  return fromWallTime({ ...start, day: start.day + offset }, timeZone);
}

/**
 * The review deadline of an upload whose uploader set none (spec §5: "calculated from priority (rule
 * not shown)"; ours): urgent 2, high 5, medium 10, low 20 business days from the upload, in the
 * uploader's time zone (Settings; default America/Toronto). See addBusinessDays for what counts.
 */
export function defaultReviewDeadline(priority: Priority, from: Date, timeZone: string = DEFAULT_TIME_ZONE): Date {
  return addBusinessDays(from, REVIEW_BUSINESS_DAYS[priority], timeZone);
}
