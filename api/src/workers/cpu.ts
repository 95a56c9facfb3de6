import type { ContractAnalysisResult, QuestionAnswerResult, TextAnalysisResult } from "@clausewise/shared";
import type { QuestionInput, TextInput } from "../analysis/provider";
import type { DerivedText } from "../collab/derive";
import type { SeededDocument } from "../collab/seed";
import { runCpuTask, type CpuResult, type CpuTask } from "./cpu-tasks";
import { compiledWorker } from "../compiled";
import { createWorkerPool, type WorkerPool } from "./pool";

/*
 * Analysis, live-document seeding and derived text off the event loop (issue 15): a 300-page contract took 0.89 s
 * to analyse and 0.47 s to seed, every live edit and request on the process waiting meanwhile.
 * Small inputs stay in-process: posting them to a thread costs more than the work, and none
 * of them holds the loop for more than a few milliseconds.
 */

export const CPU_LIMITS = {
  /** Plain text (analysis) or HTML (seeding) shorter than this is worked on in-process (~10 ms or less). */
  offThreadMinChars: 20_000,
  /**
   * A live document's updates (state and log) at least this long have their HTML and text derived in
   * a worker. Rendering 200 KB of updates takes some 20–40 ms in-process; a 300-page contract's are
   * megabytes (seconds). Higher than the threshold above because the realtime server is the caller:
   * its pool worker would start beside the compaction worker, and a worker thread's start-up (tsx
   * registering its loader hooks) is not something to pay for ordinary documents.
   */
  deriveOffThreadMinBytes: 200_000,
  /**
   * A task running longer ends its worker: a 300-page analysis takes about a second, a 1 MB DOCX of
   * 84,000 paragraphs over a minute; this only catches a task that would never end.
   */
  timeoutMs: 10 * 60_000,
} as const;

let pool: WorkerPool<CpuTask, CpuResult> | null = null;

function cpuPool(): WorkerPool<CpuTask, CpuResult> {
  pool ??= createWorkerPool<CpuTask, CpuResult>({ entry: compiledWorker("cpu-worker") ?? new URL("./cpu-worker-entry.mjs", import.meta.url), name: "analysis and seeding", timeoutMs: CPU_LIMITS.timeoutMs });
  return pool;
}

/** Whether work on `chars` characters goes to a worker (`force`: always, tests and benches). */
const offThread = (chars: number, force: boolean | undefined) => force === true || chars >= CPU_LIMITS.offThreadMinChars;

export interface OffThreadOptions {
  /** true: the worker whatever the size; false: in-process whatever the size. */
  force?: boolean;
}

/**
 * The local engine's analyzeContract (analysis/engine), in a worker for long texts. Same result;
 * an error the engine throws comes back as an Error of the same name and message; a worker that
 * crashed or ran out of time gives a WorkerFailedError (the job fails and is retried).
 */
export async function analyzeContractOffThread(
  text: string,
  options: Extract<CpuTask, { op: "analyzeContract" }>["options"],
  { force }: OffThreadOptions = {},
): Promise<ContractAnalysisResult> {
  const task: CpuTask = { op: "analyzeContract", text, options };
  if (force === false || !offThread(text.length, force)) return runCpuTask(task) as ContractAnalysisResult;
  return (await cpuPool().run(task)) as ContractAnalysisResult;
}

/** The local engine's analyzeText: a selection read against the whole contract (long when contractText is). */
export async function analyzeTextOffThread(input: TextInput, { force }: OffThreadOptions = {}): Promise<TextAnalysisResult> {
  const task: CpuTask = { op: "analyzeText", input };
  const chars = Math.max(input.text.length, input.contractText?.length ?? 0);
  if (force === false || !offThread(chars, force)) return runCpuTask(task) as TextAnalysisResult;
  return (await cpuPool().run(task)) as TextAnalysisResult;
}

/** The local engine's answerQuestion, which reads the whole contract (0.8 s for 100 pages on a loaded machine). */
export async function answerQuestionOffThread(input: QuestionInput, { force }: OffThreadOptions = {}): Promise<QuestionAnswerResult> {
  const task: CpuTask = { op: "answerQuestion", input };
  if (force === false || !offThread(input.text.length, force)) return runCpuTask(task) as QuestionAnswerResult;
  return (await cpuPool().run(task)) as QuestionAnswerResult;
}

/**
 * collab/store's seedFromHtml (with `sanitize`, of sanitizeHtml's output), in a worker for long HTML:
 * the same state, content and plain text. The state comes back transferred, not copied.
 */
export async function seedFromHtmlOffThread(html: string, { sanitize = false, force }: OffThreadOptions & { sanitize?: boolean } = {}): Promise<SeededDocument> {
  const task: CpuTask = { op: "seedFromHtml", html, sanitize };
  if (force === false || !offThread(html.length, force)) return runCpuTask(task) as SeededDocument;
  return (await cpuPool().run(task)) as SeededDocument;
}

/**
 * collab/derive's deriveFromUpdates (the HTML and plain text of a live document), in a worker for a
 * long document (by the bytes of its updates, which are at least its text; `deriveOffThreadMinBytes`). The updates are copied
 * to the worker; the caller keeps them.
 */
export async function deriveTextOffThread(updates: Uint8Array[], { force }: OffThreadOptions = {}): Promise<DerivedText> {
  const task: CpuTask = { op: "deriveText", updates };
  const bytes = updates.reduce((sum, update) => sum + update.byteLength, 0);
  if (force === false || (force !== true && bytes < CPU_LIMITS.deriveOffThreadMinBytes)) return runCpuTask(task) as DerivedText;
  return (await cpuPool().run(task)) as DerivedText;
}

/** Stops the CPU workers (shutdown, tests); tasks in flight fail. The next task starts new ones. */
export async function closeCpuPool(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.close();
}

export function cpuPoolStats(): ReturnType<WorkerPool<CpuTask, CpuResult>["stats"]> | null {
  return pool?.stats() ?? null;
}
