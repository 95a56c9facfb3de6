import { TriangleAlert } from "lucide-react";
import { Button } from "../ui/button";
import { sameTarget, type ReviewTarget } from "./review-target";

/**
 * Under a panel's target: a warning when the document changed and the target's text is gone, and
 * a way to move the panel (with what was typed) to what is selected in the document now.
 */
export function RetargetNotice({ target, stale, live, onRetarget }: { target: ReviewTarget; stale: boolean; live: ReviewTarget | null; onRetarget: (target: ReviewTarget) => void }) {
  const offer = live && live.kind !== "paragraph" && !sameTarget(live, target);
  if (!stale && !offer) return null;
  return (
    <div className="space-y-2">
      {stale && (
        <p role="alert" className="flex gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          The document changed and this text is no longer there. Select the text again; what you typed is kept.
        </p>
      )}
      {offer && (
        <Button variant="secondary" size="sm" onClick={() => onRetarget(live)}>
          Use the current selection instead
        </Button>
      )}
    </div>
  );
}
