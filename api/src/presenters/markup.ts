import { MARKUP_TYPES, type Markup } from "@clausewise/shared";
import type { markups } from "../db/schema";
import type { UserRow } from "../auth/sessions";
import { authorName } from "./reviewer";

export type MarkupRow = typeof markups.$inferSelect;
export type Author = Pick<UserRow, "firstName" | "lastName" | "email"> | null;

const offset = (value: unknown): number | undefined => (typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : undefined);

/** The stored position is JSON that may also hold editor anchors; only the spec's fields leave. */
function presentPosition(position: Record<string, unknown>): Markup["position"] {
  const start = offset(position.start);
  const end = offset(position.end);
  return { paragraph: offset(position.paragraph) ?? 0, ...(start === undefined ? {} : { start }), ...(end === undefined ? {} : { end }) };
}

/** The name an imported comment or change carried in the Word file, when its author is not a member. */
export const externalAuthorName = (row: { userId: string | null; externalAuthor: string | null }): string | null => (row.userId === null && row.externalAuthor ? row.externalAuthor : null);

export function presentMarkup(row: MarkupRow, author: Author): Markup {
  return {
    id: row.id,
    type: MARKUP_TYPES.find((t) => t === row.type) ?? "comment",
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    position: presentPosition(row.position),
    userId: row.userId,
    authorName: externalAuthorName(row) ?? authorName(author),
    externalAuthor: externalAuthorName(row) !== null,
    replyTo: row.replyTo,
  };
}
