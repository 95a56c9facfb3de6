import { UNLIMITED } from "@clausewise/shared";
import type { Db } from "../db/client";
import { AppError } from "../http/errors";
import { companyPlan, contractsThisMonth } from "./usage";

/**
 * Refuses an upload once the company has reached its plan's monthly contract limit (spec §9). Called
 * by the upload command before any work; a race between two uploads can overshoot by one, which is
 * cheaper than serialising every upload of a company.
 */
export async function assertCanUploadContract(db: Db, companyId: string, now: Date): Promise<void> {
  const plan = await companyPlan(db, companyId);
  if (plan.contractLimit === UNLIMITED) return;
  const used = await contractsThisMonth(db, companyId, now);
  if (used >= plan.contractLimit) {
    throw new AppError(
      "forbidden",
      `Your ${plan.name} plan allows ${plan.contractLimit} contracts per month and this month's limit has been reached. Upgrade your plan on the Pricing page to upload more contracts.`,
    );
  }
}
