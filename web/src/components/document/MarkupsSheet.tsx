import { useMemo } from "react";
import { formatDistanceToNow } from "date-fns";
import { Locate, MessageSquareText } from "lucide-react";
import type { DocumentBlock, Markup } from "@clausewise/shared";
import { SELECTION_PREVIEW_CHARS, truncate } from "../../lib/apply-preview";
import { StatusPanel } from "../StatusPanel";
import { Badge, type BadgeTone } from "../ui/badge";
import { Button } from "../ui/button";
import { AuthorName } from "./AuthorName";
import { SideSheet } from "../ui/side-sheet";
import { MARKUP_TYPE_LABELS } from "./highlights";

const TONES: Record<Markup["type"], BadgeTone> = { comment: "warning", suggestion: "info", approval: "success", flag: "danger" };

/** Where a markup sits in the text, for sorting and for "Show in document". */
export function markupPlace(markup: Markup, blocks: readonly DocumentBlock[], textLength: number): { start: number; end: number } {
  const { start, end, paragraph } = markup.position;
  if (start !== undefined && end !== undefined && end >= start && end <= textLength) return { start, end };
  const block = blocks[Math.min(Math.max(paragraph, 0), Math.max(blocks.length - 1, 0))];
  return block ? { start: block.start, end: block.start + block.text.length } : { start: 0, end: 0 };
}

interface MarkupsSheetProps {
  markups: readonly Markup[];
  blocks: readonly DocumentBlock[];
  plainText: string;
  onShow: (range: { start: number; end: number }) => void;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** Every markup of the contract in document order, each with the text it is about. */
export function MarkupsSheet({ markups, blocks, plainText, onShow, onClose, onCloseAutoFocus }: MarkupsSheetProps) {
  const ordered = useMemo(
    () =>
      markups
        .map((markup) => ({ markup, place: markupPlace(markup, blocks, plainText.length) }))
        .sort((a, b) => a.place.start - b.place.start || Date.parse(a.markup.createdAt) - Date.parse(b.markup.createdAt)),
    [markups, blocks, plainText.length],
  );
  return (
    <SideSheet open onOpenChange={(open) => !open && onClose()} title={`Markups (${markups.length})`} description="In document order." onCloseAutoFocus={onCloseAutoFocus}>
      {ordered.length === 0 ? (
        <StatusPanel icon={MessageSquareText} title="No markups yet" headingLevel="h3">
          Select text in the Document Viewer and choose Add markup.
        </StatusPanel>
      ) : (
        <ol className="space-y-3">
          {ordered.map(({ markup, place }) => {
            const ranged = markup.position.start !== undefined && markup.position.end !== undefined && place.end > place.start && place.start === markup.position.start;
            const created = new Date(markup.createdAt);
            return (
              <li key={markup.id} className="rounded-md border border-slate-200 p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={TONES[markup.type]}>{MARKUP_TYPE_LABELS[markup.type]}</Badge>
                  <span className="text-sm font-medium text-slate-900">
                    <AuthorName name={markup.authorName} external={markup.externalAuthor} />
                  </span>
                  {!Number.isNaN(created.getTime()) && (
                    <time dateTime={markup.createdAt} className="ml-auto text-xs text-slate-500">
                      {formatDistanceToNow(created, { addSuffix: true })}
                    </time>
                  )}
                </div>
                <blockquote className="mt-2 border-l-2 border-slate-200 pl-2 font-serif text-xs text-slate-600">
                  {ranged ? `“${truncate(plainText.slice(place.start, place.end), SELECTION_PREVIEW_CHARS)}”` : `Paragraph ${markup.position.paragraph + 1}`}
                </blockquote>
                {markup.replyTo && <p className="mt-2 text-xs text-slate-500">Reply to {markups.find((m) => m.id === markup.replyTo)?.authorName ?? "a comment"}</p>}
                <p className="mt-2 text-sm whitespace-pre-line text-slate-800">{markup.content}</p>
                <Button variant="ghost" size="sm" className="mt-1 -ml-2" onClick={() => onShow(place)}>
                  <Locate aria-hidden="true" />
                  Show in document
                </Button>
              </li>
            );
          })}
        </ol>
      )}
    </SideSheet>
  );
}
