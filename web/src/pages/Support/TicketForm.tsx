import { useState, type FormEvent } from "react";
import { Send } from "lucide-react";
import {
  PRIORITIES,
  SUPPORT_MESSAGES,
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  TICKET_LOGIN_REDIRECT_MS,
  TICKET_PRIORITY_LABELS,
  TICKET_RESPONSE_TARGETS,
  createTicketRequest,
  type CreateTicketRequest,
} from "@clausewise/shared";
import { ApiError, isUnauthorizedError } from "../../api/client";
import { useCreateTicket } from "../../api/support";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field, TextField } from "../../components/ui/field";
import { NativeSelect } from "../../components/ui/native-select";
import { Spinner } from "../../components/ui/spinner";
import { Textarea } from "../../components/ui/textarea";
import { toFieldErrors } from "../../lib/form";
import { toast } from "../../stores/toast";

const FIELDS = ["subject", "description", "category", "priority"] as const;
type TicketField = (typeof FIELDS)[number];
type Draft = Record<TicketField, string>;

/** Billing spec §3: priority defaults to medium; the category has to be chosen. */
const EMPTY: Draft = { subject: "", description: "", category: "", priority: "medium" };

interface TicketFormProps {
  signedIn: boolean;
  /** Sends the visitor to sign in (the browser's sign-in entry by default). */
  onLoginRequired: () => void;
}

export function TicketForm({ signedIn, onLoginRequired }: TicketFormProps) {
  const create = useCreateTicket();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<TicketField, string>>>({});

  const update = (field: TicketField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!signedIn || create.isPending) return;
    // The same schema the server checks with, so the messages are the spec's on both sides.
    const parsed = createTicketRequest.safeParse(draft);
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error.issues, FIELDS));
      return;
    }
    create.mutate(parsed.data satisfies CreateTicketRequest, {
      onSuccess: () => {
        toast({ title: "Support Ticket Created", description: SUPPORT_MESSAGES.created });
        setDraft(EMPTY);
        setErrors({});
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) {
          toast({ title: "Authentication Required", description: SUPPORT_MESSAGES.authRequired, variant: "destructive" });
          setTimeout(onLoginRequired, TICKET_LOGIN_REDIRECT_MS);
          return;
        }
        if (error instanceof ApiError && error.fields) setErrors(toFieldErrors(Object.entries(error.fields).map(([k, message]) => ({ path: [k], message })), FIELDS));
        toast({ title: "Error", description: SUPPORT_MESSAGES.createFailed, variant: "destructive" });
      },
    });
  };

  return (
    <Card className="p-5">
      <form onSubmit={submit} noValidate className="space-y-5" aria-label="Create support ticket">
        <TextField
          label="Subject"
          value={draft.subject}
          onChange={(e) => update("subject", e.target.value)}
          placeholder="Brief summary of your issue"
          maxLength={200}
          error={errors.subject}
        />
        <Field label="Description" error={errors.description} hint="What happened, what you expected, and the contract or page concerned.">
          {({ id, describedBy, invalid }) => (
            <Textarea
              id={id}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              rows={6}
              value={draft.description}
              onChange={(e) => update("description", e.target.value)}
              placeholder="Please describe your issue in detail..."
            />
          )}
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Category" error={errors.category}>
            {({ id, describedBy, invalid }) => (
              <NativeSelect id={id} aria-describedby={describedBy} aria-invalid={invalid || undefined} value={draft.category} onChange={(e) => update("category", e.target.value)}>
                <option value="">Select a category</option>
                {TICKET_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {TICKET_CATEGORY_LABELS[category]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field label="Priority" error={errors.priority}>
            {({ id, describedBy, invalid }) => (
              <NativeSelect id={id} aria-describedby={describedBy} aria-invalid={invalid || undefined} value={draft.priority} onChange={(e) => update("priority", e.target.value)}>
                <option value="">Select a priority</option>
                {PRIORITIES.map((priority) => (
                  <option key={priority} value={priority}>
                    {TICKET_PRIORITY_LABELS[priority]} (response {TICKET_RESPONSE_TARGETS[priority]})
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={!signedIn || create.isPending}>
            {create.isPending ? <Spinner className="size-4 text-white" /> : <Send aria-hidden="true" />}
            {create.isPending ? "Submitting..." : "Submit Ticket"}
          </Button>
          {!signedIn && (
            <p className="text-sm text-slate-600">
              <button type="button" className="font-medium text-brand-700 underline" onClick={onLoginRequired}>
                Log in
              </button>{" "}
              to create a support ticket.
            </p>
          )}
        </div>
      </form>
    </Card>
  );
}
