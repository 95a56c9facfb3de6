import type { ChangeType } from "@clausewise/shared";
import { excerpt } from "../documents/context";

export const CHANGE_MESSAGES = {
  selectionChanged: "The selected text has changed since you selected it. Select it again.",
  noLongerMatches: "The document changed where this change applies: the original text no longer matches. Ask the reviewer to propose it again.",
  alreadyDecided: (status: string) => `This change has already been ${status}.`,
} as const;

/** "replace “30 days” with “45 days”", for notification texts. */
export function describeChange(change: { changeType: ChangeType | string; originalText: string; newText: string }): string {
  if (change.changeType === "insert") return `insert “${excerpt(change.newText, 60)}”`;
  if (change.changeType === "delete") return `delete “${excerpt(change.originalText, 60)}”`;
  return `replace “${excerpt(change.originalText, 60)}” with “${excerpt(change.newText, 60)}”`;
}
