import { useId, useState } from "react";
import { WORKFLOW_COMMENT_MAX_LENGTH } from "@clausewise/shared";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Label } from "../ui/field";
import { Spinner } from "../ui/spinner";
import { Textarea } from "../ui/textarea";
import { FormAlert } from "./QueryState";

interface DecisionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  destructive?: boolean;
  pending: boolean;
  /** Why the last attempt failed: shown inside the dialog, since the modal hides the toast from screen readers. */
  error?: string | null;
  /** Resolves true when the decision went through (the dialog then closes and forgets the comment). */
  onConfirm: (comment: string) => Promise<boolean>;
  /** The comment is a required reason (reopening for changes): labelled so, and the button waits for it. */
  reasonRequired?: boolean;
}

/**
 * Approve or reject with an optional comment. The comment survives a failed call and an accidental
 * close (it is cleared only once the decision is recorded).
 */
export function DecisionDialog({ open, onOpenChange, title, description, confirmLabel, destructive, pending, error, onConfirm, reasonRequired }: DecisionDialogProps) {
  const [comment, setComment] = useState("");
  const formId = useId();
  const fieldId = useId();
  const errorId = useId();

  const missing = Boolean(reasonRequired) && !comment.trim();
  const submit = async () => {
    if (pending || missing) return;
    if (await onConfirm(comment)) {
      setComment("");
      onOpenChange(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant={destructive ? "danger" : "primary"} disabled={pending || missing}>
            {pending && <Spinner className="size-4 text-current" />}
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="space-y-1.5"
        aria-describedby={error ? errorId : undefined}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {error && (
          <div className="mb-3">
            <FormAlert id={errorId}>{error}</FormAlert>
          </div>
        )}
        <Label htmlFor={fieldId}>
          {reasonRequired ? (
            <>
              Reason <span className="font-normal text-slate-500">(required)</span>
            </>
          ) : (
            <>
              Comment <span className="font-normal text-slate-500">(optional)</span>
            </>
          )}
        </Label>
        <Textarea
          id={fieldId}
          value={comment}
          maxLength={WORKFLOW_COMMENT_MAX_LENGTH}
          required={reasonRequired}
          onChange={(e) => setComment(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) {
              e.preventDefault();
              void submit();
            }
          }}
          placeholder={reasonRequired ? "What needs to change, and why..." : "Reasons, conditions, next steps..."}
        />
      </form>
    </Dialog>
  );
}
