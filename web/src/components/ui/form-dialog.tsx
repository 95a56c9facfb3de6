import type { FormEvent, ReactNode } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";

interface FormDialogProps {
  /** Unique among open dialogs: ties the footer's submit button to the form. */
  id: string;
  title: string;
  description?: string;
  submitLabel: string;
  size?: "sm" | "md" | "lg";
  /** Shown while mounted unless the owner controls it. */
  open?: boolean;
  /** The submit button is disabled (nothing to send yet, or a request is on its way). */
  submitDisabled?: boolean;
  danger?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  /** Extra footer actions before Cancel (e.g. "Remove link"). */
  extraActions?: ReactNode;
  formClassName?: string;
  children: ReactNode;
}

/** A form in a dialog: the ui Dialog with Cancel and a submit button in the footer; Enter submits. */
export function FormDialog(props: FormDialogProps) {
  const { id, title, description, submitLabel, size, open = true, submitDisabled, danger, onSubmit, onClose, extraActions, formClassName, children } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog
      open={open}
      size={size}
      onOpenChange={(next) => !next && onClose()}
      title={title}
      description={description}
      footer={
        <>
          {extraActions}
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={id} variant={danger ? "danger" : "primary"} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={id} noValidate onSubmit={submit} className={formClassName}>
        {children}
      </form>
    </Dialog>
  );
}
