import { and, eq } from "drizzle-orm";
import * as Y from "yjs";
import { PUSH_EVENTS } from "@clausewise/shared";
import type { Db } from "../../db/client";
import { contracts, documentVersions } from "../../db/schema";
import type { ContractRow } from "../../loaders/contract";
import { recordAudit } from "../audit";
import { afterCommit, lockContract, type CommandContext } from "../documents/context";
import { openLiveDocument } from "../documents/live";
import type { VersionRow } from "../../presenters/version";
import { countVersions, newestVersion } from "./list";

export interface Checkpoint {
  version: VersionRow;
  /** False when the document had not changed since the newest version, which is answered instead. */
  created: boolean;
}

/**
 * Checkpoints the live document as it is now (DESIGN.md §4: a full Yjs state snapshot plus its
 * HTML), inside the caller's transaction, which holds the contract's row lock. The server decides
 * what the spec's client sends: the number is the count of existing versions plus one, the content
 * is the server's document, the new version is the only active one, and the contract's `version`
 * follows it. When the document is exactly the newest version's (same HTML, suggestions included),
 * no version is made: Save with nothing changed must not fill the list with copies (issue 14).
 */
export async function checkpointDocument(tx: Db, contract: ContractRow, actorId: string, now: Date): Promise<Checkpoint> {
  const live = await openLiveDocument(tx, contract, now);
  const newest = await newestVersion(tx, contract);
  if (newest && newest.content === live.content) return { version: newest, created: false };
  const where = and(eq(documentVersions.contractId, contract.id), eq(documentVersions.companyId, contract.companyId));
  const versionNumber = (await countVersions(tx, contract)) + 1;
  await tx.update(documentVersions).set({ isActive: "false" }).where(and(where, eq(documentVersions.isActive, "true")));
  const [row] = await tx
    .insert(documentVersions)
    .values({
      companyId: contract.companyId,
      contractId: contract.id,
      versionNumber: String(versionNumber),
      isActive: "true",
      content: live.content,
      ydocState: Y.encodeStateAsUpdate(live.doc),
      createdBy: actorId,
      createdAt: now,
    })
    .returning();
  await tx.update(contracts).set({ version: versionNumber, updatedAt: now }).where(eq(contracts.id, contract.id));
  await recordAudit(tx, {
    companyId: contract.companyId,
    userId: actorId,
    action: "version.create",
    entityType: "document_version",
    entityId: row!.id,
    data: { contractId: contract.id, versionNumber: String(versionNumber) },
    now,
  });
  return { version: row!, created: true };
}

/** POST /api/contracts/{id}/versions: a checkpoint under the contract's row lock, so two never get the same number. */
export async function createVersion(ctx: CommandContext, input: { contract: ContractRow }): Promise<Checkpoint> {
  const { deps, actor } = ctx;
  const now = deps.now();
  const checkpoint = await deps.db.transaction(async (tx) => checkpointDocument(tx, await lockContract(tx, input.contract), actor.id, now));
  const contractId = input.contract.id;
  if (checkpoint.created) await afterCommit(deps, [{ type: PUSH_EVENTS.contractUpdated, companyId: actor.companyId, contractId, payload: { contractId } }]);
  return checkpoint;
}
