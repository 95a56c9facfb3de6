import { useId } from "react";
import { UsersRound } from "lucide-react";
import { APPROVAL_SETTINGS_MESSAGES } from "@clausewise/shared";
import { useApprovalSettings, useSetApprovalSettings } from "../../api/approval-settings";
import { errorText, isUnauthorizedError } from "../../api/client";
import { LoadError } from "../../components/contract/QueryState";
import { Card } from "../../components/ui/card";
import { Switch } from "../../components/ui/switch";
import { Skeleton } from "../../components/ui/spinner";
import { toast } from "../../stores/toast";

export const SINGLE_APPROVER_LABEL = "Allow one person to approve a contract alone";

/**
 * Settings › Company (issue 17): separation of duties. Off (the default), the person who approved Legal
 * Review and Finance Review cannot also give Final Approval; on, small teams may. Admins only; the
 * server enforces it when a step is approved (409 separation_of_duties).
 */
export function ApprovalSettingsCard() {
  const setting = useApprovalSettings();
  const update = useSetApprovalSettings();
  const labelId = useId();
  const hintId = useId();

  const toggle = (allowSingleApprover: boolean) =>
    update.mutate(allowSingleApprover, {
      onSuccess: (saved) =>
        toast({
          title: APPROVAL_SETTINGS_MESSAGES.updated,
          description: saved.allowSingleApprover
            ? "One person may now clear Legal, Finance and Final Approval alone."
            : "Legal, Finance and Final Approval now need at least two people.",
        }),
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        toast({ title: "Update Failed", description: errorText(error, "Failed to update the approval setting. Please try again."), variant: "destructive" });
      },
    });

  const checked = update.isPending ? update.variables : setting.data?.allowSingleApprover;

  return (
    <Card className="p-5">
      <div className="flex items-start justify-between gap-4">
        <div className="flex min-w-0 items-start gap-3">
          <UsersRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <div>
            <h3 id={labelId} className="text-sm font-semibold text-slate-900">
              {SINGLE_APPROVER_LABEL}
            </h3>
            <p id={hintId} className="mt-0.5 text-sm text-slate-600">
              Off: whoever approved Legal Review and Finance Review cannot also give Final Approval, so every contract is
              approved by at least two people. Turn it on only if your team is too small for that.
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
          <LoadError what="The approval setting" error={setting.error} onRetry={() => void setting.refetch()} />
        </div>
      )}
    </Card>
  );
}
