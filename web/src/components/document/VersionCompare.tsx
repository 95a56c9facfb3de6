import { useMemo, useState } from "react";
import { diffStats, diffText, type DiffSegment } from "@clausewise/shared";
import { htmlToTextBlocks } from "../../lib/html-text";
import { Switch } from "../ui/switch";

/** A version's (or the document's) text as the redline compares it: one line per block. */
export function plainTextOf(html: string): string {
  return htmlToTextBlocks(html)
    .map((block) => block.text)
    .join("\n");
}

/** Unchanged stretches longer than this many lines are folded to their first and last lines. */
const CONTEXT_LINES = 2;

function Folded({ text }: { text: string }) {
  const lines = text.split("\n");
  if (lines.length <= CONTEXT_LINES * 2 + 2) return <span>{text}</span>;
  const hidden = lines.length - CONTEXT_LINES * 2;
  return (
    <span>
      {lines.slice(0, CONTEXT_LINES).join("\n")}
      {"\n"}
      <span className="my-1 block text-center font-sans text-xs text-slate-500 select-none">
        ⋯ {hidden.toLocaleString()} unchanged {hidden === 1 ? "line" : "lines"} ⋯
      </span>
      {lines.slice(-CONTEXT_LINES).join("\n")}
    </span>
  );
}

function Segment({ segment, fold }: { segment: DiffSegment; fold: boolean }) {
  if (segment.kind === "insert") return <ins className="rounded-sm bg-emerald-100 text-emerald-900 decoration-emerald-600">{segment.text}</ins>;
  if (segment.kind === "delete") return <del className="rounded-sm bg-red-100 text-red-900 decoration-red-600">{segment.text}</del>;
  return fold ? <Folded text={segment.text} /> : <span>{segment.text}</span>;
}

/**
 * A redline of two texts (issue 14: compare any two versions): deletions struck through in red,
 * insertions underlined in green, unchanged stretches folded unless asked for. The texts are read
 * as text (htmlToTextBlocks), never injected as markup.
 */
export function Redline({ before, after, label }: { before: string; after: string; label: string }) {
  const segments = useMemo(() => diffText(before, after), [before, after]);
  const stats = useMemo(() => diffStats(segments), [segments]);
  const [showAll, setShowAll] = useState(false);
  const changed = stats.inserted + stats.deleted > 0;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
        <p aria-live="polite">
          {changed ? (
            <>
              <span className="font-medium text-emerald-800">{stats.inserted.toLocaleString()} characters inserted</span>,{" "}
              <span className="font-medium text-red-800">{stats.deleted.toLocaleString()} deleted</span>
            </>
          ) : (
            "No differences."
          )}
        </p>
        {changed && (
          <label className="inline-flex items-center gap-2">
            <Switch checked={showAll} onCheckedChange={setShowAll} aria-label="Show unchanged text" />
            Show unchanged text
          </label>
        )}
      </div>
      <div aria-label={label} role="document" className="max-h-[60vh] overflow-y-auto rounded-md border border-slate-200 bg-white p-4 font-serif text-sm leading-relaxed whitespace-pre-wrap text-slate-900">
        {segments.map((segment, i) => (
          <Segment key={i} segment={segment} fold={!showAll} />
        ))}
      </div>
    </div>
  );
}
