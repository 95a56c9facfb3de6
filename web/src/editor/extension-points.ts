import type { Extensions } from "@tiptap/core";
import type { CollabMode } from "@clausewise/shared";

/** What an added extension may need to know about the editor it joins. */
export interface EditorExtensionContext {
  contractId: string;
  /** How the server lets this user change the document (from the contract's abilities). */
  mode: CollabMode;
  user: { id: string; name: string; color: string };
}

/**
 * Extensions added on top of the editor's own (the `extraExtensions` prop), as a list or built from
 * the context (e.g. suggestion tracking, which needs the author). Behaviour only: the document
 * schema is shared/src/editor's, which every Y.Doc and the server follow.
 */
export type ExtraExtensions = Extensions | ((context: EditorExtensionContext) => Extensions);

/**
 * The name of the extension that turns a reviewer's typing into suggestion marks (suggestions/**).
 * The server refuses any edit of a reviewer that changes the accepted text (close code
 * suggestionOnly), so reviewers can type in the editor ('Suggesting') only when an extension of
 * this name is present; without one their editor stays in View Mode and nothing they do is lost.
 */
export const SUGGESTION_TRACKING_EXTENSION = "suggestionTracking";

export function resolveExtraExtensions(extra: ExtraExtensions | undefined, context: EditorExtensionContext): Extensions {
  if (!extra) return [];
  return typeof extra === "function" ? extra(context) : extra;
}
