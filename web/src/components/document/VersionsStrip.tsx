import { useMemo, useState } from "react";
import { format } from "date-fns";
import { CircleCheck, History, Lock, Plus, RotateCcw } from "lucide-react";
import clsx from "clsx";
import { isTextLocked, type ContractDetail, type DocumentVersion } from "@clausewise/shared";
import { errorText, isUnauthorizedError } from "../../api/client";
import { useCreateVersion, useRestoreVersion, useVersions, versionSavedToast } from "../../api/versions";
import { htmlToTextBlocks } from "../../lib/html-text";
import { toast } from "../../stores/toast";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { NativeSelect } from "../ui/native-select";
import { Dialog } from "../ui/dialog";
import { Skeleton } from "../ui/spinner";
import { ReadOnlyBlocks } from "./ReadOnlyBlocks";
import { plainTextOf, Redline } from "./VersionCompare";

function shortDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : format(date, "MMM d, yyyy h:mm a");
}

const isActive = (version: DocumentVersion) => version.isActive === "true";

const COMPARE_CURRENT = "current";

interface VersionDialogProps {
  version: DocumentVersion | null;
  versions: DocumentVersion[];
  /** The document as it is now (contracts.content): the default thing to compare a version with. */
  currentContent: string;
  approvedVersion: string | null;
  canRestore: boolean;
  onRestore: (version: DocumentVersion) => void;
  onClose: () => void;
}

/**
 * One version: its text, or a redline against another version or the current document (older →
 * newer, whichever way round they were picked), and Restore for those who may edit.
 */
function VersionDialog({ version, versions, currentContent, approvedVersion, canRestore, onRestore, onClose }: VersionDialogProps) {
  const [compareWith, setCompareWith] = useState<string>("");
  // The stored HTML is read as text in an inert document: nothing of it is injected as markup.
  const blocks = useMemo(() => (version ? htmlToTextBlocks(version.content) : []), [version]);
  const other = compareWith === COMPARE_CURRENT ? null : versions.find((v) => v.id === compareWith);
  const redline = useMemo(() => {
    if (!version || !compareWith) return null;
    const mine = { label: `version ${version.versionNumber}`, text: plainTextOf(version.content), at: Date.parse(version.createdAt) };
    const theirs = other
      ? { label: `version ${other.versionNumber}`, text: plainTextOf(other.content), at: Date.parse(other.createdAt) }
      : { label: "the current document", text: plainTextOf(currentContent), at: Number.POSITIVE_INFINITY };
    const [older, newer] = mine.at <= theirs.at ? [mine, theirs] : [theirs, mine];
    return { before: older.text, after: newer.text, label: `Changes from ${older.label} to ${newer.label}` };
  }, [version, compareWith, other, currentContent]);

  const title = version ? `Version ${version.versionNumber}` : "Version";
  const approved = version !== null && version.versionNumber === approvedVersion;
  return (
    <Dialog
      open={version !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCompareWith("");
          onClose();
        }
      }}
      size="lg"
      title={title}
      description={version ? `Saved ${shortDate(version.createdAt)}${isActive(version) ? " · active version" : ""}${approved ? " · the approved version" : ""}` : undefined}
      footer={
        <>
          {canRestore && version && (
            <Button variant="secondary" onClick={() => onRestore(version)}>
              <RotateCcw aria-hidden="true" />
              Restore this version
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <div className="mb-4 flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor="version-compare" className="font-medium text-slate-700">
          Compare with
        </label>
        <NativeSelect id="version-compare" className="min-w-48 flex-1" value={compareWith} onChange={(e) => setCompareWith(e.target.value)}>
          <option value="">Nothing (show this version's text)</option>
          <option value={COMPARE_CURRENT}>The current document</option>
          {versions
            .filter((v) => v.id !== version?.id)
            .map((v) => (
              <option key={v.id} value={v.id}>
                Version {v.versionNumber} ({shortDate(v.createdAt)})
              </option>
            ))}
        </NativeSelect>
      </div>
      {redline ? <Redline before={redline.before} after={redline.after} label={redline.label} /> : <ReadOnlyBlocks blocks={blocks} label={`Text of ${title.toLowerCase()}`} />}
    </Dialog>
  );
}

/**
 * The versions strip: saved snapshots of the document, newest first; creating one snapshots the
 * document as stored now (or says nothing changed). Opening one shows its text, compares it with
 * another version or the current document, and restores it (confirmed; a new edit, issue 14).
 */
export function VersionsStrip({ contract }: { contract: ContractDetail }) {
  const contractId = contract.id;
  const canCreate = contract.abilities.comment;
  const canRestore = Boolean(contract.abilities.edit) && !isTextLocked(contract.status);
  const approvedVersion = contract.approvedVersion === null ? null : String(contract.approvedVersion);
  const versions = useVersions(contractId);
  const create = useCreateVersion(contractId);
  const restore = useRestoreVersion(contractId);
  const [open, setOpen] = useState<DocumentVersion | null>(null);
  const [confirming, setConfirming] = useState<DocumentVersion | null>(null);
  const list = versions.data ?? [];

  const createVersion = () =>
    create.mutate(list.length, {
      onSuccess: (version) => toast(versionSavedToast(version)),
      onError: (error) => {
        if (!isUnauthorizedError(error)) toast({ title: "Error", description: errorText(error, "Failed to create version"), variant: "destructive" });
      },
    });

  const restoreVersion = (version: DocumentVersion) =>
    restore.mutate(version.id, {
      onSuccess: () => {
        setConfirming(null);
        setOpen(null);
        toast({ title: "Version Restored", description: `The document now reads as version ${version.versionNumber}. The restore is a new edit: nothing in between was lost.` });
      },
      onError: (error) => {
        setConfirming(null);
        if (!isUnauthorizedError(error)) toast({ title: "Restore Failed", description: errorText(error, "Failed to restore the version"), variant: "destructive" });
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
                  aria-label={`Version ${version.versionNumber}, saved ${shortDate(version.createdAt)}${isActive(version) ? ", active" : ""}${version.versionNumber === approvedVersion ? ", approved" : ""}`}
                  className={clsx(
                    "flex items-center gap-2 rounded-md border px-2.5 py-1 text-left text-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
                    isActive(version) ? "border-brand-300 bg-brand-50 text-brand-900" : "border-slate-200 bg-white text-slate-700 hover:bg-slate-50",
                  )}
                >
                  <span className="font-mono font-semibold">v{version.versionNumber}</span>
                  <span className="text-slate-500">{shortDate(version.createdAt)}</span>
                  {version.versionNumber === approvedVersion && (
                    <span className="inline-flex items-center gap-0.5 font-medium text-emerald-800">
                      <Lock aria-hidden="true" className="size-3.5" />
                      Approved
                    </span>
                  )}
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
      <VersionDialog
        version={open}
        versions={list}
        currentContent={contract.content}
        approvedVersion={approvedVersion}
        canRestore={canRestore}
        onRestore={setConfirming}
        onClose={() => setOpen(null)}
      />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(value) => !value && setConfirming(null)}
        title={confirming ? `Restore version ${confirming.versionNumber}?` : "Restore version?"}
        description="The document's text becomes that of this version, as a new edit everyone sees. Nothing is lost: every version stays, and restoring another one brings any text back."
        confirmLabel={restore.isPending ? "Restoring..." : "Restore"}
        pending={restore.isPending}
        onConfirm={() => confirming && restoreVersion(confirming)}
      />
    </section>
  );
}
