import type { AppDeps } from "../context";
import { analyzeContractOffThread, analyzeTextOffThread, answerQuestionOffThread } from "../workers/cpu";
import { createOpenAIProvider } from "./openai";
import { attributed, withFallback, type AnalysisProvider, type AttributedProvider } from "./provider";

/** What the rest of the API asks of contract intelligence, whichever engine answers (results say which). */
export type Analyst = AttributedProvider;

/**
 * The offline engine (engine/): deterministic. It runs in a worker thread when the text is long
 * (workers/cpu.ts: 0.9 s for a 300-page analysis would stop every live edit on the process).
 */
export const localProvider: AnalysisProvider = {
  engine: "local",
  model: null,
  analyzeContract: (input) => analyzeContractOffThread(input.text, { title: input.title, ourPartyRole: input.ourPartyRole ?? null, companyName: input.companyName ?? null }),
  analyzeText: (input) => analyzeTextOffThread(input),
  answerQuestion: (input) => answerQuestionOffThread(input),
};

/** The local engine, or with OPENAI_API_KEY an OpenAI-compatible model that falls back to it. */
export function createAnalyst(deps: Pick<AppDeps, "config" | "logger">): Analyst {
  const { openai } = deps.config;
  if (!openai) return attributed(localProvider);
  const model = createOpenAIProvider({ apiKey: openai.apiKey, model: openai.model, ...(openai.baseUrl ? { baseURL: openai.baseUrl } : {}) });
  return withFallback(model, localProvider, deps.logger.child({ component: "analysis" }));
}
