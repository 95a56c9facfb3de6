import type { NotificationPreferences } from "@clausewise/shared";

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      weekday: "short",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock in `timeZone` at the instant `at`. */
export function localParts(at: Date, timeZone: string): LocalParts {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(at).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    weekday: WEEKDAYS[parts.weekday!] ?? 0,
  };
}

/** Minutes past local midnight of "HH:MM". */
export function minutesOf(time: string): number {
  const [h, m] = time.split(":").map(Number);
  return h! * 60 + m!;
}

/** The instant at which the wall clock in `timeZone` shows the given local date and time (DST-aware). */
function instantOf(year: number, month: number, day: number, minutes: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day, Math.floor(minutes / 60), minutes % 60);
  let guess = wall;
  // Two rounds settle the offset also on the days the clocks change.
  for (let i = 0; i < 2; i++) {
    const p = localParts(new Date(guess), timeZone);
    const shown = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
    guess += wall - shown;
  }
  return new Date(guess);
}

/**
 * The first instant strictly after `after` at which the local clock in `timeZone` reads `time`,
 * optionally only on the given weekday (0 = Sunday).
 */
export function nextLocalTime(after: Date, timeZone: string, time: string, weekday?: number): Date {
  const today = localParts(after, timeZone);
  for (let offset = 0; offset <= 8; offset++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    if (weekday !== undefined && date.getUTCDay() !== weekday) continue;
    const candidate = instantOf(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), minutesOf(time), timeZone);
    if (candidate.getTime() > after.getTime()) return candidate;
  }
  throw new Error(`No local ${time} found in ${timeZone} after ${after.toISOString()}`);
}

type QuietPrefs = Pick<NotificationPreferences, "quietHours" | "quietStart" | "quietEnd" | "timezone">;

/**
 * Whether `at` falls inside the user's quiet hours, read on the clock of their time zone. A window
 * whose start is later than its end crosses midnight (22:00–08:00); equal start and end is no window.
 */
export function inQuietHours(at: Date, prefs: QuietPrefs): boolean {
  if (!prefs.quietHours) return false;
  const start = minutesOf(prefs.quietStart);
  const end = minutesOf(prefs.quietEnd);
  if (start === end) return false;
  const p = localParts(at, prefs.timezone);
  const now = p.hour * 60 + p.minute;
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** When held mail may go: `at` itself outside quiet hours, otherwise the end of the current window. */
export function mailableAt(at: Date, prefs: QuietPrefs): Date {
  return inQuietHours(at, prefs) ? nextLocalTime(at, prefs.timezone, prefs.quietEnd) : at;
}
