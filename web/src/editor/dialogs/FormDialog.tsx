import type { FormEvent, ReactNode } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";

interface FormDialogProps {
  /** Unique among open dialogs: ties the footer's submit button to the form. */
  id: string;
  title: string;
  description?: string;
  submitLabel: string;
  size?: "sm" | "md" | "lg";
  onSubmit: () => void;
  onClose: () => void;
  /** Extra footer actions before Cancel (e.g. "Remove link"). */
  extraActions?: ReactNode;
  children: ReactNode;
}

/** The editor's small forms (link, table, video): the ui Dialog with Cancel and a submit button; Enter submits. */
export function FormDialog({ id, title, description, submitLabel, size, onSubmit, onClose, extraActions, children }: FormDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog
      open
      size={size}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      footer={
        <>
          {extraActions}
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={id}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={id} noValidate onSubmit={submit}>
        {children}
      </form>
    </Dialog>
  );
}
