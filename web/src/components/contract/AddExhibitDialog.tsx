import { useId, useRef, useState, type ChangeEvent, type FormEvent, type InputHTMLAttributes, type ReactNode, type Ref } from "react";
import { FileText, Paperclip, Upload, X } from "lucide-react";
import clsx from "clsx";
import {
  EXHIBIT_NUMBER_MAX_LENGTH,
  EXHIBIT_TEXT_MAX_LENGTH,
  EXHIBIT_TITLE_MAX_LENGTH,
  parseTags,
  type ContractReviewer,
} from "@clausewise/shared";
import { ApiError } from "../../api/client";
import { useCreateExhibit, type CreateExhibitInput } from "../../api/exhibits";
import { formatFileSize } from "../../lib/file-size";
import { roleLabel } from "../../lib/user";
import { toast } from "../../stores/toast";
import { Badge } from "../ui/badge";
import { Button, buttonClasses } from "../ui/button";
import { Checkbox } from "../ui/checkbox";
import { Dialog } from "../ui/dialog";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/native-select";
import { Spinner } from "../ui/spinner";
import { Textarea } from "../ui/textarea";
import { EMPTY_EXHIBIT_DRAFT, EXHIBIT_ACCEPT, exhibitFileProblem, validateExhibitDraft } from "./exhibit-form";
import { splitMessage, toastFailure } from "./format";
import { FormAlert } from "./QueryState";

type ErrorField = keyof CreateExhibitInput;
type Errors = Partial<Record<ErrorField, string>>;

interface AddExhibitDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contractId: string;
  reviewers: readonly ContractReviewer[] | undefined;
  /** Held by the tracker, so closing the dialog by mistake loses nothing. */
  draft: CreateExhibitInput;
  onDraftChange: (draft: CreateExhibitInput) => void;
}

interface DraftTextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange" | "children"> {
  label: string;
  hint?: string;
  error?: string;
  value: string;
  onValueChange: (value: string) => void;
  /** A two-line text area instead of a one-line input. */
  multiline?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** Shown under the control (a preview). */
  children?: ReactNode;
}

/** A labelled text control of the draft, with its hint and error wired for assistive technology. */
function DraftTextField({ label, hint, error, value, onValueChange, multiline, inputRef, className, children, ...control }: DraftTextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {({ id, describedBy, invalid }) => {
        const wiring = { id, value, "aria-describedby": describedBy, "aria-invalid": invalid || undefined };
        return (
          <>
            {multiline ? (
              <Textarea {...wiring} rows={2} maxLength={control.maxLength} onChange={(e) => onValueChange(e.target.value)} />
            ) : (
              <Input ref={inputRef} {...control} {...wiring} onChange={(e) => onValueChange(e.target.value)} />
            )}
            {children}
          </>
        );
      }}
    </Field>
  );
}

/** Server field errors that this form shows next to a field. */
function fieldErrors(error: unknown): Errors {
  if (!(error instanceof ApiError) || !error.fields) return {};
  const errors: Errors = {};
  for (const [key, message] of Object.entries(error.fields)) {
    if (key in EMPTY_EXHIBIT_DRAFT) errors[key as ErrorField] = message;
  }
  return errors;
}

