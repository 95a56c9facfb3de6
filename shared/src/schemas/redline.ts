import { z } from "zod";

/** What one import may bring in: far beyond a real redline of a 300-page contract, well short of a flood. */
export const REDLINE_LIMITS = { maxChanges: 5_000, maxComments: 5_000, maxAuthorLength: 200 } as const;

/** POST /api/contracts/{id}/redline: a counterparty's Word file (multipart `file`) becomes suggestions and comments. */
export const REDLINE_MESSAGES = {
  tooMany: `This Word document has more than ${REDLINE_LIMITS.maxChanges.toLocaleString("en-US")} tracked changes or comments, more than one import takes. Split it into smaller documents.`,
  fileRequired: "Choose the Word document (.docx) with the other side's tracked changes.",
  notWord: "Only a Word document (.docx) can be imported as a redline.",
  nothingToImport: "This Word document has no tracked changes or comments to import.",
} as const;

export const redlineImportResult = z.object({
  /** Tracked changes written into the document as suggestions. */
  suggestions: z.number().int().min(0),
  /** Word comments (and formatting changes) added as markups. */
  comments: z.number().int().min(0),
  /** Tracked changes and comments of the file that the contract already had (an earlier import, our own export). */
  alreadyPresent: z.number().int().min(0),
  /** The Word authors whose changes or comments came in. */
  authors: z.array(z.string()),
  /** What did not come in as it was in Word, in words for the user. */
  warnings: z.array(z.string()),
});
export type RedlineImportResult = z.infer<typeof redlineImportResult>;
