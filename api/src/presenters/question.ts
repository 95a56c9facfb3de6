import type { Question } from "@clausewise/shared";
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
  };
}