export function AddExhibitDialog({ open, onOpenChange, contractId, reviewers, draft, onDraftChange }: AddExhibitDialogProps) {
  const create = useCreateExhibit(contractId);
  const [errors, setErrors] = useState<Errors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const formId = useId();
  const fileId = useId();
  const fileErrorId = useId();
  const titleRef = useRef<HTMLInputElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const tags = parseTags(draft.tags);

  const update = <K extends ErrorField>(key: K, value: CreateExhibitInput[K]) => {
    onDraftChange({ ...draft, [key]: value });
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
    // Ticking "planned" answers a missing file.
    if (key === "isPlanned" && value) setErrors((current) => ({ ...current, file: undefined }));
  };

  const pickFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    if (!file) return;
    const problem = exhibitFileProblem(file);
    if (problem) {
      // Spec §5 (upload): a refused file clears the input; the one picked before stays.
      e.target.value = "";
      setErrors((current) => ({ ...current, file: problem }));
      return;
    }
    update("file", file);
    e.target.value = "";
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    setSubmitError(null);
    const problems = validateExhibitDraft(draft);
    if (problems.length > 0) {
      setErrors((current) => {
        const next = { ...current };
        for (const p of problems) next[p.field] = `${p.title} - ${p.description}`;
        return next;
      });
      const [first] = problems;
      toast({ title: first!.title, description: first!.description, variant: "destructive" });
      (first!.field === "title" ? titleRef : fileRef).current?.focus();
      return;
    }
    try {
      const exhibit = await create.mutateAsync(draft);
      toast({ title: "Exhibit Uploaded", description: `"${exhibit.title}" was added to the exhibit tracker.` });
      setErrors({});
      onDraftChange(EMPTY_EXHIBIT_DRAFT);
      handleOpenChange(false);
    } catch (error) {
      toastFailure("Upload Failed", error);
      // The toast sits behind the modal for screen readers: say it inside the dialog too.
      const message = error instanceof ApiError && error.serverMessage ? error.serverMessage : "Please try again.";
      setSubmitError(`Upload Failed - ${message}`);
      setErrors((current) => ({ ...current, ...fieldErrors(error) }));
    }
  };

  /** Closing keeps the draft (held by the tracker) but not the complaints about it. */
  const handleOpenChange = (next: boolean) => {
    if (!next) {
      setErrors({});
      setSubmitError(null);
    }
    onOpenChange(next);
  };

  const fileError = errors.file;
  const submitParts = submitError ? splitMessage(submitError) : null;

  return (
    <Dialog
      open={open}
      onOpenChange={handleOpenChange}
      title="Add exhibit"
      description="Attach a schedule, drawing or other document to this contract, or plan one that is still to come."
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={() => handleOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={create.isPending}>
            {create.isPending ? <Spinner className="size-4 text-current" /> : <Upload aria-hidden="true" />}
            {create.isPending ? "Uploading..." : "Add exhibit"}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        {submitParts && <FormAlert title={submitParts.title}>{submitParts.description}</FormAlert>}

        <div className="grid gap-4 sm:grid-cols-3">
          <DraftTextField
            label="Title"
            className="sm:col-span-2"
            error={errors.title}
            inputRef={titleRef}
            autoFocus
            required
            aria-required="true"
            maxLength={EXHIBIT_TITLE_MAX_LENGTH}
            value={draft.title}
            onValueChange={(value) => update("title", value)}
            placeholder="e.g. Scope of Work"
          />
          <DraftTextField
            label="Exhibit number"
            error={errors.exhibitNumber}
            maxLength={EXHIBIT_NUMBER_MAX_LENGTH}
            value={draft.exhibitNumber}
            onValueChange={(value) => update("exhibitNumber", value)}
            placeholder="e.g. A"
          />
        </div>

        <DraftTextField
          label="Description"
          multiline
          error={errors.description}
          maxLength={EXHIBIT_TEXT_MAX_LENGTH}
          value={draft.description}
          onValueChange={(value) => update("description", value)}
        />

        <div className="grid gap-3 sm:grid-cols-2">
          <Checkbox
            label="Required exhibit"
            hint="The contract is incomplete without it."
            checked={draft.isRequired}
            onChange={(e) => update("isRequired", e.target.checked)}
          />
          <Checkbox
            label="Planned exhibit"
            hint="No file yet: track it until it arrives."
            checked={draft.isPlanned}
            onChange={(e) => update("isPlanned", e.target.checked)}
          />
        </div>

        <div className="space-y-1.5">
          <label htmlFor={fileId} className="text-sm font-medium text-slate-800">
            File{" "}
            <span className="font-normal text-slate-500">{draft.isPlanned ? "(optional for a planned exhibit)" : "(required unless planned)"}</span>
          </label>
          {draft.file && (
            <div className="flex items-center gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
              <FileText aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
              <span className="min-w-0 flex-1 truncate font-medium text-slate-800" title={draft.file.name}>
                {draft.file.name}
              </span>
              <span className="shrink-0 text-xs text-slate-500">{formatFileSize(draft.file.size)}</span>
              <button
                type="button"
                onClick={() => update("file", null)}
                aria-label={`Remove ${draft.file.name}`}
                className="rounded p-0.5 text-slate-500 hover:bg-slate-200 hover:text-slate-800"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </div>
          )}
          {/* The native picker says "No file chosen" once a file is held in the draft: a button of our own says what is true. */}
          <input
            ref={fileRef}
            id={fileId}
            type="file"
            accept={EXHIBIT_ACCEPT}
            aria-describedby={fileError ? fileErrorId : `${fileId}-hint`}
            aria-invalid={fileError ? true : undefined}
            onChange={pickFile}
            className="peer sr-only"
          />
          <label
            htmlFor={fileId}
            className={clsx(
              buttonClasses("secondary", "sm"),
              "cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600",
              fileError && "border-red-500",
            )}
          >
            <Paperclip aria-hidden="true" />
            {draft.file ? "Choose another file" : "Choose file"}
          </label>
          {fileError ? (
            <p id={fileErrorId} role="alert" className="text-xs font-medium text-red-600">
              {fileError}
            </p>
          ) : (
            <p id={`${fileId}-hint`} className="text-xs text-slate-500">
              PDF, Word, Excel, PowerPoint or text, up to 10 MB.
            </p>
          )}
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <DraftTextField
            label="Expected date"
            type="date"
            error={errors.expectedDate}
            value={draft.expectedDate}
            onValueChange={(value) => update("expectedDate", value)}
          />
          <Field label="Assigned to" error={errors.assignedTo}>
            {({ id, describedBy, invalid }) => (
              <NativeSelect
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                value={draft.assignedTo}
                onChange={(e) => update("assignedTo", e.target.value)}
              >
                <option value="">Unassigned</option>
                {(reviewers ?? []).map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name} ({roleLabel(r.role)})
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        </div>

        {draft.isPlanned && (
          <DraftTextField
            label="Planned notes"
            multiline
            hint="What is expected, from whom, and anything blocking it."
            error={errors.plannedNotes}
            maxLength={EXHIBIT_TEXT_MAX_LENGTH}
            value={draft.plannedNotes}
            onValueChange={(value) => update("plannedNotes", value)}
          />
        )}

        <DraftTextField
          label="Tags"
          hint="Separate tags with commas, e.g. schedule, payment."
          error={errors.tags}
          value={draft.tags}
          onValueChange={(value) => update("tags", value)}
        >
          {tags.length > 0 && (
            <div aria-hidden="true" className="flex flex-wrap gap-1">
              {tags.map((tag) => (
                <Badge key={tag} tone="neutral">
                  {tag}
                </Badge>
              ))}
            </div>
          )}
        </DraftTextField>
      </form>
    </Dialog>
  );
}
