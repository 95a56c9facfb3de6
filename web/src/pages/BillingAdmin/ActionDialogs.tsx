import { useState } from "react";
import { BILLING_ADMIN_MESSAGES, MAX_RECORDED_PAYMENT, isWholeCents, type AdminCompany } from "@clausewise/shared";
import { useReactivateCompany, useRecordPayment, useSuspendCompany } from "../../api/billing-admin";
import { errorText } from "../../api/client";
import { Field } from "../../components/ui/field";
import { FormDialog } from "../../components/ui/form-dialog";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../stores/toast";

export type CompanyAction = "suspend" | "reactivate" | "payment";

interface ActionDialogProps {
  company: Pick<AdminCompany, "id" | "name">;
  onClose: () => void;
}

/** Spec §8: billing failures are an 'Error' toast with the server's message. */
function failed(error: unknown) {
  toast({ title: "Error", description: errorText(error, "Something went wrong. Please try again."), variant: "destructive" });
}

const optional = (value: string) => (value.trim() === "" ? undefined : value.trim());

function NotesField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Field label="Notes (optional)">
      {({ id, describedBy }) => <Textarea id={id} aria-describedby={describedBy} value={value} maxLength={2000} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}

/** What every action does when the server answers: its success toast and close, or the 'Error' toast. */
const outcome = (title: string, onClose: () => void) => ({
  onSuccess: () => {
    toast({ title });
    onClose();
  },
  onError: failed,
});

/** Spec §5: reason required, notes optional. Suspends every user of the company. */
export function SuspendDialog({ company, onClose }: ActionDialogProps) {
  const suspend = useSuspendCompany();
  const [reason, setReason] = useState("");
  const [notes, setNotes] = useState("");
  const [error, setError] = useState<string | undefined>();

  function submit() {
    if (reason.trim() === "") {
      setError(BILLING_ADMIN_MESSAGES.reasonRequired);
      return;
    }
    suspend.mutate({ id: company.id, reason: reason.trim(), notes: optional(notes) }, outcome(BILLING_ADMIN_MESSAGES.suspended, onClose));
  }

  return (
    <FormDialog
      formClassName="space-y-4"
      id="suspend-company"
      title={`Suspend ${company.name}`}
      description="Every user of this company is signed out and cannot sign in or act until the account is reactivated."
      submitLabel="Suspend Account"
      submitDisabled={suspend.isPending}
      danger
      onClose={onClose}
      onSubmit={submit}
    >
      <Field label="Reason" error={error}>
        {({ id, describedBy, invalid }) => (
          <Input
            id={id}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            required
            maxLength={500}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(undefined);
            }}
          />
        )}
      </Field>
      <NotesField value={notes} onChange={setNotes} />
    </FormDialog>
  );
}

export function ReactivateDialog({ company, onClose }: ActionDialogProps) {
  const reactivate = useReactivateCompany();
  const [notes, setNotes] = useState("");

  return (
    <FormDialog
      formClassName="space-y-4"
      id="reactivate-company"
      title={`Reactivate ${company.name}`}
      description="The company's users can sign in again."
      submitLabel="Reactivate Account"
      submitDisabled={reactivate.isPending}
      onClose={onClose}
      onSubmit={() => reactivate.mutate({ id: company.id, notes: optional(notes) }, outcome(BILLING_ADMIN_MESSAGES.reactivated, onClose))}
    >
      <NotesField value={notes} onChange={setNotes} />
    </FormDialog>
  );
}

/** Spec §5: amount a number above 0, step 0.01, in CAD; notes optional. */
export function amountError(raw: string): string | undefined {
  const amount = Number(raw);
  if (raw.trim() === "" || !Number.isFinite(amount) || amount <= 0) return BILLING_ADMIN_MESSAGES.amountPositive;
  if (!isWholeCents(amount)) return BILLING_ADMIN_MESSAGES.amountStep;
  if (amount > MAX_RECORDED_PAYMENT) return `Amount must be at most ${MAX_RECORDED_PAYMENT.toLocaleString("en-CA")}.`;
  return undefined;
}

export function RecordPaymentDialog({ company, onClose }: ActionDialogProps) {
  const record = useRecordPayment();
  const [amount, setAmount] = useState("");
  const [notes, setNotes] = useState("");
  const [error, setError] = useState<string | undefined>();

  function submit() {
    const problem = amountError(amount);
    if (problem) {
      setError(problem);
      return;
    }
    record.mutate({ id: company.id, amount: Number(amount), notes: optional(notes) }, outcome(BILLING_ADMIN_MESSAGES.paymentRecorded, onClose));
  }

  return (
    <FormDialog
      formClassName="space-y-4"
      id="record-payment"
      title={`Record Payment for ${company.name}`}
      description="A payment received outside ClauseWise (cheque, wire transfer)."
      submitLabel="Record Payment"
      submitDisabled={record.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <Field label="Amount (CAD)" error={error}>
        {({ id, describedBy, invalid }) => (
          <Input
            id={id}
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            aria-describedby={describedBy}
            aria-invalid={invalid}
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              setError(undefined);
            }}
          />
        )}
      </Field>
      <NotesField value={notes} onChange={setNotes} />
    </FormDialog>
  );
}
