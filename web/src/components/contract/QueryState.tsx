import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { errorText } from "../../api/client";
import { Button } from "../ui/button";
import { Skeleton } from "../ui/spinner";
import { EmptyNote } from "./PanelSection";

/** A panel part that could not load: the server's words and a way to try again. */
export function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-xs text-red-900">
      <p className="font-medium">{what} could not be loaded.</p>
      <p className="mt-0.5 text-red-800">{errorText(error, "Please try again.")}</p>
      <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}

/** Placeholder rows while a list loads. */
export function ListSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="space-y-2">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="space-y-1.5 rounded-md border border-slate-100 p-2.5">
          <Skeleton className="h-3.5 w-2/3" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      ))}
    </div>
  );
}

interface QueryListProps<T> {
  query: UseQueryResult<T[]>;
  /** What the list holds, capitalised: "Markups" (for "Markups could not be loaded."). */
  what: string;
  /** What an empty list says. */
  empty: ReactNode;
  rows?: number;
  children: (items: T[]) => ReactNode;
}

/** A list from the API in its four states: loading, failed (with a retry), empty, and its items. */
export function QueryList<T>({ query, what, empty, rows, children }: QueryListProps<T>) {
  if (query.isPending) return <ListSkeleton label={`Loading ${what.toLowerCase()}`} rows={rows} />;
  if (query.isError) return <LoadError what={what} error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <EmptyNote>{empty}</EmptyNote>;
  return <>{children(query.data)}</>;
}

/**
 * Why a dialog's last submit failed, inside the dialog: a modal hides the toast region from screen
 * readers, so the dialog says it too.
 */
export function FormAlert({ title, children, id }: { title?: string; children: ReactNode; id?: string }) {
  return (
    <div id={id} role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
      {title && <p className="font-medium">{title}</p>}
      <p className={title ? "text-red-800" : undefined}>{children}</p>
    </div>
  );
}
