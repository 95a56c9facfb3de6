import type { DocumentBlock } from "@clausewise/shared";
import { previewEdit, SELECTION_PREVIEW_CHARS, truncate } from "../../lib/apply-preview";
import type { ReviewTarget } from "./review-target";

/** What a markup or change is about, as the panel shows it (spec §5: the selection cut to 100 characters). */
export function TargetPreview({ target, blocks, plainText }: { target: ReviewTarget; blocks: readonly DocumentBlock[]; plainText: string }) {
  if (target.kind === "range") {
    return (
      <figure>
        <figcaption className="text-xs font-medium tracking-wide text-slate-500 uppercase">Selected text</figcaption>
        <blockquote className="mt-1 rounded-md border-l-4 border-brand-300 bg-brand-50/60 px-3 py-2 font-serif text-sm whitespace-pre-line text-slate-800">
          “{truncate(target.text, SELECTION_PREVIEW_CHARS)}”
        </blockquote>
      </figure>
    );
  }
  if (target.kind === "caret") {
    const around = previewEdit(plainText, { changeType: "insert", start: target.start, end: target.start, newText: "" }, 40);
    return (
      <figure>
        <figcaption className="text-xs font-medium tracking-wide text-slate-500 uppercase">Insertion point · paragraph {target.block + 1}</figcaption>
        <p className="mt-1 rounded-md border-l-4 border-brand-300 bg-brand-50/60 px-3 py-2 font-serif text-sm text-slate-800">
          {around.before}
          <span aria-label="insertion point" role="img" className="mx-0.5 inline-block h-4 w-0.5 bg-brand-600 align-text-bottom" />
          {around.after}
        </p>
      </figure>
    );
  }
  const block = blocks[target.block];
  return (
    <figure>
      <figcaption className="text-xs font-medium tracking-wide text-slate-500 uppercase">Paragraph {target.block + 1}</figcaption>
      <blockquote className="mt-1 rounded-md border-l-4 border-amber-300 bg-amber-50/60 px-3 py-2 font-serif text-sm text-slate-800">
        {block ? `“${truncate(block.text, SELECTION_PREVIEW_CHARS)}”` : "This paragraph is no longer in the document."}
      </blockquote>
    </figure>
  );
}
