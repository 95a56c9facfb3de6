import { EXHIBIT_MESSAGES, type ReviewExhibitRequest } from "@clausewise/shared";
import { and, eq } from "drizzle-orm";
import type { AppDeps } from "../../context";
import type { UserRow } from "../../auth/sessions";
import { exhibits } from "../../db/schema";
import { conflict } from "../../http/errors";
import { recordAudit } from "../audit";
import { publishExhibitUpdated } from "./events";
import { exhibitNotFound, type ExhibitRow } from "./load";

/**
 * Sets an exhibit's review status (reviewed, approved, rejected) and notes. An approved exhibit is
 * final (spec §4: the Review button is disabled once approved): reviewing it again is a 409. The row
 * is locked so two reviewers cannot both change an exhibit that one of them just approved.
 */
export async function reviewExhibit(deps: AppDeps, input: { actor: UserRow; exhibitId: string; review: ReviewExhibitRequest }): Promise<ExhibitRow> {
  const now = deps.now();
  const exhibit = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(exhibits)
      .where(and(eq(exhibits.id, input.exhibitId), eq(exhibits.companyId, input.actor.companyId)))
      .for("update");
    if (!current) throw exhibitNotFound();
    if (current.status === "approved") throw conflict(EXHIBIT_MESSAGES.alreadyApproved);
    const notes = input.review.notes ? input.review.notes : null;
    const [updated] = await tx
      .update(exhibits)
      .set({ status: input.review.status, reviewNotes: notes, reviewedBy: input.actor.id, reviewedAt: now, updatedAt: now })
      .where(eq(exhibits.id, current.id))
      .returning();
    await recordAudit(tx, {
      companyId: current.companyId,
      userId: input.actor.id,
      action: "exhibit.review",
      entityType: "exhibit",
      entityId: current.id,
      now,
      data: { contractId: current.contractId, from: current.status, to: input.review.status, notes },
    });
    return updated!;
  });
  await publishExhibitUpdated(deps, exhibit);
  return exhibit;
}
