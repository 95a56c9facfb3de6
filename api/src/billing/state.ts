import { eq } from "drizzle-orm";
import type { CompanyRow } from "../auth/sessions";
import type { Db } from "../db/client";
import { companies, subscriptions } from "../db/schema";
import { notFound } from "../http/errors";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export interface BillingState {
  company: CompanyRow;
  subscription: SubscriptionRow | null;
}

/** The caller's company and its subscription row; scoped by company id, so nothing foreign is ever read. */
export async function loadBillingState(db: Db, companyId: string): Promise<BillingState> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) throw notFound("Company not found.");
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.companyId, companyId)).limit(1);
  return { company, subscription: subscription ?? null };
}

const DAY_MS = 86_400_000;

/** One calendar month on from `start` (the manual-billing period); the 31st falls back to the month's end. */
export function addMonth(start: Date): Date {
  const next = new Date(start);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** Whole days from `since` to `now`, never negative. */
export function daysBetween(since: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY_MS));
}
