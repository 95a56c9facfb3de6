import { Extension, Mark, mergeAttributes, type Attributes } from "@tiptap/core";

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

/** The attribute of a paragraph or heading whose preceding paragraph break is a suggestion. */
export const SUGGESTED_BREAK = "suggestedBreak";
export type SuggestedBreakKind = "insert" | "delete";

/**
 * `suggestedBreak` on a paragraph or heading: the paragraph break BEFORE this block is a suggested
 * insertion (a reviewer pressed Enter or pasted paragraphs: accepting keeps the break, rejecting
 * joins this block to the one before) or a suggested deletion (a reviewer deleted across
 * paragraphs: accepting joins, rejecting keeps). Nothing is joined until a decision. It carries
 * the same author, change id and time as the marks, so one change can hold text and breaks.
 */
export interface SuggestedBreak extends SuggestionAttributes {
  kind: SuggestedBreakKind;
}

/** The suggested break an attribute value describes (null: none, or not one we wrote). */
export function readSuggestedBreak(value: unknown): SuggestedBreak | null {
  if (typeof value === "string") {
    try {
      return readSuggestedBreak(JSON.parse(value));
    } catch {
      return null;
    }
  }
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  if ((v.kind !== "insert" && v.kind !== "delete") || typeof v.changeId !== "string" || v.changeId === "") return null;
  const s = (x: unknown) => (typeof x === "string" && x !== "" ? x : null);
  return { kind: v.kind, changeId: v.changeId, authorId: s(v.authorId), authorName: s(v.authorName), createdAt: s(v.createdAt) };
}

/** The block types that can carry a suggested break (the paragraphs a split or join makes). */
export const SUGGESTED_BREAK_TYPES = ["paragraph", "heading"] as const;

/**
 * Keeps `suggestedBreak` on paragraphs and headings (data-suggested-break, JSON), with a class for
 * the editor's marker. Not kept on split: the break before the original block stays where it was.
 */
export const SuggestedBreakAttribute = Extension.create({
  name: "suggestedBreakAttribute",
  addGlobalAttributes() {
    return [
      {
        types: [...SUGGESTED_BREAK_TYPES],
        attributes: {
          [SUGGESTED_BREAK]: {
            default: null,
            keepOnSplit: false,
            parseHTML: (element) => readSuggestedBreak(element.getAttribute("data-suggested-break")),
            renderHTML: (attributes) => {
              const value = readSuggestedBreak(attributes[SUGGESTED_BREAK]);
              return value ? { "data-suggested-break": JSON.stringify(value), class: `suggested-break suggested-break-${value.kind}` } : {};
            },
          },
        },
      },
    ];
  },
});
