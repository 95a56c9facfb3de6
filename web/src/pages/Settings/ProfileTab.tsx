import type { FormEvent } from "react";
import { profileUpdateRequest, SETTINGS_MESSAGES, type SettingsRecord } from "@clausewise/shared";
import { useSaveProfile } from "../../api/settings";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { TextField } from "../../components/ui/field";
import { useSchemaForm } from "../../lib/use-schema-form";
import { toast } from "../../stores/toast";
import { SectionTitle, toastFailure } from "./feedback";

/** Settings › Profile (spec §2, §5): first and last name and a valid e-mail are required. */
export function ProfileTab({ settings }: { settings: SettingsRecord }) {
  const save = useSaveProfile();
  const { values, errors, set, validate } = useSchemaForm(profileUpdateRequest, {
    firstName: settings.firstName ?? "",
    lastName: settings.lastName ?? "",
    email: settings.email,
    phone: settings.phone ?? "",
    jobTitle: settings.jobTitle ?? "",
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = validate();
    if (!parsed) return;
    const emailChanged = parsed.email !== settings.email;
    save.mutate(values, {
      onSuccess: () =>
        toast({
          title: SETTINGS_MESSAGES.profileUpdated,
          description: emailChanged
            ? "Your profile has been saved. We sent a verification link to your new email address."
            : "Your profile information has been saved.",
        }),
      onError: (error) => toastFailure(error, "Failed to update your profile. Please try again."),
    });
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
          error={errors.email}
          hint={settings.emailVerified ? undefined : "Not verified yet: follow the link we emailed you."}
        />
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
