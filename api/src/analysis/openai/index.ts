import { questionAnswerResult, textAnalysisResult, contractAnalysisResult, type QuestionAnswerResult, type TextAnalysisResult } from "@clausewise/shared";
import type OpenAI from "openai";
import type { zodResponseFormat } from "openai/helpers/zod";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { z } from "zod";
import { InvalidProviderOutputError, ProviderTimeoutError, type AnalysisProvider, type TextInput } from "../provider";
import { mergeChunkAnalyses, type ChunkAnalysis } from "./merge";
import { analyseSegments } from "../engine/detect";
import { readContract, type ContractReading } from "../engine/reading";
import { locateSelection } from "../engine/text-analysis";
import { contractSystemPrompt, delimit, questionSystemPrompt, textSystemPrompt, type ReadingForPrompt } from "./prompts";
import { modelContractAnalysis, modelQuestionAnswer, modelTextAnalysis, type ModelQuestionAnswer } from "./schemas";
import { DEFAULT_CHUNK_CHARS, locateExcerpt, relevantChunks, splitIntoChunks } from "./text";

export interface OpenAIProviderOptions {
  apiKey: string;
  /** An OpenAI-compatible endpoint (Azure, a local server…); the SDK's default otherwise. */
  baseURL?: string;
  model?: string;
  /** Per request (one chunk); the SDK aborts and the caller's fallback answers. */
  timeoutMs?: number;
  /** SDK retries on 429/5xx/connection errors, per request. */
  maxRetries?: number;
  /** Characters of contract per request. */
  chunkChars?: number;
  /** Chunks analysed at once. */
  concurrency?: number;
}

export const DEFAULT_OPENAI_MODEL = "gpt-4o-mini";
export const DEFAULT_OPENAI_TIMEOUT_MS = 60_000;
/** Chunks sent with a question about a long contract, chosen by relevance. */
const QUESTION_CHUNKS = 3;


async function mapConcurrent<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  // One failed chunk fails the contract (the fallback answers): start no more requests after it.
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index] as T, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * The OpenAI-compatible engine (DESIGN.md §5): chat completions with structured outputs built from
 * the shared zod schemas. Every reply is parsed and validated here, and quotes are located in the
 * contract to compute offsets; a reply that fails either is an error, for the fallback to answer.
 */
