import { eq } from "drizzle-orm";
import { PUSH_EVENTS, type RejectChangeRequest } from "@clausewise/shared";
import { contracts, documentChanges } from "../../db/schema";
import type { ContractRow } from "../../loaders/contract";
import { personName } from "../../presenters/reviewer";
import { recordAudit } from "../audit";
import { notify } from "../notifications/notify";
import { readersAmong } from "../notifications/recipients";
import { afterCommit, contractUrl, excerpt, lockContract, type CommandContext } from "../documents/context";
import { decideMarkedSuggestion, isMarkAnchor } from "../../collab/suggestions";
import { commitLiveEdit, openLiveDocument } from "../documents/live";
import { assertTextUnlocked } from "../documents/lock";
import { lockPendingChange } from "./decide";
import type { ChangeRow } from "./load";
import { describeChange } from "./messages";

/**
 * Rejects a pending change with an optional comment. A change proposed through the API leaves the
 * document untouched; a suggestion made in the live editor (anchor kind "mark") is taken out of it:
 * its inserted text removed, its deleted text unmarked, in one edit the live editors receive.
 */
export async function rejectChange(ctx: CommandContext, input: { contract: ContractRow; change: ChangeRow; request: RejectChangeRequest }) {
  const { deps, actor } = ctx;
  const now = deps.now();
  const comment = input.request.comment || null;

  const result = await deps.db.transaction(async (tx) => {
    const contract = await lockContract(tx, input.contract);
    // Deciding is part of the redline, which the approval covers: changes wait until the contract is reopened.
    assertTextUnlocked(contract);
    const marked = isMarkAnchor(input.change.anchor);
    // Opened before the change is read, as approvals do (deriving may move the change's offsets).
    const live = marked ? await openLiveDocument(tx, contract, now) : null;
    const change = await lockPendingChange(tx, input.change);
    let edit: Awaited<ReturnType<typeof commitLiveEdit>>["edit"] = null;
    const [row] = await tx
      .update(documentChanges)
      .set({ status: "rejected", decidedBy: actor.id, decidedAt: now, decisionComment: comment })
      .where(eq(documentChanges.id, change.id))
      .returning();
    await tx.update(contracts).set({ updatedAt: now }).where(eq(contracts.id, contract.id));
    if (live && isMarkAnchor(change.anchor)) {
      const update = decideMarkedSuggestion(live.doc, change.anchor.changeId, "reject");
      if (update) ({ edit } = await commitLiveEdit(tx, contract, live, update, now));
    }
    const recipients = await readersAmong(tx, contract, [change.userId], [actor.id]);
    const notifications = await notify(tx, {
      companyId: contract.companyId,
      userIds: recipients,
      type: "other",
      title: "Change Rejected",
      message: `${personName(actor)} rejected your change on ${contract.title} (${describeChange(change)})${comment ? `: ${excerpt(comment, 200)}` : "."}`,
      actionUrl: contractUrl(contract.id),
    });
    await recordAudit(tx, {
      companyId: contract.companyId,
      userId: actor.id,
      action: "change.reject",
      entityType: "document_change",
      entityId: change.id,
      data: { contractId: contract.id, comment },
      now,
    });
    return { change: row!, notifications, edit };
  });

  const contractId = input.contract.id;
  await afterCommit(deps, [
    ...(result.edit ? [result.edit] : []),
    { type: PUSH_EVENTS.changeUpdated, companyId: actor.companyId, contractId, payload: { contractId, id: result.change.id } },
    ...(result.edit ? [{ type: PUSH_EVENTS.contractUpdated, companyId: actor.companyId, contractId, payload: { contractId } }] : []),
    result.notifications,
  ]);
  return result.change;
}
