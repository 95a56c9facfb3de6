import { Link } from "react-router-dom";
import { Sparkles } from "lucide-react";
import { PLAN_FEATURES, PLANS, type PlanFeature } from "@clausewise/shared";
import { ApiError } from "../api/client";
import { buttonClasses } from "./ui/button";
import { Card } from "./ui/card";

/** A 403 `plan_upgrade_required`: the company's plan lacks the feature (PLAN_FEATURES in shared). */
export function isPlanUpgradeError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === "plan_upgrade_required";
}

/** The server's message (which plan has the feature) with the way to upgrade: the subscription page, that plan chosen. */
export function PlanUpgradeNotice({ error, feature }: { error: ApiError; feature: PlanFeature }) {
  const plan = PLAN_FEATURES[feature].plan;
  return (
    <Card role="alert" className="flex flex-wrap items-center justify-between gap-3 border-brand-100 bg-brand-50/60 p-5">
      <div className="flex items-start gap-3">
        <Sparkles aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <div>
          <p className="text-sm font-semibold text-slate-900">Upgrade required</p>
          <p className="text-sm text-slate-700">{error.serverMessage}</p>
        </div>
      </div>
      <div className="flex gap-2">
        <Link to="/pricing" className={buttonClasses("secondary", "sm")}>
          Compare plans
        </Link>
        <Link to={`/subscription?plan=${plan}`} className={buttonClasses("primary", "sm")}>
          Upgrade to {PLANS[plan].name}
        </Link>
      </div>
    </Card>
  );
}
