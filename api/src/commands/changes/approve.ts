import { eq } from "drizzle-orm";
import { PUSH_EVENTS, parseChangePosition } from "@clausewise/shared";
import { documentChanges } from "../../db/schema";
import { decideMarkedSuggestion, isMarkAnchor } from "../../collab/suggestions";
import { applyTextEditToDoc } from "../../collab/text-edit";
import { TextRangeError } from "../../content/text";
import { conflict } from "../../http/errors";
import type { ContractRow } from "../../loaders/contract";
import { personName } from "../../presenters/reviewer";
import { recordAudit } from "../audit";
import { notify } from "../notifications/notify";
import { readersAmong } from "../notifications/recipients";
import { afterCommit, contractUrl, lockContract, type CommandContext } from "../documents/context";
import { commitLiveEdit, openLiveDocument } from "../documents/live";
import { assertTextUnlocked } from "../documents/lock";
import { lockPendingChange } from "./decide";
import type { ChangeRow } from "./load";
import { CHANGE_MESSAGES, describeChange } from "./messages";

/**
 * Approves a pending change by applying it to the live document (DESIGN.md §4), in one transaction
 * under the contract's row lock: the text at the change's range must still be its original text in
 * the document as it is now (else 409 and the change stays pending); the edit goes into the Y.Doc's
 * text at those offsets, so formatting around it is kept and live editors receive it as a normal
 * edit; pending changes and markups after it are moved so they stay on their words.
 *
 * The spec's client renders "the text with approved changes applied in descending start order"; here
 * the approval edits the document itself, so the stored content already is that text and no reader
 * has to replay approved changes (which would apply them twice).
 */
export async function approveChange(ctx: CommandContext, input: { contract: ContractRow; change: ChangeRow }) {
  const { deps, actor } = ctx;
  const now = deps.now();

  const result = await deps.db.transaction(async (tx) => {
    const contract = await lockContract(tx, input.contract);
    assertTextUnlocked(contract);
    // Opened before the change is read: deriving pending live edits may move the change's offsets.
    const live = await openLiveDocument(tx, contract, now);
    const change = await lockPendingChange(tx, input.change);
    const before = live.text;
    let update: Uint8Array | null;
    if (isMarkAnchor(change.anchor)) {
      // A suggestion made in the live editor: its marks are the change (suggestions.ts).
      update = decideMarkedSuggestion(live.doc, change.anchor.changeId, "accept");
      if (!update) throw conflict(CHANGE_MESSAGES.noLongerMatches);
    } else {
      const range = parseChangePosition(change.position);
      const stillThere = range !== null && range.end <= before.length && (change.changeType === "insert" || before.slice(range.start, range.end) === change.originalText);
      if (!range || !stillThere) throw conflict(CHANGE_MESSAGES.noLongerMatches);
      try {
        update = applyTextEditToDoc(live.doc, range.start, range.end, change.changeType === "delete" ? "" : change.newText);
      } catch (error) {
        if (error instanceof TextRangeError) throw conflict(CHANGE_MESSAGES.noLongerMatches);
        throw error;
      }
    }
    // Decided first, so that deriving the new text moves only the other pending changes.
    const [row] = await tx
      .update(documentChanges)
      .set({ status: "approved", decidedBy: actor.id, decidedAt: now })
      .where(eq(documentChanges.id, change.id))
      .returning();
    const { edit, derived } = await commitLiveEdit(tx, contract, live, update, now);
    const after = derived.plainText;
    const moved = derived.anchorsMoved;

    const recipients = await readersAmong(tx, contract, [change.userId], [actor.id]);
    const notifications = await notify(tx, {
      companyId: contract.companyId,
      userIds: recipients,
      type: "other",
      title: "Change Approved",
      message: `${personName(actor)} approved your change on ${contract.title} and applied it to the document: ${describeChange(change)}.`,
      actionUrl: contractUrl(contract.id),
    });
    await recordAudit(tx, {
      companyId: contract.companyId,
      userId: actor.id,
      action: "change.approve",
      entityType: "document_change",
      entityId: change.id,
      data: { contractId: contract.id, position: change.position, lengthDelta: after.length - before.length, anchorsMoved: moved },
      now,
    });
    return { change: row!, notifications, edit };
  });

  const contractId = input.contract.id;
  await afterCommit(deps, [
    ...(result.edit ? [result.edit] : []),
    { type: PUSH_EVENTS.changeUpdated, companyId: actor.companyId, contractId, payload: { contractId, id: result.change.id } },
    { type: PUSH_EVENTS.contractUpdated, companyId: actor.companyId, contractId, payload: { contractId } },
    result.notifications,
  ]);
  return result.change;
}
