import type { JSONContent } from "@tiptap/core";

/*
 * A Word file's tracked changes and comments as the reader hands them over (plain data: it crosses
 * from the worker thread). The body is ProseMirror-like JSON (paragraph, table, tableRow, tableCell,
 * text, hardBreak) so that the shared plain-text walk reads it in the API's coordinates; revisions
 * and formatting changes are marks on the text, comment anchors are marker nodes.
 */

/** w:ins / w:del / w:moveTo / w:moveFrom: who changed the text, and when. */
export interface Revision {
  kind: "insert" | "delete";
  author: string;
  /** As Word wrote it (ISO 8601, often without seconds or zone); null when absent. */
  date: string | null;
  /** The two halves of a move are a deletion ("from") and an insertion ("to"). */
  move: "from" | "to" | null;
}

/** w:rPrChange: formatting changed under track changes (what it was before is in the file). */
export interface FormatChange {
  author: string;
  date: string | null;
  /** "bold added, italic removed" */
  description: string;
}

export interface RedlineComment {
  /** w:id in comments.xml. */
  id: string;
  author: string;
  date: string | null;
  text: string;
  /** The comment this one answers (commentsExtended.xml), by id. */
  parentId: string | null;
}

export interface RedlineDocument {
  body: JSONContent;
  comments: RedlineComment[];
  /** Runs and paragraph marks under w:ins, w:del, w:moveFrom, w:moveTo. */
  revisions: number;
  formatChanges: number;
}

export const REVISION_MARK = "revision";
export const FORMAT_CHANGE_MARK = "formatChange";
export const COMMENT_START = "commentStart";
export const COMMENT_END = "commentEnd";
export const COMMENT_REFERENCE = "commentReference";

export const revisionOf = (node: JSONContent): Revision | null => (node.marks?.find((m) => m.type === REVISION_MARK)?.attrs as Revision | undefined) ?? null;
export const paragraphRevision = (node: JSONContent): Revision | null => (node.attrs?.revision as Revision | undefined) ?? null;
