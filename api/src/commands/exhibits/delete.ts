import { and, eq } from "drizzle-orm";
import { EXHIBIT_MESSAGES } from "@clausewise/shared";
import type { AppDeps } from "../../context";
import type { UserRow } from "../../auth/sessions";
import { exhibits } from "../../db/schema";
import { conflict } from "../../http/errors";
import { recordAudit } from "../audit";
import { publishExhibitUpdated } from "./events";
import { exhibitNotFound } from "./load";

/**
 * Deletes an exhibit and its file (the file row cascades); the audit keeps what it was. An approved
 * exhibit is never deleted (DESIGN.md §3): 409, checked under the row lock so an approval that lands
 * meanwhile wins.
 */
export async function deleteExhibit(deps: AppDeps, input: { actor: UserRow; exhibitId: string }): Promise<void> {
  const now = deps.now();
  const removed = await deps.db.transaction(async (tx) => {
    const mine = and(eq(exhibits.id, input.exhibitId), eq(exhibits.companyId, input.actor.companyId));
    const [current] = await tx.select({ status: exhibits.status }).from(exhibits).where(mine).for("update");
    if (!current) throw exhibitNotFound();
    if (current.status === "approved") throw conflict(EXHIBIT_MESSAGES.approvedNotDeletable);
    const [row] = await tx.delete(exhibits).where(mine).returning();
    if (!row) throw exhibitNotFound();
    await recordAudit(tx, {
      companyId: row.companyId,
      userId: input.actor.id,
      action: "exhibit.delete",
      entityType: "exhibit",
      entityId: row.id,
      now,
      data: { contractId: row.contractId, title: row.title, exhibitNumber: row.exhibitNumber, status: row.status, fileName: row.fileName, fileSize: row.fileSize },
    });
    return row;
  });
  await publishExhibitUpdated(deps, removed);
}
