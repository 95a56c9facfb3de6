import type { UserRow } from "../../auth/sessions";
import type { Db } from "../../db/client";
import type { ContractRow } from "../../loaders/contract";
import { checkpointDocument } from "../versions/create";
import { countVersions } from "../versions/list";
import type { WorkflowAction, WorkflowOutcome } from "./rules";

/** What a workflow action does to the contract's versions: columns to set and what the audit event records. */
export interface VersionEffects {
  set: { version?: number; approvedVersion?: number };
  audit: { approvedVersion?: number; newVersion?: number };
}

const asNumber = (versionNumber: string, fallback: number) => (/^[0-9]{1,9}$/.test(versionNumber) ? Number(versionNumber) : fallback);

/**
 * Approval applies to a version (DESIGN.md §4, issue 14): approving the contract checkpoints the
 * document (the newest version when nothing changed since it) and records that number; the text
 * is locked from then on, so it stays the approved text. Reopening for changes starts the next
 * version: the contract's `version` becomes the number the next checkpoint will take, and the
 * approved version stays on record. Runs inside the workflow's transaction, under its row lock.
 */
export async function versionEffects(
  tx: Db,
  contract: ContractRow,
  action: WorkflowAction,
  outcome: Extract<WorkflowOutcome, { ok: true }>,
  actor: UserRow,
  now: Date,
): Promise<VersionEffects> {
  if (outcome.state.status === "approved") {
    const { version } = await checkpointDocument(tx, contract, actor.id, now);
    const approved = asNumber(version.versionNumber, contract.version);
    return { set: { version: approved, approvedVersion: approved }, audit: { approvedVersion: approved } };
  }
  if (action.type === "reopenForChanges") {
    // The number the next checkpoint takes (checkpointDocument numbers by count).
    const next = (await countVersions(tx, contract)) + 1;
    return { set: { version: next }, audit: { ...(contract.approvedVersion ? { approvedVersion: contract.approvedVersion } : {}), newVersion: next } };
  }
  return { set: {}, audit: {} };
}
