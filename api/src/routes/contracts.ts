import { Hono } from "hono";
import { CONTRACT_MESSAGES, contractListQuery } from "@clausewise/shared";
import type { AppEnv } from "../context";
import { htmlToBlocks } from "../content/text";
import { requireAuth } from "../http/middleware";
import { pathId, queryParams } from "../http/validate";
import { contractNotFound, getContractForUser, listContractsInCompany } from "../loaders/contract";
import { eraseContract } from "../commands/contracts/erase";
import { authorize, contractAbilities } from "../policies";
import { presentContractDetail, presentContractSummary } from "../presenters/contract";
import { keyAccess } from "../http/key-access";

export const contractRoutes = new Hono<AppEnv>()
  .get("/contracts", keyAccess("read"), async (c) => {
    const { user } = requireAuth(c);
    const query = queryParams(c, contractListQuery);
    const rows = await listContractsInCompany(c.get("deps").db, { companyId: user.companyId, search: query.search, status: query.status });
    return c.json(rows.map(presentContractSummary));
  })
  .get("/contracts/:id", keyAccess("read"), async (c) => {
    const { user } = requireAuth(c);
    const id = pathId(c, "id", contractNotFound);
    const { contract, grant, hasOriginalFile } = await getContractForUser(c.get("deps").db, { id, companyId: user.companyId, userId: user.id });
    const abilities = contractAbilities(user, contract, grant);
    authorize(abilities.read, "You do not have access to this contract.");
    return c.json(presentContractDetail(contract, { abilities, hasOriginalFile }));
  })
  .get("/contracts/:id/text", keyAccess("read"), async (c) => {
    const { user } = requireAuth(c);
    const { contract, grant } = await getContractForUser(c.get("deps").db, { id: pathId(c, "id", contractNotFound), companyId: user.companyId, userId: user.id });
    authorize(contractAbilities(user, contract, grant).read, "You do not have access to this contract.");
    return c.json({ contractId: contract.id, length: contract.plainText.length, blocks: htmlToBlocks(contract.content) });
  })
  // Not in the spec's call list; DELETE on the contract's own path, as exhibits do (issue 12).
  .delete("/contracts/:id", async (c) => {
    const { user } = requireAuth(c);
    const deps = c.get("deps");
    const { contract, grant } = await getContractForUser(deps.db, { id: pathId(c, "id", contractNotFound), companyId: user.companyId, userId: user.id });
    authorize(contractAbilities(user, contract, grant).delete, CONTRACT_MESSAGES.deleteForbidden);
    await eraseContract(deps, { contractId: contract.id, companyId: contract.companyId, actorId: user.id, reason: "deleted" });
    return c.body(null, 204);
  });
