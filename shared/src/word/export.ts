import type { JSONContent } from "@tiptap/core";
import type * as Docx from "docx";
import { clampIndent } from "../editor/block-attributes";
import { readSuggestedBreak, SUGGESTED_BREAK } from "../editor/suggestion";
import { commentAnchors, wordComments, type CommentAnchors, type ExportComment } from "./comments";

export type DocxModule = typeof Docx;
type Block = Docx.Paragraph | Docx.Table;
type Inline = Docx.ParagraphChild;

/** An image of the document, ready for Word (PNG, JPEG, GIF or BMP bytes and a size in pixels). */
export interface ExportImage {
  type: "png" | "jpg" | "gif" | "bmp";
  data: Uint8Array;
  width: number;
  height: number;
}

/** Turns an image `src` (a data URL) into what Word can embed; null leaves the image out. */
export type ImageLoader = (src: string, size: { width?: number; height?: number }) => Promise<ExportImage | null>;

export interface ExportOptions {
  title: string;
  loadImage?: ImageLoader;
  /** The contract's markups, as Word comments anchored on their text (plain-text offsets). */
  comments?: ExportComment[];
}

const ORDERED = "clausewise-ordered";
/** Word measures indents in twentieths of a point: 720 = half an inch (one indent step of the editor's 2 em). */
const INDENT_STEP_TWIPS = 720;
/** The page keeps 6.5 inches between its margins: 624 px at 96 dpi. */
const MAX_IMAGE_WIDTH_PX = 624;

const HEX6 = /^#?([0-9a-f]{6})$/i;
const HEX3 = /^#?([0-9a-f])([0-9a-f])([0-9a-f])$/i;
const RGB = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})/i;

/** A CSS colour as Word's RRGGBB, or undefined when it is not one we can read. */
export function wordColor(css: unknown): string | undefined {
  if (typeof css !== "string") return undefined;
  const value = css.trim();
  const hex6 = HEX6.exec(value);
  if (hex6?.[1]) return hex6[1].toUpperCase();
  const hex3 = HEX3.exec(value);
  if (hex3) return hex3.slice(1, 4).map((c) => `${c}${c}`).join("").toUpperCase();
  const rgb = RGB.exec(value);
  if (rgb) return rgb.slice(1, 4).map((n) => Math.min(255, Number(n)).toString(16).padStart(2, "0")).join("").toUpperCase();
  return undefined;
}

/** A CSS font size (px or pt) in Word's half-points. */
export function wordHalfPoints(css: unknown): number | undefined {
  if (typeof css !== "string") return undefined;
  const match = /^(\d+(?:\.\d+)?)(px|pt)$/i.exec(css.trim());
  if (!match?.[1] || !match[2]) return undefined;
  const points = match[2].toLowerCase() === "px" ? Number(match[1]) * 0.75 : Number(match[1]);
  return Math.max(2, Math.round(points * 2));
}

interface Context {
  docx: DocxModule;
  loadImage?: ImageLoader;
  /** Tracked-change ids must be unique within the document. */
  nextRevision: number;
  /** Each ordered list restarts at 1. */
  listInstance: number;
  /** Where comment ranges open and close inside the text nodes. */
  anchors: CommentAnchors;
}

interface ParagraphExtras {
  indentLevel?: number;
  bullet?: number;
  numbering?: { level: number; instance: number };
  quote?: boolean;
  code?: boolean;
}

const markOf = (node: JSONContent, name: string) => node.marks?.find((m) => m.type === name);

