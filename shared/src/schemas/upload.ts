import { z } from "zod";
import { PRIORITIES } from "../enums";
import { contractDetail } from "./contract";

/** Texts of the upload form (spec §5 for the first three; the rest ours). */
export const UPLOAD_FORM_MESSAGES = {
  missingInformation: "Missing information - Please fill in all required fields and consent to processing.",
  invalidType: "Invalid file type - Please select a PDF, Word document, or text file.",
  tooLarge: "File too large - Please select a file smaller than 10MB.",
  uploaded: "Contract uploaded - Your contract has been uploaded and is being analyzed.",
  /** Ours: the AI review switch is off, so nothing is being analysed. */
  uploadedNotAnalysed: "Contract uploaded - Your contract has been uploaded. AI analysis is turned off for your company, so it was not analyzed.",
  accessRestricted: "Access Restricted - Only administrators can upload contracts",
} as const;

export const UPLOAD_TITLE_MAX_LENGTH = 300;
export const UPLOAD_CLIENT_MAX_LENGTH = 200;
/** Multipart parts other than the file are small; this much on top of the file covers them. */
export const MULTIPART_OVERHEAD_BYTES = 256 * 1024;

/** Review days per priority when the uploader sets no review deadline (business days, Monday to Friday). */
export const REVIEW_BUSINESS_DAYS: Record<(typeof PRIORITIES)[number], number> = { urgent: 2, high: 5, medium: 10, low: 20 };

/** A blank form field means "not set". */
export const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** An HTML checkbox or a JSON-minded client: "true"/"on"/"1"/"yes" are true; absent, "false"/"off"/"0"/"no" are false. */
export const formBoolean = z.preprocess(
  (value) => {
    if (value === undefined || value === null || typeof value === "boolean") return value ?? false;
    const text = String(value).trim().toLowerCase();
    if (["true", "on", "1", "yes"].includes(text)) return true;
    if (["", "false", "off", "0", "no"].includes(text)) return false;
    return value;
  },
  z.boolean({ message: "Must be true or false." }),
);

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** "2026-12-01" (a calendar date, as a date input sends it) or an ISO date-time with a zone. */
export function isDateInput(value: string): boolean {
  const date = DATE_ONLY.exec(value);
  if (date) {
    const [y, m, d] = [Number(date[1]), Number(date[2]), Number(date[3])];
    const probe = new Date(Date.UTC(y, m - 1, d));
    return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
  }
  return DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

/** An optional date field of a form: blank means not set. */
export const optionalDateInput = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine(isDateInput, { message: `${label} must be a valid date (YYYY-MM-DD).` })
      .optional(),
  );

/** An optional text field of a form: trimmed, at most `max` characters, null when blank. */
export const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(max, `${label} can be at most ${max} characters.`)
      .optional()
      .transform((value) => value ?? null),
  );

/**
 * The text fields of POST /api/contracts (multipart; the file travels as `file`). Presence of the
 * file, the title and processing consent is checked first, with the spec's one message.
 */
export const uploadContractFields = z.object({
  title: z.string().trim().min(1, UPLOAD_FORM_MESSAGES.missingInformation).max(UPLOAD_TITLE_MAX_LENGTH, `The title can be at most ${UPLOAD_TITLE_MAX_LENGTH} characters.`),
  client: optionalText("The client", UPLOAD_CLIENT_MAX_LENGTH),
  storageConsent: formBoolean,
  processingConsent: formBoolean.refine((value) => value, { message: UPLOAD_FORM_MESSAGES.missingInformation }),
  priority: z.preprocess(blankToUndefined, z.enum(PRIORITIES, { message: `Priority must be one of: ${PRIORITIES.join(", ")}.` }).default("medium")),
  reviewDeadline: optionalDateInput("The review deadline"),
  approvalDeadline: optionalDateInput("The approval deadline"),
  reviewerId: z.preprocess(blankToUndefined, z.uuid({ message: "The reviewer must be a member of your company who can review contracts." }).optional()),
  /** Which party the company is in this contract ("Owner", "Contractor"); blank: read from the company's name. */
  ourPartyRole: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(60, "A party role can be at most 60 characters.")
      .regex(/^[\p{L}][\p{L}\p{N} .&'’-]*$/u, "A party role is a word or two, such as Owner or Contractor.")
      .optional()
      .transform((value) => value ?? null),
  ),
  /** Chosen by the client: OCR progress of this upload is pushed to the uploader under this id. */
  uploadId: z.preprocess(blankToUndefined, z.uuid({ message: "uploadId must be a UUID." }).optional()),
});
export type UploadContractFields = z.infer<typeof uploadContractFields>;

/** 201 of POST /api/contracts: the new contract, plus what extraction had to leave out or guess. */
export const uploadContractResponse = contractDetail.extend({
  warnings: z.array(z.string()),
  /** Whether the analysis was queued (false while the company's AI review is off). */
  analysisQueued: z.boolean(),
});
export type UploadContractResponse = z.infer<typeof uploadContractResponse>;
