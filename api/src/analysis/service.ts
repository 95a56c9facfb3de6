import { and, eq } from "drizzle-orm";
import { PUSH_EVENTS } from "@clausewise/shared";
import type { AppDeps } from "../context";
import { analyses, companies, contracts, questions } from "../db/schema";
import { afterCommit } from "../commands/documents/context";
import { notify } from "../commands/notifications/notify";
import { readersAmong } from "../commands/notifications/recipients";
import { AI_DISABLED_MESSAGE, aiReviewEnabled } from "./settings";
import { createAnalyst, type Analyst } from "./analyst";
import { textHash } from "./refresh";
import type { PerspectiveFields } from "./provider";

/** Whose side the engines take for this contract: the party chosen for it, else the company's name. */
async function perspectiveOf(deps: AppDeps, contract: { companyId: string; ourPartyRole: string | null }): Promise<PerspectiveFields> {
  const [company] = await deps.db.select({ name: companies.name }).from(companies).where(eq(companies.id, contract.companyId));
  return { ourPartyRole: contract.ourPartyRole, companyName: company?.name ?? null };
}

async function setAnalysis(deps: AppDeps, contractId: string, values: Partial<typeof analyses.$inferInsert>) {
  await deps.db
    .update(analyses)
    .set({ ...values, updatedAt: deps.now() })
    .where(eq(analyses.contractId, contractId));
}

/**
 * The `analysis.run` job: reads the contract's current text, runs the engine, stores the result and
 * says so (push `analysis:ready`, and a notification to the contract's creator and reviewer). With
 * the company's AI switch off, the analysis is marked failed with the reason and nothing is sent
 * anywhere. An engine error leaves the job to be retried; the last attempt's reason is stored.
 */
export async function runContractAnalysis(deps: AppDeps, contractId: string, analyst: Analyst = createAnalyst(deps)): Promise<void> {
  const [contract] = await deps.db.select().from(contracts).where(eq(contracts.id, contractId));
  if (!contract) return; // deleted meanwhile: nothing to analyse
  const [existing] = await deps.db.select({ id: analyses.id }).from(analyses).where(eq(analyses.contractId, contractId));
  if (!existing) {
    await deps.db
      .insert(analyses)
      .values({ companyId: contract.companyId, contractId, status: "queued", createdAt: deps.now(), updatedAt: deps.now() })
      .onConflictDoNothing();
  }
  if (!(await aiReviewEnabled(deps.db, contract.companyId))) {
    await setAnalysis(deps, contractId, { status: "failed", progress: 0, error: AI_DISABLED_MESSAGE });
    return;
  }
  await setAnalysis(deps, contractId, { status: "analysing", progress: 10, error: null });
  await deps.bus.publish({ type: PUSH_EVENTS.analysisReady, companyId: contract.companyId, contractId, payload: { contractId, status: "analysing" } });

  let produced;
  try {
    produced = await analyst.analyzeContract({ text: contract.plainText, title: contract.title, ...(await perspectiveOf(deps, contract)) });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await setAnalysis(deps, contractId, { status: "failed", progress: 0, error: `The analysis could not be completed: ${reason}` });
    await deps.bus.publish({ type: PUSH_EVENTS.analysisReady, companyId: contract.companyId, contractId, payload: { contractId, status: "failed" } });
    throw error;
  }
  const { result, engine, model } = produced;
  const now = deps.now();
  const notices = await deps.db.transaction(async (tx) => {
    await tx
      .update(analyses)
      .set({
        status: "done",
        progress: 100,
        error: null,
        engine,
        overallRisk: result.overallRisk,
        contractType: result.contractType,
        result: { ...result, model } as unknown as Record<string, unknown>,
        textHash: textHash(contract.plainText),
        completedAt: now,
        updatedAt: now,
      })
      .where(and(eq(analyses.contractId, contractId), eq(analyses.companyId, contract.companyId)));
    const recipients = await readersAmong(tx, contract, [contract.createdBy, contract.reviewerId]);
    const risks = result.riskItems.length;
    return notify(tx, {
      companyId: contract.companyId,
      userIds: recipients,
      type: "other",
      title: `Analysis ready: ${contract.title}`,
      message: `Overall risk ${result.overallRisk}; ${risks} ${risks === 1 ? "risk" : "risks"}, ${result.advantages.length} advantages and ${result.recommendations.length} recommendations.`,
      actionUrl: `/contracts/${contractId}`,
    });
  });
  await afterCommit(deps, [{ type: PUSH_EVENTS.analysisReady, companyId: contract.companyId, contractId, payload: { contractId, status: "done" } }, notices]);
}

/**
 * The `question.answer` job: answers from the contract's current text, quoting its clauses, and
 * pushes `analysis:ready` for the contract so open pages show the answer at once.
 */
export async function answerStoredQuestion(deps: AppDeps, questionId: string, analyst: Analyst = createAnalyst(deps)): Promise<void> {
  const [row] = await deps.db
    .select({ question: questions, text: contracts.plainText, companyId: contracts.companyId, ourPartyRole: contracts.ourPartyRole })
    .from(questions)
    .innerJoin(contracts, eq(contracts.id, questions.contractId))
    .where(eq(questions.id, questionId));
  if (!row || row.question.answer !== null) return;
  const answer = (await aiReviewEnabled(deps.db, row.companyId))
    ? await analyst.answerQuestion({ text: row.text, question: row.question.question, ...(await perspectiveOf(deps, row)) })
    : { engine: null, result: { answer: AI_DISABLED_MESSAGE, citations: [] } };
  await deps.db
    .update(questions)
    .set({ answer: answer.result.answer, citations: answer.result.citations, engine: answer.engine, answeredAt: deps.now() })
    .where(eq(questions.id, questionId));
  await deps.bus.publish({
    type: PUSH_EVENTS.analysisReady,
    companyId: row.companyId,
    contractId: row.question.contractId,
    payload: { contractId: row.question.contractId, questionId },
  });
}

/**
 * The `analysis.refresh` job (refresh.ts): the text changed and the edits have settled. Analyses
 * again only when there is an analysis, the company's AI switch is on (off: the analysis stays
 * marked as of an earlier text) and the text really differs from what was analysed.
 */
export async function refreshContractAnalysis(deps: AppDeps, contractId: string, analyst: Analyst = createAnalyst(deps)): Promise<void> {
  const [row] = await deps.db
    .select({ text: contracts.plainText, companyId: contracts.companyId, hash: analyses.textHash, status: analyses.status })
    .from(analyses)
    .innerJoin(contracts, eq(contracts.id, analyses.contractId))
    .where(eq(analyses.contractId, contractId));
  if (!row) return;
  if (!(await aiReviewEnabled(deps.db, row.companyId))) return;
  if (row.status === "done" && row.hash === textHash(row.text)) return;
  await runContractAnalysis(deps, contractId, analyst);
}
