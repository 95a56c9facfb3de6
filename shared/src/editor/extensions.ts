import { getSchema, type Extensions } from "@tiptap/core";
import type { Schema } from "@tiptap/pm/model";
import { Image } from "@tiptap/extension-image";
import { Subscript } from "@tiptap/extension-subscript";
import { Superscript } from "@tiptap/extension-superscript";
import { Table, TableCell, TableHeader, TableRow } from "@tiptap/extension-table";
import { TextAlign } from "@tiptap/extension-text-align";
import { TextStyleKit } from "@tiptap/extension-text-style";
import { Youtube } from "@tiptap/extension-youtube";
import { StarterKit } from "@tiptap/starter-kit";
import { BlockDirection, BlockIndent } from "./block-attributes";
import { SuggestedBreakAttribute, SuggestionDelete, SuggestionInsert } from "./suggestion";
import { isSafeImageSrc, isSafeLinkHref, LINK_PROTOCOLS } from "./urls";

export * from "./block-attributes";
export * from "./suggestion";
export * from "./urls";

/**
 * Options that change how things look or behave in an editor, never the schema: the web editor, the
 * server's HTML conversion and every Y.Doc must agree on the schema, or content is dropped silently.
 */
export interface EditorExtensionOptions {
  /** Size of embedded videos (rendering only). */
  video?: { width?: number; height?: number };
}

export const HEADING_LEVELS = [1, 2, 3, 4, 5, 6] as const;
export const TEXT_ALIGNMENTS = ["left", "center", "right", "justify"] as const;

/** Images keep their schema, but a URL outside the allow-list is neither parsed nor rendered. */
const SafeImage = Image.extend({
  parseHTML() {
    return [{ tag: "img[src]", getAttrs: (element) => (isSafeImageSrc(element.getAttribute("src")) ? null : false) }];
  },
  addAttributes() {
    const parent = this.parent?.() ?? {};
    return {
      ...parent,
      src: {
        default: null,
        parseHTML: (element) => element.getAttribute("src"),
        renderHTML: (attributes) => (isSafeImageSrc(attributes.src) ? { src: attributes.src } : {}),
      },
    };
  },
});

/**
 * The ONE extension list of the contract document (DESIGN.md §4): the web editor adds only
 * behaviour on top (Collaboration, carets, placeholder), the API converts HTML with it, and the
 * Y.Doc's XML fragment follows its schema.
 *
 * - No undo/redo history: collaboration brings its own, which undoes only the user's own edits.
 * - No trailing-node plugin: every connected editor would append its own empty paragraph to the
 *   shared document at the same moment, and the CRDT would keep all of them.
 * - Background colour is the text-style attribute (one way to colour a background, not two with
 *   the Highlight mark); no line height (not on the toolbar, and not allowed by the sanitizer).
 * - Do not set the editor option `textDirection`: it adds `dir` to every node type, changing the
 *   schema; `BlockDirection` puts it on paragraphs and headings.
 */
export function createEditorExtensions(options: EditorExtensionOptions = {}): Extensions {
  return [
    StarterKit.configure({
      undoRedo: false,
      trailingNode: false,
      heading: { levels: [...HEADING_LEVELS] },
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: "https",
        protocols: [...LINK_PROTOCOLS],
        isAllowedUri: (url) => isSafeLinkHref(url),
      },
    }),
    TextStyleKit.configure({ lineHeight: false }),
    TextAlign.configure({ types: ["paragraph", "heading"], alignments: [...TEXT_ALIGNMENTS] }),
    Subscript,
    Superscript,
    Table.configure({ resizable: false }),
    TableRow,
    TableHeader,
    TableCell,
    SafeImage.configure({ inline: true, allowBase64: true }),
    Youtube.configure({ nocookie: true, width: options.video?.width ?? 640, height: options.video?.height ?? 360 }),
    BlockIndent,
    BlockDirection,
    SuggestionInsert,
    SuggestionDelete,
    SuggestedBreakAttribute,
  ];
}

let schema: Schema | null = null;

/** The ProseMirror schema of the contract document (built once). */
export function getEditorSchema(): Schema {
  schema ??= getSchema(createEditorExtensions());
  return schema;
}
