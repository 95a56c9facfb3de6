import { APPROVAL_STAGE_LABELS, APPROVAL_STAGES, COLLAB_EVENTS, CONTRACT_STATUSES, PUSH_EVENTS, isTextLocked, type ApprovalStage, type ContractStatus } from "@clausewise/shared";
import { and, desc, eq } from "drizzle-orm";
import type { AppDeps } from "../../context";
import type { UserRow } from "../../auth/sessions";
import type { Db } from "../../db/client";
import { auditEvents, companySettings, contractApprovalSteps, contracts } from "../../db/schema";
import { AppError, conflict } from "../../http/errors";
import { contractNotFound, type ContractRow } from "../../loaders/contract";
import { recordAudit } from "../audit";
import { notify } from "../notifications/notify";
import { contractMembersWith, readersAmong } from "../notifications/recipients";
import { excerpt } from "../documents/context";
import { personName } from "../../presenters/reviewer";
import { applyWorkflowAction, type WorkflowAction, type WorkflowOutcome } from "./rules";
import { ensureApprovalSteps, stepStatuses, type ApprovalStepRow } from "./steps";
import { versionEffects } from "./versions";

export const SUBMIT_AUDIT_ACTION = "contract.submit";

export interface WorkflowInput {
  actor: UserRow;
  contractId: string;
  comment?: string | null;
}

type Applied = Extract<WorkflowOutcome, { ok: true }>;

function isContractStatus(value: string): value is ContractStatus {
  return (CONTRACT_STATUSES as readonly string[]).includes(value);
}

/** Who submitted the contract most recently, from the audit trail (contracts carry no submitter column). */
async function lastSubmitter(tx: Db, contract: ContractRow): Promise<string | null> {
  const [row] = await tx
    .select({ userId: auditEvents.userId })
    .from(auditEvents)
    .where(and(eq(auditEvents.companyId, contract.companyId), eq(auditEvents.entityId, contract.id), eq(auditEvents.action, SUBMIT_AUDIT_ACTION)))
    .orderBy(desc(auditEvents.createdAt))
    .limit(1);
  return row?.userId ?? null;
}

/**
 * Reopening for changes concerns everyone who worked towards the approval: the uploader, the
 * assigned reviewer, the last submitter and whoever decided a step, as far as they may still read it.
 */
async function notifyReopenedForChanges(tx: Db, contract: ContractRow, actor: UserRow, previousSteps: ApprovalStepRow[], reason: string | null) {
  const people = await readersAmong(tx, contract, [contract.createdBy, contract.reviewerId, await lastSubmitter(tx, contract), ...previousSteps.map((s) => s.decidedBy)], [actor.id]);
  return notify(tx, {
    companyId: contract.companyId,
    userIds: people,
    type: "other",
    title: "Contract reopened for changes",
    message: `${personName(actor)} reopened "${contract.title}" for changes, starting version ${contract.version}${reason ? `: ${excerpt(reason, 200)}` : "."}`,
    actionUrl: `/contracts/${contract.id}`,
  });
}

async function notifyOutcome(tx: Db, contract: ContractRow, actor: UserRow, outcome: Applied, comment: string | null) {
  const actionUrl = `/contracts/${contract.id}`;
  const notices = [];
  if (outcome.opened) {
    const label = APPROVAL_STAGE_LABELS[outcome.opened];
    notices.push(
      await notify(tx, {
        companyId: contract.companyId,
        userIds: await contractMembersWith(tx, contract, "approve", [actor.id]),
        type: "approval_required",
        title: "Approval required",
        message: `${label} of "${contract.title}" is waiting for your decision.`,
        actionUrl,
      }),
    );
  }
  if (outcome.state.status === "approved" || outcome.state.status === "rejected") {
    const people = await readersAmong(tx, contract, [contract.createdBy, contract.reviewerId, await lastSubmitter(tx, contract)], [actor.id]);
    const stage = outcome.decided ? APPROVAL_STAGE_LABELS[outcome.decided.stage] : "approval";
    notices.push(
      await notify(
        tx,
        outcome.state.status === "approved"
          ? { companyId: contract.companyId, userIds: people, type: "contract_completed", title: "Contract approved", message: `"${contract.title}" has been approved.`, actionUrl }
          : {
              companyId: contract.companyId,
              userIds: people,
              type: "other",
              title: "Contract rejected",
              message: `"${contract.title}" was rejected at ${stage}.${comment ? ` Comment: ${comment}` : ""}`,
              actionUrl,
            },
      ),
    );
  }
  return notices;
}

export const SEPARATION_OF_DUTIES_MESSAGE =
  "You approved every other stage of this contract, so you cannot also give its last approval: someone else must approve it. An administrator can allow single-person approval in Settings › Company.";

/** Whether the company lets one person clear the whole pipeline alone (company_settings; off by default). */
export async function allowsSingleApprover(tx: Db, companyId: string): Promise<boolean> {
  const [row] = await tx.select({ allow: companySettings.allowSingleApprover }).from(companySettings).where(eq(companySettings.companyId, companyId));
  return row?.allow ?? false;
}

/**
 * Separation of duties (issue 17, docs/DECISIONS.md): an approval that would complete the pipeline is
 * refused (409 separation_of_duties) when the same person approved every other stage, unless the company
 * allows single-person approval. Rejections and approvals that leave a stage open are never refused.
 */
