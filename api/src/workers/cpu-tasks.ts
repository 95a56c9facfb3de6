import type { ContractAnalysisResult, QuestionAnswerResult, TextAnalysisResult } from "@clausewise/shared";
import { analyzeContract, analyzeText, answerQuestion } from "../analysis/engine";
import type { QuestionInput, TextInput } from "../analysis/provider";
import { deriveFromUpdates, type DerivedText } from "../collab/derive";
import { seedFromHtml, type SeededDocument } from "../collab/seed";
import { sanitizeHtml } from "../documents/html";

/** The work the CPU pool runs (cpu.ts), the same functions the main thread would call. */
export type CpuTask =
  | { op: "analyzeContract"; text: string; options: Parameters<typeof analyzeContract>[1] }
  | { op: "analyzeText"; input: TextInput }
  | { op: "answerQuestion"; input: QuestionInput }
  | { op: "seedFromHtml"; html: string; sanitize: boolean }
  | { op: "deriveText"; updates: Uint8Array[] };

export type CpuResult = ContractAnalysisResult | TextAnalysisResult | QuestionAnswerResult | SeededDocument | DerivedText;

export function runCpuTask(task: CpuTask): CpuResult {
  switch (task.op) {
    case "analyzeContract":
      return analyzeContract(task.text, task.options);
    case "analyzeText":
      return analyzeText(task.input);
    case "answerQuestion":
      return answerQuestion(task.input);
    case "seedFromHtml":
      return seedFromHtml(task.sanitize ? sanitizeHtml(task.html) : task.html);
    case "deriveText":
      return deriveFromUpdates(task.updates);
  }
}
