import { EXHIBIT_EXTENSIONS, EXHIBIT_MESSAGES, MAX_UPLOAD_BYTES, UPLOAD_FORM_MESSAGES } from "@clausewise/shared";
import type { CreateExhibitInput } from "../../api/exhibits";
import { splitMessage } from "./format";

/** The file picker's filter (spec §5: pdf, doc, docx, txt, xlsx, xls, ppt, pptx). */
export const EXHIBIT_ACCEPT = EXHIBIT_EXTENSIONS.map((ext) => `.${ext}`).join(",");

export const EMPTY_EXHIBIT_DRAFT: CreateExhibitInput = {
  title: "",
  description: "",
  exhibitNumber: "",
  isRequired: false,
  isPlanned: false,
  expectedDate: "",
  assignedTo: "",
  plannedNotes: "",
  tags: "",
  file: null,
};

export type ExhibitFormField = "title" | "file";

export interface ExhibitFormProblem {
  field: ExhibitFormField;
  /** The toast's two parts (spec §8), and the whole text for the inline message. */
  title: string;
  description: string;
}

/** Spec §5, in the spec's order: a title, then a file unless the exhibit is planned. */
export function validateExhibitDraft(draft: Pick<CreateExhibitInput, "title" | "isPlanned" | "file">): ExhibitFormProblem[] {
  const problems: ExhibitFormProblem[] = [];
  if (!draft.title.trim()) problems.push({ field: "title", ...splitMessage(EXHIBIT_MESSAGES.missingTitle) });
  if (!draft.file && !draft.isPlanned) problems.push({ field: "file", ...splitMessage(EXHIBIT_MESSAGES.missingFile) });
  return problems;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/**
 * Why a picked file cannot be an exhibit, or null when it can: the type by its name (the server also
 * checks the bytes), the 10 MB limit, and an empty file, in the API's words.
 */
export function exhibitFileProblem(file: { name: string; size: number }): string | null {
  if (!(EXHIBIT_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) return EXHIBIT_MESSAGES.invalidType;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_FORM_MESSAGES.tooLarge;
  if (file.size === 0) return "The file is empty - Please select a file with content.";
  return null;
}

/** Spec §5: an exhibit review needs a status. */
export function reviewProblem(status: string): string | null {
  return status ? null : EXHIBIT_MESSAGES.missingReviewStatus;
}
