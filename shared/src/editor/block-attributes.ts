import { Extension } from "@tiptap/core";
import type { Transaction } from "@tiptap/pm/state";

/** The blocks that carry indentation and writing direction (the toolbar's "indent" and "direction"). */
export const BLOCK_ATTRIBUTE_TYPES = ["paragraph", "heading"] as const;
export const MAX_INDENT = 8;
export const TEXT_DIRECTIONS = ["ltr", "rtl", "auto"] as const;
export type TextDirection = (typeof TEXT_DIRECTIONS)[number];

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    blockIndent: {
      /** One step deeper for every paragraph and heading in the selection (at most MAX_INDENT). */
      indent: () => ReturnType;
      /** One step back towards the margin. */
      outdent: () => ReturnType;
    };
    blockDirection: {
      /** Writing direction of the selected paragraphs and headings; null returns to the default. */
      setBlockDirection: (direction: TextDirection | null) => ReturnType;
    };
  }
}

const TYPES = new Set<string>(BLOCK_ATTRIBUTE_TYPES);

export function clampIndent(value: unknown): number {
  const n = typeof value === "number" ? value : Number.parseInt(String(value ?? ""), 10);
  return Number.isFinite(n) ? Math.min(MAX_INDENT, Math.max(0, Math.trunc(n))) : 0;
}

const isDirection = (value: unknown): value is TextDirection => typeof value === "string" && (TEXT_DIRECTIONS as readonly string[]).includes(value);

/** Sets `attribute` on each paragraph and heading of the selection; false when nothing would change. */
function updateBlocks(tr: Transaction, dispatch: unknown, attribute: string, next: (current: unknown) => unknown): boolean {
  const { from, to } = tr.selection;
  let changed = false;
  tr.doc.nodesBetween(from, to, (node, pos) => {
    if (!TYPES.has(node.type.name)) return true;
    const value = next(node.attrs[attribute]);
    if (value !== node.attrs[attribute]) {
      changed = true;
      if (dispatch) tr.setNodeAttribute(pos, attribute, value);
    }
    return false;
  });
  return changed;
}

/**
 * `indent` (0-8) on paragraphs and headings, stored as data-indent and shown as a start margin
 * (margin-inline-start, so it follows the writing direction).
 */
export const BlockIndent = Extension.create({
  name: "blockIndent",
  addGlobalAttributes() {
    return [
      {
        types: [...BLOCK_ATTRIBUTE_TYPES],
        attributes: {
          indent: {
            default: 0,
            parseHTML: (element) => clampIndent(element.getAttribute("data-indent")),
            renderHTML: (attributes) => {
              const indent = clampIndent(attributes.indent);
              return indent === 0 ? {} : { "data-indent": String(indent), style: `margin-inline-start: ${indent * 2}em` };
            },
          },
        },
      },
    ];
  },
  addCommands() {
    return {
      indent:
        () =>
        ({ tr, dispatch }) =>
          updateBlocks(tr, dispatch, "indent", (current) => clampIndent(clampIndent(current) + 1)),
      outdent:
        () =>
        ({ tr, dispatch }) =>
          updateBlocks(tr, dispatch, "indent", (current) => clampIndent(clampIndent(current) - 1)),
    };
  },
  addKeyboardShortcuts() {
    return {
      // As in Google Docs. Tab keeps its list, table and focus meanings.
      "Mod-]": () => this.editor.commands.indent(),
      "Mod-[": () => this.editor.commands.outdent(),
    };
  },
});

/**
 * `dir` (ltr/rtl/auto) on paragraphs and headings. Not TipTap's editor option `textDirection`: that
 * one adds `dir` to every node type and would make the web's schema differ from the server's.
 */
export const BlockDirection = Extension.create({
  name: "blockDirection",
  addGlobalAttributes() {
    return [
      {
        types: [...BLOCK_ATTRIBUTE_TYPES],
        attributes: {
          dir: {
            default: null,
            parseHTML: (element) => {
              const dir = element.getAttribute("dir");
              return isDirection(dir) ? dir : null;
            },
            renderHTML: (attributes) => (isDirection(attributes.dir) ? { dir: attributes.dir } : {}),
          },
        },
      },
    ];
  },
  addCommands() {
    return {
      setBlockDirection:
        (direction) =>
        ({ tr, dispatch }) =>
          updateBlocks(tr, dispatch, "dir", () => (isDirection(direction) ? direction : null)),
    };
  },
});
