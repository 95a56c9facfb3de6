import { useEffect, useId, useState, type FormEvent } from "react";
import { Timer } from "lucide-react";
import { CONTRACT_MESSAGES, retentionSettings } from "@clausewise/shared";
import { errorText, isUnauthorizedError } from "../../api/client";
import { useRetention, useSetRetention } from "../../api/retention";
import { LoadError } from "../../components/contract/QueryState";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { TextField } from "../../components/ui/field";
import { Switch } from "../../components/ui/switch";
import { Skeleton } from "../../components/ui/spinner";
import { toast } from "../../stores/toast";

const DEFAULT_DAYS = 365;

/**
 * Settings › Company: "Erase contracts N days after approval" (issue 12). Off by default; shown to
 * users with the settings.company ability (admins); the server enforces it and a daily job erases.
 */
export function RetentionCard() {
  const setting = useRetention();
  const save = useSetRetention();
  const labelId = useId();
  const hintId = useId();
  const [on, setOn] = useState(false);
  const [days, setDays] = useState(String(DEFAULT_DAYS));
  const [error, setError] = useState<string | undefined>();

  // Start from what the server holds, once it has answered.
  const saved = setting.data?.retentionDays;
  useEffect(() => {
    if (saved === undefined) return;
    setOn(saved !== null);
    setDays(String(saved ?? DEFAULT_DAYS));
  }, [saved]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = retentionSettings.safeParse({ retentionDays: on ? Number(days.trim() === "" ? Number.NaN : days) : null });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data.retentionDays, {
      onSuccess: (result) =>
        toast({
          title: CONTRACT_MESSAGES.retentionUpdated,
          description: result.retentionDays === null ? "Contracts are kept until someone deletes them." : `Contracts are erased ${result.retentionDays} days after their approval.`,
        }),
      onError: (failure) => {
        if (!isUnauthorizedError(failure)) toast({ title: "Update Failed", description: errorText(failure, "Please try again."), variant: "destructive" });
      },
    });
  };

  return (
    <Card className="p-5">
      <form noValidate onSubmit={onSubmit}>
        <div className="flex items-start justify-between gap-4">
          <div className="flex min-w-0 items-start gap-3">
            <Timer aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <div>
              <h3 id={labelId} className="text-sm font-semibold text-slate-900">
                Erase contracts after approval
              </h3>
              <p id={hintId} className="mt-0.5 text-sm text-slate-600">
                Once a day, approved contracts older than this are erased with everything about them: text, versions, analyses,
                exhibits and files. Off: contracts are kept until an administrator deletes them.
              </p>
            </div>
          </div>
          {setting.isPending ? (
            <Skeleton className="h-6 w-11 shrink-0 rounded-full" />
          ) : setting.isSuccess ? (
            <Switch checked={on} onCheckedChange={setOn} disabled={save.isPending} aria-labelledby={labelId} aria-describedby={hintId} />
          ) : null}
        </div>
        {setting.isError && (
          <div className="mt-3">
            <LoadError what="The retention setting" error={setting.error} onRetry={() => void setting.refetch()} />
          </div>
        )}
        {setting.isSuccess && (
          <div className="mt-4 flex flex-wrap items-end gap-3">
            {on && (
              <TextField
                label="Days after approval"
                name="retentionDays"
                type="number"
                inputMode="numeric"
                min={1}
                value={days}
                onChange={(e) => setDays(e.target.value)}
                error={error}
                className="w-48"
              />
            )}
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving..." : "Save Retention"}
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}
