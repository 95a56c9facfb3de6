import type { ContractAnalysisResult } from "@clausewise/shared";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { attributed, withFallback, type AnalysisProvider } from "./provider";

const result = (summary: string, over: Partial<ContractAnalysisResult> = {}): ContractAnalysisResult => ({
  contractType: "construction",
  overallRisk: "medium",
  summary,
  riskItems: [],
  advantages: [],
  recommendations: [],
  clauses: [],
  ...over,
});

/** Providers at the edge: fixed answers, so that only withFallback is under test. */
function provider(engine: "local" | "openai", analyzeContract: AnalysisProvider["analyzeContract"]): AnalysisProvider & { calls: number } {
  const self = {
    engine,
    model: engine === "openai" ? "gpt-test" : null,
    calls: 0,
    analyzeContract: (input: Parameters<AnalysisProvider["analyzeContract"]>[0], signal?: AbortSignal) => {
      self.calls++;
      return analyzeContract(input, signal);
    },
    analyzeText: async () => ({ analysis: engine, riskLevel: "low" as const, recommendations: [], legalConcerns: [], clauseCodes: [] }),
    answerQuestion: async () => ({ answer: engine, addressed: true, citations: [] }),
  };
  return self;
}

const local = () => provider("local", async () => result("local"));

function captureLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: "warn", base: undefined }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines };
}

const input = { text: "1. Scope. The Contractor shall build.", title: "EPC" };

describe("withFallback", () => {
  it("returns the primary's result, attributed to its engine and model", async () => {
    const { logger, lines } = captureLogger();
    const fallback = local();
    const analyst = withFallback(provider("openai", async () => result("primary")), fallback, logger);
    expect(await analyst.analyzeContract(input)).toEqual({ engine: "openai", model: "gpt-test", result: result("primary") });
    expect(await analyst.answerQuestion({ text: input.text, question: "Scope?" })).toMatchObject({ engine: "openai", result: { answer: "openai" } });
    expect(fallback.calls).toBe(0);
    expect(lines).toEqual([]);
  });

  it("lets the fallback answer when the primary's output breaks the shared schema", async () => {
    const { logger, lines } = captureLogger();
    const bad = result("primary", { clauses: [{ code: "indemnity", section: null, heading: null, excerpt: "x", start: -1, end: 0 }] });
    const produced = await withFallback(provider("openai", async () => bad), local(), logger).analyzeContract(input);
    expect(produced).toEqual({ engine: "local", model: null, result: result("local") });
    expect(lines[0]).toMatchObject({ reason: "invalid_output", operation: "analyzeContract" });
    expect(String(lines[0]?.error)).toContain("clauses.0.start");
  });

  it("gives up on a primary that never answers, aborting it", async () => {
    const { logger, lines } = captureLogger();
    let seen: AbortSignal | undefined;
    const hanging = provider("openai", (_input, signal) => {
      seen = signal;
      return new Promise(() => {});
    });
    const produced = await withFallback(hanging, local(), logger, { timeoutMs: 50 }).analyzeContract(input);
    expect(produced.engine).toBe("local");
    expect(seen?.aborted).toBe(true);
    expect(lines[0]).toMatchObject({ reason: "timeout" });
  });

  it("does not fall back when the caller aborts", async () => {
    const { logger, lines } = captureLogger();
    const fallback = local();
    const controller = new AbortController();
    const slow = provider("openai", (_input, signal) => new Promise((_, reject) => signal?.addEventListener("abort", () => reject(new Error("aborted")))));
    const pending = withFallback(slow, fallback, logger, { timeoutMs: 10_000 }).analyzeContract(input, controller.signal);
    controller.abort();
    await expect(pending).rejects.toThrow("aborted");
    expect(fallback.calls).toBe(0);
    expect(lines).toEqual([]);
  });

  it("propagates the fallback's own failure", async () => {
    const { logger } = captureLogger();
    const broken = provider("local", async () => {
      throw new Error("local engine broke");
    });
    const failing = provider("openai", async () => {
      throw new Error("HTTP 500");
    });
    await expect(withFallback(failing, broken, logger).analyzeContract(input)).rejects.toThrow("local engine broke");
  });
});

describe("attributed", () => {
  it("attributes a lone provider's validated results to it", async () => {
    expect(await attributed(local()).analyzeContract(input)).toEqual({ engine: "local", model: null, result: result("local") });
    expect(await attributed(local()).analyzeText({ text: "x", analysisType: "risk" })).toMatchObject({ engine: "local", result: { analysis: "local" } });
  });
});
