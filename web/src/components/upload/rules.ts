import {
  MAX_UPLOAD_BYTES,
  REVIEW_BUSINESS_DAYS,
  UPLOAD_FORM_MESSAGES,
  UPLOAD_TITLE_MAX_LENGTH,
  type Priority,
} from "@clausewise/shared";

/** Spec §5: PDF, Word (.doc, .docx) and plain text. The server decides by extension and content too. */
export const ACCEPTED_EXTENSIONS = [".pdf", ".doc", ".docx", ".txt"] as const;
export const FILE_ACCEPT = ACCEPTED_EXTENSIONS.join(",");

export interface ToastText {
  title: string;
  description: string;
}

/** The shared texts read "Title - Description"; a toast shows the two parts apart. */
function toastText(message: string): ToastText {
  const at = message.indexOf(" - ");
  return at < 0 ? { title: message, description: "" } : { title: message.slice(0, at), description: message.slice(at + 3) };
}

/** Spec §5 and §8, word for word (the empty-file text is the API's own). */
export const UPLOAD_TOASTS = {
  invalidType: toastText(UPLOAD_FORM_MESSAGES.invalidType),
  tooLarge: toastText(UPLOAD_FORM_MESSAGES.tooLarge),
  missingInformation: toastText(UPLOAD_FORM_MESSAGES.missingInformation),
  uploaded: toastText(UPLOAD_FORM_MESSAGES.uploaded),
  uploadedNotAnalysed: toastText(UPLOAD_FORM_MESSAGES.uploadedNotAnalysed),
  empty: { title: "The file is empty", description: "Please select a file that contains your contract." },
  failed: { title: "Upload failed", description: "Failed to upload contract. Please try again." },
} satisfies Record<string, ToastText>;

export type FileProblem = "invalidType" | "tooLarge" | "empty";

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot).toLowerCase() : "";
}

/** Why a chosen file cannot be uploaded, or null when it can (type first, as the spec lists them). */
export function fileProblem(file: Pick<File, "name" | "size">): FileProblem | null {
  if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) return "invalidType";
  if (file.size > MAX_UPLOAD_BYTES) return "tooLarge";
  if (file.size === 0) return "empty";
  return null;
}

/** The file name without its extension: the title the form proposes. */
export function titleFromFileName(name: string): string {
  const dot = name.lastIndexOf(".");
  const base = dot > 0 ? name.slice(0, dot) : name;
  return base.trim().slice(0, UPLOAD_TITLE_MAX_LENGTH);
}

/** Spec §5: file, title and processing consent are required; the rest is optional. */
export function isUploadReady(draft: { file: File | null; title: string; processingConsent: boolean }): boolean {
  return draft.file !== null && draft.title.trim() !== "" && draft.processingConsent;
}

/** A local calendar date as a date input reads and writes it (YYYY-MM-DD). */
export function toDateInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function fromDateInput(value: string): Date {
  const [y, m, d] = value.split("-").map(Number);
  return new Date(y ?? 0, (m ?? 1) - 1, d ?? 1);
}

/**
 * `from` plus `days` business days (Monday to Friday), the rule the API applies to a review deadline
 * left empty (urgent 2, high 5, medium 10, low 20). Shown in the form so the uploader knows the date.
 */
export function addBusinessDays(from: Date, days: number): Date {
  const date = new Date(from.getFullYear(), from.getMonth(), from.getDate());
  for (let counted = 0; counted < days; ) {
    date.setDate(date.getDate() + 1);
    const weekday = date.getDay();
    if (weekday !== 0 && weekday !== 6) counted += 1;
  }
  return date;
}

export function computedReviewDeadline(priority: Priority, today: Date): Date {
  return addBusinessDays(today, REVIEW_BUSINESS_DAYS[priority]);
}

export function formatDay(value: string | Date): string {
  const date = typeof value === "string" ? fromDateInput(value) : value;
  return date.toLocaleDateString("en-CA", { weekday: "short", year: "numeric", month: "short", day: "numeric" });
}

export interface DeadlineDraft {
  priority: Priority;
  reviewDeadline: string;
  approvalDeadline: string;
}

export type DeadlineErrors = Partial<Record<"reviewDeadline" | "approvalDeadline", string>>;

/**
 * The deadline rules the API enforces, checked before the upload so the uploader fixes them in place:
 * no date in the past, and approval no earlier than review (given, or computed from the priority).
 */
export function deadlineErrors(draft: DeadlineDraft, today: Date): DeadlineErrors {
  const errors: DeadlineErrors = {};
  const todayInput = toDateInput(today);
  if (draft.reviewDeadline && draft.reviewDeadline < todayInput) {
    errors.reviewDeadline = "The review deadline cannot be in the past.";
  }
  if (draft.approvalDeadline) {
    const review = draft.reviewDeadline || toDateInput(computedReviewDeadline(draft.priority, today));
    if (draft.approvalDeadline < todayInput) {
      errors.approvalDeadline = "The approval deadline cannot be in the past.";
    } else if (!errors.reviewDeadline && draft.approvalDeadline < review) {
      errors.approvalDeadline = draft.reviewDeadline
        ? `The approval deadline cannot be before the review deadline (${formatDay(review)}).`
        : `The approval deadline cannot be before the review deadline (${formatDay(review)} for ${draft.priority} priority).`;
    }
  }
  return errors;
}
