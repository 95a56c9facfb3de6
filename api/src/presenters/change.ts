import { CHANGE_STATUSES, CHANGE_TYPES, type DocumentChange } from "@clausewise/shared";
import { isMarkAnchor } from "../collab/suggestions";
import type { ChangeRow } from "../commands/changes/load";
import { externalAuthorName, type Author } from "./markup";
import { authorName } from "./reviewer";

/** The member who decided a change; null when nobody did or the account is gone. */
export type Decider = { id: string; firstName: string | null; lastName: string | null; email: string } | null;

export function presentChange(row: ChangeRow, author: Author, decider: Decider, commentCount?: number): DocumentChange {
  const decided = row.status !== "pending" && row.decidedBy !== null;
  return {
    id: row.id,
    contractId: row.contractId,
    changeType: CHANGE_TYPES.find((t) => t === row.changeType) ?? "replace",
    originalText: row.originalText,
    newText: row.newText,
    position: row.position,
    reviewerComment: row.reviewerComment,
    status: CHANGE_STATUSES.find((s) => s === row.status) ?? "pending",
    createdAt: row.createdAt.toISOString(),
    userId: row.userId,
    authorName: externalAuthorName(row) ?? authorName(author),
    externalAuthor: externalAuthorName(row) !== null,
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    decidedBy: row.decidedBy,
    decider: decided && decider && decider.id === row.decidedBy ? { id: decider.id, name: authorName(decider) } : null,
    decisionComment: row.decisionComment,
    suggestionId: isMarkAnchor(row.anchor) ? row.anchor.changeId : null,
    ...(commentCount === undefined ? {} : { commentCount: Number(commentCount) }),
  };
}
