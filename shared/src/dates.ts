/*
 * Date-only values (deadlines, exhibit expected dates; issue 17): a calendar day, exchanged as
 * 'YYYY-MM-DD' and never turned into a Date at midnight UTC, which would show the day before west of
 * Greenwich. One formatter for the browser, the notifications and the e-mails, so they read the same.
 */

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** The year, month (1-12) and day of a valid 'YYYY-MM-DD', or null. */
export function dateOnlyParts(value: string | null | undefined): { year: number; month: number; day: number } | null {
  const match = value ? DATE_ONLY.exec(value) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return { year, month, day };
}

export function isDateOnly(value: string | null | undefined): value is string {
  return dateOnlyParts(value) !== null;
}

/** "Dec 4, 2026" for '2026-12-04', the same in every time zone; "" for anything else. */
export function formatDateOnly(value: string | null | undefined): string {
  const parts = dateOnlyParts(value);
  return parts ? `${MONTHS[parts.month - 1]} ${parts.day}, ${parts.year}` : "";
}

/** The calendar date ('YYYY-MM-DD') that the clocks of `timeZone` show at `at`. */
export function dateOnlyIn(timeZone: string, at: Date = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(at).map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'): positive when `to` is later. */
export function daysBetweenDateOnly(from: string, to: string): number {
  const a = dateOnlyParts(from);
  const b = dateOnlyParts(to);
  if (!a || !b) return Number.NaN;
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}

/** `date` plus `days` calendar days, as 'YYYY-MM-DD'. */
export function addDaysToDateOnly(date: string, days: number): string {
  const parts = dateOnlyParts(date);
  if (!parts) throw new RangeError(`Not a date: ${date}`);
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day + days)).toISOString().slice(0, 10);
}

/** A date-only value is past once its whole day is over: `today` is the date where it is decided. */
export function isPastDateOnly(date: string | null | undefined, today: string): boolean {
  return isDateOnly(date) && date < today;
}

/** The zones a company may keep its dates in (Settings › Company): Canada's, east to west. */
export const COMPANY_TIME_ZONES = [
  "America/St_Johns",
  "America/Halifax",
  "America/Toronto",
  "America/Winnipeg",
  "America/Regina",
  "America/Edmonton",
  "America/Vancouver",
  "America/Whitehorse",
] as const;
export type CompanyTimeZone = (typeof COMPANY_TIME_ZONES)[number];
export const DEFAULT_COMPANY_TIME_ZONE: CompanyTimeZone = "America/Toronto";

export const COMPANY_TIME_ZONE_LABELS: Record<CompanyTimeZone, string> = {
  "America/St_Johns": "Newfoundland (St. John's)",
  "America/Halifax": "Atlantic (Halifax)",
  "America/Toronto": "Eastern (Toronto)",
  "America/Winnipeg": "Central (Winnipeg)",
  "America/Regina": "Saskatchewan (Regina)",
  "America/Edmonton": "Mountain (Edmonton)",
  "America/Vancouver": "Pacific (Vancouver)",
  "America/Whitehorse": "Yukon (Whitehorse)",
};
