import { SUPPORT_DESK_MESSAGES, supportContactSettings, type SupportContactSettings } from "@clausewise/shared";
import { errorText } from "../../api/client";
import { useContactSettings, useSaveContactSettings } from "../../api/support-desk";
import { TextField } from "../../components/ui/field";
import { FormDialog } from "../../components/ui/form-dialog";
import { LoadingState } from "../../components/ui/spinner";
import { useSchemaForm } from "../../lib/use-schema-form";
import { toast } from "../../stores/toast";

type Field = keyof SupportContactSettings;
const EMAILS: [Field, string][] = [
  ["generalEmail", "General enquiries"],
  ["technicalEmail", "Technical support"],
  ["billingEmail", "Billing"],
  ["salesEmail", "Sales"],
];
const ADDRESS: [Field, string, string][] = [
  ["organization", "Organization", "organization"],
  ["addressLine1", "Street address", "address-line1"],
  ["addressLine2", "Suite, floor (optional)", "address-line2"],
  ["city", "City", "address-level2"],
  ["province", "Province or territory", "address-level1"],
  ["postalCode", "Postal code", "postal-code"],
  ["country", "Country", "country-name"],
];
const ALL = [...EMAILS.map(([f]) => f), ...ADDRESS.map(([f]) => f)];

function ContactForm({ saved, onClose }: { saved: SupportContactSettings; onClose: () => void }) {
  const form = useSchemaForm(supportContactSettings, Object.fromEntries(ALL.map((f) => [f, saved[f] ?? ""])) as Record<Field, string>);
  const save = useSaveContactSettings();
  const submit = () => {
    const settings = form.validate();
    if (!settings) return;
    save.mutate(settings, {
      onSuccess: () => {
        toast({ title: SUPPORT_DESK_MESSAGES.contactSaved });
        onClose();
      },
      onError: (error) => toast({ title: SUPPORT_DESK_MESSAGES.contactFailed, description: errorText(error, "The contact details could not be saved."), variant: "destructive" }),
    });
  };
  const field = ([name, label, autoComplete]: [Field, string, string?]) => (
    <TextField key={name} label={label} name={name} autoComplete={autoComplete} type={name.endsWith("Email") ? "email" : "text"} value={form.values[name]} onChange={form.set(name)} error={form.errors[name]} />
  );
  return (
    <FormDialog id="support-contact" title="Contact details" description="What every visitor of Contact Info reads. An empty address goes to the support address that receives tickets." submitLabel={save.isPending ? "Saving..." : "Save"} submitDisabled={save.isPending} onSubmit={submit} onClose={onClose} size="lg">
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">E-mail by enquiry</legend>
        {EMAILS.map(field)}
      </fieldset>
      <fieldset className="mt-5 grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Postal address</legend>
        {ADDRESS.map(field)}
      </fieldset>
    </FormDialog>
  );
}

/** Support › Contact Info, for platform operators: the addresses per enquiry and the postal address. */
export function ContactSettingsDialog({ onClose }: { onClose: () => void }) {
  const saved = useContactSettings(true);
  if (saved.isPending) return <LoadingState label="Loading contact details..." />;
  if (saved.isError) return <p className="text-sm text-red-600">{errorText(saved.error, "The contact details could not be loaded.")}</p>;
  return <ContactForm saved={saved.data} onClose={onClose} />;
}
