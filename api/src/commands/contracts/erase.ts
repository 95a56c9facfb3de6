import { COLLAB_EVENTS } from "@clausewise/shared";
import { and, eq, inArray, like, or, sql } from "drizzle-orm";
import type { AppDeps } from "../../context";
import type { Db } from "../../db/client";
import { auditEvents, contracts, emailOutbox, jobs, notifications, questions } from "../../db/schema";
import { scrubFreedSpace } from "../../db/scrub";
import { NOTIFICATION_DIGEST_JOB } from "../../notifications/digest";
import { contractNotFound } from "../../loaders/contract";
import { recordAudit } from "../audit";
import { publishContractUpdated } from "../workflow/run";

export type EraseReason = "deleted" | "retention";

/**
 * Every table that held the contract's words, directly or in a copy: the rows cascade or are deleted
 * below, and on the embedded database these are rewritten afterwards so no dead tuple keeps a copy.
 */
export const CONTRACT_TEXT_TABLES = [
  "contracts",
  "contract_files",
  "contract_approval_steps",
  "contract_access",
  "markups",
  "document_changes",
  "change_comments",
  "document_versions",
  "yjs_updates",
  "yjs_documents",
  "analyses",
  "ai_text_analyses",
  "questions",
  "exhibits",
  "exhibit_files",
  "notifications",
  "email_outbox",
  "jobs",
  "audit_events",
] as const;

export interface EraseInput {
  contractId: string;
  companyId: string;
  /** Who asked; null for the retention job. */
  actorId: string | null;
  reason: EraseReason;
  /** Rewrite the freed space now (default); a batch of erasures does it once at the end. */
  scrub?: boolean;
}

/**
 * Erases a contract and everything that carries its words (issue 12, docs/DECISIONS.md "Deleting a
 * contract erases it"): the row and, by cascade, its original file, live document (Yjs state and
 * update log), versions, analyses, questions, markups, proposed changes, approval steps, grants,
 * exhibits and their files; then, in the same transaction, the notifications and mails that point
 * at it, the jobs whose payload names it (a digest only loses its items about it), and the free text
 * of its audit events (who did what and when stays, with the contract id and `erased: true`).
 * One audit event records the erasure with the id and a "deleted" marker only: the title may be
 * exactly what had to go. After commit, live connections close (4404) and pushes refresh the lists;
 * on the embedded database the freed space is then rewritten (db/scrub.ts).
 */
export async function eraseContract(deps: AppDeps, input: EraseInput): Promise<void> {
  const now = deps.now();
  const { contractId, companyId } = input;
  await deps.db.transaction(async (tx) => {
    const [contract] = await tx
      .select({ id: contracts.id, createdAt: contracts.createdAt })
      .from(contracts)
      .where(and(eq(contracts.id, contractId), eq(contracts.companyId, companyId)))
      .for("update");
    if (!contract) throw contractNotFound();
    await eraseReferences(tx, { contractId, companyId });
    await tx.delete(contracts).where(eq(contracts.id, contractId));
    await recordAudit(tx, {
      companyId,
      userId: input.actorId,
      action: input.reason === "retention" ? "contract.erase_retention" : "contract.delete",
      entityType: "contract",
      entityId: contractId,
      now,
      // createdAt keeps the month's upload count honest (billing/usage.ts) once the row is gone.
      data: { contractId, deleted: true, reason: input.reason, createdAt: contract.createdAt.toISOString() },
    });
  });
  await deps.bus.publish({ type: COLLAB_EVENTS.contractDeleted, companyId, contractId, payload: { contractId } });
  await publishContractUpdated(deps, { id: contractId, companyId });
  if (input.scrub !== false) await scrubFreedSpace(deps, CONTRACT_TEXT_TABLES);
}

/** The rows outside the cascade that mention the contract: its link, its id in a payload, its text in an audit event. */
async function eraseReferences(tx: Db, where: { contractId: string; companyId: string }): Promise<void> {
  const { contractId, companyId } = where;
  const link = `/contracts/${contractId}`;
  const questionIds = (await tx.select({ id: questions.id }).from(questions).where(eq(questions.contractId, contractId))).map((q) => q.id);

  await tx.delete(notifications).where(and(eq(notifications.companyId, companyId), like(notifications.actionUrl, `${link}%`)));
  await tx
    .delete(emailOutbox)
    .where(and(eq(emailOutbox.companyId, companyId), or(like(emailOutbox.text, `%${link}%`), like(emailOutbox.html, `%${link}%`))));

  // A digest collects notices of many contracts: only its items about this one go.
  await tx
    .update(jobs)
    .set({
      payload: sql`jsonb_set(${jobs.payload}, '{items}', coalesce((select jsonb_agg(item) from jsonb_array_elements(${jobs.payload}->'items') item where coalesce(item->>'actionUrl', '') not like ${`${link}%`}), '[]'::jsonb))`,
    })
    .where(and(eq(jobs.type, NOTIFICATION_DIGEST_JOB), sql`${jobs.payload}::text like ${`%${link}%`}`));
  // Analysis, deadline reminders, notification mails (contractId or the link), answers (the question's id).
  await tx
    .delete(jobs)
    .where(
      or(
        and(sql`${jobs.type} <> ${NOTIFICATION_DIGEST_JOB}`, sql`${jobs.payload}::text like ${`%${contractId}%`}`),
        questionIds.length > 0 ? inArray(sql`${jobs.payload}->>'questionId'`, questionIds) : sql`false`,
      ),
    );

  await tx
    .update(auditEvents)
    .set({ data: { contractId, erased: true } })
    .where(and(eq(auditEvents.companyId, companyId), or(eq(auditEvents.entityId, contractId), sql`${auditEvents.data}->>'contractId' = ${contractId}`)));
}
