import { z } from "zod";
import { answerCitation } from "./analysis";

export const QUESTION_MAX_LENGTH = 2000;

export const askQuestionRequest = z.object({
  question: z
    .string({ message: "Please enter a question" })
    .trim()
    .min(1, "Please enter a question")
    .max(QUESTION_MAX_LENGTH, `A question must be at most ${QUESTION_MAX_LENGTH} characters`),
});
export type AskQuestionRequest = z.infer<typeof askQuestionRequest>;

export const question = z.object({
  id: z.string(),
  question: z.string(),
  /** null until the answering engine has answered (spec: 'AI answers later'). */
  answer: z.string().nullable(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  userId: z.string().nullable(),
  /** The clauses the answer quotes, most relevant first (each can be shown in the document). */
  citations: z.array(answerCitation),
});
export type Question = z.infer<typeof question>;
