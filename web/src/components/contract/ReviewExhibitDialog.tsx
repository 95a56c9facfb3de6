import { useId, useRef, useState, type FormEvent } from "react";
import { EXHIBIT_REVIEW_STATUSES, EXHIBIT_TEXT_MAX_LENGTH, type Exhibit } from "@clausewise/shared";
import { ApiError } from "../../api/client";
import { useReviewExhibit } from "../../api/exhibits";
import { EXHIBIT_STATUS_LABELS, exhibitStatusLabel, reviewButtonState } from "../../lib/exhibit-status";
import { toast } from "../../stores/toast";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Label } from "../ui/field";
import { NativeSelect } from "../ui/native-select";
import { Spinner } from "../ui/spinner";
import { Textarea } from "../ui/textarea";
import { reviewProblem } from "./exhibit-form";
import { toastFailure } from "./format";
import { FormAlert } from "./QueryState";

export interface ReviewDraft {
  status: string;
  notes: string;
}

interface ReviewExhibitDialogProps {
  contractId: string;
  /** The exhibit under review; null closes the dialog. */
  exhibit: Exhibit | null;
  onClose: () => void;
  /** Held by the tracker per exhibit, so an accidental close loses nothing. */
  draft: ReviewDraft;
  onDraftChange: (draft: ReviewDraft) => void;
  onReviewed: () => void;
}

/** Spec §4: a reviewer sets reviewed, approved or rejected, with notes; the status is required (§5). */
export function ReviewExhibitDialog({ contractId, exhibit, onClose, draft, onDraftChange, onReviewed }: ReviewExhibitDialogProps) {
  const review = useReviewExhibit(contractId);
  const [problem, setProblem] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const formId = useId();
  const statusId = useId();
  const notesId = useId();
  const problemId = useId();
  const selectRef = useRef<HTMLSelectElement>(null);
  const label = exhibit ? reviewButtonState(exhibit).label : "Review";

  const close = () => {
    setProblem(null);
    setSubmitError(null);
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!exhibit || review.isPending) return;
    setSubmitError(null);
    const missing = reviewProblem(draft.status);
    if (missing) {
      setProblem(missing);
      selectRef.current?.focus();
      return;
    }
    try {
      const updated = await review.mutateAsync({
        exhibitId: exhibit.id,
        review: { status: draft.status as (typeof EXHIBIT_REVIEW_STATUSES)[number], notes: draft.notes.trim() || null },
      });
      toast({ title: "Review Submitted", description: `"${updated.title}" is now ${exhibitStatusLabel(updated.status).toLowerCase()}.` });
      onReviewed();
      close();
    } catch (error) {
      toastFailure("Review Failed", error);
      setSubmitError(error instanceof ApiError && error.serverMessage ? error.serverMessage : "Please try again.");
    }
  };

  return (
    <Dialog
      open={exhibit !== null}
      onOpenChange={(open) => !open && close()}
      title={label === "Update Status" ? "Update exhibit status" : "Review exhibit"}
      description={exhibit ? `${exhibit.exhibitNumber ? `Exhibit ${exhibit.exhibitNumber}: ` : ""}${exhibit.title}` : undefined}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={review.isPending}>
            {review.isPending && <Spinner className="size-4 text-current" />}
            Submit review
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        {submitError && <FormAlert title="Review Failed">{submitError}</FormAlert>}
        <div className="space-y-1.5">
          <Label htmlFor={statusId}>Review status</Label>
          <NativeSelect
            ref={selectRef}
            id={statusId}
            autoFocus
            required
            aria-required="true"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            value={draft.status}
            onChange={(e) => {
              onDraftChange({ ...draft, status: e.target.value });
              setProblem(null);
            }}
          >
            <option value="">Select a status...</option>
            {EXHIBIT_REVIEW_STATUSES.map((status) => (
              <option key={status} value={status}>
                {EXHIBIT_STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect>
          {problem && (
            <p id={problemId} role="alert" className="text-xs font-medium text-red-600">
              {problem}
            </p>
          )}
          {draft.status === "approved" && !problem && <p className="text-xs text-slate-500">Approval is final: the exhibit cannot be reviewed again.</p>}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={notesId}>
            Notes <span className="font-normal text-slate-500">(optional)</span>
          </Label>
          <Textarea
            id={notesId}
            rows={3}
            maxLength={EXHIBIT_TEXT_MAX_LENGTH}
            value={draft.notes}
            onChange={(e) => onDraftChange({ ...draft, notes: e.target.value })}
          />
        </div>
      </form>
    </Dialog>
  );
}
