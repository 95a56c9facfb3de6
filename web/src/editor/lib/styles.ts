import type { TEXT_ALIGNMENTS } from "@clausewise/shared/editor";
import { FONT_FAMILIES, FONT_SIZES_PX } from "./constants";

export type Alignment = (typeof TEXT_ALIGNMENTS)[number];
export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export type BlockFormat = { type: "paragraph" } | { type: "heading"; level: HeadingLevel } | { type: "blockquote" } | { type: "codeBlock" };

export interface TextFormat {
  fontFamily?: string;
  /** CSS size, e.g. "12px". */
  fontSize?: string;
  color?: string;
  backgroundColor?: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
}

/** What a style does to the paragraphs and text it is applied to. */
export interface StyleFormat {
  block?: BlockFormat;
  align?: Alignment;
  text: TextFormat;
}

export interface PredefinedStyle {
  id: string;
  name: string;
  format: StyleFormat;
}

/** Spec §9: the ten predefined styles of the Document Styles dialog. */
export const PREDEFINED_STYLES: readonly PredefinedStyle[] = [
  { id: "heading-1", name: "Heading 1", format: { block: { type: "heading", level: 1 }, text: { fontSize: "36px", bold: true } } },
  { id: "heading-2", name: "Heading 2", format: { block: { type: "heading", level: 2 }, text: { fontSize: "28px", bold: true } } },
  { id: "heading-3", name: "Heading 3", format: { block: { type: "heading", level: 3 }, text: { fontSize: "22px", bold: true } } },
  { id: "normal", name: "Normal Text", format: { block: { type: "paragraph" }, text: { fontSize: "12px" } } },
  { id: "quote", name: "Quote", format: { block: { type: "blockquote" }, text: { italic: true, color: "#475569" } } },
  { id: "code", name: "Code", format: { block: { type: "codeBlock" }, text: {} } },
  { id: "caption", name: "Caption", format: { block: { type: "paragraph" }, align: "center", text: { fontSize: "10px", italic: true, color: "#64748b" } } },
  { id: "legal", name: "Legal Text", format: { block: { type: "paragraph" }, align: "justify", text: { fontFamily: "Times New Roman", fontSize: "12px" } } },
  { id: "contract-title", name: "Contract Title", format: { block: { type: "heading", level: 1 }, align: "center", text: { fontSize: "24px", bold: true } } },
  { id: "section-header", name: "Section Header", format: { block: { type: "heading", level: 2 }, text: { fontSize: "16px", bold: true, underline: true } } },
];

/** Spec §3 "Custom style": the form of the Document Styles dialog. */
export interface CustomStyle {
  font: string;
  size: string;
  color: string;
  background: string;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  align: Alignment;
}

/** An empty background means "none"; colours are #rrggbb (what <input type="color"> gives). */
export const DEFAULT_CUSTOM_STYLE: CustomStyle = {
  font: "Arial",
  size: "12px",
  color: "#000000",
  background: "",
  bold: false,
  italic: false,
  underline: false,
  align: "left",
};

const HEX_COLOR = /^#[0-9a-f]{6}$/i;
export const isHexColor = (value: string) => HEX_COLOR.test(value);
const SIZES = new Set<string>(FONT_SIZES_PX.map((px) => `${px}px`));

export function validateCustomStyle(style: CustomStyle): { font?: string; size?: string; color?: string; background?: string } {
  const errors: { font?: string; size?: string; color?: string; background?: string } = {};
  if (!(FONT_FAMILIES as readonly string[]).includes(style.font)) errors.font = "Choose a font from the list.";
  if (!SIZES.has(style.size)) errors.size = "Choose a size from the list.";
  if (!isHexColor(style.color)) errors.color = "Use a colour like #1f2937.";
  if (style.background !== "" && !isHexColor(style.background)) errors.background = "Use a colour like #fff7cc, or none.";
  return errors;
}

/** A custom style applies to the text and alignment only: it keeps the paragraph's kind (heading, list…). */
export function customStyleToFormat(style: CustomStyle): StyleFormat {
  return {
    align: style.align,
    text: {
      fontFamily: style.font,
      fontSize: style.size,
      color: style.color,
      backgroundColor: style.background || undefined,
      bold: style.bold,
      italic: style.italic,
      underline: style.underline,
    },
  };
}

const BLOCK_DEFAULT_SIZE: Record<string, string> = { h1: "2em", h2: "1.5em", h3: "1.25em", h4: "1.1em", h5: "1em", h6: "0.9em" };

/** CSS for a preview of the format (the dialog's live preview and the predefined style list). */
export function formatPreviewStyle(format: StyleFormat): Record<string, string> {
  const css: Record<string, string> = {};
  const { block, text } = format;
  if (block?.type === "heading") {
    css.fontSize = BLOCK_DEFAULT_SIZE[`h${block.level}`] ?? "1em";
    css.fontWeight = "700";
  }
  if (block?.type === "codeBlock") {
    css.fontFamily = '"Courier New", ui-monospace, monospace';
    css.backgroundColor = "#f1f5f9";
  }
  if (block?.type === "blockquote") {
    css.borderInlineStart = "3px solid #cbd5e1";
    css.paddingInlineStart = "0.75em";
  }
  if (text.fontFamily) css.fontFamily = `"${text.fontFamily}"`;
  if (text.fontSize) css.fontSize = text.fontSize;
  if (text.color) css.color = text.color;
  if (text.backgroundColor) css.backgroundColor = text.backgroundColor;
  if (text.bold !== undefined) css.fontWeight = text.bold ? "700" : "400";
  if (text.italic) css.fontStyle = "italic";
  if (text.underline) css.textDecoration = "underline";
  if (format.align) css.textAlign = format.align;
  return css;
}
