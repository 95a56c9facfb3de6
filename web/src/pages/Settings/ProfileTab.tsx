import { useState, type FormEvent } from "react";
import { profileUpdateRequest, SETTINGS_MESSAGES, type SettingsRecord } from "@clausewise/shared";
import { ApiError } from "../../api/client";
import { useSaveProfile, useTwoFactorStatus } from "../../api/settings";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { TextField } from "../../components/ui/field";
import { useSchemaForm } from "../../lib/use-schema-form";
import { toast } from "../../stores/toast";
import { SectionTitle, toastFailure } from "./feedback";

type ProofField = "currentPassword" | "code" | "email";

function emailHint(settings: SettingsRecord): string | undefined {
  if (settings.pendingEmail) return `Pending: ${settings.pendingEmail}. Open the link we sent to that address to finish the change.`;
  return settings.emailVerified ? undefined : "Not verified yet: follow the link we emailed you.";
}

/**
 * Settings › Profile (spec §2, §5): first and last name and a valid e-mail are required. A new e-mail
 * address asks for the current password (or, with two-factor sign-in on, an authenticator code) and
 * takes effect only when the link mailed to it is opened; until then it shows as pending.
 */
export function ProfileTab({ settings }: { settings: SettingsRecord }) {
  const save = useSaveProfile();
  const { values, errors, set, validate } = useSchemaForm(profileUpdateRequest, {
    firstName: settings.firstName ?? "",
    lastName: settings.lastName ?? "",
    email: settings.email,
    phone: settings.phone ?? "",
    jobTitle: settings.jobTitle ?? "",
    currentPassword: "",
    code: "",
  });
  const [serverErrors, setServerErrors] = useState<Partial<Record<ProofField, string>>>({});
  const emailChanging = values.email.trim().toLowerCase() !== settings.email;
  const twoFactor = useTwoFactorStatus(emailChanging);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setServerErrors({});
    const parsed = validate();
    if (!parsed) return;
    const emailChanged = parsed.email !== settings.email;
    const { currentPassword, code, ...profile } = values;
    const proof = emailChanged ? { ...(currentPassword ? { currentPassword } : {}), ...(code.trim() ? { code } : {}) } : {};
    save.mutate(
      { ...profile, ...proof },
      {
        onSuccess: (saved) => {
          // The sign-in address stays as it is until the new one is confirmed.
          set("email")({ target: { value: saved.email } });
          set("currentPassword")({ target: { value: "" } });
          set("code")({ target: { value: "" } });
          toast({
            title: SETTINGS_MESSAGES.profileUpdated,
            description: emailChanged ? SETTINGS_MESSAGES.emailChangePending : "Your profile information has been saved.",
          });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setServerErrors(error.fields);
          toastFailure(error, "Failed to update your profile. Please try again.");
        },
      },
    );
  };

  return (
    <Card className="p-5">
      <SectionTitle title="Profile Information" description="Your name and contact details as your team sees them." />
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First Name" name="firstName" autoComplete="given-name" value={values.firstName} onChange={set("firstName")} error={errors.firstName} />
          <TextField label="Last Name" name="lastName" autoComplete="family-name" value={values.lastName} onChange={set("lastName")} error={errors.lastName} />
        </div>
        <TextField
          label="Email Address"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set("email")}
          error={errors.email ?? serverErrors.email}
          hint={emailHint(settings)}
        />
        {emailChanging && (
          <div className="grid gap-4 rounded-md border border-amber-200 bg-amber-50 p-3 sm:grid-cols-2">
            <TextField
              label="Current Password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              hint="Needed to change the address you sign in with."
              value={values.currentPassword}
              onChange={set("currentPassword")}
              error={errors.currentPassword ?? serverErrors.currentPassword}
            />
            {twoFactor.data?.enabled && (
              <TextField
                label="Or Authenticator Code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                hint="A code from your authenticator app works instead of the password."
                value={values.code}
                onChange={set("code")}
                error={errors.code ?? serverErrors.code}
              />
            )}
          </div>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Phone Number" name="phone" type="tel" autoComplete="tel" value={values.phone} onChange={set("phone")} error={errors.phone} />
          <TextField label="Job Title" name="jobTitle" autoComplete="organization-title" value={values.jobTitle} onChange={set("jobTitle")} error={errors.jobTitle} />
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save Changes"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
