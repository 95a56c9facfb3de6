import { and, eq } from "drizzle-orm";
import { PUSH_EVENTS } from "@clausewise/shared";
import { applyHtmlToDoc } from "../../collab/convert";
import { contracts, documentVersions } from "../../db/schema";
import { notFound } from "../../http/errors";
import type { ContractRow } from "../../loaders/contract";
import { recordAudit } from "../audit";
import { afterCommit, lockContract, type CommandContext } from "../documents/context";
import { commitLiveEdit, openLiveDocument } from "../documents/live";
import { assertTextUnlocked } from "../documents/lock";

export const versionNotFound = () => notFound("Version not found.");

/**
 * Restores a version as a NEW edit of the live document (DESIGN.md §4), never by swapping rows:
 * the version's HTML is applied like a save, so the history keeps everything in between, live
 * editors receive the restore as an edit, and restoring can itself be undone by restoring again.
 * Anchors follow the text as after a save. Versions and their numbering are left as they are.
 */
export async function restoreVersion(ctx: CommandContext, input: { contract: ContractRow; versionId: string }) {
  const { deps, actor } = ctx;
  const now = deps.now();

  const result = await deps.db.transaction(async (tx) => {
    const contract = await lockContract(tx, input.contract);
    assertTextUnlocked(contract);
    const [version] = await tx
      .select()
      .from(documentVersions)
      .where(and(eq(documentVersions.id, input.versionId), eq(documentVersions.contractId, contract.id), eq(documentVersions.companyId, contract.companyId)))
      .limit(1);
    if (!version) throw versionNotFound();
    const live = await openLiveDocument(tx, contract, now);
    const update = applyHtmlToDoc(live.doc, version.content);
    const { edit, derived } = await commitLiveEdit(tx, contract, live, update, now);
    const [row] = await tx.update(contracts).set({ updatedAt: now }).where(eq(contracts.id, contract.id)).returning();
    await recordAudit(tx, {
      companyId: contract.companyId,
      userId: actor.id,
      action: "version.restore",
      entityType: "document_version",
      entityId: version.id,
      data: { contractId: contract.id, versionNumber: version.versionNumber, textChanged: derived.plainText !== live.text, anchorsMoved: derived.anchorsMoved },
      now,
    });
    return { contract: row!, edit };
  });

  const contractId = input.contract.id;
  await afterCommit(deps, [...(result.edit ? [result.edit] : []), { type: PUSH_EVENTS.contractUpdated, companyId: actor.companyId, contractId, payload: { contractId } }]);
  return result.contract;
}
