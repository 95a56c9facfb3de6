import { useId, useRef, useState } from "react";
import type { ChangeType, DocumentBlock } from "@clausewise/shared";
import { errorText, isUnauthorizedError } from "../../api/client";
import { useProposeChange } from "../../api/changes";
import { formatChangeRange, previewEdit } from "../../lib/apply-preview";
import { toast } from "../../stores/toast";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Label } from "../ui/field";
import { SideSheet } from "../ui/side-sheet";
import { Textarea } from "../ui/textarea";
import { RetargetNotice } from "./RetargetNotice";
import type { ReviewTarget } from "./review-target";
import { TargetPreview } from "./TargetPreview";

export interface ChangeDraft {
  /** For selected text; an insertion point always proposes an insertion. */
  changeType: "replace" | "delete";
  newText: string;
  comment: string;
}

export const EMPTY_CHANGE_DRAFT: ChangeDraft = { changeType: "replace", newText: "", comment: "" };

type ChangeTarget = Extract<ReviewTarget, { kind: "range" | "caret" }>;

function effectiveType(target: ChangeTarget, draft: ChangeDraft): ChangeType {
  return target.kind === "caret" ? "insert" : draft.changeType;
}

/** Why the change cannot be submitted yet, or null when it can. */
export function changeProblem(target: ChangeTarget, draft: ChangeDraft): string | null {
  const type = effectiveType(target, draft);
  if (type === "delete") return null;
  if (draft.newText.trim() === "") return type === "insert" ? "Enter the text to insert." : "Enter the new text.";
  if (target.kind === "range" && draft.newText === target.text) return "The new text is the same as the selected text.";
  return null;
}

interface ProposeChangeSheetProps {
  contractId: string;
  target: ChangeTarget;
  stale: boolean;
  live: ReviewTarget | null;
  blocks: readonly DocumentBlock[];
  plainText: string;
  draft: ChangeDraft;
  onDraftChange: (draft: ChangeDraft) => void;
  onRetarget: (target: ReviewTarget) => void;
  onClose: () => void;
  onFinish: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** Propose a replacement or deletion of the selected text, or an insertion at the caret, for an approver to decide. */
export function ProposeChangeSheet({ contractId, target, stale, live, blocks, plainText, draft, onDraftChange, onRetarget, onClose, onFinish, onCloseAutoFocus }: ProposeChangeSheetProps) {
  const propose = useProposeChange(contractId);
  const formId = useId();
  const newTextId = useId();
  const commentId = useId();
  const problemId = useId();
  const firstFieldRef = useRef<HTMLTextAreaElement>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const type = effectiveType(target, draft);
  const problem = changeProblem(target, draft);
  const submittable = !problem && !stale && !propose.isPending;
  const range = target.kind === "range" ? { start: target.start, end: target.end } : { start: target.start, end: target.start };
  const preview = previewEdit(plainText, { changeType: type, ...range, newText: draft.newText }, 50);

  const submit = () => {
    if (!submittable) return;
    const comment = draft.comment.trim();
    propose.mutate(
      {
        changeType: type,
        originalText: target.kind === "range" ? target.text : "",
        newText: type === "delete" ? "" : draft.newText,
        position: formatChangeRange(range),
        ...(comment ? { reviewerComment: comment } : {}),
      },
      {
        onSuccess: () => {
          toast({ title: "Change Proposed", description: "Your document change has been submitted for approval." });
          onFinish();
        },
        onError: (error) => {
          if (!isUnauthorizedError(error)) toast({ title: "Error", description: errorText(error, "Failed to create document change"), variant: "destructive" });
        },
      },
    );
  };

  const typed = draft.newText.trim() || draft.comment.trim();
  const title = target.kind === "caret" ? "Insert text" : "Propose change";

  return (
    <SideSheet
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description="An approver decides on it in Track Changes; approved changes are applied to the document."
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        firstFieldRef.current?.focus();
      }}
      onCloseAutoFocus={onCloseAutoFocus}
      footer={
        <>
          <Button variant="secondary" onClick={() => (typed ? setConfirmDiscard(true) : onFinish())}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={!submittable} aria-describedby={problem ? problemId : undefined}>
            {propose.isPending ? "Submitting..." : "Submit change"}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TargetPreview target={target} blocks={blocks} plainText={plainText} />
        <RetargetNotice target={target} stale={stale} live={live} onRetarget={onRetarget} />

        {target.kind === "range" && (
          <fieldset className="space-y-1.5">
            <legend className="text-sm font-medium text-slate-800">Change</legend>
            <div className="flex gap-4">
              {(["replace", "delete"] as const).map((value) => (
                <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name={`${formId}-type`}
                    value={value}
                    checked={draft.changeType === value}
                    onChange={() => onDraftChange({ ...draft, changeType: value })}
                    className="size-4 accent-brand-700"
                  />
                  {value === "replace" ? "Replace the selected text" : "Delete the selected text"}
                </label>
              ))}
            </div>
          </fieldset>
        )}

        {type !== "delete" && (
          <div className="space-y-1.5">
            <Label htmlFor={newTextId}>{type === "insert" ? "Text to insert" : "New text"}</Label>
            <Textarea
              id={newTextId}
              ref={firstFieldRef}
              rows={4}
              required
              value={draft.newText}
              aria-describedby={problem ? problemId : undefined}
              onChange={(event) => onDraftChange({ ...draft, newText: event.target.value })}
            />
          </div>
        )}

        <div className="space-y-1.5">
          <Label htmlFor={commentId}>Comment for the approver (optional)</Label>
          <Textarea
            id={commentId}
            ref={type === "delete" ? firstFieldRef : undefined}
            rows={3}
            value={draft.comment}
            placeholder="Why this change?"
            onChange={(event) => onDraftChange({ ...draft, comment: event.target.value })}
          />
        </div>

        <figure>
          <figcaption className="text-xs font-medium tracking-wide text-slate-500 uppercase">Preview</figcaption>
          <p className="mt-1 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-serif text-sm whitespace-pre-line text-slate-800">
            {preview.before}
            {preview.removed && <del className="bg-red-50 text-red-800 decoration-red-500 decoration-2">{preview.removed}</del>}
            {preview.inserted && <ins className="bg-emerald-50 text-emerald-800 decoration-emerald-600 decoration-2 underline-offset-2">{preview.inserted}</ins>}
            {preview.after}
          </p>
        </figure>

        {problem && (
          <p id={problemId} className="text-xs text-slate-500">
            {problem}
          </p>
        )}
      </form>
      <ConfirmDialog
        open={confirmDiscard}
        onOpenChange={setConfirmDiscard}
        title="Discard this change?"
        description="The text you typed will be lost."
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        destructive
        onConfirm={() => {
          setConfirmDiscard(false);
          onFinish();
        }}
      />
    </SideSheet>
  );
}
