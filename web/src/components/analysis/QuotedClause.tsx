import { LocateFixed } from "lucide-react";
import { truncate } from "../../lib/apply-preview";
import { Button } from "../ui/button";

/** A passage of this contract the analysis quotes, by its plain-text offsets (GET /text coordinates). */
export interface Quote {
  excerpt: string;
  start: number;
  end: number;
}

/** Scroll the Document Viewer to a quoted passage and highlight it. */
export type ShowInDocument = (quote: Quote) => void;

export const QUOTE_PREVIEW_CHARS = 240;

/** The quoted words and, when the page can show them, "Show in document". */
export function QuotedClause({ quote, onShow, label }: { quote: Quote; onShow?: ShowInDocument; label: string }) {
  if (!quote.excerpt.trim()) return null;
  return (
    <div className="space-y-1">
      <blockquote className="border-l-2 border-slate-300 pl-2 font-serif text-xs text-slate-600 italic">“{truncate(quote.excerpt.replace(/\s+/g, " "), QUOTE_PREVIEW_CHARS)}”</blockquote>
      {onShow && quote.end > quote.start && (
        <Button variant="ghost" size="sm" className="h-7 px-2 text-xs text-brand-700" onClick={() => onShow(quote)}>
          <LocateFixed aria-hidden="true" />
          Show in document
          <span className="sr-only">: {label}</span>
        </Button>
      )}
    </div>
  );
}
