import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { BellRing } from "lucide-react";
import { REMINDER_FREQUENCIES, SETTINGS_MESSAGES, type NotificationSettingsRequest, type SettingsRecord } from "@clausewise/shared";
import { useSaveNotificationSettings } from "../../api/settings";
import { Button, buttonClasses } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { NativeSelect } from "../../components/ui/native-select";
import { Switch } from "../../components/ui/switch";
import { toast } from "../../stores/toast";
import { SectionTitle, toastFailure } from "./feedback";

type Flag = "emailDeadlines" | "emailAssignments" | "emailReports" | "inAppNotifications";

const SWITCHES: { key: Flag; label: string; hint: string }[] = [
  { key: "emailDeadlines", label: "Deadline Reminders", hint: "Email notifications for contract deadlines" },
  { key: "emailAssignments", label: "Team Assignments", hint: "Get notified when contracts are assigned to you" },
  { key: "emailReports", label: "Weekly Reports", hint: "A weekly summary of your contract activity by email" },
  { key: "inAppNotifications", label: "In-App Notifications", hint: "Show notifications inside ClauseWise" },
];

const FREQUENCY_LABELS: Record<(typeof REMINDER_FREQUENCIES)[number], string> = { daily: "Daily", weekly: "Weekly", monthly: "Monthly" };

function SwitchRow({ label, hint, checked, onChange }: { label: string; hint: string; checked: boolean; onChange: (value: boolean) => void }) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div>
        <p id={labelId} className="text-sm font-medium text-slate-900">
          {label}
        </p>
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      </div>
      <Switch checked={checked} onCheckedChange={onChange} aria-labelledby={labelId} aria-describedby={hintId} />
    </div>
  );
}

/** Settings › Notifications: a link to the full preferences page and the legacy form (spec §2). */
export function NotificationsTab({ settings }: { settings: SettingsRecord }) {
  const save = useSaveNotificationSettings();
  const [values, setValues] = useState<NotificationSettingsRequest>({
    emailDeadlines: settings.emailDeadlines,
    emailAssignments: settings.emailAssignments,
    emailReports: settings.emailReports,
    inAppNotifications: settings.inAppNotifications,
    reminderFrequency: settings.reminderFrequency,
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(values, {
      onSuccess: () => toast({ title: SETTINGS_MESSAGES.notificationsUpdated, description: "Your notification preferences have been saved." }),
      onError: (error) => toastFailure(error, "Failed to update notification preferences. Please try again."),
    });
  };

  return (
    <div className="space-y-4">
      <Card className="flex flex-wrap items-center justify-between gap-3 border-brand-100 bg-brand-50/60 p-4">
        <div className="flex items-start gap-3">
          <BellRing aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <div>
            <p className="text-sm font-semibold text-slate-900">Enhanced notification preferences</p>
            <p className="text-sm text-slate-600">Choose e-mail and in-app notifications per event, digest frequency and quiet hours.</p>
          </div>
        </div>
        <Link to="/notification-preferences" className={buttonClasses("secondary", "sm")}>
          Manage Notifications
        </Link>
      </Card>
      <Card className="p-5">
        <SectionTitle title="Legacy Notification Settings" />
        <form onSubmit={onSubmit}>
          <div className="divide-y divide-slate-100">
            {SWITCHES.map(({ key, label, hint }) => (
              <SwitchRow key={key} label={label} hint={hint} checked={values[key]} onChange={(value) => setValues((v) => ({ ...v, [key]: value }))} />
            ))}
          </div>
          <Field label="Reminder Frequency" className="mt-3 max-w-xs">
            {({ id }) => (
              <NativeSelect
                id={id}
                name="reminderFrequency"
                value={values.reminderFrequency}
                onChange={(e) => setValues((v) => ({ ...v, reminderFrequency: e.target.value as NotificationSettingsRequest["reminderFrequency"] }))}
              >
                {REMINDER_FREQUENCIES.map((value) => (
                  <option key={value} value={value}>
                    {FREQUENCY_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <div className="mt-4 flex justify-end">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving..." : "Save Preferences"}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
