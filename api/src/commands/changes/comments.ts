import { and, asc, eq, isNotNull, ne } from "drizzle-orm";
import { PUSH_EVENTS, type ChangeComment, type CreateChangeCommentRequest } from "@clausewise/shared";
import type { Db } from "../../db/client";
import { changeComments, contracts, users } from "../../db/schema";
import type { ContractRow } from "../../loaders/contract";
import { authorName, personName } from "../../presenters/reviewer";
import { recordAudit } from "../audit";
import { notify } from "../notifications/notify";
import { readersAmong } from "../notifications/recipients";
import { afterCommit, authorColumns, contractUrl, excerpt, lockContract, type CommandContext } from "../documents/context";
import type { ChangeRow } from "./load";

type CommentRow = typeof changeComments.$inferSelect;

export function presentChangeComment(row: CommentRow, author: Parameters<typeof authorName>[0]): ChangeComment {
  return { id: row.id, changeId: row.changeId, userId: row.userId, authorName: authorName(author), content: row.content, createdAt: row.createdAt.toISOString() };
}

/** The thread of one proposed change, oldest first, with its authors' names. */
export async function listChangeComments(db: Db, change: Pick<ChangeRow, "id" | "companyId">): Promise<ChangeComment[]> {
  const rows = await db
    .select({ comment: changeComments, author: authorColumns })
    .from(changeComments)
    .leftJoin(users, eq(users.id, changeComments.userId))
    .where(and(eq(changeComments.changeId, change.id), eq(changeComments.companyId, change.companyId)))
    .orderBy(asc(changeComments.createdAt), asc(changeComments.id));
  return rows.map((row) => presentChangeComment(row.comment, row.author));
}

/**
 * Adds a comment to a change's thread. The change's author and everyone who wrote in the thread
 * before hear of it, if they can still read the contract; the commenter does not. A comment changes
 * no text, so it is allowed on a locked (approved) contract, like a markup.
 */
export async function addChangeComment(ctx: CommandContext, input: { contract: ContractRow; change: ChangeRow; request: CreateChangeCommentRequest }) {
  const { deps, actor } = ctx;
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    const contract = await lockContract(tx, input.contract);
    const [row] = await tx
      .insert(changeComments)
      .values({ companyId: contract.companyId, contractId: contract.id, changeId: input.change.id, userId: actor.id, content: input.request.content, createdAt: now })
      .returning();
    const comment = row!;
    await tx.update(contracts).set({ updatedAt: now }).where(eq(contracts.id, contract.id));

    const earlier = await tx
      .selectDistinct({ userId: changeComments.userId })
      .from(changeComments)
      .where(and(eq(changeComments.changeId, input.change.id), ne(changeComments.id, comment.id), isNotNull(changeComments.userId)));
    const recipients = await readersAmong(tx, contract, [input.change.userId, ...earlier.map((e) => e.userId)], [actor.id]);
    const notifications = await notify(tx, {
      companyId: contract.companyId,
      userIds: recipients,
      type: "markup_added",
      title: `New comment on a suggestion in ${contract.title}`,
      message: `${personName(actor)}: ${excerpt(input.request.content, 140)}`,
      actionUrl: `${contractUrl(contract.id)}?tab=markups`,
    });
    await recordAudit(tx, {
      companyId: contract.companyId,
      userId: actor.id,
      action: "change.comment",
      entityType: "document_change",
      entityId: input.change.id,
      data: { contractId: contract.id, commentId: comment.id },
      now,
    });
    return { comment, notifications };
  });

  await afterCommit(deps, [
    { type: PUSH_EVENTS.changeUpdated, companyId: actor.companyId, contractId: input.contract.id, payload: { contractId: input.contract.id, id: input.change.id } },
    result.notifications,
  ]);
  return result.comment;
}
