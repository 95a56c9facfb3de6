import { ANALYTICS_PERIOD_DAYS, type AnalyticsPeriod } from "@clausewise/shared";

const DAY_MS = 86_400_000;

/** A half-open time range [from, to). */
export interface TimeWindow {
  from: Date;
  to: Date;
}

/** The selected period ending now, and the period of the same length just before it. */
export function periodWindows(period: AnalyticsPeriod, now: Date): { current: TimeWindow; previous: TimeWindow } {
  const length = ANALYTICS_PERIOD_DAYS[period] * DAY_MS;
  const from = new Date(now.getTime() - length);
  return { current: { from, to: now }, previous: { from: new Date(from.getTime() - length), to: from } };
}

/** "YYYY-MM" of an instant, in UTC. */
export function monthKey(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** The calendar months (UTC) a window touches, newest first. */
export function monthsOf(window: TimeWindow): string[] {
  const last = new Date(window.to.getTime() - 1);
  const months: string[] = [];
  let year = last.getUTCFullYear();
  let month = last.getUTCMonth();
  const stop = monthKey(window.from);
  for (;;) {
    const key = `${year}-${String(month + 1).padStart(2, "0")}`;
    months.push(key);
    if (key <= stop) break;
    month -= 1;
    if (month < 0) {
      month = 11;
      year -= 1;
    }
  }
  return months;
}

export function startOfMonth(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** One decimal, or null. */
export function round1(value: number | null | undefined): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return Math.round(value * 10) / 10;
}
