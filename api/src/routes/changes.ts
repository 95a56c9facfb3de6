import { Hono, type Context } from "hono";
import { createChangeCommentRequest, createChangeRequest, rejectChangeRequest, type ContractAbilities } from "@clausewise/shared";
import { approveChange } from "../commands/changes/approve";
import { addChangeComment, listChangeComments, presentChangeComment } from "../commands/changes/comments";
import { listChanges } from "../commands/changes/list";
import { changeNotFound, getChangeForUser } from "../commands/changes/load";
import { proposeChange } from "../commands/changes/propose";
import { rejectChange } from "../commands/changes/reject";
import { loadAuthor } from "../commands/documents/context";
import type { AppEnv } from "../context";
import { requireAuth } from "../http/middleware";
import { jsonBody, pathId } from "../http/validate";
import { authorize, contractAbilities } from "../policies";
import { presentChange } from "../presenters/change";
import { loadReadableContract, READ_ONLY_MESSAGE } from "./document";
import { keyAccess } from "../http/key-access";

function decideDeniedMessage(abilities: ContractAbilities): string {
  return abilities.suggest ? "Reviewers propose changes; only an approver or admin can approve or reject them." : READ_ONLY_MESSAGE;
}

/** The change named by the path and its contract; 404 unless in the caller's company, 403 unless they may read the contract. */
async function loadReadableChange(c: Context<AppEnv>) {
  const { user } = requireAuth(c);
  const id = pathId(c, "id", changeNotFound);
  const loaded = await getChangeForUser(c.get("deps").db, { id, companyId: user.companyId, userId: user.id });
  const abilities = contractAbilities(user, loaded.contract, loaded.grant);
  authorize(abilities.read, "You do not have access to this contract.");
  return { user, abilities, ...loaded };
}

/** The change named by the path and its contract; 404 unless in the caller's company, 403 unless they may decide it. */
async function loadDecidableChange(c: Context<AppEnv>) {
  const loaded = await loadReadableChange(c);
  authorize(loaded.abilities.decideChanges, decideDeniedMessage(loaded.abilities));
  return loaded;
}

export const changeRoutes = new Hono<AppEnv>()
  .get("/contracts/:id/changes", keyAccess("read"), async (c) => {
    const { contract } = await loadReadableContract(c);
    const rows = await listChanges(c.get("deps").db, contract);
    return c.json(rows.map((row) => presentChange(row.change, row.author, row.decider?.id ? row.decider : null, row.commentCount)));
  })
  .post("/contracts/:id/changes", keyAccess("contracts:write"), async (c) => {
    requireAuth(c);
    const request = await jsonBody(c, createChangeRequest);
    const { user, contract, abilities } = await loadReadableContract(c);
    authorize(abilities.suggest, READ_ONLY_MESSAGE);
    const change = await proposeChange({ deps: c.get("deps"), actor: user }, { contract, request });
    return c.json(presentChange(change, user, null), 201);
  })
  .get("/document-changes/:id/comments", keyAccess("read"), async (c) => {
    const { change } = await loadReadableChange(c);
    return c.json(await listChangeComments(c.get("deps").db, change));
  })
  .post("/document-changes/:id/comments", keyAccess("contracts:write"), async (c) => {
    requireAuth(c);
    const request = await jsonBody(c, createChangeCommentRequest);
    const { user, abilities, contract, change } = await loadReadableChange(c);
    authorize(abilities.comment, READ_ONLY_MESSAGE);
    const comment = await addChangeComment({ deps: c.get("deps"), actor: user }, { contract, change, request });
    return c.json(presentChangeComment(comment, user), 201);
  })
  .post("/document-changes/:id/approve", keyAccess("contracts:write"), async (c) => {
    const { user, contract, change } = await loadDecidableChange(c);
    const deps = c.get("deps");
    const approved = await approveChange({ deps, actor: user }, { contract, change });
    return c.json(presentChange(approved, await loadAuthor(deps.db, approved.userId), user));
  })
  .post("/document-changes/:id/reject", keyAccess("contracts:write"), async (c) => {
    requireAuth(c);
    const request = await jsonBody(c, rejectChangeRequest);
    const { user, contract, change } = await loadDecidableChange(c);
    const deps = c.get("deps");
    const rejected = await rejectChange({ deps, actor: user }, { contract, change, request });
    return c.json(presentChange(rejected, await loadAuthor(deps.db, rejected.userId), user));
  });
