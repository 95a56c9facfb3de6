import { z } from "zod";
import { MARKUP_TYPES, ROLES } from "../enums";

export const MARKUP_MAX_LENGTH = 5000;

/**
 * Where a markup sits: the spec's client always sends paragraph 0; start/end are optional offsets
 * into the document's plain text (end exclusive), checked against the document by the API.
 */
export const markupPosition = z
  .object({
    paragraph: z.number().int().min(0).max(100_000),
    start: z.number().int().min(0).optional(),
    end: z.number().int().min(0).optional(),
  })
  .refine((p) => p.start === undefined || p.end === undefined || p.end >= p.start, { message: "end must not be before start", path: ["end"] });

export const createMarkupRequest = z.object({
  type: z.enum(MARKUP_TYPES, { message: `type must be one of: ${MARKUP_TYPES.join(", ")}` }),
  content: z.string({ message: "Markup text is required" }).trim().min(1, "Markup text is required").max(MARKUP_MAX_LENGTH, `Markup text must be at most ${MARKUP_MAX_LENGTH} characters`),
  position: markupPosition.default({ paragraph: 0 }),
});
export type CreateMarkupRequest = z.infer<typeof createMarkupRequest>;

export const markup = z.object({
  id: z.string(),
  type: z.enum(MARKUP_TYPES),
  content: z.string(),
  createdAt: z.string(),
  position: z.object({ paragraph: z.number(), start: z.number().optional(), end: z.number().optional() }),
  userId: z.string().nullable(),
  authorName: z.string(),
  /** True when the author is not a member: a comment imported from a Word file, signed with the name it carried there. */
  externalAuthor: z.boolean().optional(),
  /** The markup this one answers (a reply in a Word comment thread). */
  replyTo: z.string().nullable().optional(),
});
export type Markup = z.infer<typeof markup>;

/** GET /api/contracts/{id}/reviewers: the people of the Team Collaboration panel (who may comment). */
export const contractReviewer = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});
export type ContractReviewer = z.infer<typeof contractReviewer>;
