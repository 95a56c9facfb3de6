import { answerCitation, type Question } from "@clausewise/shared";
import { z } from "zod";
import type { questions } from "../db/schema";

export type QuestionRow = typeof questions.$inferSelect;

export function presentQuestion(row: QuestionRow): Question {
  return {
    id: row.id,
    question: row.question,
    answer: row.answer,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt ? row.answeredAt.toISOString() : null,
    userId: row.userId,
    citations: storedCitations(row.citations),
  };
}

/** Citations stored with the answer; none for older answers or a shape that no longer parses. */
function storedCitations(value: unknown) {
  const parsed = z.array(answerCitation).safeParse(value ?? []);
  return parsed.success ? parsed.data : [];
}
