import { useId, useRef, useState } from "react";
import { MARKUP_TYPES, type DocumentBlock, type MarkupType } from "@clausewise/shared";
import { useCreateMarkup } from "../../api/markups";
import { isUnauthorizedError } from "../../api/client";
import { toast } from "../../stores/toast";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Label } from "../ui/field";
import { Select } from "../ui/select";
import { SideSheet } from "../ui/side-sheet";
import { Textarea } from "../ui/textarea";
import { MARKUP_TYPE_LABELS } from "./highlights";
import { RetargetNotice } from "./RetargetNotice";
import { markupPosition, type ReviewTarget } from "./review-target";
import { TargetPreview } from "./TargetPreview";

export interface MarkupDraft {
  type: MarkupType;
  content: string;
}

export const EMPTY_MARKUP_DRAFT: MarkupDraft = { type: "comment", content: "" };

const TYPE_OPTIONS = MARKUP_TYPES.map((value) => ({ value, label: MARKUP_TYPE_LABELS[value] }));

/** Spec §5: Save only with non-blank text; the text is trimmed. */
export function canSaveMarkup(content: string): boolean {
  return content.trim().length > 0;
}

interface MarkupSheetProps {
  contractId: string;
  target: ReviewTarget;
  /** The target's text is gone from the document (it changed meanwhile). */
  stale: boolean;
  live: ReviewTarget | null;
  blocks: readonly DocumentBlock[];
  plainText: string;
  draft: MarkupDraft;
  onDraftChange: (draft: MarkupDraft) => void;
  onRetarget: (target: ReviewTarget) => void;
  /** × or Escape: the draft stays for next time. */
  onClose: () => void;
  /** Saved, or cancelled on purpose: the draft goes. */
  onFinish: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** The markup tools panel: type, text, Save and Cancel. */
export function MarkupSheet({ contractId, target, stale, live, blocks, plainText, draft, onDraftChange, onRetarget, onClose, onFinish, onCloseAutoFocus }: MarkupSheetProps) {
  const create = useCreateMarkup(contractId);
  const formId = useId();
  const typeId = useId();
  const textId = useId();
  const hintId = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const content = draft.content.trim();
  const saveable = canSaveMarkup(draft.content) && !stale && !create.isPending;

  const save = () => {
    if (!saveable) return;
    create.mutate(
      { type: draft.type, content, position: markupPosition(target) },
      {
        onSuccess: () => {
          toast({ title: "Markup added", description: "Your markup has been saved successfully." });
          onFinish();
        },
        onError: (error) => {
          if (!isUnauthorizedError(error)) toast({ title: "Error", description: "Failed to add markup. Please try again.", variant: "destructive" });
        },
      },
    );
  };

  const cancel = () => (content ? setConfirmDiscard(true) : onFinish());

  return (
    <SideSheet
      open
      onOpenChange={(open) => !open && onClose()}
      title="Add markup"
      description={target.kind === "range" ? "Comment on, suggest, approve or flag the selected text." : "Comment on, suggest, approve or flag this paragraph."}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        textRef.current?.focus();
      }}
      onCloseAutoFocus={onCloseAutoFocus}
      footer={
        <>
          <Button variant="secondary" onClick={cancel}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={!saveable}>
            {create.isPending ? "Saving..." : "Save"}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <TargetPreview target={target} blocks={blocks} plainText={plainText} />
        <RetargetNotice target={target} stale={stale} live={live} onRetarget={onRetarget} />
        <div className="space-y-1.5">
          <Label htmlFor={typeId}>Type</Label>
          <Select id={typeId} value={draft.type} onValueChange={(type) => onDraftChange({ ...draft, type: type as MarkupType })} options={TYPE_OPTIONS} className="w-full" />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={textId}>Markup text</Label>
          <Textarea
            id={textId}
            ref={textRef}
            rows={6}
            value={draft.content}
            aria-describedby={hintId}
            placeholder="What should the team know about this text?"
            onChange={(event) => onDraftChange({ ...draft, content: event.target.value })}
            onKeyDown={(event) => {
              if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                save();
              }
            }}
          />
          <p id={hintId} className="text-xs text-slate-500">
            Ctrl+Enter saves. Closing this panel keeps what you typed.
          </p>
        </div>
      </form>
      <ConfirmDialog
        open={confirmDiscard}
        onOpenChange={setConfirmDiscard}
        title="Discard this markup?"
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
