import { z } from "zod";
import { EXHIBIT_STATUSES } from "../enums";
import { blankToUndefined, formBoolean, optionalDateInput, optionalText } from "./upload";

export const EXHIBIT_EXTENSIONS = ["pdf", "doc", "docx", "txt", "xlsx", "xls", "ppt", "pptx"] as const;
export type ExhibitExtension = (typeof EXHIBIT_EXTENSIONS)[number];
export const EXHIBIT_REVIEW_STATUSES = ["reviewed", "approved", "rejected"] as const;

export const EXHIBIT_TITLE_MAX_LENGTH = 200;
export const EXHIBIT_NUMBER_MAX_LENGTH = 50;
export const EXHIBIT_TEXT_MAX_LENGTH = 5000;
export const EXHIBIT_MAX_TAGS = 20;
export const EXHIBIT_TAG_MAX_LENGTH = 50;

/** Texts of the exhibit tracker (spec §5 and §8 for the first three; the rest ours). */
export const EXHIBIT_MESSAGES = {
  missingTitle: "Missing Information - Please provide a title.",
  missingFile: "Missing File - Please select a file or mark this as a planned exhibit.",
  missingReviewStatus: "Please select a review status.",
  invalidType: "Invalid file type - Exhibits can be PDF, Word (.doc, .docx), Excel (.xls, .xlsx), PowerPoint (.ppt, .pptx) or text (.txt) files.",
  alreadyApproved: "This exhibit is already approved; its review can no longer be changed.",
  assigneeNotMember: "The assignee must be an active member of your company.",
  approvedNotDeletable: "This exhibit is approved, and an approved exhibit cannot be deleted.",
  deleteForbidden: "Only administrators can delete exhibits; the person who added an exhibit can delete it until it is reviewed.",
} as const;

/** "a, b ,A,,c" → ["a", "b", "c"]: trimmed, blanks dropped, duplicates (ignoring case) dropped. */
export function parseTags(input: string | undefined | null): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of (input ?? "").split(",")) {
    const tag = raw.trim().replace(/\s+/g, " ");
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

export const exhibitTags = z.preprocess(
  (value) => (Array.isArray(value) ? parseTags(value.join(",")) : parseTags(typeof value === "string" ? value : undefined)),
  z
    .array(z.string().max(EXHIBIT_TAG_MAX_LENGTH, `Each tag can be at most ${EXHIBIT_TAG_MAX_LENGTH} characters.`))
    .max(EXHIBIT_MAX_TAGS, `At most ${EXHIBIT_MAX_TAGS} tags, please.`),
);

/**
 * The text fields of POST /api/contracts/{id}/exhibits (multipart; the file, if any, travels as
 * `file`). Tags arrive comma separated.
 */
export const createExhibitFields = z.object({
  title: z.preprocess((value) => value ?? "", z.string().trim().min(1, EXHIBIT_MESSAGES.missingTitle).max(EXHIBIT_TITLE_MAX_LENGTH, `The title can be at most ${EXHIBIT_TITLE_MAX_LENGTH} characters.`)),
  description: optionalText("The description", EXHIBIT_TEXT_MAX_LENGTH),
  exhibitNumber: optionalText("The exhibit number", EXHIBIT_NUMBER_MAX_LENGTH),
  isRequired: formBoolean,
  isPlanned: formBoolean,
  expectedDate: optionalDateInput("The expected date"),
  assignedTo: z.preprocess(blankToUndefined, z.uuid({ message: EXHIBIT_MESSAGES.assigneeNotMember }).optional()),
  plannedNotes: optionalText("The planned notes", EXHIBIT_TEXT_MAX_LENGTH),
  tags: exhibitTags,
});
export type CreateExhibitFields = z.infer<typeof createExhibitFields>;

export const reviewExhibitRequest = z.object({
  status: z.enum(EXHIBIT_REVIEW_STATUSES, { message: EXHIBIT_MESSAGES.missingReviewStatus }),
  notes: z.string().trim().max(EXHIBIT_TEXT_MAX_LENGTH).optional().nullable(),
});
export type ReviewExhibitRequest = z.infer<typeof reviewExhibitRequest>;

export const exhibit = z.object({
  id: z.string(),
  contractId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  exhibitNumber: z.string().nullable(),
  isRequired: z.boolean(),
  isPlanned: z.boolean(),
  /** Date-only, 'YYYY-MM-DD' (issue 17): show it with formatDateOnly, never through Date. */
  expectedDate: z.string().nullable(),
  assignedTo: z.string().nullable(),
  plannedNotes: z.string().nullable(),
  tags: z.array(z.string()),
  fileName: z.string().nullable(),
  fileSize: z.number().nullable(),
  /** MIME type of the stored file, null without a file. */
  mimeType: z.string().nullable(),
  /** GET path of the file (attachment), null without a file. */
  fileUrl: z.string().nullable(),
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** `overdue` is derived: the expected day is over in the company's time zone while the exhibit is still pending or planned. */
  status: z.enum(EXHIBIT_STATUSES),
  reviewNotes: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** What the caller may do with this exhibit now (api/src/policies/exhibit.ts). */
  abilities: z.object({ review: z.boolean(), delete: z.boolean() }),
});
export type Exhibit = z.infer<typeof exhibit>;
