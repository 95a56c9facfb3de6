import type { AskQuestionRequest } from "@clausewise/shared";
import { AI_DISABLED_MESSAGE, aiReviewEnabled } from "../../analysis/settings";
import { questions } from "../../db/schema";
import { enqueue } from "../../jobs/queue";
import type { ContractRow } from "../../loaders/contract";
import { recordAudit } from "../audit";
import type { CommandContext } from "../documents/context";

export const ANSWER_QUESTION_JOB = "question.answer";
export type AnswerQuestionPayload = { questionId: string };

/**
 * Stores a question without an answer and queues the durable job that will answer it (spec: 'AI
 * answers later'). The job is written in the same transaction, so a stored question is never left
 * without one, even if the process dies right after. With the company's AI switch off nothing is
 * queued: the question is answered at once with the reason, so nobody waits on "processing".
 */
export async function askQuestion(ctx: CommandContext, input: { contract: ContractRow; request: AskQuestionRequest }) {
  const { deps, actor } = ctx;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const enabled = await aiReviewEnabled(tx, input.contract.companyId);
    const [row] = await tx
      .insert(questions)
      .values({
        companyId: input.contract.companyId,
        contractId: input.contract.id,
        userId: actor.id,
        question: input.request.question,
        createdAt: now,
        ...(enabled ? {} : { answer: AI_DISABLED_MESSAGE, citations: [], answeredAt: now }),
      })
      .returning();
    const question = row!;
    const payload: AnswerQuestionPayload = { questionId: question.id };
    if (enabled) await enqueue(tx, ANSWER_QUESTION_JOB, payload, { dedupeKey: `question:${question.id}` });
    await recordAudit(tx, {
      companyId: input.contract.companyId,
      userId: actor.id,
      action: "question.ask",
      entityType: "question",
      entityId: question.id,
      data: { contractId: input.contract.id },
      now,
    });
    return question;
  });
}
