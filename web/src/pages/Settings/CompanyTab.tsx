import type { FormEvent } from "react";
import {
  COMPANY_SIZES,
  COMPANY_TIME_ZONE_LABELS,
  COMPANY_TIME_ZONES,
  companyUpdateRequest,
  DEFAULT_COMPANY_TIME_ZONE,
  INDUSTRIES,
  PROVINCE_CODES,
  PROVINCE_NAMES,
  SETTINGS_MESSAGES,
  type SettingsRecord,
} from "@clausewise/shared";
import { can, useSignedInUser } from "../../api/auth";
import { useSaveCompany } from "../../api/settings";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field, TextField } from "../../components/ui/field";
import { NativeSelect } from "../../components/ui/native-select";
import { useSchemaForm } from "../../lib/use-schema-form";
import { toast } from "../../stores/toast";
import { SectionTitle, toastFailure } from "./feedback";

const INDUSTRY_LABELS: Record<(typeof INDUSTRIES)[number], string> = {
  energy: "Energy",
  mining: "Mining",
  construction: "Construction",
  manufacturing: "Manufacturing",
  utilities: "Utilities",
  other: "Other",
};

/** Settings › Company (spec §2, §5). Everyone reads it; only admins change it (DESIGN.md §3). */
export function CompanyTab({ settings }: { settings: SettingsRecord }) {
  const user = useSignedInUser();
  const editable = can(user, "settings.company");
  const save = useSaveCompany();
  const { values, errors, set, validate } = useSchemaForm(companyUpdateRequest, {
    companyName: settings.companyName,
    industry: settings.industry ?? "",
    companySize: settings.companySize ?? "",
    address: settings.address ?? "",
    province: settings.province ?? "",
    website: settings.website ?? "",
    timezone: (COMPANY_TIME_ZONES as readonly string[]).includes(settings.timezone) ? settings.timezone : DEFAULT_COMPANY_TIME_ZONE,
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = validate();
    if (!parsed) return;
    save.mutate(parsed, {
      onSuccess: () => toast({ title: SETTINGS_MESSAGES.companyUpdated, description: "Your company information has been saved." }),
      onError: (error) => toastFailure(error, "Failed to update company settings. Please try again."),
    });
  };

  return (
    <Card className="p-5">
      <SectionTitle
        title="Company Information"
        description={editable ? "Details about your company, shared by your whole team." : SETTINGS_MESSAGES.companyAdminOnly}
      />
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <fieldset disabled={!editable} className="space-y-4">
          <TextField label="Company Name" name="companyName" autoComplete="organization" value={values.companyName} onChange={set("companyName")} error={errors.companyName} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Industry" error={errors.industry}>
              {({ id, describedBy, invalid }) => (
                <NativeSelect id={id} name="industry" aria-describedby={describedBy} aria-invalid={invalid || undefined} value={values.industry} onChange={set("industry")}>
                  <option value="">Select industry</option>
                  {INDUSTRIES.map((value) => (
                    <option key={value} value={value}>
                      {INDUSTRY_LABELS[value]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field label="Company Size" error={errors.companySize}>
              {({ id, describedBy, invalid }) => (
                <NativeSelect id={id} name="companySize" aria-describedby={describedBy} aria-invalid={invalid || undefined} value={values.companySize} onChange={set("companySize")}>
                  <option value="">Select company size</option>
                  {COMPANY_SIZES.map((value) => (
                    <option key={value} value={value}>
                      {value} employees
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          </div>
          <TextField label="Address" name="address" autoComplete="street-address" value={values.address} onChange={set("address")} error={errors.address} />
          <Field label="Province or Territory" error={errors.province} hint="Sets the GST/HST on your invoices.">
            {({ id, describedBy, invalid }) => (
              <NativeSelect id={id} name="province" aria-describedby={describedBy} aria-invalid={invalid || undefined} value={values.province} onChange={set("province")}>
                <option value="">Not set (GST only)</option>
                {PROVINCE_CODES.map((code) => (
                  <option key={code} value={code}>
                    {PROVINCE_NAMES[code]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field label="Time zone" error={errors.timezone} hint="Deadlines and expected dates end at midnight here, and turn overdue the day after.">
            {({ id, describedBy, invalid }) => (
              <NativeSelect id={id} name="timezone" aria-describedby={describedBy} aria-invalid={invalid || undefined} value={values.timezone} onChange={set("timezone")}>
                {COMPANY_TIME_ZONES.map((zone) => (
                  <option key={zone} value={zone}>
                    {COMPANY_TIME_ZONE_LABELS[zone]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <TextField label="Website" name="website" type="url" placeholder="https://" value={values.website} onChange={set("website")} error={errors.website} />
        </fieldset>
        {editable && (
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving..." : "Save Changes"}
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}
