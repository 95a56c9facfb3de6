import { PLAN_IDS, planHasFeature, planUpgradeMessage, type PlanFeature, type PlanId } from "@clausewise/shared";
import type { CompanyRow } from "../auth/sessions";
import { AppError } from "../http/errors";

const planIdOf = (company: Pick<CompanyRow, "subscriptionPlan">): PlanId =>
  (PLAN_IDS as readonly string[]).includes(company.subscriptionPlan) ? (company.subscriptionPlan as PlanId) : "starter";

/**
 * Refuses a feature the company's plan does not include (PLAN_FEATURES in shared, the table the
 * Pricing page lists): 403 `plan_upgrade_required` naming the plan that has it. Routes call it after
 * validation and role checks, so a wrong role or bad input answers as before.
 */
export function requirePlanFeature(company: Pick<CompanyRow, "subscriptionPlan">, feature: PlanFeature): void {
  const plan = planIdOf(company);
  if (!planHasFeature(plan, feature)) throw new AppError("plan_upgrade_required", planUpgradeMessage(feature, plan));
}
