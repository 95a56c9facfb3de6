import { Hono, type Context } from "hono";
import { DOCUMENT_MAX_BYTES, saveDocumentRequest, type ContractAbilities } from "@clausewise/shared";
import { saveDocument } from "../commands/documents/save";
import type { AppEnv } from "../context";
import { requireAuth } from "../http/middleware";
import { jsonBody, pathId } from "../http/validate";
import { contractNotFound, getContractForUser } from "../loaders/contract";
import { authorize, contractAbilities } from "../policies";
import { presentContractDetail } from "../presenters/contract";
import { keyAccess } from "../http/key-access";

export const READ_ONLY_MESSAGE = "You have read-only access to this contract.";

/**
 * The signed-in caller, the contract named by the path (404 unless it is in the caller's company),
 * the caller's abilities on it, and a 403 unless they may at least read it. Every contract-scoped
 * route of the review screens starts here.
 */
export async function loadReadableContract(c: Context<AppEnv>, idParam = "id") {
  const { user } = requireAuth(c);
  const id = pathId(c, idParam, contractNotFound);
  const loaded = await getContractForUser(c.get("deps").db, { id, companyId: user.companyId, userId: user.id });
  const abilities = contractAbilities(user, loaded.contract, loaded.grant);
  authorize(abilities.read, "You do not have access to this contract.");
  return { user, abilities, ...loaded };
}

/** Editing is for approvers and admins; a reviewer is told how their edits do get in. */
export function editDeniedMessage(abilities: ContractAbilities): string {
  return abilities.suggest ? "Reviewers propose changes; an approver applies them." : READ_ONLY_MESSAGE;
}

/**
 * The editor's save carries the whole document: JSON escaping can double HTML (every quote becomes
 * \"), so the wire limit is twice the document limit; the schema checks the real size. Sign-in is
 * checked before the body is read.
 */
export const DOCUMENT_BODY_LIMIT = { maxBytes: 2 * DOCUMENT_MAX_BYTES + 64 * 1024, tooLarge: "The document is larger than 5 MB." };

export const documentRoutes = new Hono<AppEnv>().put("/contracts/:id", keyAccess("contracts:write"), async (c) => {
  requireAuth(c);
  const request = await jsonBody(c, saveDocumentRequest, DOCUMENT_BODY_LIMIT);
  const { user, contract, abilities, hasOriginalFile } = await loadReadableContract(c);
  authorize(abilities.edit, editDeniedMessage(abilities));
  const saved = await saveDocument({ deps: c.get("deps"), actor: user }, { contract, request });
  return c.json(presentContractDetail(saved, { abilities, hasOriginalFile }));
});
