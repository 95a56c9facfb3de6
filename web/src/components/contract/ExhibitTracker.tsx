import { useState } from "react";
import { FolderOpen, Plus } from "lucide-react";
import type { ContractDetail, Exhibit } from "@clausewise/shared";
import { useDeleteExhibit, useExhibits, type CreateExhibitInput } from "../../api/exhibits";
import { useReviewers } from "../../api/reviewers";
import { toast } from "../../stores/toast";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { AddExhibitDialog } from "./AddExhibitDialog";
import { EMPTY_EXHIBIT_DRAFT } from "./exhibit-form";
import { ExhibitItem } from "./ExhibitItem";
import { toastFailure } from "./format";
import { QueryList } from "./QueryState";
import { PanelSection } from "./PanelSection";
import { type ReviewDraft, ReviewExhibitDialog } from "./ReviewExhibitDialog";

const EMPTY_REVIEW: ReviewDraft = { status: "", notes: "" };

const byNumber = new Intl.Collator("en-CA", { numeric: true, sensitivity: "base" });

/** Exhibit A, B, … E, 10 after 9 (numeric aware); exhibits without a number after, in the order they were added. */
export function exhibitOrder(a: Exhibit, b: Exhibit): number {
  if (a.exhibitNumber && b.exhibitNumber) return byNumber.compare(a.exhibitNumber, b.exhibitNumber) || a.createdAt.localeCompare(b.createdAt);
  if (a.exhibitNumber) return -1;
  if (b.exhibitNumber) return 1;
  return a.createdAt.localeCompare(b.createdAt);
}

function summary(exhibits: readonly Exhibit[]): string {
  const overdue = exhibits.filter((e) => e.status === "overdue").length;
  const parts = [`${exhibits.length} exhibit${exhibits.length === 1 ? "" : "s"}`];
  if (overdue > 0) parts.push(`${overdue} overdue`);
  return parts.join(" · ");
}

/** Right panel: the contract's exhibits (spec §2 Exhibit Tracker, §4 states, §5 rules, §8 texts). */
export function ExhibitTracker({ contract }: { contract: ContractDetail }) {
  const exhibits = useExhibits(contract.id);
  const reviewers = useReviewers(contract.id);
  const remove = useDeleteExhibit(contract.id);
  const canManage = Boolean(contract.abilities.manageExhibits);
  const canReview = Boolean(contract.abilities.reviewExhibits);

  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState<CreateExhibitInput>(EMPTY_EXHIBIT_DRAFT);
  const [reviewing, setReviewing] = useState<Exhibit | null>(null);
  const [reviewDrafts, setReviewDrafts] = useState<Record<string, ReviewDraft>>({});
  const [deleting, setDeleting] = useState<Exhibit | null>(null);

  const names = new Map((reviewers.data ?? []).map((r) => [r.id, r.name]));

  const openReview = (exhibit: Exhibit) => {
    setReviewDrafts((drafts) => (drafts[exhibit.id] ? drafts : { ...drafts, [exhibit.id]: { status: "", notes: exhibit.reviewNotes ?? "" } }));
    setReviewing(exhibit);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: "Exhibit Deleted", description: `"${deleting.title}" was removed from this contract.` });
    } catch (error) {
      toastFailure("Delete Failed", error);
    } finally {
      // Closed either way: the modal would hide the toast from screen readers, and nothing typed is lost.
      setDeleting(null);
    }
  };

  return (
    <PanelSection
      title="Exhibit Tracker"
      icon={FolderOpen}
      aside={
        canManage ? (
          <Button size="sm" variant="secondary" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            Add exhibit
          </Button>
        ) : null
      }
    >
      <QueryList
        query={exhibits}
        what="Exhibits"
        empty={`No exhibits yet.${canManage ? " Add schedules, drawings and other attachments, or plan the ones still to come." : ""}`}
      >
        {(items) => {
          const list = [...items].sort(exhibitOrder);
          return (
            <>
              <p className="text-xs text-slate-500">{summary(list)}</p>
              <ul aria-label="Exhibits" className="space-y-2">
                {list.map((exhibit) => (
                  <li key={exhibit.id}>
                    <ExhibitItem
                      exhibit={exhibit}
                      assigneeName={exhibit.assignedTo ? (names.get(exhibit.assignedTo) ?? null) : null}
                      canReview={canReview}
                      onReview={() => openReview(exhibit)}
                      onDelete={() => setDeleting(exhibit)}
                    />
                  </li>
                ))}
              </ul>
            </>
          );
        }}
      </QueryList>

      {canManage && (
        <AddExhibitDialog
          open={adding}
          onOpenChange={setAdding}
          contractId={contract.id}
          reviewers={reviewers.data}
          draft={draft}
          onDraftChange={setDraft}
        />
      )}
      {canReview && (
        <ReviewExhibitDialog
          contractId={contract.id}
          exhibit={reviewing}
          onClose={() => setReviewing(null)}
          draft={(reviewing && reviewDrafts[reviewing.id]) || EMPTY_REVIEW}
          onDraftChange={(next) => reviewing && setReviewDrafts((drafts) => ({ ...drafts, [reviewing.id]: next }))}
          onReviewed={() =>
            reviewing &&
            setReviewDrafts((drafts) => {
              const { [reviewing.id]: _done, ...rest } = drafts;
              return rest;
            })
          }
        />
      )}
      {deleting !== null && (
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
          title="Delete exhibit?"
          description={deleting ? `"${deleting.title}"${deleting.fileName ? " and its file" : ""} will be removed from this contract. This cannot be undone.` : ""}
          confirmLabel={remove.isPending ? "Deleting..." : "Delete"}
          destructive
          pending={remove.isPending}
          onConfirm={() => void confirmDelete()}
        />
      )}
    </PanelSection>
  );
}
