import { useMemo, useState } from "react";
import { format } from "date-fns";
import { CircleCheck, History, Plus } from "lucide-react";
import clsx from "clsx";
import type { DocumentVersion } from "@clausewise/shared";
import { errorText, isUnauthorizedError } from "../../api/client";
import { useCreateVersion, useVersions } from "../../api/versions";
import { htmlToTextBlocks } from "../../lib/html-text";
import { toast } from "../../stores/toast";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Skeleton } from "../ui/spinner";
import { ReadOnlyBlocks } from "./ReadOnlyBlocks";

function shortDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : format(date, "MMM d, yyyy h:mm a");
}

const isActive = (version: DocumentVersion) => version.isActive === "true";

function VersionDialog({ version, onClose }: { version: DocumentVersion | null; onClose: () => void }) {
  // The stored HTML is read as text in an inert document: nothing of it is injected as markup.
  const blocks = useMemo(() => (version ? htmlToTextBlocks(version.content) : []), [version]);
  return (
    <Dialog
      open={version !== null}
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={version ? `Version ${version.versionNumber}` : "Version"}
      description={version ? `Saved ${shortDate(version.createdAt)}${isActive(version) ? " · active version" : ""}` : undefined}
      footer={<Button variant="secondary" onClick={onClose}>Close</Button>}
    >
      <ReadOnlyBlocks blocks={blocks} label={version ? `Text of version ${version.versionNumber}` : "Version text"} />
    </Dialog>
  );
}

/** The versions strip: saved snapshots of the document, newest first; creating one snapshots the document as stored now. */
export function VersionsStrip({ contractId, canCreate }: { contractId: string; canCreate: boolean }) {
  const versions = useVersions(contractId);
  const create = useCreateVersion(contractId);
  const [open, setOpen] = useState<DocumentVersion | null>(null);
  const list = versions.data ?? [];

  const createVersion = () =>
    create.mutate(list.length, {
      onSuccess: (version) => toast({ title: "Version Created", description: `Version ${version.versionNumber} of the document has been saved.` }),
      onError: (error) => {
        if (!isUnauthorizedError(error)) toast({ title: "Error", description: errorText(error, "Failed to create version"), variant: "destructive" });
      },
    });

  return (
    <section aria-labelledby="versions-heading" className="flex min-w-0 items-center gap-3">
      <h2 id="versions-heading" className="flex shrink-0 items-center gap-1.5 text-sm font-medium text-slate-700">
        <History aria-hidden="true" className="size-4 text-slate-500" />
        Versions
      </h2>
      <div className="min-w-0 flex-1 overflow-x-auto">
        {versions.isPending ? (
          <div className="flex gap-2" aria-hidden="true">
            <Skeleton className="h-8 w-28" />
            <Skeleton className="h-8 w-28" />
          </div>
        ) : versions.isError ? (
          <p className="text-sm text-red-700">
            The versions could not be loaded.{" "}
            <button type="button" className="font-medium underline" onClick={() => void versions.refetch()}>
              Try again
            </button>
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-slate-500">No versions saved yet.</p>
        ) : (
          <ol className="flex gap-2 py-0.5" aria-label="Document versions, newest first">
            {list.map((version) => (
              <li key={version.id} className="shrink-0">
                <button
                  type="button"
                  onClick={() => setOpen(version)}
                  aria-label={`Version ${version.versionNumber}, saved ${shortDate(version.createdAt)}${isActive(version) ? ", active" : ""}`}
                  className={clsx(
                    "flex items-center gap-2 rounded-md border px-2.5 py-1 text-left text-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
                    isActive(version) ? "border-brand-300 bg-brand-50 text-brand-900" : "border-slate-200 bg-white text-slate-700 hover:bg-slate-50",
                  )}
                >
                  <span className="font-mono font-semibold">v{version.versionNumber}</span>
                  <span className="text-slate-500">{shortDate(version.createdAt)}</span>
                  {isActive(version) && (
                    <span className="inline-flex items-center gap-0.5 font-medium text-brand-800">
                      <CircleCheck aria-hidden="true" className="size-3.5" />
                      Active
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ol>
        )}
      </div>
      {canCreate && (
        <Button variant="secondary" size="sm" onClick={createVersion} disabled={create.isPending || versions.isPending || versions.isError} className="shrink-0">
          <Plus aria-hidden="true" />
          {create.isPending ? "Creating..." : "Create version"}
        </Button>
      )}
      <VersionDialog version={open} onClose={() => setOpen(null)} />
    </section>
  );
}
