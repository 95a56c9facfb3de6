import { Info, TriangleAlert, X } from "lucide-react";
import type { CloseReason } from "./collab/close-reasons";

interface EditorNoticesProps {
  /** Why the editor was reloaded (a refused edit). */
  notice: CloseReason | null;
  onDismissNotice?: () => void;
  /** Offline with edits the server does not have yet. */
  offline: boolean;
  /** A reviewer without suggestion tracking (see extension-points.ts). */
  suggestUnavailable: boolean;
}

/** Messages between the toolbars and the page. */
export function EditorNotices({ notice, onDismissNotice, offline, suggestUnavailable }: EditorNoticesProps) {
  if (!notice && !offline && !suggestUnavailable) return null;
  return (
    <div className="print:hidden">
      {notice && (
        <div role="alert" className="flex items-start gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-900">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p className="flex-1">
            <strong className="font-semibold">{notice.title}.</strong> {notice.message}
          </p>
          {onDismissNotice && (
            <button type="button" aria-label="Dismiss" onClick={onDismissNotice} className="rounded p-0.5 hover:bg-amber-100">
              <X aria-hidden="true" className="size-4" />
            </button>
          )}
        </div>
      )}
      {offline && (
        <p role="alert" className="flex items-start gap-2 border-b border-red-200 bg-red-50 px-4 py-2.5 text-sm text-red-900">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          You are offline. Your latest edits are kept in this tab and sent as soon as the connection returns. Keep this tab open until it says Saved.
        </p>
      )}
      {suggestUnavailable && (
        <p className="flex items-start gap-2 border-b border-sky-200 bg-sky-50 px-4 py-2.5 text-sm text-sky-900">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          As a reviewer your changes are suggestions. Suggesting is not available in this editor: select text in the Document Viewer and choose Propose change.
        </p>
      )}
    </div>
  );
}
