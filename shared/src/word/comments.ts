import type { JSONContent } from "@tiptap/core";
import type * as Docx from "docx";
import { MARKUP_TYPES, type MarkupType } from "../enums";
import { walkPlainText } from "./plain-text";

type DocxModule = typeof Docx;

/** A markup on its way into Word: who wrote what when, on which stretch of the plain text. */
export interface ExportComment {
  id: string;
  type: MarkupType;
  author: string;
  /** ISO date and time. */
  date: string;
  text: string;
  /** Plain-text offsets (the markups' coordinates); without them the comment is a point at the document's start. */
  start?: number;
  end?: number;
  /** The markup this one answers: a reply in Word's thread. */
  replyTo?: string | null;
}

/**
 * Markups other than comments keep their kind through Word as the first word of the comment, which
 * is also how an imported comment gets its kind back ("Flag: …").
 */
export const WORD_COMMENT_PREFIXES: Record<Exclude<MarkupType, "comment">, string> = { suggestion: "Suggestion", approval: "Approval", flag: "Flag" };

export function commentTextFor(type: MarkupType, text: string): string {
  return type === "comment" ? text : `${WORD_COMMENT_PREFIXES[type]}: ${text}`;
}

/** The kind and text of a Word comment, read back from its first word. */
export function markupFromCommentText(text: string): { type: MarkupType; content: string } {
  for (const type of MARKUP_TYPES) {
    if (type === "comment") continue;
    const prefix = `${WORD_COMMENT_PREFIXES[type]}: `;
    if (text.startsWith(prefix) && text.length > prefix.length) return { type, content: text.slice(prefix.length) };
  }
  return { type: "comment", content: text };
}

/** "Jane van der Berg" → "JVB": Word shows these in the margin. */
export function initialsOf(name: string): string {
  const letters = name
    .split(/[\s.-]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase());
  return letters.slice(0, 3).join("") || "?";
}

interface Cut {
  at: number;
  starts: number[];
  ends: number[];
  /** Comments on no character: opened and closed at once. */
  points: number[];
}

export interface CommentAnchors {
  /** Word's number of each markup. */
  numbers: Map<string, number>;
  /** A text node rendered in pieces, with the comment range marks between them. */
  split(node: JSONContent, render: (piece: JSONContent) => Docx.ParagraphChild, docx: DocxModule): Docx.ParagraphChild[];
  /** The marks of comments in a document without text: points in a paragraph of their own. */
  looseMarkers(docx: DocxModule): Docx.ParagraphChild[];
}

/**
 * Where each comment's range opens and closes, as cuts inside the document's text nodes: a range
 * opens before its first character and closes after its last (a reply takes its thread's range, as
 * Word writes it). Computed once over the whole document, so the export can stay a single pass.
 */
export function commentAnchors(doc: JSONContent, comments: readonly ExportComment[]): CommentAnchors {
  const numbers = new Map(comments.map((c, i) => [c.id, i]));
  const byId = new Map(comments.map((c) => [c.id, c]));
  const { starts } = walkPlainText(doc);
  const nodes = [...starts].map(([node, start]) => ({ node, start, end: start + (node.text ?? "").length }));
  const cuts = new Map<JSONContent, Map<number, Cut>>();
  const loose: number[] = [];
  const cutAt = (node: JSONContent, at: number): Cut => {
    let perNode = cuts.get(node);
    if (!perNode) cuts.set(node, (perNode = new Map()));
    let cut = perNode.get(at);
    if (!cut) perNode.set(at, (cut = { at, starts: [], ends: [], points: [] }));
    return cut;
  };

  for (const comment of comments) {
    const n = numbers.get(comment.id)!;
    const thread = comment.replyTo ? (byId.get(comment.replyTo) ?? comment) : comment;
    if (nodes.length === 0) {
      loose.push(n);
      continue;
    }
    const start = thread.start ?? 0;
    const last = thread.start === undefined ? 0 : (thread.end ?? start);
    const first = nodes.find((x) => x.end > start);
    const final = [...nodes].reverse().find((x) => x.start < last);
    if (!first) {
      loose.push(n);
    } else if (!final || final.start < first.start || last <= start) {
      // No character inside the range: a point before the first character after it.
      cutAt(first.node, Math.max(0, start - first.start)).points.push(n);
    } else {
      cutAt(first.node, Math.max(0, start - first.start)).starts.push(n);
      cutAt(final.node, Math.min(final.end, last) - final.start).ends.push(n);
    }
  }

  const close = (docx: DocxModule, n: number) => [new docx.CommentRangeEnd(n), new docx.TextRun({ children: [new docx.CommentReference(n)] })];
  const marks = (docx: DocxModule, cut: Cut): Docx.ParagraphChild[] => [
    ...cut.ends.flatMap((n) => close(docx, n)),
    ...cut.starts.map((n) => new docx.CommentRangeStart(n)),
    ...cut.points.flatMap((n) => [new docx.CommentRangeStart(n), ...close(docx, n)]),
  ];

  return {
    numbers,
    split(node, render, docx) {
      const perNode = cuts.get(node);
      if (!perNode) return [render(node)];
      const text = node.text ?? "";
      const ordered = [...perNode.values()].sort((a, b) => a.at - b.at);
      const out: Docx.ParagraphChild[] = [];
      let from = 0;
      for (const cut of ordered) {
        if (cut.at > from) out.push(render({ ...node, text: text.slice(from, cut.at) }));
        from = Math.max(from, cut.at);
        out.push(...marks(docx, cut));
      }
      if (from < text.length) out.push(render({ ...node, text: text.slice(from) }));
      return out;
    },
    looseMarkers(docx) {
      return marks(docx, { at: 0, starts: [], ends: [], points: loose });
    },
  };
}

/** The comments part: each markup with its author, initials, date, text and thread. */
export function wordComments(docx: DocxModule, comments: readonly ExportComment[], anchors: CommentAnchors): Docx.ICommentOptions[] {
  return comments.map((comment) => {
    const parent = comment.replyTo ? anchors.numbers.get(comment.replyTo) : undefined;
    const date = new Date(comment.date);
    return {
      id: anchors.numbers.get(comment.id)!,
      author: comment.author,
      initials: initialsOf(comment.author),
      date: Number.isNaN(date.getTime()) ? undefined : date,
      ...(parent === undefined ? {} : { parentId: parent }),
      children: commentTextFor(comment.type, comment.text)
        .split(/\r?\n/)
        .map((line) => new docx.Paragraph({ children: [new docx.TextRun(line)] })),
    };
  });
}
