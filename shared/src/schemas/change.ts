import { z } from "zod";
import { CHANGE_STATUSES, CHANGE_TYPES } from "../enums";
import { decisionMaker } from "./workflow";

export const CHANGE_TEXT_MAX_LENGTH = 20_000;
export const CHANGE_COMMENT_MAX_LENGTH = 2000;

/**
 * The spec carries the range as a JSON string: '{"start":12,"end":40}'. Offsets are into the
 * document's plain text (api/src/content/text.ts), end exclusive.
 */
export const changeRange = z.object({ start: z.number().int().min(0), end: z.number().int().min(0) }).refine((r) => r.end >= r.start, {
  message: "end must not be before start",
});
export type ChangeRange = z.infer<typeof changeRange>;

export const POSITION_FORMAT_MESSAGE = 'Position must be a JSON string like {"start":0,"end":10}';

/** The range in a change's `position` string, or null when it is not one. */
export function parseChangePosition(position: string): ChangeRange | null {
  let raw: unknown;
  try {
    raw = JSON.parse(position);
  } catch {
    return null;
  }
  const parsed = changeRange.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** The canonical `position` string the API stores and answers. */
export function formatChangePosition(range: ChangeRange): string {
  return JSON.stringify({ start: range.start, end: range.end });
}

export const createChangeRequest = z
  .object({
    changeType: z.enum(CHANGE_TYPES, { message: `changeType must be one of: ${CHANGE_TYPES.join(", ")}` }),
    originalText: z.string().max(CHANGE_TEXT_MAX_LENGTH).default(""),
    newText: z.string().max(CHANGE_TEXT_MAX_LENGTH).default(""),
    position: z.string({ message: POSITION_FORMAT_MESSAGE }).max(200),
    reviewerComment: z.string().trim().max(CHANGE_COMMENT_MAX_LENGTH).optional().nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.changeType !== "delete" && v.newText.trim() === "") ctx.addIssue({ code: "custom", path: ["newText"], message: "New text is required" });
    if (v.changeType === "delete" && v.newText !== "") ctx.addIssue({ code: "custom", path: ["newText"], message: "A deletion has no new text; propose a replacement instead" });
    if (v.changeType !== "insert" && v.originalText === "") ctx.addIssue({ code: "custom", path: ["originalText"], message: "Select the text to change" });
    if (v.changeType === "insert" && v.originalText !== "") ctx.addIssue({ code: "custom", path: ["originalText"], message: "An insertion replaces no text; leave originalText empty" });
    const range = parseChangePosition(v.position);
    if (!range) {
      ctx.addIssue({ code: "custom", path: ["position"], message: POSITION_FORMAT_MESSAGE });
      return;
    }
    if (v.changeType === "insert" && range.start !== range.end) ctx.addIssue({ code: "custom", path: ["position"], message: "An insertion needs start equal to end" });
    if (v.changeType !== "insert" && range.start === range.end) ctx.addIssue({ code: "custom", path: ["position"], message: "Select the text to change" });
  });
export type CreateChangeRequest = z.infer<typeof createChangeRequest>;

export const rejectChangeRequest = z.object({ comment: z.string().trim().max(CHANGE_COMMENT_MAX_LENGTH).optional().nullable() });
export type RejectChangeRequest = z.infer<typeof rejectChangeRequest>;

export const documentChange = z.object({
  id: z.string(),
  contractId: z.string(),
  changeType: z.enum(CHANGE_TYPES),
  originalText: z.string(),
  newText: z.string(),
  /** '{"start":n,"end":m}' into the current plain text; kept on the same words as the document changes. */
  position: z.string(),
  reviewerComment: z.string().nullable(),
  status: z.enum(CHANGE_STATUSES),
  createdAt: z.string(),
  userId: z.string().nullable(),
  authorName: z.string(),
  /** True when the author is not a member: a tracked change imported from a Word file, signed with the name it carried there. */
  externalAuthor: z.boolean().optional(),
  decidedAt: z.string().nullable(),
  /** The id of the member who approved or rejected the change (kept as an id for existing clients). */
  decidedBy: z.string().nullable(),
  /** Who decided, as {id, name}: null while pending, or when nobody is on record. */
  decider: decisionMaker.nullable(),
  decisionComment: z.string().nullable(),
  /** The id of the suggestion marks in the live document behind this change (typed in suggest mode); null for a change proposed over the API. */
  suggestionId: z.string().nullable(),
  /** How many comments its thread holds (GET /api/document-changes/{id}/comments lists them). */
  commentCount: z.number().int().min(0).optional(),
});
export type DocumentChange = z.infer<typeof documentChange>;

export const CHANGE_THREAD_COMMENT_MAX_LENGTH = 2000;

/** POST /api/document-changes/{id}/comments: one comment in the suggestion's thread. */
export const createChangeCommentRequest = z.object({
  content: z
    .string({ message: "Comment text is required" })
    .trim()
    .min(1, "Comment text is required")
    .max(CHANGE_THREAD_COMMENT_MAX_LENGTH, `A comment must be at most ${CHANGE_THREAD_COMMENT_MAX_LENGTH} characters`),
});
export type CreateChangeCommentRequest = z.infer<typeof createChangeCommentRequest>;

/** A comment in the thread of a proposed change (a suggestion), oldest first. */
export const changeComment = z.object({
  id: z.string(),
  changeId: z.string(),
  userId: z.string().nullable(),
  authorName: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export type ChangeComment = z.infer<typeof changeComment>;