function textRun(ctx: Context, node: JSONContent, extras: ParagraphExtras): Inline {
  const { docx } = ctx;
  const style = markOf(node, "textStyle")?.attrs ?? {};
  const background = wordColor(style.backgroundColor);
  const options: Docx.IRunOptions = {
    text: node.text ?? "",
    bold: Boolean(markOf(node, "bold")) || undefined,
    italics: Boolean(markOf(node, "italic")) || undefined,
    underline: markOf(node, "underline") ? {} : undefined,
    strike: Boolean(markOf(node, "strike")) || undefined,
    subScript: Boolean(markOf(node, "subscript")) || undefined,
    superScript: Boolean(markOf(node, "superscript")) || undefined,
    font: markOf(node, "code") || extras.code ? "Courier New" : typeof style.fontFamily === "string" ? style.fontFamily.replace(/["']/g, "").split(",")[0]?.trim() : undefined,
    size: wordHalfPoints(style.fontSize),
    color: wordColor(style.color),
    shading: background ? { type: docx.ShadingType.CLEAR, fill: background, color: "auto" } : undefined,
  };
  // Pending suggestions travel as Word tracked changes, so counsel can accept or reject them in Word.
  const inserted = markOf(node, "suggestionInsert");
  const deleted = markOf(node, "suggestionDelete");
  const suggestion = inserted ?? deleted;
  let run: Inline;
  if (suggestion) {
    const revision = {
      id: ctx.nextRevision++,
      author: typeof suggestion.attrs?.authorName === "string" && suggestion.attrs.authorName ? suggestion.attrs.authorName : "Reviewer",
      date: typeof suggestion.attrs?.createdAt === "string" && suggestion.attrs.createdAt ? suggestion.attrs.createdAt : new Date().toISOString(),
    };
    run = inserted ? new docx.InsertedTextRun({ ...options, ...revision }) : new docx.DeletedTextRun({ ...options, ...revision });
  } else {
    run = new docx.TextRun(options);
  }
  const link = markOf(node, "link");
  if (link && typeof link.attrs?.href === "string" && !suggestion) {
    return new docx.ExternalHyperlink({ link: link.attrs.href, children: [new docx.TextRun({ ...options, style: "Hyperlink" })] });
  }
  return run;
}

async function imageRun(ctx: Context, node: JSONContent): Promise<Inline | null> {
  const src = node.attrs?.src;
  if (typeof src !== "string" || !ctx.loadImage) return null;
  const width = Number(node.attrs?.width) || undefined;
  const height = Number(node.attrs?.height) || undefined;
  const image = await ctx.loadImage(src, { width, height }).catch(() => null);
  if (!image) return null;
  const scale = Math.min(1, MAX_IMAGE_WIDTH_PX / image.width);
  return new ctx.docx.ImageRun({
    type: image.type,
    data: image.data,
    transformation: { width: Math.round(image.width * scale), height: Math.round(image.height * scale) },
    altText: typeof node.attrs?.alt === "string" && node.attrs.alt ? { name: node.attrs.alt, description: node.attrs.alt, title: node.attrs.alt } : undefined,
  });
}

async function inlines(ctx: Context, nodes: JSONContent[] | undefined, extras: ParagraphExtras): Promise<Inline[]> {
  const out: Inline[] = [];
  for (const node of nodes ?? []) {
    if (node.type === "text") out.push(...ctx.anchors.split(node, (piece) => textRun(ctx, piece, extras), ctx.docx));
    else if (node.type === "hardBreak") out.push(new ctx.docx.TextRun({ break: 1 }));
    else if (node.type === "image") {
      const run = await imageRun(ctx, node);
      if (run) out.push(run);
    }
  }
  return out;
}

const ALIGN = { left: "LEFT", center: "CENTER", right: "RIGHT", justify: "JUSTIFIED" } as const;

/**
 * The revision on a paragraph's mark (Word's pilcrow): a suggested break after this paragraph,
 * which the editor keeps on the paragraph after it (`suggestedBreak`), is in Word a w:ins/w:del in
 * this paragraph's w:pPr/w:rPr.
 */
function paragraphMarkRevision(ctx: Context, next: JSONContent | undefined): Docx.IParagraphRunOptions | undefined {
  if (!next || (next.type !== "paragraph" && next.type !== "heading")) return undefined;
  const suggested = readSuggestedBreak(next.attrs?.[SUGGESTED_BREAK]);
  if (!suggested) return undefined;
  const revision = { id: ctx.nextRevision++, author: suggested.authorName ?? "Reviewer", date: suggested.createdAt ?? new Date().toISOString() };
  return suggested.kind === "insert" ? { insertion: revision } : { deletion: revision };
}

async function paragraph(ctx: Context, node: JSONContent, extras: ParagraphExtras, next?: JSONContent): Promise<Docx.Paragraph> {
  const { docx } = ctx;
  const attrs = node.attrs ?? {};
  const run = paragraphMarkRevision(ctx, next);
  const level = node.type === "heading" ? Number(attrs.level) : 0;
  const heading = level >= 1 && level <= 6 ? docx.HeadingLevel[`HEADING_${level}` as "HEADING_1"] : undefined;
  const align = typeof attrs.textAlign === "string" && attrs.textAlign in ALIGN ? docx.AlignmentType[ALIGN[attrs.textAlign as keyof typeof ALIGN]] : undefined;
  const indentSteps = clampIndent(attrs.indent) + (extras.indentLevel ?? 0) + (extras.quote ? 1 : 0);
  return new docx.Paragraph({
    heading,
    alignment: align,
    bidirectional: attrs.dir === "rtl" || undefined,
    indent: indentSteps > 0 && extras.bullet === undefined && !extras.numbering ? { left: indentSteps * INDENT_STEP_TWIPS } : undefined,
    bullet: extras.bullet !== undefined ? { level: extras.bullet } : undefined,
    numbering: extras.numbering ? { reference: ORDERED, level: extras.numbering.level, instance: extras.numbering.instance } : undefined,
    border: extras.quote ? { left: { style: docx.BorderStyle.SINGLE, size: 12, color: "CBD5E1", space: 8 } } : undefined,
    shading: extras.code ? { type: docx.ShadingType.CLEAR, fill: "F1F5F9", color: "auto" } : undefined,
    run,
    children: await inlines(ctx, node.content, extras),
  });
}

async function list(ctx: Context, node: JSONContent, extras: ParagraphExtras, depth: number): Promise<Block[]> {
  const ordered = node.type === "orderedList";
  if (ordered) ctx.listInstance += 1;
  const instance = ctx.listInstance;
  const out: Block[] = [];
  for (const item of node.content ?? []) {
    let first = true;
    for (const child of item.content ?? []) {
      if (child.type === "paragraph" && first) {
        const level = Math.min(depth, 8);
        out.push(await paragraph(ctx, child, ordered ? { ...extras, numbering: { level, instance } } : { ...extras, bullet: level }));
        first = false;
      } else if (child.type === "bulletList" || child.type === "orderedList") {
        out.push(...(await list(ctx, child, extras, depth + 1)));
      } else {
        out.push(...(await blocks(ctx, [child], { ...extras, indentLevel: (extras.indentLevel ?? 0) + depth + 1 })));
      }
    }
  }
  return out;
}

async function table(ctx: Context, node: JSONContent): Promise<Docx.Table> {
  const { docx } = ctx;
  const rows: Docx.TableRow[] = [];
  for (const row of node.content ?? []) {
    const cells: Docx.TableCell[] = [];
    for (const cell of row.content ?? []) {
      const children = (await blocks(ctx, cell.content, {})).filter((b): b is Docx.Paragraph | Docx.Table => Boolean(b));
      const colspan = Number(cell.attrs?.colspan) || 1;
      const rowspan = Number(cell.attrs?.rowspan) || 1;
      cells.push(
        new docx.TableCell({
          columnSpan: colspan > 1 ? colspan : undefined,
          rowSpan: rowspan > 1 ? rowspan : undefined,
          shading: cell.type === "tableHeader" ? { type: docx.ShadingType.CLEAR, fill: "F1F5F9", color: "auto" } : undefined,
          children: children.length > 0 ? children : [new docx.Paragraph("")],
        }),
      );
    }
    rows.push(new docx.TableRow({ tableHeader: (row.content ?? []).every((c) => c.type === "tableHeader") || undefined, children: cells }));
  }
  return new docx.Table({ width: { size: 100, type: docx.WidthType.PERCENTAGE }, rows });
}

async function blocks(ctx: Context, nodes: JSONContent[] | undefined, extras: ParagraphExtras): Promise<Block[]> {
  const { docx } = ctx;
  const out: Block[] = [];
  for (const [index, node] of (nodes ?? []).entries()) {
    switch (node.type) {
      case "paragraph":
      case "heading":
        out.push(await paragraph(ctx, node, extras, nodes?.[index + 1]));
        break;
      case "blockquote":
        out.push(...(await blocks(ctx, node.content, { ...extras, quote: true })));
        break;
      case "codeBlock": {
        const text = (node.content ?? []).map((t) => t.text ?? "").join("");
        for (const line of text.split("\n")) out.push(await paragraph(ctx, { type: "paragraph", content: line ? [{ type: "text", text: line }] : [] }, { ...extras, code: true }));
        break;
      }
      case "bulletList":
      case "orderedList":
        out.push(...(await list(ctx, node, extras, 0)));
        break;
      case "table":
        out.push(await table(ctx, node));
        break;
      case "horizontalRule":
        out.push(new docx.Paragraph({ thematicBreak: true }));
        break;
      case "youtube": {
        const src = typeof node.attrs?.src === "string" ? node.attrs.src : "";
        if (src) out.push(new docx.Paragraph({ children: [new docx.ExternalHyperlink({ link: src, children: [new docx.TextRun({ text: `Video: ${src}`, style: "Hyperlink" })] })] }));
        break;
      }
      default:
        if (node.content) out.push(...(await blocks(ctx, node.content, extras)));
    }
  }
  return out;
}

function orderedLevels(docx: DocxModule) {
  return Array.from({ length: 9 }, (_, level) => ({
    level,
    format: docx.LevelFormat.DECIMAL,
    text: `${Array.from({ length: level + 1 }, (_, i) => `%${i + 1}`).join(".")}.`,
    alignment: docx.AlignmentType.START,
    style: { paragraph: { indent: { left: INDENT_STEP_TWIPS * (level + 1), hanging: 360 + 180 * level } } },
  }));
}

/**
 * The editor's document as a Word document: headings, paragraphs (alignment, indent, direction),
 * text formatting, links, lists, quotes, code, tables, images, pending suggestions as Word tracked
 * changes and markups as Word comments. Letter paper with one-inch margins (the Canadian default).
 * The caller passes the `docx` module (the browser loads it lazily) and packs the result.
 */
export async function buildWordDocument(docx: DocxModule, json: JSONContent, options: ExportOptions): Promise<Docx.Document> {
  const comments = options.comments ?? [];
  const anchors = commentAnchors(json, comments);
  // Word numbers comments and tracked changes apart, but some readers expect one sequence of ids.
  const ctx: Context = { docx, loadImage: options.loadImage, nextRevision: comments.length + 1, listInstance: 0, anchors };
  const children = await blocks(ctx, json.content, {});
  const loose = anchors.looseMarkers(docx);
  if (loose.length > 0) children.unshift(new docx.Paragraph({ children: loose }));
  return new docx.Document({
    title: options.title,
    creator: "ClauseWise",
    comments: { children: wordComments(docx, comments, anchors) },
    numbering: { config: [{ reference: ORDERED, levels: orderedLevels(docx) }] },
    sections: [
      {
        properties: { page: { size: { width: 12240, height: 15840 }, margin: { top: 1440, right: 1440, bottom: 1440, left: 1440 } } },
        children: children.length > 0 ? children : [new docx.Paragraph("")],
      },
    ],
  });
}
