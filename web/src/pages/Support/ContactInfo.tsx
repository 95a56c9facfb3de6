import { useState } from "react";
import { Clock, Mail, MapPin, Pencil, Siren, Timer } from "lucide-react";
import {
  PRIORITIES,
  SUPPORT_BUSINESS_HOURS,
  SUPPORT_EMERGENCY,
  TICKET_PRIORITY_LABELS,
  TICKET_RESPONSE_TARGETS,
  type SupportContact,
} from "@clausewise/shared";
import { can, useCurrentUser } from "../../api/auth";
import { useSupportContact } from "../../api/support";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { LoadingState } from "../../components/ui/spinner";
import { ContactSettingsDialog } from "./ContactSettingsDialog";

const ENQUIRIES: { key: keyof SupportContact["emails"]; label: string; about: string }[] = [
  { key: "general", label: "General enquiries", about: "Questions about ClauseWise and your account" },
  { key: "technical", label: "Technical support", about: "Uploads, analysis, the editor and sign-in problems" },
  { key: "billing", label: "Billing", about: "Plans, invoices and payments" },
  { key: "sales", label: "Sales", about: "Enterprise plans, demos and pricing" },
];

function Heading({ icon: Icon, children }: { icon: typeof Clock; children: string }) {
  return (
    <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
      <Icon aria-hidden="true" className="size-4.5 text-brand-700" />
      {children}
    </h2>
  );
}

/** Kinds of enquiry that share an address, in the order above: one entry per address, not four of the same. */
export function enquiryGroups(emails: SupportContact["emails"]): { email: string; kinds: typeof ENQUIRIES }[] {
  const groups: { email: string; kinds: typeof ENQUIRIES }[] = [];
  for (const kind of ENQUIRIES) {
    const email = emails[kind.key];
    const group = groups.find((g) => g.email === email);
    if (group) group.kinds.push(kind);
    else groups.push({ email, kinds: [kind] });
  }
  return groups;
}

function groupLabel(kinds: typeof ENQUIRIES): string {
  if (kinds.length === ENQUIRIES.length) return "All enquiries";
  const names = kinds.map((k, i) => (i === 0 ? k.label : k.label.toLowerCase()));
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** Billing spec §2 Contact Info and §9 response targets and business hours; operators edit the details. */
export function ContactInfo() {
  const contact = useSupportContact();
  const { data: user } = useCurrentUser();
  const [editing, setEditing] = useState(false);
  return (
    <div className="space-y-4">
      {can(user, "support.desk") && (
        <div className="flex justify-end">
          <Button variant="secondary" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            Edit contact details
          </Button>
        </div>
      )}
      {editing && <ContactSettingsDialog onClose={() => setEditing(false)} />}
      <div className="grid gap-6 md:grid-cols-2">
        <Card className="p-6">
          <Heading icon={Mail}>Email us</Heading>
          {contact.isPending ? (
            <LoadingState label="Loading contacts..." />
          ) : contact.isError ? (
            <p className="mt-3 text-sm text-red-600" role="alert">
              The contact details could not be loaded.
            </p>
          ) : (
            <dl className="mt-3 space-y-3 text-sm">
              {enquiryGroups(contact.data.emails).map((group) => (
                <div key={group.email}>
                  <dt className="font-medium text-slate-800">{groupLabel(group.kinds)}</dt>
                  <dd className="text-slate-600">
                    <a className="text-brand-700 hover:underline" href={`mailto:${group.email}`}>
                      {group.email}
                    </a>
                    <span className="block text-xs text-slate-500">{group.kinds.map((k) => k.about).join("; ")}</span>
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </Card>
        <div className="space-y-6">
          <Card className="p-6">
            <Heading icon={Clock}>Business hours</Heading>
            <p className="mt-2 text-sm text-slate-700">{SUPPORT_BUSINESS_HOURS}</p>
            <p className="mt-3 flex items-start gap-2 text-sm text-slate-700">
              <Siren aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-600" />
              {SUPPORT_EMERGENCY}
            </p>
          </Card>
          <Card className="p-6">
            <Heading icon={Timer}>Response times</Heading>
            <dl className="mt-3 divide-y divide-slate-100 text-sm">
              {[...PRIORITIES].reverse().map((priority) => (
                <div key={priority} className="flex justify-between py-1.5">
                  <dt className="font-medium text-slate-700">{TICKET_PRIORITY_LABELS[priority]}</dt>
                  <dd className="text-slate-600">{TICKET_RESPONSE_TARGETS[priority]}</dd>
                </div>
              ))}
            </dl>
          </Card>
          {contact.data && contact.data.postalAddress.length > 0 && (
            <Card className="p-6">
              <Heading icon={MapPin}>Mailing address</Heading>
              <address className="mt-2 text-sm text-slate-700 not-italic">
                {contact.data.postalAddress.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </Card>
          )}
        </div>
      </div>
    </div>
  );
}
