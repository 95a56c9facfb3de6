import { and, eq } from "drizzle-orm";
import { PUSH_EVENTS, type PerspectiveRequest, type PerspectiveResponse } from "@clausewise/shared";
import { aiReviewEnabled } from "../../analysis/settings";
import { isShortName, partyOfRole, theParty } from "../../analysis/engine/parties";
import { badRequest } from "../../http/errors";
import { storedParties } from "../../presenters/analysis";
import { analyses, contracts, jobs } from "../../db/schema";
import type { Db } from "../../db/client";
import type { ContractRow } from "../../loaders/contract";
import { recordAudit } from "../audit";
import { afterCommit, lockContract, type CommandContext } from "../documents/context";
import { ANALYSIS_JOB } from "./upload";

/**
 * Queues the contract's analysis now (not debounced): a queued job will read the contract as it is
 * when it runs; one already running read it before this change, so another is queued behind it.
 */
export async function queueAnalysisNow(tx: Db, contract: Pick<ContractRow, "id" | "companyId">, now: Date): Promise<void> {
  await tx
    .insert(analyses)
    .values({ companyId: contract.companyId, contractId: contract.id, status: "queued", progress: 0, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: analyses.contractId, set: { status: "queued", progress: 0, error: null, updatedAt: now } });
  const key = `analysis:${contract.id}`;
  const [waiting] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.dedupeKey, key), eq(jobs.status, "queued")))
    .limit(1);
  if (!waiting) await tx.insert(jobs).values({ type: ANALYSIS_JOB, payload: { contractId: contract.id }, runAt: now, maxAttempts: 3, dedupeKey: key });
}

/**
 * The role as the contract's parties spell it. Once an analysis has read the parties, a role that is
 * none of theirs (by role, other defined name or company name) is refused: findings judged from the
 * side of a party the contract does not have would be neither ours nor theirs. Before the parties are
 * known (no analysis yet, or none read), any well-formed role is kept; its side then comes from the
 * role's usual meaning (Owner, Contractor…).
 */
async function knownRole(tx: Db, contractId: string, chosen: string | null): Promise<string | null> {
  if (chosen === null) return null;
  const [stored] = await tx.select({ result: analyses.result }).from(analyses).where(eq(analyses.contractId, contractId));
  const parties = storedParties(stored?.result);
  if (parties.length === 0) return chosen;
  const party = partyOfRole(parties, chosen);
  if (party) return party.role;
  const listed = parties.map((p) => (p.name && !isShortName(p) ? `${theParty(p)} (${p.name})` : theParty(p)));
  throw badRequest(`"${chosen}" is not a party to this contract. Its parties are ${listed.slice(0, -1).join(", ")}${listed.length > 1 ? " and " : ""}${listed.at(-1)}.`, { ourPartyRole: `Choose one of: ${parties.map((p) => p.role).join(", ")}` });
}

/**
 * PUT /api/contracts/{id}/perspective: which party the company is in this contract. Every finding is
 * judged from that side, so the contract is analysed again at once (unless the company's AI switch
 * is off: then the choice is kept and used by the next analysis).
 */
export async function setPerspective(ctx: CommandContext, input: { contract: ContractRow; request: PerspectiveRequest }): Promise<PerspectiveResponse> {
  const { deps, actor } = ctx;
  const now = deps.now();
  let role: string | null = null;
  const queued = await deps.db.transaction(async (tx) => {
    const locked = await lockContract(tx, input.contract);
    role = await knownRole(tx, locked.id, input.request.ourPartyRole);
    await tx.update(contracts).set({ ourPartyRole: role, updatedAt: now }).where(eq(contracts.id, locked.id));
    await recordAudit(tx, {
      companyId: locked.companyId,
      userId: actor.id,
      action: "contract.perspective",
      entityType: "contract",
      entityId: locked.id,
      data: { from: locked.ourPartyRole, to: role },
      now,
    });
    if (!(await aiReviewEnabled(tx, locked.companyId))) return false;
    await queueAnalysisNow(tx, locked, now);
    return true;
  });
  await afterCommit(deps, [
    { type: PUSH_EVENTS.contractUpdated, companyId: input.contract.companyId, contractId: input.contract.id, payload: { contractId: input.contract.id } },
    ...(queued ? [{ type: PUSH_EVENTS.analysisReady, companyId: input.contract.companyId, contractId: input.contract.id, payload: { contractId: input.contract.id } }] : []),
  ]);
  return { contractId: input.contract.id, ourPartyRole: role, reanalysisQueued: queued };
}
