import { and, eq, sql } from "drizzle-orm";
import { PUSH_EVENTS, REDLINE_LIMITS, REDLINE_MESSAGES, type RedlineImportResult } from "@clausewise/shared";
import { applyRedline, type RedlineApplied } from "../../collab/redline";
import { syncSuggestions } from "../../collab/suggestions";
import { documentChanges } from "../../db/schema";
import { planRedline, type RedlinePlan } from "../../documents/redline/plan";
import type { RedlineDocument } from "../../documents/redline/types";
import { AppError } from "../../http/errors";
import type { ContractRow } from "../../loaders/contract";
import { recordAudit } from "../audit";
import { notify } from "../notifications/notify";
import { contractMembersWith } from "../notifications/recipients";
import { afterCommit, contractUrl, lockContract, type CommandContext } from "./context";
import { assertTextUnlocked } from "./lock";
import { commitLiveEdit, openLiveDocument } from "./live";
import { importComments, type CommentImport } from "./redline-comments";

const MOVE_COMMENTS = { from: "Moved in Word: these words were moved elsewhere in the document.", to: "Moved in Word: these words were moved here from elsewhere in the document." } as const;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function warnings(plan: RedlinePlan, applied: RedlineApplied, comments: CommentImport): string[] {
  const out: string[] = [];
  const changed = applied.skipped.filter((s) => s.reason === "text_changed").length;
  const overlapping = applied.skipped.length - changed;
  if (changed > 0) out.push(`${plural(changed, "tracked change was", "tracked changes were")} not imported: the words around ${changed === 1 ? "it are" : "them are"} no longer in the contract as the file has them.`);
  if (overlapping > 0) out.push(`${plural(overlapping, "tracked change was", "tracked changes were")} not imported: ${overlapping === 1 ? "it overlaps" : "they overlap"} suggestions already pending in the contract.`);
  if (applied.untrackedDifferences > 0) {
    out.push(`The file's text differs from the contract in ${plural(applied.untrackedDifferences, "place", "places")} outside tracked changes (edited without Track Changes, or the contract changed since). Those differences were not imported; compare the file before relying on it.`);
  }
  if (plan.structural > 0) out.push(`${plural(plan.structural, "paragraph split or join", "paragraph splits or joins")} came in as text changes only; the paragraphs stay as they are.`);
  if (plan.formatChanges.length > 0) out.push(`${plural(plan.formatChanges.length, "formatting change came", "formatting changes came")} in as comments: formatting is not suggested.`);
  if (comments.unplaced > 0) out.push(`${plural(comments.unplaced, "comment", "comments")} could not be placed on ${comments.unplaced === 1 ? "its" : "their"} words and ${comments.unplaced === 1 ? "was" : "were"} added without a position.`);
  if (comments.shortened > 0) out.push(`${plural(comments.shortened, "comment was", "comments were")} longer than a markup may be and ${comments.shortened === 1 ? "was" : "were"} shortened.`);
  return out;
}

/**
 * "Import counterparty redline" (issue 14): a Word file's tracked changes become suggestions in the
 * live document and its comments become markups, all signed with their Word authors' names. The
 * document changes through the same path as a save (contract row lock, the live document's log,
 * derived text, anchors), so whatever refuses a save refuses this too. Deciders hear of it once.
 */
export async function importRedline(ctx: CommandContext, input: { contract: ContractRow; redline: RedlineDocument; fileName: string }): Promise<RedlineImportResult> {
  const { deps, actor } = ctx;
  const { redline } = input;
  if (redline.revisions === 0 && redline.formatChanges === 0 && redline.comments.length === 0) throw new AppError("validation_failed", REDLINE_MESSAGES.nothingToImport);
  const plan = planRedline(redline);
  if (plan.changes.length > REDLINE_LIMITS.maxChanges || redline.comments.length + plan.formatChanges.length > REDLINE_LIMITS.maxComments) {
    throw new AppError("unprocessable", REDLINE_MESSAGES.tooMany);
  }
  const now = deps.now();

  const outcome = await deps.db.transaction(async (tx) => {
    const contract = await lockContract(tx, input.contract);
    assertTextUnlocked(contract);
    const live = await openLiveDocument(tx, contract, now);
    const applied = applyRedline(live.doc, plan, now);
    const { edit, derived } = await commitLiveEdit(tx, contract, live, applied.update, now);
    const sync = await syncSuggestions(tx, { companyId: contract.companyId, contractId: contract.id, doc: live.doc, now, quiet: true });
    for (const { change, changeId } of applied.written) {
      if (!change.revision.move) continue;
      await tx
        .update(documentChanges)
        .set({ reviewerComment: MOVE_COMMENTS[change.revision.move] })
        .where(and(eq(documentChanges.contractId, contract.id), sql`${documentChanges.anchor}->>'changeId' = ${changeId}`));
    }
    const comments = await importComments(tx, { contract, plan, comments: redline.comments, documentText: derived.plainText, now });

    const authors = [...new Set([...applied.written.map((w) => w.change.revision.author), ...comments.authors])];
    const result: RedlineImportResult = {
      suggestions: applied.written.length,
      comments: comments.created.length,
      alreadyPresent: applied.alreadyPending.length + comments.alreadyPresent,
      authors,
      warnings: warnings(plan, applied, comments),
    };
    const changed = result.suggestions + result.comments > 0;
    const deciders = changed ? await contractMembersWith(tx, contract, "decideChanges", [actor.id]) : [];
    const notifications = await notify(tx, {
      companyId: contract.companyId,
      userIds: deciders,
      type: "approval_required",
      title: `Counterparty redline imported on ${contract.title}`,
      message: `${plural(result.suggestions, "suggestion", "suggestions")} and ${plural(result.comments, "comment", "comments")} from ${authors.join(", ") || "the Word file"} await review.`,
      actionUrl: contractUrl(contract.id),
    });
    await recordAudit(tx, {
      companyId: contract.companyId,
      userId: actor.id,
      action: "document.redline_import",
      entityType: "contract",
      entityId: contract.id,
      data: { fileName: input.fileName, suggestions: result.suggestions, comments: result.comments, alreadyPresent: result.alreadyPresent, skipped: applied.skipped.length, untrackedDifferences: applied.untrackedDifferences },
      now,
    });
    return { result, edit, sync, comments, notifications, companyId: contract.companyId };
  });

  const { companyId } = outcome;
  const contractId = input.contract.id;
  await afterCommit(deps, [
    ...(outcome.edit ? [outcome.edit] : []),
    ...outcome.sync.afterCommit,
    ...outcome.comments.created.map((id) => ({ type: PUSH_EVENTS.markupNew, companyId, contractId, payload: { contractId, id } })),
    { type: PUSH_EVENTS.contractUpdated, companyId, contractId, payload: { contractId } },
    outcome.notifications,
  ]);
  return outcome.result;
}
