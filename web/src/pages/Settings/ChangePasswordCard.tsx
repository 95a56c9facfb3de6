import { useState, type FormEvent } from "react";
import { changePasswordForm, SETTINGS_MESSAGES, type ChangePasswordRequest } from "@clausewise/shared";
import { ApiError } from "../../api/client";
import { useChangePassword } from "../../api/settings";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { TextField } from "../../components/ui/field";
import { useSchemaForm } from "../../lib/use-schema-form";
import { toast } from "../../stores/toast";
import { SectionTitle, toastFailure } from "./feedback";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** What the server refused, shown under the field it concerns. */
type Refusal = Partial<Record<"currentPassword" | "newPassword", string>>;

/**
 * Settings › Security › Change Password. The server signs out every other session of the user and
 * keeps this one; a wrong current password is a 400 (still signed in), shown under the field and in
 * the 'Update Failed' toast.
 */
export function ChangePasswordCard() {
  const change = useChangePassword();
  // Remounting the form clears the three fields after a success.
  const [generation, setGeneration] = useState(0);
  const onSubmit = (body: ChangePasswordRequest, onRefused: (refusal: Refusal) => void) =>
    change.mutate(body, {
      onSuccess: () => {
        toast({ title: SETTINGS_MESSAGES.passwordUpdated, description: "Your password has been changed. Other browsers and devices have been signed out." });
        setGeneration((g) => g + 1);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === "invalid_password") onRefused({ currentPassword: SETTINGS_MESSAGES.wrongCurrentPassword });
        if (error instanceof ApiError && error.code === "weak_password") onRefused({ newPassword: error.serverMessage });
        toastFailure(error, "Failed to update your password. Please try again.");
      },
    });
  return <ChangePasswordForm key={generation} pending={change.isPending} onSubmit={onSubmit} />;
}

function ChangePasswordForm({
  pending,
  onSubmit,
}: {
  pending: boolean;
  onSubmit: (body: ChangePasswordRequest, onRefused: (refusal: Refusal) => void) => void;
}) {
  const { values, errors, set, validate } = useSchemaForm(changePasswordForm, EMPTY);
  const [refusal, setRefusal] = useState<Refusal>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal({});
    const parsed = validate();
    if (!parsed) return;
    onSubmit({ currentPassword: parsed.currentPassword, newPassword: parsed.newPassword }, setRefusal);
  };

  return (
    <Card className="p-5">
      <SectionTitle title="Change Password" description="Changing your password signs you out of every other browser and device." />
      <form noValidate onSubmit={submit} className="space-y-4" aria-label="Change Password">
        <TextField
          label="Current Password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={set("currentPassword")}
          error={errors.currentPassword ?? refusal.currentPassword}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="New Password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters, hard to guess: several words work well."
            value={values.newPassword}
            onChange={set("newPassword")}
            error={errors.newPassword ?? refusal.newPassword}
          />
          <TextField
            label="Confirm New Password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={set("confirmPassword")}
            error={errors.confirmPassword}
          />
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={pending}>
            {pending ? "Updating..." : "Update Password"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
