import type { IncomingMessage } from "node:http";
import { isTextLocked, type CollabMode } from "@clausewise/shared";
import type { AppDeps } from "@clausewise/api/context";
import type { AuthState } from "@clausewise/api/auth/sessions";
import { getContractAccessForUser, getContractsAccessForUser, type ContractPolicyAccess } from "@clausewise/api/loaders/contract";
import { contractAbilities } from "@clausewise/api/policies/contract";
import { AppError } from "@clausewise/api/http/errors";
import { authenticateUpgrade } from "../auth";

export interface CollabAccess {
  auth: AuthState;
  contractId: string;
  companyId: string;
  mode: CollabMode;
}

export type AccessResult = CollabAccess | { refused: "unauthorized" | "notFound" };

/** How a user may work on a contract's live document now. */
export interface DocumentAccess {
  mode: CollabMode;
  /** The contract's text is locked (approved or pending approval): read-only for everyone, whatever their abilities. */
  locked: boolean;
}

/**
 * The connection mode from the same policy the REST API uses (DESIGN.md §3): `edit` → read-write,
 * `suggest` without `edit` → suggestion mode, `read` only → read-only.
 */
export function modeFromAbilities(abilities: { read: boolean; edit: boolean; suggest: boolean }): CollabMode | null {
  if (!abilities.read) return null;
  if (abilities.edit) return "read-write";
  if (abilities.suggest) return "suggest";
  return "read-only";
}

/**
 * Who is connecting and how they may work on the contract. A missing contract, a malformed id, another
 * company's contract and a contract the user may not read all answer `notFound`, so none reveals that
 * a contract exists; a request without a valid session answers `unauthorized` before any lookup.
 */
export async function resolveAccess(req: IncomingMessage, deps: AppDeps, contractId: string): Promise<AccessResult> {
  const auth = await authenticateUpgrade(req, deps);
  if (!auth) return { refused: "unauthorized" };
  const access = await accessFor(deps, auth, contractId);
  if (!access) return { refused: "notFound" };
  return { auth, contractId, companyId: auth.user.companyId, mode: access.mode };
}

/**
 * The user's access to the contract's document now, or null when they may not read it (or it is
 * gone). Approval locks the text (DESIGN.md §4): while the contract is approved or pending
 * approval every connection is read-only, so the live editor cannot change what was approved.
 */
export async function accessFor(deps: AppDeps, auth: AuthState, contractId: string): Promise<DocumentAccess | null> {
  try {
    return accessFrom(auth, await getContractAccessForUser(deps.db, { id: contractId, companyId: auth.user.companyId, userId: auth.user.id }));
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** accessFor for many contracts of one user, in one query (the periodic re-check of open connections). */
export async function accessForMany(deps: AppDeps, auth: AuthState, contractIds: readonly string[]): Promise<Map<string, DocumentAccess | null>> {
  const rows = await getContractsAccessForUser(deps.db, { ids: contractIds, companyId: auth.user.companyId, userId: auth.user.id });
  return new Map(contractIds.map((id) => [id, rows.has(id) ? accessFrom(auth, rows.get(id)!) : null]));
}

function accessFrom(auth: AuthState, { contract, grant }: ContractPolicyAccess): DocumentAccess | null {
  const mode = modeFromAbilities(contractAbilities(auth.user, contract, grant));
  if (!mode) return null;
  const locked = isTextLocked(contract.status);
  return { mode: locked ? "read-only" : mode, locked };
}

function isNotFound(error: unknown): boolean {
  return error instanceof AppError && error.code === "not_found";
}
