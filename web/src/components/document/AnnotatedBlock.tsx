import { memo, type ReactNode } from "react";
import { MessageSquareText } from "lucide-react";
import clsx from "clsx";
import type { DocumentBlock, DocumentChange, Markup } from "@clausewise/shared";
import { truncate, TRACK_CHANGES_TEXT_CHARS } from "../../lib/apply-preview";
import { BLOCK_ATTR, SKIP_ATTR, type Segment } from "../../lib/document-selection";
import { Tooltip } from "../ui/tooltip";
import { blockElement } from "./block-style";
import { findingLabel, FINDING_TONE_LABELS, FINDING_TONE_MARKERS, FINDING_TONE_UNDERLINES, strongestTone, type DocumentFinding } from "./findings";
import { MARKUP_TYPE_LABELS, MARKUP_TYPE_STYLES, type ViewerHighlight } from "./highlights";

/** Marks the wrapper of one block (the block and its gutter). */
export const ROW_ATTR = "data-row";
/** Space-separated ids of the highlights a rendered piece belongs to (for scrolling to them). */
export const HIGHLIGHT_ATTR = "data-hl";
/** On a piece quoted by analysis findings: the strongest tone among them (findings.ts). */
export const FINDING_ATTR = "data-finding";
/** On the margin marker of a block that analysis findings quote: the strongest tone among them. */
export const FINDING_MARKER_ATTR = "data-finding-marker";

const CHANGE_LABELS: Record<DocumentChange["changeType"], string> = {
  replace: "Proposed replacement",
  insert: "Proposed insertion",
  delete: "Proposed deletion",
};

function MarkupDetails({ markup }: { markup: Markup }) {
  return (
    <div>
      <p className="font-semibold">
        {MARKUP_TYPE_LABELS[markup.type]} · {markup.authorName}
      </p>
      <p className="mt-0.5 whitespace-pre-line">{truncate(markup.content, 280)}</p>
    </div>
  );
}

function ChangeDetails({ change }: { change: DocumentChange }) {
  return (
    <div>
      <p className="font-semibold">
        {CHANGE_LABELS[change.changeType]} · {change.authorName}
      </p>
      {change.changeType !== "insert" && <p className="mt-0.5 line-through">“{truncate(change.originalText, TRACK_CHANGES_TEXT_CHARS)}”</p>}
      {change.changeType !== "delete" && <p className="mt-0.5">→ “{truncate(change.newText, TRACK_CHANGES_TEXT_CHARS)}”</p>}
      {change.reviewerComment && <p className="mt-1 text-slate-300">{truncate(change.reviewerComment, 200)}</p>}
    </div>
  );
}

function FindingDetails({ finding }: { finding: DocumentFinding }) {
  return (
    <div>
      <p className="font-semibold">
        {findingLabel(finding)} · {finding.title}
      </p>
      {finding.description && <p className="mt-0.5">{truncate(finding.description, 280)}</p>}
      <p className="mt-1 text-slate-300">Press Enter or click for details.</p>
    </div>
  );
}

function Details({ items }: { items: ViewerHighlight[] }) {
  return (
    <div className="space-y-2">
      {items.map((item) =>
        item.kind === "markup" ? (
          <MarkupDetails key={item.id} markup={item.markup} />
        ) : item.kind === "change" ? (
          <ChangeDetails key={item.id} change={item.change} />
        ) : item.kind === "finding" ? (
          <FindingDetails key={item.id} finding={item.finding} />
        ) : null,
      )}
    </div>
  );
}

function findingsOf(items: ViewerHighlight[]): DocumentFinding[] {
  return items.flatMap((h) => (h.kind === "finding" ? [h.finding] : []));
}

function pieceClass(items: ViewerHighlight[]): string {
  const markup = items.find((h) => h.kind === "markup");
  const change = items.find((h) => h.kind === "change");
  const flash = items.some((h) => h.kind === "flash");
  const target = items.some((h) => h.kind === "target");
  const tone = strongestTone(findingsOf(items));
  return clsx(
    "rounded-[2px] text-inherit",
    markup ? ["border-b-2", MARKUP_TYPE_STYLES[markup.markup.type]] : "bg-transparent",
    // Issue 17: a finding is a thin dotted underline, never drawn over a markup or a proposed change.
    tone && !markup && !change && ["underline decoration-dotted decoration-1 underline-offset-[5px]", FINDING_TONE_UNDERLINES[tone]],
    change && "text-red-800 line-through decoration-red-500 decoration-2",
    target && "bg-brand-100 ring-1 ring-brand-300",
    flash && "bg-yellow-200 ring-2 ring-yellow-400",
    (markup || change || tone) && "cursor-help focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
  );
}

interface PieceProps {
  text: string;
  segment: Segment;
  byId: ReadonlyMap<string, ViewerHighlight>;
  tabbable: boolean;
}

