import type { ContractAnalysisResult } from "@clausewise/shared";
import { analyzeContract } from "../analysis/engine";
import { seedFromHtml, type SeededDocument } from "../collab/store";
import { sanitizeHtml } from "../documents/html";

/** The work the CPU pool runs (cpu.ts), the same functions the main thread would call. */
export type CpuTask =
  | { op: "analyzeContract"; text: string; options: Parameters<typeof analyzeContract>[1] }
  | { op: "seedFromHtml"; html: string; sanitize: boolean };

export type CpuResult = ContractAnalysisResult | SeededDocument;

export function runCpuTask(task: CpuTask): CpuResult {
  switch (task.op) {
    case "analyzeContract":
      return analyzeContract(task.text, task.options);
    case "seedFromHtml":
      return seedFromHtml(task.sanitize ? sanitizeHtml(task.html) : task.html);
  }
}
