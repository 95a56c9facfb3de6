import { useEffect, useState, type ReactNode } from "react";
import { CANADIAN_TIME_ZONES, DIGEST_FREQUENCIES, isImmediateMailKind, REMINDER_TIMINGS, type NotificationPreferences, type PreferenceKind } from "@clausewise/shared";
import { isUnauthorizedError } from "../../api/client";
import { useNotificationPreferences, useSaveNotificationPreferences } from "../../api/notification-preferences";
import { LoadError } from "../../components/contract/QueryState";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { Switch } from "../../components/ui/switch";
import { toast } from "../../stores/toast";

const KINDS: { kind: PreferenceKind; label: string; hint: string }[] = [
  { kind: "ContractAssigned", label: "Contract Assignments", hint: "When a contract is assigned to you or needs your approval" },
  { kind: "DeadlineReminders", label: "Deadline Reminders", hint: "Before review and approval deadlines" },
  { kind: "ContractApproved", label: "Contract Approvals", hint: "When a contract you work on is approved" },
  { kind: "ContractRejected", label: "Contract Rejections", hint: "When a contract you work on is rejected" },
  { kind: "NewComments", label: "New Comments", hint: "Markups and comments on your contracts" },
  { kind: "SystemUpdates", label: "System Updates", hint: "Product news and other messages" },
];

const DIGEST_LABELS: Record<(typeof DIGEST_FREQUENCIES)[number], string> = { daily: "Daily", weekly: "Weekly", never: "Never" };
const TIMING_LABELS: Record<(typeof REMINDER_TIMINGS)[number], string> = { "24h": "24 hours before", "48h": "48 hours before", "72h": "72 hours before", week: "1 week before" };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-5">
      <section aria-label={title} className="space-y-4">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {children}
      </section>
    </Card>
  );
}

function SwitchRow({ label, hint, checked, onChange }: { label: string; hint?: string; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <p className="text-sm font-medium text-slate-900">{label}</p>
        {hint && <p className="text-xs text-slate-500">{hint}</p>}
      </div>
      <Switch aria-label={label} checked={checked} onCheckedChange={onChange} />
    </div>
  );
}

/** Where a kind's e-mail goes: at once (action required) or into the digest the user chose. */
function mailTiming(kind: PreferenceKind, digest: NotificationPreferences["digestFrequency"]): string {
  if (isImmediateMailKind(kind) || digest === "never") return "Sent at once";
  return digest === "daily" ? "In your daily digest" : "In your weekly digest";
}

/**
 * The one notification preferences form: every switch here governs delivery on the server
 * (api/src/notifications). Used by /notification-preferences and by Settings › Notifications.
 */
export function NotificationPreferencesForm({ successTitle }: { successTitle: string }) {
  const query = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const [prefs, setPrefs] = useState<NotificationPreferences | null>(null);
  useEffect(() => {
    if (query.data) setPrefs(query.data);
  }, [query.data]);

  const set = <K extends keyof NotificationPreferences>(key: K, value: NotificationPreferences[K]) => setPrefs((p) => (p ? { ...p, [key]: value } : p));

  const submit = () => {
    if (!prefs) return;
    save.mutate(prefs, {
      onSuccess: () => toast({ title: successTitle, description: "Your notification preferences have been saved." }),
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        // The spec's fixed wording (billing-team-admin §8); the server's reason is not shown here.
        toast({ title: "Update Failed", description: "Failed to update notification preferences. Please try again.", variant: "destructive" });
      },
    });
  };

  if (query.isError) return <LoadError what="Your notification preferences" error={query.error} onRetry={() => void query.refetch()} />;
  if (!prefs)
    return (
      <p role="status" className="text-sm text-slate-600">
        Loading notification preferences...
      </p>
    );
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Section title="Email Notifications">
        {KINDS.map(({ kind, label, hint }) => (
          <SwitchRow key={kind} label={label} hint={`${hint}. ${mailTiming(kind, prefs.digestFrequency)}`} checked={prefs[`email${kind}`]} onChange={(v) => set(`email${kind}`, v)} />
        ))}
      </Section>
      <Section title="In-App Notifications">
        {KINDS.map(({ kind, label, hint }) => (
          <SwitchRow key={kind} label={label} hint={hint} checked={prefs[`inApp${kind}`]} onChange={(v) => set(`inApp${kind}`, v)} />
        ))}
      </Section>
      <Section title="Frequency & Timing">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Email Digest Frequency">
            {({ id }) => (
              <NativeSelect id={id} value={prefs.digestFrequency} onChange={(e) => set("digestFrequency", e.target.value as NotificationPreferences["digestFrequency"])}>
                {DIGEST_FREQUENCIES.map((f) => (
                  <option key={f} value={f}>
                    {DIGEST_LABELS[f]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field label="Deadline Reminder Timing">
            {({ id }) => (
              <NativeSelect id={id} value={prefs.reminderTiming} onChange={(e) => set("reminderTiming", e.target.value as NotificationPreferences["reminderTiming"])}>
                {REMINDER_TIMINGS.map((r) => (
                  <option key={r} value={r}>
                    {TIMING_LABELS[r]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        </div>
        <p className="text-sm text-slate-600">
          Assignments, approval requests and deadline reminders are e-mailed at once. The digest collects approvals, rejections, comments and system updates.
        </p>
      </Section>
      <Section title="Quiet Hours">
        <SwitchRow label="Enable" hint="Hold e-mail during these hours" checked={prefs.quietHours} onChange={(v) => set("quietHours", v)} />
        {prefs.quietHours && (
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Start Time">{({ id }) => <Input id={id} type="time" value={prefs.quietStart} onChange={(e) => set("quietStart", e.target.value)} />}</Field>
            <Field label="End Time">{({ id }) => <Input id={id} type="time" value={prefs.quietEnd} onChange={(e) => set("quietEnd", e.target.value)} />}</Field>
            <Field label="Timezone">
              {({ id }) => (
                <NativeSelect id={id} value={prefs.timezone} onChange={(e) => set("timezone", e.target.value)}>
                  {CANADIAN_TIME_ZONES.map((z) => (
                    <option key={z.id} value={z.id}>
                      {z.label}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          </div>
        )}
      </Section>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save Preferences"}
        </Button>
      </div>
    </form>
  );
}
