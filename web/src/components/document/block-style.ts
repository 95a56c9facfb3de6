import type { ElementType } from "react";
import clsx from "clsx";

export type BlockKind = "heading" | "paragraph" | "listItem" | "quote" | "row" | "code";

/**
 * The element and look of one block of a document. The page's title is the h1, so document
 * headings start at h2. Text is never injected as HTML: callers render it as text children.
 */
export function blockElement(kind: BlockKind, level?: number): { Tag: ElementType; className: string } {
  switch (kind) {
    case "heading": {
      const depth = Math.min(Math.max(level ?? 2, 1), 4);
      const Tag = (["h2", "h3", "h4", "h5"] as const)[depth - 1]!;
      return {
        Tag,
        className: clsx(
          "pt-3 font-sans font-semibold tracking-tight text-slate-900",
          depth === 1 ? "text-lg" : depth === 2 ? "text-base" : "text-[0.95rem]",
        ),
      };
    }
    case "listItem":
      return { Tag: "p", className: "pl-5 before:-ml-4 before:mr-2 before:content-['•']" };
    case "quote":
      return { Tag: "blockquote", className: "border-l-2 border-slate-300 pl-4 text-slate-600 italic" };
    case "row":
      // Cells are joined with tabs in the text; showing them as tab stops keeps the columns readable.
      return { Tag: "p", className: "rounded bg-slate-50 px-2 py-1 font-sans text-sm whitespace-pre-wrap [tab-size:6]" };
    case "code":
      return { Tag: "pre", className: "rounded bg-slate-50 px-3 py-2 font-mono text-sm whitespace-pre-wrap" };
    default:
      return { Tag: "p", className: "" };
  }
}

/** The reading look shared by every rendering of a contract's text. */
export const DOCUMENT_TEXT_CLASS = "font-serif text-[0.95rem] leading-7 text-slate-800";
