import { Hono } from "hono";
import { CONTRACT_LIST_MESSAGES, CONTRACT_MESSAGES, CONTRACT_PAGE_DEFAULT, contractListQuery, type ContractSort } from "@clausewise/shared";
import type { AppEnv } from "../context";
import { htmlToBlocks } from "../content/text";
import { requireAuth } from "../http/middleware";
import { pathId, queryParams } from "../http/validate";
import {
  contractNotFound,
  countContractsInCompany,
  encodeContractCursor,
  getContractForUser,
  listContractsInCompany,
  type ContractOrder,
} from "../loaders/contract";
import { badRequest } from "../http/errors";
import { eraseContract } from "../commands/contracts/erase";
import { authorize, contractAbilities } from "../policies";
import { presentContractDetail, presentContractSummary } from "../presenters/contract";
import { keyAccess } from "../http/key-access";
import { cachedCompanyAnswer } from "../http/answer-cache";

/** `sort=-title` or `sort=title&order=desc`; default: most recently updated first. */
function contractOrder(sort: string | undefined, order: "asc" | "desc" | undefined): ContractOrder {
  if (!sort) return { sort: "updated", direction: order ?? "desc" };
  const descending = sort.startsWith("-");
  if (descending && order === "asc") throw badRequest(CONTRACT_LIST_MESSAGES.sortConflict);
  return { sort: sort.replace(/^-/, "") as ContractSort, direction: descending ? "desc" : (order ?? "asc") };
}

export const contractRoutes = new Hono<AppEnv>()
  // Every member of a company sees the same list: answers are shared for a few seconds (http/answer-cache.ts).
  .get("/contracts", keyAccess("read"), cachedCompanyAnswer(), async (c) => {
    const { user } = requireAuth(c);
    const query = queryParams(c, contractListQuery);
    if (query.cursor !== undefined && query.offset !== undefined) throw badRequest(CONTRACT_LIST_MESSAGES.cursorAndOffset);
    const order = contractOrder(query.sort, query.order);
    const db = c.get("deps").db;
    const filter = { companyId: user.companyId, search: query.search, status: query.status };
    // Without limit, cursor or offset: every matching row, as before pages existed (DECISIONS.md).
    const paged = query.limit !== undefined || query.cursor !== undefined || query.offset !== undefined;
    const limit = paged ? (query.limit ?? CONTRACT_PAGE_DEFAULT) : undefined;
    const [page, total] = await Promise.all([
      listContractsInCompany(db, filter, { order, limit, cursor: query.cursor, offset: query.offset }),
      countContractsInCompany(db, filter),
    ]);
    c.header("X-Total-Count", String(total));
    const last = page.rows.at(-1);
    if (page.more && limit !== undefined && last) {
      const next = new URL(c.req.url);
      next.searchParams.set("limit", String(limit));
      if (query.offset !== undefined) {
        next.searchParams.set("offset", String(query.offset + limit));
      } else {
        next.searchParams.set("cursor", encodeContractCursor(order, last));
      }
      c.header("Link", `<${next.pathname}${next.search}>; rel="next"`);
    }
    return c.json(page.rows.map(presentContractSummary));
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
