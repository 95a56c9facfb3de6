import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { companySettings } from "../db/schema";
import { AppError } from "../http/errors";

export const AI_DISABLED_MESSAGE = "AI review is turned off for your company. An administrator can turn it on in Settings › Security.";

/** The company-wide AI Contract Analysis switch (on unless an admin turned it off). */
export async function aiReviewEnabled(db: Db, companyId: string): Promise<boolean> {
  const [row] = await db.select({ enabled: companySettings.aiReviewEnabled }).from(companySettings).where(eq(companySettings.companyId, companyId));
  return row?.enabled ?? true;
}

/** Refuses any analysis while the company's switch is off (403 ai_disabled). */
export async function requireAiReview(db: Db, companyId: string): Promise<void> {
  if (!(await aiReviewEnabled(db, companyId))) throw new AppError("ai_disabled", AI_DISABLED_MESSAGE);
}

export async function setAiReview(db: Db, companyId: string, enabled: boolean, now: Date): Promise<void> {
  await db
    .insert(companySettings)
    .values({ companyId, aiReviewEnabled: enabled, updatedAt: now })
    .onConflictDoUpdate({ target: companySettings.companyId, set: { aiReviewEnabled: enabled, updatedAt: now } });
}
