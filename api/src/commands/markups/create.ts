import { and, eq, isNotNull, ne } from "drizzle-orm";
import { PUSH_EVENTS, type CreateMarkupRequest } from "@clausewise/shared";
import { contracts, markups } from "../../db/schema";
import { htmlToPlainText } from "../../content/text";
import { badRequest } from "../../http/errors";
import type { ContractRow } from "../../loaders/contract";
import { personName } from "../../presenters/reviewer";
import { recordAudit } from "../audit";
import { notify } from "../notifications/notify";
import { readersAmong } from "../notifications/recipients";
import { afterCommit, contractUrl, excerpt, lockContract, type CommandContext } from "../documents/context";

/** Offsets must point into the document as it is now (plain-text coordinates, end exclusive). */
function checkPosition(position: CreateMarkupRequest["position"], textLength: number): void {
  for (const key of ["start", "end"] as const) {
    const value = position[key];
    if (value !== undefined && value > textLength) {
      const message = `The markup's ${key} lies outside the document (${textLength} characters)`;
      throw badRequest(`position.${key}: ${message}`, { [`position.${key}`]: message });
    }
  }
}

/**
 * Adds a comment, suggestion, approval or flag. The contract's creator, its assigned reviewer and
 * everyone who marked it up before hear of it, if they can still read it; the author does not.
 */
export async function createMarkup(ctx: CommandContext, input: { contract: ContractRow; request: CreateMarkupRequest }) {
  const { deps, actor } = ctx;
  const now = deps.now();
  const { type, content, position } = input.request;

  const result = await deps.db.transaction(async (tx) => {
    const contract = await lockContract(tx, input.contract);
    checkPosition(position, htmlToPlainText(contract.content).length);
    const [row] = await tx
      .insert(markups)
      .values({
        companyId: contract.companyId,
        contractId: contract.id,
        userId: actor.id,
        type,
        content,
        position: { paragraph: position.paragraph, ...(position.start === undefined ? {} : { start: position.start }), ...(position.end === undefined ? {} : { end: position.end }) },
        createdAt: now,
      })
      .returning();
    const markup = row!;
    await tx.update(contracts).set({ updatedAt: now }).where(eq(contracts.id, contract.id));

    const earlierAuthors = await tx
      .selectDistinct({ userId: markups.userId })
      .from(markups)
      .where(and(eq(markups.contractId, contract.id), ne(markups.id, markup.id), isNotNull(markups.userId)));
    const recipients = await readersAmong(tx, contract, [contract.createdBy, contract.reviewerId, ...earlierAuthors.map((a) => a.userId)], [actor.id]);
    const notifications = await notify(tx, {
      companyId: contract.companyId,
      userIds: recipients,
      type: "markup_added",
      title: `New ${type} on ${contract.title}`,
      message: `${personName(actor)}: ${excerpt(content, 140)}`,
      actionUrl: contractUrl(contract.id),
    });
    await recordAudit(tx, {
      companyId: contract.companyId,
      userId: actor.id,
      action: "markup.create",
      entityType: "markup",
      entityId: markup.id,
      data: { contractId: contract.id, type },
      now,
    });
    return { markup, notifications };
  });

  await afterCommit(deps, [
    { type: PUSH_EVENTS.markupNew, companyId: actor.companyId, contractId: input.contract.id, payload: { contractId: input.contract.id, id: result.markup.id } },
    result.notifications,
  ]);
  return result.markup;
}
