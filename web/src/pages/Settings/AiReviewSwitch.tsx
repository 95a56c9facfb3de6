import { useId } from "react";
import { Brain } from "lucide-react";
import { useAiReviewSetting, useSetAiReview } from "../../api/analysis";
import { errorText, isUnauthorizedError } from "../../api/client";
import { LoadError } from "../../components/contract/QueryState";
import { Card } from "../../components/ui/card";
import { Switch } from "../../components/ui/switch";
import { Skeleton } from "../../components/ui/spinner";
import { toast } from "../../stores/toast";

/**
 * Settings › Security: the company-wide "AI Contract Analysis" switch (billing-team-admin spec §2, §6:
 * admin only). The page shows it to users with the settings.aiReview ability; the server enforces it.
 */
export function AiReviewSwitch() {
  const setting = useAiReviewSetting();
  const update = useSetAiReview();
  const labelId = useId();
  const hintId = useId();

  const toggle = (enabled: boolean) =>
    update.mutate(enabled, {
      onSuccess: (saved) =>
        toast({
          title: "AI Review Setting Updated",
          description: `AI contract analysis has been ${saved.aiReviewEnabled ? "enabled" : "disabled"}.`,
        }),
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        toast({ title: "Update Failed", description: errorText(error, "Failed to update the AI review setting. Please try again."), variant: "destructive" });
      },
    });

  // While a change is on its way the switch shows where it is going.
  const checked = update.isPending ? update.variables : setting.data?.aiReviewEnabled;

  return (
    <Card className="p-5">
      <div className="flex items-start justify-between gap-4">
        <div className="flex min-w-0 items-start gap-3">
          <Brain aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <div>
            <h3 id={labelId} className="text-sm font-semibold text-slate-900">
              AI Contract Analysis
            </h3>
            <p id={hintId} className="mt-0.5 text-sm text-slate-600">
              Lets the AI analyse contracts, answer questions and review selected text for everyone in your company.
            </p>
          </div>
        </div>
        {setting.isPending ? (
          <Skeleton className="h-6 w-11 shrink-0 rounded-full" />
        ) : setting.isSuccess ? (
          <Switch checked={checked ?? false} onCheckedChange={toggle} disabled={update.isPending} aria-labelledby={labelId} aria-describedby={hintId} />
        ) : null}
      </div>
      {setting.isError && (
        <div className="mt-3">
          <LoadError what="The AI Contract Analysis setting" error={setting.error} onRetry={() => void setting.refetch()} />
        </div>
      )}
    </Card>
  );
}
