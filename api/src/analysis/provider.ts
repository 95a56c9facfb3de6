import {
  contractAnalysisResult,
  questionAnswerResult,
  textAnalysisResult,
  type AnalysisEngine,
  type AnalysisType,
  type ContractAnalysisResult,
  type QuestionAnswerResult,
  type TextAnalysisResult,
} from "@clausewise/shared";
import { ZodError, type ZodType } from "zod";
import type { Logger } from "../logger";

/** Whose side to judge from (issue 13): the party chosen for the contract, else the company's name. */
export interface PerspectiveFields {
  ourPartyRole?: string | null;
  companyName?: string | null;
}

export interface ContractInput extends PerspectiveFields {
  text: string;
  title: string;
}

export interface TextInput extends PerspectiveFields {
  text: string;
  analysisType: AnalysisType;
  prompt?: string | null;
  /** The whole contract: a partial selection is read in its whole clause, and every lens sees the context. */
  contractText?: string;
  /** Where the selection is in contractText, when the client knows. */
  start?: number | null;
  end?: number | null;
}

export interface QuestionInput extends PerspectiveFields {
  text: string;
  question: string;
}

/**
 * One engine that analyses contracts: the local engine or an OpenAI-compatible model. Its results
 * must satisfy the shared schemas; offsets are into `text` (DESIGN.md §5).
 */
export interface AnalysisProvider {
  engine: AnalysisEngine;
  model: string | null;
  analyzeContract(input: ContractInput, signal?: AbortSignal): Promise<ContractAnalysisResult>;
  analyzeText(input: TextInput, signal?: AbortSignal): Promise<TextAnalysisResult>;
  answerQuestion(input: QuestionInput, signal?: AbortSignal): Promise<QuestionAnswerResult>;
}

/** A result and the engine that produced it (stored with it and shown to the user). */
export interface Produced<T> {
  engine: AnalysisEngine;
  model: string | null;
  result: T;
}

/** A provider that says, with every result, which engine produced it. */
export interface AttributedProvider {
  analyzeContract(input: ContractInput, signal?: AbortSignal): Promise<Produced<ContractAnalysisResult>>;
  analyzeText(input: TextInput, signal?: AbortSignal): Promise<Produced<TextAnalysisResult>>;
  answerQuestion(input: QuestionInput, signal?: AbortSignal): Promise<Produced<QuestionAnswerResult>>;
}

export interface FallbackOptions {
  /**
   * How long the primary may take for one call (a whole contract, all its chunks) before the
   * fallback answers instead. The primary is aborted when it runs out.
   */
  timeoutMs?: number;
}

export const DEFAULT_FALLBACK_TIMEOUT_MS = 120_000;

/** A provider got no answer in time (its own request timeout, or the fallback deadline). */
export class ProviderTimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProviderTimeoutError";
  }
}

/** A provider's answer is unusable: a refusal, a truncated or empty reply, or not JSON. */
export class InvalidProviderOutputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidProviderOutputError";
  }
}

type Operation = "analyzeContract" | "analyzeText" | "answerQuestion";

function failureReason(error: unknown): "timeout" | "invalid_output" | "error" {
  if (error instanceof ProviderTimeoutError) return "timeout";
  if (error instanceof ZodError || error instanceof InvalidProviderOutputError) return "invalid_output";
  return "error";
}

function describe(error: unknown): string {
  if (error instanceof ZodError) {
    // The issues name paths and rules only; the rejected values (contract text) stay out of the logs.
    return error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`).join("; ");
  }
  return error instanceof Error ? error.message : String(error);
}

/** Runs `call` with a deadline; the signal it gets aborts when the deadline passes or `outer` aborts. */
async function withDeadline<T>(ms: number, outer: AbortSignal | undefined, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onOuterAbort = () => controller.abort(outer?.reason);
  outer?.addEventListener("abort", onOuterAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new ProviderTimeoutError(`no answer within ${ms} ms`);
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([call(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener("abort", onOuterAbort);
  }
}

/**
 * The primary provider, answered by the fallback whenever the primary fails, runs out of time or
 * produces output that does not satisfy the shared schema (DESIGN.md §5). Each fall-back is logged
 * as a warning (operation, reason, message; never the contract text). A caller's own abort is not a
 * failure: it propagates. Errors from the fallback propagate too (the job layer retries).
 */
export function withFallback(
  primary: AnalysisProvider,
  fallback: AnalysisProvider,
  logger: Pick<Logger, "warn">,
  options: FallbackOptions = {},
): AttributedProvider {
  const timeoutMs = options.timeoutMs ?? DEFAULT_FALLBACK_TIMEOUT_MS;

  async function run<I, T>(
    operation: Operation,
    schema: ZodType<T>,
    input: I,
    signal: AbortSignal | undefined,
    call: (provider: AnalysisProvider, input: I, signal: AbortSignal | undefined) => Promise<T>,
  ): Promise<Produced<T>> {
    try {
      const result = await withDeadline(timeoutMs, signal, (inner) => call(primary, input, inner));
      return { engine: primary.engine, model: primary.model, result: schema.parse(result) };
    } catch (error) {
      if (signal?.aborted) throw error;
      logger.warn(
        { operation, engine: primary.engine, model: primary.model, fallbackEngine: fallback.engine, reason: failureReason(error), error: describe(error) },
        "analysis provider failed; the fallback engine answers",
      );
    }
    const result = schema.parse(await call(fallback, input, signal));
    return { engine: fallback.engine, model: fallback.model, result };
  }

  return {
    analyzeContract: (input, signal) => run("analyzeContract", contractAnalysisResult, input, signal, (p, i, s) => p.analyzeContract(i, s)),
    analyzeText: (input, signal) => run("analyzeText", textAnalysisResult, input, signal, (p, i, s) => p.analyzeText(i, s)),
    answerQuestion: (input, signal) => run("answerQuestion", questionAnswerResult, input, signal, (p, i, s) => p.answerQuestion(i, s)),
  };
}

/** A provider on its own, attributed (the local engine when no model is configured). */
export function attributed(provider: AnalysisProvider): AttributedProvider {
  const produced = <T>(result: T): Produced<T> => ({ engine: provider.engine, model: provider.model, result });
  return {
    analyzeContract: async (input, signal) => produced(contractAnalysisResult.parse(await provider.analyzeContract(input, signal))),
    analyzeText: async (input, signal) => produced(textAnalysisResult.parse(await provider.analyzeText(input, signal))),
    answerQuestion: async (input, signal) => produced(questionAnswerResult.parse(await provider.answerQuestion(input, signal))),
  };
}
