import { useId, type ReactNode } from "react";
import { Download, Paperclip, Trash2 } from "lucide-react";
import clsx from "clsx";
import { formatDateOnly, type Exhibit } from "@clausewise/shared";
import { exhibitFileUrl } from "../../api/exhibits";
import { exhibitStatusLabel, exhibitStatusTone, reviewButtonState } from "../../lib/exhibit-status";
import { formatFileSize } from "../../lib/file-size";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";

interface ExhibitItemProps {
  exhibit: Exhibit;
  /** Display name of the assignee, when there is one. */
  assigneeName: string | null;
  canReview: boolean;
  onReview: () => void;
  onDelete: () => void;
}

function Meta({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 gap-1.5">
      <dt className="shrink-0 text-slate-500">{term}</dt>
      <dd className="min-w-0 text-slate-800">{children}</dd>
    </div>
  );
}

export function ExhibitItem({ exhibit, assigneeName, canReview, onReview, onDelete }: ExhibitItemProps) {
  // The API decides who may delete this one (admins; its author until it is reviewed; never once approved).
  const canDelete = exhibit.abilities.delete;
  const headingId = useId();
  const overdue = exhibit.status === "overdue";
  const review = reviewButtonState(exhibit);
  const fileUrl = exhibitFileUrl(exhibit);
  const size = exhibit.fileSize == null ? "" : formatFileSize(exhibit.fileSize);

  return (
    <article aria-labelledby={headingId} className={clsx("rounded-md border bg-white p-3", overdue ? "border-red-300" : "border-slate-200")}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          {exhibit.exhibitNumber && <p className="font-mono text-[0.7rem] font-semibold tracking-wide text-slate-500 uppercase">Exhibit {exhibit.exhibitNumber}</p>}
          <h3 id={headingId} className="text-sm font-medium break-words text-slate-900">
            {exhibit.title}
          </h3>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <Badge tone={exhibitStatusTone(exhibit.status)} className={clsx(overdue && "bg-red-600 text-white ring-red-600")}>
            {exhibitStatusLabel(exhibit.status)}
          </Badge>
          {exhibit.isRequired && (
            <span className="text-[0.7rem] font-semibold text-red-700" title="This exhibit is required">
              Required
            </span>
          )}
        </div>
      </div>

      {exhibit.description && <p className="mt-1 line-clamp-2 text-xs text-slate-600">{exhibit.description}</p>}

      <dl className="mt-2 space-y-1 text-xs">
        {exhibit.expectedDate && (
          <Meta term="Expected">
            <time dateTime={exhibit.expectedDate} className={clsx(overdue && "font-semibold text-red-700")}>
              {/* Date-only (issue 17): the same day in every browser, and the same text as the notification. */}
              {formatDateOnly(exhibit.expectedDate)}
            </time>
          </Meta>
        )}
        {exhibit.assignedTo && <Meta term="Assigned to">{assigneeName ?? "A former team member"}</Meta>}
        {fileUrl && exhibit.fileName ? (
          <Meta term="File">
            <a
              href={fileUrl}
              download={exhibit.fileName}
              className="inline-flex max-w-full items-center gap-1 font-medium text-brand-700 hover:underline"
              aria-label={`Download ${exhibit.fileName}${size ? `, ${size}` : ""}`}
            >
              <Download aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="truncate">{exhibit.fileName}</span>
            </a>
            {size && <span className="ml-1 text-slate-500">({size})</span>}
          </Meta>
        ) : (
          <Meta term="File">
            <span className="inline-flex items-center gap-1 text-slate-500">
              <Paperclip aria-hidden="true" className="size-3.5" />
              Not uploaded yet
            </span>
          </Meta>
        )}
      </dl>

      {exhibit.isPlanned && exhibit.plannedNotes && (
        <p className="mt-2 rounded bg-sky-50 px-2 py-1.5 text-xs whitespace-pre-line text-sky-900">{exhibit.plannedNotes}</p>
      )}
      {exhibit.reviewNotes && (
        <p className="mt-2 border-l-2 border-slate-300 pl-2 text-xs whitespace-pre-line text-slate-600 italic">
          <span className="sr-only">Review notes: </span>
          {exhibit.reviewNotes}
        </p>
      )}

      {exhibit.tags.length > 0 && (
        <ul aria-label="Tags" className="mt-2 flex flex-wrap gap-1">
          {exhibit.tags.map((tag) => (
            <li key={tag}>
              <Badge tone="neutral">{tag}</Badge>
            </li>
          ))}
        </ul>
      )}

      {(canReview || canDelete) && (
        <div className="mt-3 flex items-center justify-end gap-2 border-t border-slate-100 pt-2">
          {canReview && (
            <span title={review.reason ?? undefined}>
              <Button size="sm" variant="secondary" disabled={review.disabled} onClick={onReview} aria-label={`${review.label}: ${exhibit.title}`}>
                {review.label}
              </Button>
            </span>
          )}
          {canDelete && (
            <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete exhibit ${exhibit.title}`} className="text-red-700 hover:bg-red-50 hover:text-red-800">
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
