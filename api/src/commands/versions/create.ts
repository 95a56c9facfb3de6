import { and, eq, sql } from "drizzle-orm";
import * as Y from "yjs";
import { PUSH_EVENTS } from "@clausewise/shared";
import { contracts, documentVersions } from "../../db/schema";
import type { ContractRow } from "../../loaders/contract";
import { recordAudit } from "../audit";
import { afterCommit, lockContract, type CommandContext } from "../documents/context";
import { openLiveDocument } from "../documents/live";

/**
 * Checkpoints the live document as it is now (DESIGN.md §4: a full Yjs state snapshot plus its
 * HTML). The server decides what the spec's client sends: the number is the count of existing
 * versions plus one, taken under the contract's row lock so two checkpoints never get the same
 * number; the content is the server's document (a client's copy may be stale or unsanitized); the
 * new version is the only active one. The contract's `version` follows the newest number.
 */
export async function createVersion(ctx: CommandContext, input: { contract: ContractRow }) {
  const { deps, actor } = ctx;
  const now = deps.now();

  const version = await deps.db.transaction(async (tx) => {
    const contract = await lockContract(tx, input.contract);
    const live = await openLiveDocument(tx, contract, now);
    const where = and(eq(documentVersions.contractId, contract.id), eq(documentVersions.companyId, contract.companyId));
    const [counted] = await tx.select({ count: sql<number>`count(*)::int` }).from(documentVersions).where(where);
    const versionNumber = (counted?.count ?? 0) + 1;
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
        createdBy: actor.id,
        createdAt: now,
      })
      .returning();
    await tx.update(contracts).set({ version: versionNumber, updatedAt: now }).where(eq(contracts.id, contract.id));
    await recordAudit(tx, {
      companyId: contract.companyId,
      userId: actor.id,
      action: "version.create",
      entityType: "document_version",
      entityId: row!.id,
      data: { contractId: contract.id, versionNumber: String(versionNumber) },
      now,
    });
    return row!;
  });

  const contractId = input.contract.id;
  await afterCommit(deps, [{ type: PUSH_EVENTS.contractUpdated, companyId: actor.companyId, contractId, payload: { contractId } }]);
  return version;
}
