import { useId, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { COMMON_PARTY_ROLES, PRIORITIES, PUSH_EVENTS, REVIEW_BUSINESS_DAYS, UPLOAD_CLIENT_MAX_LENGTH, UPLOAD_TITLE_MAX_LENGTH, uploadProgressPayload, type Priority, type UploadProgress } from "@clausewise/shared";
import { ApiError, errorText, isUnauthorizedError } from "../../api/client";
import { ocrProgressText, useUploadContract } from "../../api/uploads";
import { usePushEvent } from "../../realtime/pushes";
import { toast } from "../../stores/toast";
import { Button } from "../ui/button";
import { Checkbox } from "../ui/checkbox";
import { Dialog } from "../ui/dialog";
import { Field, Label, TextField } from "../ui/field";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/native-select";
import { Select } from "../ui/select";
import { Spinner } from "../ui/spinner";
import { FileDropZone } from "./FileDropZone";
import {
  computedReviewDeadline,
  deadlineErrors,
  fileProblem,
  formatDay,
  isUploadReady,
  titleFromFileName,
  toDateInput,
  UPLOAD_TOASTS,
  type ToastText,
} from "./rules";

interface Draft {
  file: File | null;
  title: string;
  client: string;
  priority: Priority;
  reviewDeadline: string;
  approvalDeadline: string;
  storageConsent: boolean;
  processingConsent: boolean;
  /** Which party the company is; "" lets the server read it from the company's name. */
  ourPartyRole: string;
}

const EMPTY_DRAFT: Draft = {
  file: null,
  title: "",
  client: "",
  priority: "medium",
  reviewDeadline: "",
  approvalDeadline: "",
  storageConsent: false,
  processingConsent: false,
  ourPartyRole: "",
};

type ServerField = "title" | "client" | "reviewDeadline" | "approvalDeadline";
const SERVER_FIELDS: readonly ServerField[] = ["title", "client", "reviewDeadline", "approvalDeadline"];

const PRIORITY_OPTIONS = PRIORITIES.map((p) => ({ value: p, label: p.charAt(0).toUpperCase() + p.slice(1) }));

function isPriority(value: string): value is Priority {
  return (PRIORITIES as readonly string[]).includes(value);
}

function showError(text: ToastText) {
  toast({ ...text, variant: "destructive" });
}

/** The messages the server attached to fields this form shows, to put beside them. */
function serverFieldErrors(error: unknown): Partial<Record<ServerField, string>> {
  if (!(error instanceof ApiError) || !error.fields) return {};
  const out: Partial<Record<ServerField, string>> = {};
  for (const field of SERVER_FIELDS) if (error.fields[field]) out[field] = error.fields[field];
  return out;
}

/**
 * The server's reason when our API gave one (it always sends an error code with it); a proxy's page
 * or a network failure gets the spec's text instead of raw HTML or nothing.
 */
function uploadErrorText(error: unknown): string {
  return error instanceof ApiError && error.code ? errorText(error, UPLOAD_TOASTS.failed.description) : UPLOAD_TOASTS.failed.description;
}

interface UploadContractDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Spec §2 "Upload dialog", §5 upload rules, §8 upload texts. The draft lives as long as the
 * dashboard does: closing the dialog by accident, or a failed upload, never loses what was entered;
 * only a successful upload starts a fresh form.
 */
export function UploadContractDialog({ open, onOpenChange }: UploadContractDialogProps) {
  const formId = useId();
  const fileLabelId = useId();
  const fileHintId = useId();
  const navigate = useNavigate();
  const upload = useUploadContract();
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [serverErrors, setServerErrors] = useState<Partial<Record<ServerField, string>>>({});
  /** The title the form proposed from a file name, so a later file may replace it but never the user's own. */
  const proposedTitle = useRef("");
  const dateInputs = useRef<Partial<Record<"reviewDeadline" | "approvalDeadline", HTMLInputElement | null>>>({});

  const pending = upload.isPending;
  // A scanned PDF is read by OCR page by page; the server pushes how far it got under this id.
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [ocr, setOcr] = useState<UploadProgress | null>(null);
  usePushEvent(PUSH_EVENTS.uploadProgress, (payload) => {
    const parsed = uploadProgressPayload.safeParse(payload);
    if (parsed.success && parsed.data.uploadId === uploadId) setOcr(parsed.data);
  });
  const ready = isUploadReady(draft);
  const today = new Date();
  const todayInput = toDateInput(today);
  const deadlineProblems = deadlineErrors(draft, today);
  const computedDeadline = computedReviewDeadline(draft.priority, today);

  /** Closing the dialog, by Cancel, Escape or after an upload, leaves no trace of the abandoned form. */
  const close = () => {
    setDraft(EMPTY_DRAFT);
    setServerErrors({});
    setOcr(null);
    setUploadId(null);
    proposedTitle.current = "";
    onOpenChange(false);
  };

  const change = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if ((SERVER_FIELDS as readonly string[]).includes(key)) setServerErrors((e) => ({ ...e, [key]: undefined }));
  };

  const chooseFile = (file: File | null) => {
    if (file) {
      const problem = fileProblem(file);
      if (problem) {
        showError(UPLOAD_TOASTS[problem]);
        file = null;
      }
    }
    setDraft((d) => {
      const next = { ...d, file };
      if (file && (d.title.trim() === "" || d.title === proposedTitle.current)) {
        next.title = titleFromFileName(file.name);
        proposedTitle.current = next.title;
      }
      return next;
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!isUploadReady(draft) || !draft.file) {
      showError(UPLOAD_TOASTS.missingInformation);
      return;
    }
    const firstProblem = (["reviewDeadline", "approvalDeadline"] as const).find((key) => deadlineProblems[key]);
    if (firstProblem) {
      dateInputs.current[firstProblem]?.focus();
      return;
    }
    const id = crypto.randomUUID();
    setUploadId(id);
    setOcr(null);
    upload.mutate(
      { ...draft, file: draft.file, uploadId: id },
      {
        onSuccess: (contract) => {
          toast(contract.analysisQueued ? UPLOAD_TOASTS.uploaded : UPLOAD_TOASTS.uploadedNotAnalysed);
          close();
          void navigate(`/contracts/${encodeURIComponent(contract.id)}`);
        },
        onError: (error) => {
          // A lost session has its own toast and sign-in redirect (query-client.ts).
          if (isUnauthorizedError(error)) return;
          setServerErrors(serverFieldErrors(error));
          showError({ title: UPLOAD_TOASTS.failed.title, description: uploadErrorText(error) });
        },
      },
    );
  };

  const dateField = (key: "reviewDeadline" | "approvalDeadline", label: string, hint: string, min: string) => (
    <Field label={label} hint={hint} error={deadlineProblems[key] ?? serverErrors[key]}>
      {({ id, describedBy, invalid }) => (
        <Input
          ref={(el) => {
            dateInputs.current[key] = el;
          }}
          id={id}
          type="date"
          min={min}
          value={draft[key]}
          onChange={(e) => change(key, e.target.value)}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
        />
      )}
    </Field>
  );

  return (
    <Dialog
      open={open}
      // An upload under way cannot be abandoned half-way: the dialog stays until it answers.
      onOpenChange={(next) => {
        if (!next && pending) return;
        if (next) onOpenChange(true);
        else close();
      }}
      title="Upload Contract"
      description="Add a PDF, Word or text contract for secure review and AI analysis."
      size="lg"
      footer={
        <>
          <Button variant="secondary" disabled={pending} onClick={close}>
            Cancel
          </Button>
          {/* aria-disabled, not disabled: Enter in a field or a click still reaches onSubmit, which says what is missing. */}
          <Button type="submit" form={formId} aria-disabled={!ready || pending || undefined} disabled={pending}>
            {pending ? <Spinner className="size-4 text-white" /> : null}
            {pending ? "Uploading..." : "Upload"}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} aria-busy={pending || undefined}>
        <fieldset disabled={pending} className="space-y-5">
          <div className="space-y-1.5">
            <Label id={fileLabelId}>Contract file</Label>
            <FileDropZone
              file={draft.file}
              onChange={chooseFile}
              disabled={pending}
              labelledBy={fileLabelId}
              describedBy={fileHintId}
            />
            <p id={fileHintId} className="text-xs text-slate-500">
              PDF, Word (.doc, .docx) or text (.txt), up to 10 MB.
            </p>
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Title"
              required
              maxLength={UPLOAD_TITLE_MAX_LENGTH}
              value={draft.title}
              onChange={(e) => change("title", e.target.value)}
              placeholder="e.g. EPC Agreement - Gas Processing Plant"
              error={serverErrors.title}
            />
            <TextField
              label="Client"
              maxLength={UPLOAD_CLIENT_MAX_LENGTH}
              value={draft.client}
              onChange={(e) => change("client", e.target.value)}
              placeholder="e.g. Prairie Midstream Inc."
              hint="Optional."
              error={serverErrors.client}
            />
          </div>

          <Field
            label="Priority"
            hint="Without a review deadline, the priority sets it: urgent 2, high 5, medium 10, low 20 business days."
          >
            {({ id }) => (
              <div>
                <Select
                  id={id}
                  value={draft.priority}
                  onValueChange={(value) => {
                    if (isPriority(value)) change("priority", value);
                  }}
                  options={PRIORITY_OPTIONS}
                  className="w-full sm:w-48"
                />
              </div>
            )}
          </Field>

          <Field
            label="Your company is the"
            hint="The party your company is in this contract: every risk and advantage is judged from that side. Left on detect, it is matched from your company's name and can be changed on the contract page."
          >
            {({ id, describedBy }) => (
              <NativeSelect id={id} aria-describedby={describedBy} value={draft.ourPartyRole} onChange={(e) => change("ourPartyRole", e.target.value)} className="w-full sm:w-72">
                <option value="">Detect from our company name</option>
                {COMMON_PARTY_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {role}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>

          <div className="grid gap-4 sm:grid-cols-2">
            {dateField(
              "reviewDeadline",
              "Review deadline",
              draft.reviewDeadline
                ? "Optional."
                : `Optional. If empty: ${formatDay(computedDeadline)}, ${REVIEW_BUSINESS_DAYS[draft.priority]} business days for ${draft.priority} priority.`,
              todayInput,
            )}
            {dateField("approvalDeadline", "Approval deadline", "Optional.", draft.reviewDeadline || todayInput)}
          </div>

          <div className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
            <Checkbox
              label="I consent to the processing of this contract (required)"
              hint="Its text is analysed to identify risks and advantages. The analysis is informational, not legal advice."
              checked={draft.processingConsent}
              onChange={(e) => change("processingConsent", e.target.checked)}
              aria-required="true"
            />
            <Checkbox
              label="Store the original file"
              hint="Optional. Without it, the original file is not kept: only the extracted text is saved for review (until the contract is deleted), and downloads export the current document."
              checked={draft.storageConsent}
              onChange={(e) => change("storageConsent", e.target.checked)}
            />
          </div>

          {pending ? (
            <div role="status" className="space-y-2">
              <progress aria-label="Uploading contract" className="h-2 w-full accent-brand-700" />
              <p className="text-sm text-slate-600">
                Uploading and reading {draft.file?.name ?? "the contract"}. Large documents can take a moment.
              </p>
              {ocr ? <p className="text-sm font-medium text-slate-700">{ocrProgressText(ocr)}</p> : null}
            </div>
          ) : null}
        </fieldset>
      </form>
    </Dialog>
  );
}
