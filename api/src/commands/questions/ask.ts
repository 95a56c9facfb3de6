import type { AskQuestionRequest } from "@clausewise/shared";
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
 * without one, even if the process dies right after.
 */
export async function askQuestion(ctx: CommandContext, input: { contract: ContractRow; request: AskQuestionRequest }) {
  const { deps, actor } = ctx;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(questions)
      .values({ companyId: input.contract.companyId, contractId: input.contract.id, userId: actor.id, question: input.request.question, createdAt: now })
      .returning();
    const question = row!;
    const payload: AnswerQuestionPayload = { questionId: question.id };
    await enqueue(tx, ANSWER_QUESTION_JOB, payload, { dedupeKey: `question:${question.id}` });
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
