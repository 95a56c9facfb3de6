import { eq } from "drizzle-orm";
import { PUSH_EVENTS, type SaveDocumentRequest } from "@clausewise/shared";
import { applyHtmlToDoc } from "../../collab/convert";
import { contracts } from "../../db/schema";
import type { ContractRow } from "../../loaders/contract";
import { recordAudit } from "../audit";
import { afterCommit, lockContract, type CommandContext } from "./context";
import { commitLiveEdit, openLiveDocument } from "./live";
import { assertTextUnlocked } from "./lock";
import { sanitizeDocumentHtml } from "./sanitize";

/**
 * The editor's save (PUT /api/contracts/{id}): the sanitized HTML is applied to the live document
 * as ONE edit (DESIGN.md §4), diffed against it so unchanged blocks stay as they are and live
 * editors receive a normal edit; contracts.content and plainText are derived from the result, with
 * an optional new title. Pending changes and markups keep their words where the text around them is
 * unchanged: those in the unchanged head stay, those in the unchanged tail move with it, and the ones
 * inside the edited stretch are left as they were (approving such a change re-checks its original
 * text and answers 409 if it is gone).
 */
export async function saveDocument(ctx: CommandContext, input: { contract: ContractRow; request: SaveDocumentRequest }) {
  const { deps, actor } = ctx;
  const now = deps.now();
  const content = input.request.content === undefined ? undefined : sanitizeDocumentHtml(input.request.content);
  const title = input.request.title;

  const result = await deps.db.transaction(async (tx) => {
    const contract = await lockContract(tx, input.contract);
    // The title is part of the document (spec §5: editable only while not read-only), so a rename is refused too.
    assertTextUnlocked(contract);
    // A rename alone leaves the document alone, so it cannot undo anyone's concurrent edit.
    const live = content === undefined ? null : await openLiveDocument(tx, contract, now);
    const committed = live && content !== undefined ? await commitLiveEdit(tx, contract, live, applyHtmlToDoc(live.doc, content), now) : null;
    const edit = committed?.edit;
    const derived = committed?.derived;
    const [row] = await tx
      .update(contracts)
      .set({ updatedAt: now, ...(title === undefined ? {} : { title }) })
      .where(eq(contracts.id, contract.id))
      .returning();
    await recordAudit(tx, {
      companyId: contract.companyId,
      userId: actor.id,
      action: "document.save",
      entityType: "contract",
      entityId: contract.id,
      data: {
        ...(derived && live ? { bytes: derived.content.length, textChanged: derived.plainText !== live.text, anchorsMoved: derived.anchorsMoved } : {}),
        ...(title !== undefined && title !== contract.title ? { titleFrom: contract.title, titleTo: title } : {}),
      },
      now,
    });
    return { saved: row!, edit };
  });

  const { saved, edit } = result;
  await afterCommit(deps, [...(edit ? [edit] : []), { type: PUSH_EVENTS.contractUpdated, companyId: saved.companyId, contractId: saved.id, payload: { contractId: saved.id } }]);
  return saved;
}