function Marker({ highlight, tabbable }: { highlight: ViewerHighlight; tabbable: boolean }) {
  if (highlight.kind === "change") {
    return (
      <Tooltip content={<ChangeDetails change={highlight.change} />}>
        <ins
          {...{ [SKIP_ATTR]: "" }}
          {...{ [HIGHLIGHT_ATTR]: highlight.id }}
          tabIndex={tabbable ? 0 : -1}
          className="cursor-help rounded-[2px] bg-emerald-50 text-emerald-800 underline decoration-emerald-600 decoration-2 underline-offset-2 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {truncate(highlight.change.newText, 200)}
        </ins>
      </Tooltip>
    );
  }
  // The insertion point of the open "Insert here" panel: a visible caret, no text.
  return <span {...{ [SKIP_ATTR]: "" }} {...{ [HIGHLIGHT_ATTR]: highlight.id }} aria-hidden="true" className="mx-px inline-block h-5 w-0.5 animate-pulse bg-brand-600 align-text-bottom" />;
}

function Piece({ text, segment, byId, tabbable }: PieceProps) {
  const markers = segment.markers.map((id) => byId.get(id)).filter((h): h is ViewerHighlight => Boolean(h));
  const items = segment.ids.map((id) => byId.get(id)).filter((h): h is ViewerHighlight => Boolean(h));
  const interactive = items.some((h) => h.kind === "markup" || h.kind === "change" || h.kind === "finding");
  let body: ReactNode = text;
  if (text && items.length > 0) {
    const findings = findingsOf(items);
    const tone = strongestTone(findings);
    const attrs = {
      [HIGHLIGHT_ATTR]: segment.ids.join(" "),
      // Names the findings for assistive technology without the tooltip (which adds the rest).
      ...(tone && { [FINDING_ATTR]: tone, "aria-description": findings.map((f) => `${findingLabel(f)}: ${f.title}`).join("; ") }),
    };
    body = interactive ? (
      <Tooltip content={<Details items={items} />}>
        <mark {...attrs} tabIndex={tabbable ? 0 : -1} className={pieceClass(items)}>
          {text}
        </mark>
      </Tooltip>
    ) : (
      <span {...attrs} className={pieceClass(items)}>
        {text}
      </span>
    );
  }
  return (
    <>
      {markers.map((marker) => (
        <Marker key={marker.id} highlight={marker} tabbable={tabbable} />
      ))}
      {body}
    </>
  );
}

interface AnnotatedBlockProps {
  block: DocumentBlock;
  index: number;
  segments: Segment[];
  byId: ReadonlyMap<string, ViewerHighlight>;
  /** Markups about the whole paragraph. */
  notes: Markup[] | undefined;
  /** The block with focus (or last focus): the one tab stop of the document, with its annotations. */
  active: boolean;
}

/** The strongest tone of the findings quoted anywhere in this block, for its margin marker. */
function blockTone(segments: Segment[], byId: ReadonlyMap<string, ViewerHighlight>) {
  const findings = segments.flatMap((segment) => findingsOf(segment.ids.map((id) => byId.get(id)).filter((h): h is ViewerHighlight => Boolean(h))));
  return strongestTone(findings);
}

/** One block of the Document Viewer: its text cut into annotated pieces, and a gutter note for paragraph markups. */
export const AnnotatedBlock = memo(function AnnotatedBlock({ block, index, segments, byId, notes, active }: AnnotatedBlockProps) {
  const { Tag, className } = blockElement(block.kind, block.level);
  const noteMarkups = notes ?? [];
  const tone = blockTone(segments, byId);
  return (
    <div {...{ [ROW_ATTR]: index }} className={clsx("relative", noteMarkups.length > 0 && "-mx-2 rounded bg-amber-50/70 px-2 ring-1 ring-amber-200")}>
      {tone && (
        // The quoted words carry the finding for assistive technology; this only shows where to look.
        <span
          aria-hidden="true"
          {...{ [FINDING_MARKER_ATTR]: tone }}
          title={FINDING_TONE_LABELS[tone]}
          className={clsx("absolute top-1.5 bottom-1.5 w-[3px] rounded-full opacity-70", noteMarkups.length > 0 ? "-left-2" : "-left-4", FINDING_TONE_MARKERS[tone])}
        />
      )}
      {noteMarkups.length > 0 && (
        <Tooltip
          content={
            <div className="space-y-2">
              {noteMarkups.map((m) => (
                <MarkupDetails key={m.id} markup={m} />
              ))}
            </div>
          }
        >
          <button
            type="button"
            tabIndex={active ? 0 : -1}
            aria-label={`${noteMarkups.length} ${noteMarkups.length === 1 ? "markup" : "markups"} on this paragraph`}
            className="absolute top-1 -left-9 flex items-center gap-0.5 rounded px-1 py-0.5 font-sans text-xs font-medium text-amber-800 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <MessageSquareText aria-hidden="true" className="size-3.5" />
            {noteMarkups.length}
          </button>
        </Tooltip>
      )}
      <Tag {...{ [BLOCK_ATTR]: index }} tabIndex={active ? 0 : -1} className={clsx(className, "rounded-sm focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600/60")}>
        {segments.map((segment) => (
          <Piece key={`${segment.from}-${segment.to}-${segment.markers.join()}`} text={block.text.slice(segment.from, segment.to)} segment={segment} byId={byId} tabbable={active} />
        ))}
      </Tag>
    </div>
  );
});