async function checkSeparationOfDuties(tx: Db, contract: ContractRow, actor: UserRow, rows: ReadonlyMap<ApprovalStage, ApprovalStepRow>, outcome: Applied) {
  if (outcome.decided?.decision !== "approved" || outcome.state.status !== "approved") return;
  const others = APPROVAL_STAGES.filter((stage) => stage !== outcome.decided!.stage).map((stage) => rows.get(stage));
  const alone = others.every((row) => row?.status === "approved" && row.decidedBy === actor.id);
  if (!alone) return;
  if (await allowsSingleApprover(tx, contract.companyId)) return;
  throw new AppError("separation_of_duties", SEPARATION_OF_DUTIES_MESSAGE);
}

/**
 * Applies one workflow action (rules.ts) to a contract of the actor's company, in one transaction under
 * a row lock on the contract, so two people deciding at once cannot both win: the second sees the new
 * state and gets its 409. Audits, notifies, and pushes contract:updated after commit. The route has
 * already authorized the actor; this only decides whether the contract's state allows the action.
 */
export async function runWorkflowAction(deps: AppDeps, input: WorkflowInput, action: WorkflowAction, auditAction: string): Promise<ContractRow> {
  const now = deps.now();
  const comment = input.comment ?? null;
  const { contract, notices, lockChanged } = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(contracts)
      .where(and(eq(contracts.id, input.contractId), eq(contracts.companyId, input.actor.companyId)))
      .for("update");
    if (!locked) throw contractNotFound();
    if (!isContractStatus(locked.status)) throw conflict(`This contract has an unknown status (${locked.status}); it cannot change through the workflow.`);
    const rows = await ensureApprovalSteps(tx, locked);
    const before = stepStatuses([...rows.values()]);
    const outcome = applyWorkflowAction({ status: locked.status, steps: before }, action);
    if (!outcome.ok) throw conflict(outcome.message);
    await checkSeparationOfDuties(tx, locked, input.actor, rows, outcome);
    const versions = await versionEffects(tx, locked, action, outcome, input.actor, now);

    const [updated] = await tx
      .update(contracts)
      .set({
        status: outcome.state.status,
        updatedAt: now,
        ...(action.type === "submit" ? { submittedAt: now, completedAt: null } : {}),
        ...(action.type === "reopen" || action.type === "reopenForChanges" ? { submittedAt: null, completedAt: null } : {}),
        ...(outcome.state.status === "approved" ? { completedAt: now } : {}),
        ...versions.set,
      })
      .where(eq(contracts.id, locked.id))
      .returning();

    for (const stage of APPROVAL_STAGES) {
      const row = rows.get(stage);
      if (!row) continue;
      const status = outcome.state.steps[stage];
      if (outcome.decided?.stage === stage) {
        await tx
          .update(contractApprovalSteps)
          .set({ status, decidedBy: input.actor.id, decidedAt: now, comment })
          .where(eq(contractApprovalSteps.id, row.id));
      } else if (status !== row.status || (outcome.reset && (row.decidedBy || row.decidedAt || row.comment))) {
        await tx.update(contractApprovalSteps).set({ status, decidedBy: null, decidedAt: null, comment: null }).where(eq(contractApprovalSteps.id, row.id));
      }
    }

    await recordAudit(tx, {
      companyId: locked.companyId,
      userId: input.actor.id,
      action: auditAction,
      entityType: "contract",
      entityId: locked.id,
      now,
      data: {
        from: locked.status,
        to: outcome.state.status,
        ...(outcome.decided ? { stage: outcome.decided.stage, decision: outcome.decided.decision } : {}),
        ...(comment ? { comment } : {}),
        ...versions.audit,
        // A reset clears the steps; their decisions stay here.
        ...(outcome.reset
          ? {
              previousSteps: [...rows.values()].map((r) => ({ stage: r.stage, status: r.status, decidedBy: r.decidedBy, decidedAt: r.decidedAt?.toISOString() ?? null, comment: r.comment })),
            }
          : {}),
      },
    });
    const notices = await notifyOutcome(tx, updated!, input.actor, outcome, comment);
    if (action.type === "reopenForChanges") notices.push(await notifyReopenedForChanges(tx, updated!, input.actor, [...rows.values()], comment));
    return { contract: updated!, notices, lockChanged: isTextLocked(locked.status) !== isTextLocked(updated!.status) };
  });

  for (const notice of notices) await notice.publish(deps);
  // Live editors of the contract turn read-only (or writable again) at once (realtime/src/collab/access.ts).
  if (lockChanged) {
    await deps.bus.publish({ type: COLLAB_EVENTS.textLockChanged, companyId: contract.companyId, contractId: contract.id, payload: { contractId: contract.id, locked: isTextLocked(contract.status) } });
  }
  await publishContractUpdated(deps, contract);
  return contract;
}

/**
 * contract:updated goes to the whole company (no contractId on the event), so dashboards refresh the
 * status as well as open contract pages; the payload is ids only and every member may read contracts.
 */
export async function publishContractUpdated(deps: AppDeps, contract: Pick<ContractRow, "id" | "companyId">): Promise<void> {
  await deps.bus.publish({ type: PUSH_EVENTS.contractUpdated, companyId: contract.companyId, payload: { contractId: contract.id } });
}
