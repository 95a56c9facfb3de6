import { useId, type ReactNode } from "react";
import type { UseMutationResult, UseQueryResult } from "@tanstack/react-query";
import type { LucideIcon } from "lucide-react";
import { errorText, isUnauthorizedError } from "../../api/client";
import { LoadError } from "../../components/contract/QueryState";
import { Card } from "../../components/ui/card";
import { Switch } from "../../components/ui/switch";
import { Skeleton } from "../../components/ui/spinner";
import { toast } from "../../stores/toast";

interface SettingSwitchCardProps<T> {
  icon: LucideIcon;
  title: ReactNode;
  hint: ReactNode;
  /** The setting's name in a load error ("The approval setting could not be loaded"). */
  what: string;
  setting: UseQueryResult<T>;
  update: UseMutationResult<T, Error, boolean>;
  /** Whether the switch is on in a loaded or saved value. */
  isOn: (value: T) => boolean;
  /** The success toast for what was saved. */
  saved: (value: T) => { title: string; description: string };
  /** The failure toast's text when the server gives none. */
  failed: string;
}

/**
 * One company-wide switch in a card (the AI review switch, separation of duties): loads, shows where a
 * change is going while it is on its way, toasts the outcome; the server enforces who may change it.
 */
export function SettingSwitchCard<T>({ icon: Icon, title, hint, what, setting, update, isOn, saved, failed }: SettingSwitchCardProps<T>) {
  const labelId = useId();
  const hintId = useId();

  const toggle = (on: boolean) =>
    update.mutate(on, {
      onSuccess: (value) => toast(saved(value)),
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        toast({ title: "Update Failed", description: errorText(error, failed), variant: "destructive" });
      },
    });

  // While a change is on its way the switch shows where it is going.
  const checked = update.isPending ? update.variables : setting.data !== undefined ? isOn(setting.data) : false;

  return (
    <Card className="p-5">
      <div className="flex items-start justify-between gap-4">
        <div className="flex min-w-0 items-start gap-3">
          <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <div>
            <h3 id={labelId} className="text-sm font-semibold text-slate-900">
              {title}
            </h3>
            <p id={hintId} className="mt-0.5 text-sm text-slate-600">
              {hint}
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
          <LoadError what={what} error={setting.error} onRetry={() => void setting.refetch()} />
        </div>
      )}
    </Card>
  );
}
