import { eq } from "drizzle-orm";
import { PUSH_EVENTS, formatChangePosition, parseChangePosition, type CreateChangeRequest } from "@clausewise/shared";
import { contracts, documentChanges } from "../../db/schema";
import { htmlToPlainText } from "../../content/text";
import { badRequest, conflict } from "../../http/errors";
import type { ContractRow } from "../../loaders/contract";
import { personName } from "../../presenters/reviewer";
import { recordAudit } from "../audit";
import { notify } from "../notifications/notify";
import { contractMembersWith } from "../notifications/recipients";
import { afterCommit, contractUrl, lockContract, type CommandContext } from "../documents/context";
import { assertTextUnlocked } from "../documents/lock";
import { CHANGE_MESSAGES, describeChange } from "./messages";

/**
 * Proposes a text change at plain-text offsets of the document as it is now. The selected text must
 * still be there (another edit may have landed since the client selected it: 409). Everyone who may
 * decide changes on the contract, except the author, is asked to approve it.
 */
export async function proposeChange(ctx: CommandContext, input: { contract: ContractRow; request: CreateChangeRequest }) {
  const { deps, actor } = ctx;
  const now = deps.now();
  const { request } = input;
  const range = parseChangePosition(request.position);
  if (!range) throw badRequest("position: The position is not a range", { position: "The position is not a range" });

  const result = await deps.db.transaction(async (tx) => {
    const contract = await lockContract(tx, input.contract);
    assertTextUnlocked(contract);
    const text = htmlToPlainText(contract.content);
    if (range.end > text.length) {
      const message = `The position lies outside the document (${text.length} characters)`;
      throw badRequest(`position: ${message}`, { position: message });
    }
    if (request.changeType !== "insert" && text.slice(range.start, range.end) !== request.originalText) throw conflict(CHANGE_MESSAGES.selectionChanged);

    const [row] = await tx
      .insert(documentChanges)
      .values({
        companyId: contract.companyId,
        contractId: contract.id,
        userId: actor.id,
        changeType: request.changeType,
        originalText: request.originalText,
        newText: request.newText,
        position: formatChangePosition(range),
        reviewerComment: request.reviewerComment || null,
        status: "pending",
        createdAt: now,
      })
      .returning();
    const change = row!;
    await tx.update(contracts).set({ updatedAt: now }).where(eq(contracts.id, contract.id));

    const deciders = await contractMembersWith(tx, contract, "decideChanges", [actor.id]);
    const notifications = await notify(tx, {
      companyId: contract.companyId,
      userIds: deciders,
      type: "approval_required",
      title: `Change awaiting approval on ${contract.title}`,
      message: `${personName(actor)} proposes to ${describeChange(change)}.`,
      actionUrl: contractUrl(contract.id),
    });
    await recordAudit(tx, {
      companyId: contract.companyId,
      userId: actor.id,
      action: "change.propose",
      entityType: "document_change",
      entityId: change.id,
      data: { contractId: contract.id, changeType: change.changeType, position: change.position },
      now,
    });
    return { change, notifications };
  });

  await afterCommit(deps, [
    { type: PUSH_EVENTS.changeNew, companyId: actor.companyId, contractId: input.contract.id, payload: { contractId: input.contract.id, id: result.change.id } },
    result.notifications,
  ]);
  return result.change;
}
