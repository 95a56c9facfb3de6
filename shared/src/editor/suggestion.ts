import { Mark, mergeAttributes, type Attributes } from "@tiptap/core";

/** Who proposed a suggested insertion or deletion, and which proposed change it belongs to. */
export interface SuggestionAttributes {
  changeId: string | null;
  authorId: string | null;
  authorName: string | null;
  createdAt: string | null;
}

const dataAttribute = (key: keyof SuggestionAttributes, attribute: string): Attributes[string] => ({
  default: null,
  parseHTML: (element) => element.getAttribute(attribute),
  renderHTML: (attributes) => {
    const value: unknown = attributes[key];
    return typeof value === "string" && value !== "" ? { [attribute]: value } : {};
  },
});

const suggestionAttributes = (): Attributes => ({
  changeId: dataAttribute("changeId", "data-change-id"),
  authorId: dataAttribute("authorId", "data-author-id"),
  authorName: dataAttribute("authorName", "data-author-name"),
  createdAt: dataAttribute("createdAt", "data-created-at"),
});

/** Above the default 50, so a suggested deletion is not read as the Strike mark's plain <del>. */
const SUGGESTION_PARSE_PRIORITY = 60;

/*
 * Suggestion mode (DESIGN.md §3: a reviewer's edits in the live editor are suggestions). The marks
 * are not inclusive: text typed right after a suggestion is not silently attributed to its author;
 * the suggestion plugin marks what a reviewer types explicitly.
 */
export const SuggestionInsert = Mark.create({
  name: "suggestionInsert",
  inclusive: false,
  addAttributes: suggestionAttributes,
  parseHTML: () => [{ tag: "ins[data-change-id]", priority: SUGGESTION_PARSE_PRIORITY }],
  renderHTML: ({ HTMLAttributes }) => ["ins", mergeAttributes({ class: "suggestion suggestion-insert" }, HTMLAttributes), 0],
});

export const SuggestionDelete = Mark.create({
  name: "suggestionDelete",
  inclusive: false,
  addAttributes: suggestionAttributes,
  parseHTML: () => [{ tag: "del[data-change-id]", priority: SUGGESTION_PARSE_PRIORITY }],
  renderHTML: ({ HTMLAttributes }) => ["del", mergeAttributes({ class: "suggestion suggestion-delete" }, HTMLAttributes), 0],
});
