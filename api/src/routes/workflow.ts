import { Hono, type Context } from "hono";
import { APPROVAL_STAGES, contractDecisionRequest, decideApprovalStepRequest, reopenForChangesRequest, type ContractAbility, type WorkflowResult } from "@clausewise/shared";
import type { AppEnv } from "../context";
import { approveContract } from "../commands/workflow/approve";
import { decideApprovalStep } from "../commands/workflow/decide-step";
import { rejectContract } from "../commands/workflow/reject";
import { reopenContract } from "../commands/workflow/reopen";
import { reopenForChanges } from "../commands/workflow/reopen-for-changes";
import { listStatusHistory } from "../commands/workflow/history";
import { listApprovalSteps } from "../commands/workflow/steps";
import { submitForApproval } from "../commands/workflow/submit";
import type { AuthState } from "../auth/sessions";
import { notFound } from "../http/errors";
import { requireAuth } from "../http/middleware";
import { jsonBody } from "../http/validate";
import { getContractForUser, type ContractRow } from "../loaders/contract";
import { authorize, contractAbilities } from "../policies";
import { presentApprovalSteps } from "../presenters/approval-step";
import { presentContractDetail } from "../presenters/contract";
import { presentStatusHistory } from "../presenters/status-history";
import { keyAccess } from "../http/key-access";

/* Statuses and the approval pipeline: the rules are in commands/workflow/rules.ts. */

const FORBIDDEN: Partial<Record<ContractAbility, string>> = {
  read: "You do not have access to this contract.",
  submitForApproval: "You do not have permission to submit this contract for approval or reopen it.",
  approve: "Only approvers and administrators can approve or reject contracts.",
};

/** load (tenant-scoped: a foreign or missing id is the same 404) → authorize one ability. */
async function loadAuthorized(c: Context<AppEnv>, ability: ContractAbility, forbidden = FORBIDDEN[ability]) {
  const auth = requireAuth(c);
  const { contract, grant } = await getContractForUser(c.get("deps").db, { id: c.req.param("id") ?? "", companyId: auth.user.companyId, userId: auth.user.id });
  authorize(contractAbilities(auth.user, contract, grant)[ability], forbidden);
  return { auth, contract };
}

async function present(c: Context<AppEnv>, auth: AuthState, contract: ContractRow): Promise<WorkflowResult> {
  const db = c.get("deps").db;
  // Re-read with the caller's grant and file flag: the detail presenter needs both.
  const fresh = await getContractForUser(db, { id: contract.id, companyId: auth.user.companyId, userId: auth.user.id });
  return {
    contract: presentContractDetail(fresh.contract, { abilities: contractAbilities(auth.user, fresh.contract, fresh.grant), hasOriginalFile: fresh.hasOriginalFile }),
    approvalSteps: presentApprovalSteps(await listApprovalSteps(db, fresh.contract)),
  };
}

export const workflowRoutes = new Hono<AppEnv>()
  .get("/contracts/:id/approval-steps", keyAccess("read"), async (c) => {
    const { contract } = await loadAuthorized(c, "read");
    return c.json(presentApprovalSteps(await listApprovalSteps(c.get("deps").db, contract)));
  })
  .post("/contracts/:id/submit", keyAccess("contracts:write"), async (c) => {
    requireAuth(c);
    const body = await jsonBody(c, contractDecisionRequest);
    const { auth, contract } = await loadAuthorized(c, "submitForApproval");
    const updated = await submitForApproval(c.get("deps"), { actor: auth.user, contractId: contract.id, comment: body.comment });
    return c.json(await present(c, auth, updated));
  })
  .post("/contracts/:id/approve", keyAccess("contracts:write"), async (c) => {
    requireAuth(c);
    const body = await jsonBody(c, contractDecisionRequest);
    const { auth, contract } = await loadAuthorized(c, "approve");
    const updated = await approveContract(c.get("deps"), { actor: auth.user, contractId: contract.id, comment: body.comment });
    return c.json(await present(c, auth, updated));
  })
  .post("/contracts/:id/reject", keyAccess("contracts:write"), async (c) => {
    requireAuth(c);
    const body = await jsonBody(c, contractDecisionRequest);
    const { auth, contract } = await loadAuthorized(c, "approve");
    const updated = await rejectContract(c.get("deps"), { actor: auth.user, contractId: contract.id, comment: body.comment });
    return c.json(await present(c, auth, updated));
  })
  .post("/contracts/:id/reopen", keyAccess("contracts:write"), async (c) => {
    requireAuth(c);
    const body = await jsonBody(c, contractDecisionRequest);
    const { auth, contract } = await loadAuthorized(c, "submitForApproval");
    const updated = await reopenContract(c.get("deps"), { actor: auth.user, contractId: contract.id, comment: body.comment });
    return c.json(await present(c, auth, updated));
  })
  // Not in the spec's call list (issue 14): an approved or pending contract back to review, with a required reason.
  .post("/contracts/:id/reopen-for-changes", keyAccess("contracts:write"), async (c) => {
    requireAuth(c);
    const body = await jsonBody(c, reopenForChangesRequest);
    const { auth, contract } = await loadAuthorized(c, "approve", "Only approvers and administrators can reopen a contract for changes.");
    const updated = await reopenForChanges(c.get("deps"), { actor: auth.user, contractId: contract.id, reason: body.reason });
    return c.json(await present(c, auth, updated));
  })
  .get("/contracts/:id/status-history", keyAccess("read"), async (c) => {
    const { contract } = await loadAuthorized(c, "read");
    return c.json(presentStatusHistory(await listStatusHistory(c.get("deps").db, contract)));
  })
  .post("/contracts/:id/approval-steps/:stage/decide", keyAccess("contracts:write"), async (c) => {
    requireAuth(c);
    const body = await jsonBody(c, decideApprovalStepRequest);
    const { auth, contract } = await loadAuthorized(c, "approve");
    const stage = APPROVAL_STAGES.find((s) => s === c.req.param("stage"));
    if (!stage) throw notFound("No such approval stage. The stages are legal, finance and final.");
    const updated = await decideApprovalStep(c.get("deps"), { actor: auth.user, contractId: contract.id, stage, decision: body.decision, comment: body.comment });
    return c.json(await present(c, auth, updated));
  });