export function createOpenAIProvider(options: OpenAIProviderOptions): AnalysisProvider {
  const model = options.model ?? DEFAULT_OPENAI_MODEL;
  const timeout = options.timeoutMs ?? DEFAULT_OPENAI_TIMEOUT_MS;
  const chunkChars = options.chunkChars ?? DEFAULT_CHUNK_CHARS;
  const concurrency = Math.max(1, options.concurrency ?? 3);
  // The SDK is loaded with the first request, not with the server (~11 MB of a fresh server's RSS, issue 15).
  let sdk: Promise<{ client: OpenAI; isTimeout: (error: unknown) => boolean; responseFormat: typeof zodResponseFormat }> | null = null;
  const loadSdk = () =>
    (sdk ??= Promise.all([import("openai"), import("openai/helpers/zod")]).then(([{ default: OpenAISdk, APIConnectionTimeoutError }, helpers]) => ({
      client: new OpenAISdk({ apiKey: options.apiKey, baseURL: options.baseURL, timeout, maxRetries: options.maxRetries ?? 1 }),
      isTimeout: (error: unknown) => error instanceof APIConnectionTimeoutError,
      responseFormat: helpers.zodResponseFormat,
    })));

  async function complete<S extends z.ZodType>(schema: S, name: string, messages: ChatCompletionMessageParam[], signal?: AbortSignal): Promise<z.infer<S>> {
    const { client, isTimeout, responseFormat } = await loadSdk();
    const completion = await client.chat.completions
      .create({ model, messages, response_format: responseFormat(schema, name) }, { signal })
      .catch((error: unknown) => {
        throw isTimeout(error) ? new ProviderTimeoutError(`${model}: no answer within ${timeout} ms`) : error;
      });
    const choice = completion.choices[0];
    if (!choice) throw new InvalidProviderOutputError("the reply has no choices");
    if (choice.message.refusal) throw new InvalidProviderOutputError(`the model refused: ${choice.message.refusal}`);
    if (choice.finish_reason === "length") throw new InvalidProviderOutputError("the reply was cut off (length)");
    const content = choice.message.content;
    if (!content) throw new InvalidProviderOutputError("the reply is empty");
    let json: unknown;
    try {
      json = JSON.parse(content);
    } catch {
      throw new InvalidProviderOutputError("the reply is not JSON");
    }
    return schema.parse(json) as z.infer<S>;
  }

  const user = (content: string): ChatCompletionMessageParam => ({ role: "user", content });
  const system = (content: string): ChatCompletionMessageParam => ({ role: "system", content });

  return {
    engine: "openai",
    model,

    async analyzeContract(input, signal) {
      // Parties, our side, law and place are read locally, told to the model and attached to its result.
      const reading = readContract(input.text, analyseSegments(input.text), input);
      const rules = forPrompt(reading);
      const chunks = splitIntoChunks(input.text, chunkChars);
      const parts = await mapConcurrent(chunks, concurrency, async (chunk, index): Promise<ChunkAnalysis> => {
        const { block } = delimit("CONTRACT", chunk.text);
        const result = await complete(
          modelContractAnalysis,
          "contract_analysis",
          [system(contractSystemPrompt({ index, count: chunks.length }, rules)), user(`Contract title: ${JSON.stringify(input.title)}\n\n${block}`)],
          signal,
        );
        return { chunk, result };
      });
      if (parts.length === 0) throw new InvalidProviderOutputError("the contract has no text");
      return contractAnalysisResult.parse({
        ...mergeChunkAnalyses(input.text, parts),
        parties: reading.parties,
        perspective: reading.perspective,
        governingLaw: reading.governingLaw,
        placeOfWork: reading.placeOfWork,
        jurisdictionNote: reading.jurisdictionNote,
      });
    },

    async analyzeText(input, signal) {
      const sections = [requestLine(input), delimit("SELECTED TEXT", input.text).block];
      const segments = input.contractText ? analyseSegments(input.contractText) : [];
      const range = input.contractText ? locateSelection(input.contractText, input.text, input.start, input.end) : null;
      const around = range ? segments.filter((seg) => seg.start < range.end && seg.end > range.start) : [];
      const clause = around.length === 1 && range && (range.start > around[0]!.start || range.end < around[0]!.end) ? around[0]! : null;
      if (clause) sections.push(delimit("CLAUSE CONTEXT", clause.text).block);
      if (input.contractText && input.analysisType === "contextual") sections.push(delimit("CONTRACT CONTEXT", contextAround(input.contractText, input.text, chunkChars * 2)).block);
      const rules = input.contractText ? forPrompt(readContract(input.contractText, segments, input)) : undefined;
      const result = await complete(modelTextAnalysis, "text_analysis", [system(textSystemPrompt(input.analysisType, rules)), user(sections.join("\n\n"))], signal);
      const context: TextAnalysisResult["context"] = clause ? { section: clause.section, heading: clause.heading, excerpt: clause.text, start: clause.start, end: clause.end } : undefined;
      return textAnalysisResult.parse(context ? { ...result, context } : result);
    },

    async answerQuestion(input, signal) {
      const chunks = splitIntoChunks(input.text, chunkChars);
      const chosen = relevantChunks(chunks, input.question, QUESTION_CHUNKS);
      const excerpts = chosen.map((chunk) => chunk.text).join("\n\n[…]\n\n");
      const reply = await complete(
        modelQuestionAnswer,
        "question_answer",
        [system(questionSystemPrompt(chosen.length < chunks.length)), user(`Question: ${JSON.stringify(input.question)}\n\n${delimit("CONTRACT", excerpts).block}`)],
        signal,
      );
      return questionAnswerResult.parse(placeCitations(input.text, reply, chosen[0]?.start ?? 0));
    },
  };
}

/** The user's own request goes outside the contract block: it is the user's, not the document's. */
function requestLine(input: TextInput): string {
  const lines = [`Analysis type: ${input.analysisType}`];
  if (input.prompt) lines.push(`User request: ${JSON.stringify(input.prompt)}`);
  return lines.join("\n");
}

/** The contract around the selection (or its opening), within `maxChars`. */
function contextAround(contractText: string, selection: string, maxChars: number): string {
  if (contractText.length <= maxChars) return contractText;
  const at = Math.max(0, contractText.indexOf(selection));
  const start = Math.max(0, Math.min(at - Math.floor(maxChars / 2), contractText.length - maxChars));
  return contractText.slice(start, start + maxChars);
}

function placeCitations(text: string, reply: ModelQuestionAnswer, hint: number): QuestionAnswerResult {
  const citations = reply.citations.flatMap((citation) => {
    const at = locateExcerpt(text, citation.excerpt, hint);
    return at ? [{ ...citation, excerpt: text.slice(at.start, at.end), start: at.start, end: at.end }] : [];
  });
  return { answer: reply.answer, addressed: reply.addressed, citations };
}

function forPrompt(reading: ContractReading): ReadingForPrompt {
  const { perspective, parties } = reading;
  return {
    side: { role: perspective.role, known: perspective.side !== null, otherRoles: parties.filter((p) => p.role !== perspective.role).map((p) => p.role) },
    jurisdictionNote: reading.jurisdictionNote,
    canadian: reading.canadian,
  };
}
