import { and, eq } from "drizzle-orm";
import type { AccessLevel } from "@clausewise/shared";
import type { Db } from "../db/client";
import { contractAccess, contractFiles, contracts } from "../db/schema";

/** Sets a contract's updatedAt, so list order can be tested without sleeping. */
export async function setContractUpdatedAt(db: Db, contractId: string, updatedAt: Date) {
  await db.update(contracts).set({ updatedAt }).where(eq(contracts.id, contractId));
}

export async function grantContractAccess(db: Db, options: { companyId: string; contractId: string; userId: string; accessLevel: AccessLevel }) {
  const [row] = await db.insert(contractAccess).values(options).returning();
  return row!;
}

/** Removes a grant straight from the database: nothing is published, as if the bus had lost the event. */
export async function removeContractAccess(db: Db, options: { contractId: string; userId: string }) {
  await db.delete(contractAccess).where(and(eq(contractAccess.contractId, options.contractId), eq(contractAccess.userId, options.userId)));
}

/** Stores original bytes for a contract, as an upload with storage consent would. */
export async function storeOriginalFile(db: Db, options: { companyId: string; contractId: string; bytes?: Uint8Array }) {
  const bytes = options.bytes ?? new TextEncoder().encode("original");
  await db.insert(contractFiles).values({ companyId: options.companyId, contractId: options.contractId, bytes, sha256: "0".repeat(64) });
  await db.update(contracts).set({ storageConsent: true, fileName: "original.txt" }).where(eq(contracts.id, options.contractId));
}
