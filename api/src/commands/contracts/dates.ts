import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { dateOnlyIn, dateOnlyParts } from "@clausewise/shared";
import { companies, notificationPreferences } from "../../db/schema";

/** The column default of notification_preferences.timezone, used when a user has no row. */
export const DEFAULT_TIME_ZONE = "America/Toronto";

export interface WallTime {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isTimeZone(value: string): boolean {
  try {
    formatter(value);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock time at `date` in `timeZone`. */
export function wallTime(date: Date, timeZone: string): WallTime {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(date).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    millisecond: date.getUTCMilliseconds(),
  };
}

const asUtc = (w: WallTime) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond);

/**
 * The instant at which the clocks of `timeZone` show `wall`. Date.UTC normalises overflowing fields
 * (day 32 → next month). Like Temporal's "compatible": a time repeated when clocks fall back is its
 * first occurrence; a time skipped when they spring forward moves forward by the gap (02:30 → 03:30).
 */
export function fromWallTime(wall: WallTime, timeZone: string): Date {
  const guess = asUtc(wall);
  const offsetAt = (t: number) => asUtc(wallTime(new Date(t), timeZone)) - t;
  const first = guess - offsetAt(guess);
  const candidates = [...new Set([first, guess - offsetAt(first)])].sort((a, b) => a - b);
  const exact = candidates.find((t) => asUtc(wallTime(new Date(t), timeZone)) === guess);
  return new Date(exact ?? candidates[candidates.length - 1]!);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date field of a form (validated by shared isDateInput): a calendar date means the end of that
 * day where the user is (a deadline of "2026-12-04" lasts all of that Friday); a date-time is taken
 * as written.
 */
export function parseDateInput(value: string, timeZone: string): Date {
  const date = DATE_ONLY.exec(value);
  if (!date) return new Date(value);
  return fromWallTime({ year: Number(date[1]), month: Number(date[2]), day: Number(date[3]), hour: 23, minute: 59, second: 59, millisecond: 999 }, timeZone);
}

/** The user's time zone from their notification preferences (Settings), or the product default. */
export async function userTimeZone(db: Db, userId: string): Promise<string> {
  const [row] = await db
    .select({ timezone: notificationPreferences.timezone })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .limit(1);
  return row && isTimeZone(row.timezone) ? row.timezone : DEFAULT_TIME_ZONE;
}


/** `value` when it is a time zone this runtime knows, else the product default. */
export function safeTimeZone(value: string | null | undefined): string {
  return value && isTimeZone(value) ? value : DEFAULT_TIME_ZONE;
}

/** The company's time zone (companies.timezone): where its date-only values end and turn overdue. */
export async function companyTimeZone(db: Db, companyId: string): Promise<string> {
  const [row] = await db.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row && isTimeZone(row.timezone) ? row.timezone : DEFAULT_TIME_ZONE;
}

/**
 * A date field of a form as the date-only value stored (issue 17): a calendar date is kept as written;
 * a date-time (API clients) becomes the date it falls on in `timeZone`.
 */
export function dateInputToDateOnly(value: string, timeZone: string): string {
  return dateOnlyParts(value) ? value : dateOnlyIn(timeZone, new Date(value));
}

/** The last instant of a date-only value's day in `timeZone` (a deadline lasts all of that day). */
export function endOfDateOnly(date: string, timeZone: string): Date {
  const parts = dateOnlyParts(date);
  if (!parts) throw new RangeError(`Not a date: ${date}`);
  return fromWallTime({ ...parts, hour: 23, minute: 59, second: 59, millisecond: 999 }, timeZone);
}
