import type { ChainedCommands, Editor } from "@tiptap/core";
import type { Mark, MarkType, Node as PMNode } from "@tiptap/pm/model";
import { TextSelection, type Transaction } from "@tiptap/pm/state";
import type { StyleFormat } from "./lib/styles";

/**
 * Formatting marks: what "clear formatting" and a style remove. Links and suggestion marks are
 * content, not formatting: removing a suggestion mark would silently accept or drop a reviewer's
 * proposal, so they are never touched here.
 */
export const FORMATTING_MARKS = ["bold", "italic", "underline", "strike", "code", "subscript", "superscript", "textStyle"] as const;

/** Paragraph and heading attributes that "clear formatting" resets. */
const BLOCK_RESET = { textAlign: null, indent: 0, dir: null } as const;

/** With a bare cursor, a style or "clear formatting" applies to the whole paragraph the cursor is in. */
function targetRange(editor: Editor): { from: number; to: number; collapsed: number | null } {
  const { selection } = editor.state;
  if (!selection.empty) return { from: selection.from, to: selection.to, collapsed: null };
  const { $from } = selection;
  return { from: $from.start(), to: $from.end(), collapsed: selection.from };
}

/** Puts the cursor back where it was before the styled range was selected (mapped through the edit). */
function restoreCursor(chain: ChainedCommands, collapsed: number | null): ChainedCommands {
  if (collapsed === null) return chain;
  return chain.command(({ tr }) => {
    tr.setSelection(TextSelection.near(tr.doc.resolve(tr.mapping.map(collapsed))));
    return true;
  });
}

function removeFormattingMarks(tr: Transaction, from: number, to: number): void {
  for (const name of FORMATTING_MARKS) {
    const type: MarkType | undefined = tr.doc.type.schema.marks[name];
    if (type) tr.removeMark(from, to, type);
  }
}

/** Spec toolbar "clean": removes text formatting, turns headings into paragraphs, resets alignment, indent and direction. */
export function clearFormatting(editor: Editor): boolean {
  const { from, to, collapsed } = targetRange(editor);
  const chain = editor
    .chain()
    .focus()
    .command(({ tr, state }) => {
      removeFormattingMarks(tr, from, to);
      const paragraph = state.schema.nodes.paragraph;
      tr.doc.nodesBetween(from, to, (node: PMNode, pos: number) => {
        if (node.type.name === "heading" && paragraph) tr.setNodeMarkup(pos, paragraph, { ...BLOCK_RESET });
        else if (node.type.name === "paragraph") tr.setNodeMarkup(pos, undefined, { ...node.attrs, ...BLOCK_RESET });
        return !node.isTextblock;
      });
      tr.setStoredMarks([]);
      return true;
    });
  return restoreCursor(chain, collapsed).run();
}

function setBlock(chain: ChainedCommands, editor: Editor, format: StyleFormat): ChainedCommands {
  const block = format.block;
  if (!block) return chain;
  switch (block.type) {
    case "paragraph":
      return editor.isActive("codeBlock") ? chain.toggleCodeBlock() : chain.setParagraph();
    case "heading":
      return chain.setHeading({ level: block.level });
    case "blockquote":
      return editor.isActive("blockquote") ? chain : chain.setBlockquote();
    case "codeBlock":
      return chain.setCodeBlock();
  }
}

/**
 * Applies a style (Document Styles dialog) to the selection, or to the cursor's paragraph: the
 * block kind and alignment it defines, then its text format in place of the text's own.
 */
export function applyStyle(editor: Editor, format: StyleFormat): boolean {
  const { from, to, collapsed } = targetRange(editor);
  let chain = editor.chain().focus().setTextSelection({ from, to });
  chain = setBlock(chain, editor, format);
  if (format.align) chain = chain.setTextAlign(format.align);
  if (format.block?.type !== "codeBlock") {
    const text = format.text;
    chain = chain.command(({ tr }) => {
      removeFormattingMarks(tr, tr.selection.from, tr.selection.to);
      return true;
    });
    if (text.fontFamily) chain = chain.setFontFamily(text.fontFamily);
    if (text.fontSize) chain = chain.setFontSize(text.fontSize);
    if (text.color) chain = chain.setColor(text.color);
    if (text.backgroundColor) chain = chain.setBackgroundColor(text.backgroundColor);
    if (text.bold) chain = chain.setBold();
    if (text.italic) chain = chain.setItalic();
    if (text.underline) chain = chain.setUnderline();
  }
  return restoreCursor(chain, collapsed).run();
}

/** Indent: a list item moves one level deeper; a paragraph or heading gets a deeper start margin. */
export function indent(editor: Editor): boolean {
  if (editor.isActive("listItem")) return editor.chain().focus().sinkListItem("listItem").run();
  return editor.chain().focus().indent().run();
}

export function outdent(editor: Editor): boolean {
  if (editor.isActive("listItem")) return editor.chain().focus().liftListItem("listItem").run();
  return editor.chain().focus().outdent().run();
}

/** The heading level of the cursor's block, or 0 for a paragraph. */
export function currentHeadingLevel(editor: Editor): number {
  for (let level = 1; level <= 6; level++) if (editor.isActive("heading", { level })) return level;
  return 0;
}

export function setHeadingLevel(editor: Editor, level: number): boolean {
  if (level === 0) return editor.chain().focus().setParagraph().run();
  if (level >= 1 && level <= 6) return editor.chain().focus().setHeading({ level: level as 1 | 2 | 3 | 4 | 5 | 6 }).run();
  return false;
}

/** The link under the cursor (its whole text) or the selected text: what the link dialog starts with. */
export function linkDraft(editor: Editor): { url: string; text: string; editing: boolean } {
  const href = editor.getAttributes("link").href as string | undefined;
  if (href) {
    editor.commands.extendMarkRange("link");
  }
  const { from, to } = editor.state.selection;
  return { url: href ?? "", text: editor.state.doc.textBetween(from, to, " "), editing: Boolean(href) };
}

/** Inserts (or rewrites) a link with its text over the selection, as one edit. */
export function insertLink(editor: Editor, href: string, text: string): boolean {
  const { from, to } = editor.state.selection;
  return editor
    .chain()
    .focus()
    .command(({ tr, state }) => {
      const link = state.schema.marks.link;
      if (!link) return false;
      const marks: Mark[] = [...state.doc.resolve(from).marksAcross(state.doc.resolve(to)) ?? []].filter((m) => m.type !== link);
      tr.replaceWith(from, to, state.schema.text(text, [...marks, link.create({ href })]));
      return true;
    })
    .setTextSelection(from + text.length)
    .run();
}

export function removeLink(editor: Editor): boolean {
  return editor.chain().focus().extendMarkRange("link").unsetLink().run();
}
