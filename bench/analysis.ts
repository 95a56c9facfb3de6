/**
 * Speed of the local analysis engine (DESIGN.md §5): whole-contract analysis of a 100-page contract
 * (about 3,000 characters a page, made of the demo contracts renumbered), throughput in KB of text per
 * second, and question answering over the same text. Prints figures; asserts nothing.
 * Run: npx -y pnpm@10 bench:analysis
 */
import { localProvider } from "../api/src/analysis/analyst";
import { analyzeContract, answerQuestion } from "../api/src/analysis/engine";
import { closeCpuPool } from "../api/src/workers/cpu";
import { renderContract } from "../api/src/seed/contracts/render";
import { DEMO_CONTRACTS } from "../api/src/seed/demo-data";
import { watchEventLoop } from "./loop-delay";

const PAGE_CHARS = 3_000;
const PAGES = 100;
const RUNS = 10;

function pagesOfText(pages: number): string {
  const sources = DEMO_CONTRACTS.map((demo) => renderContract(demo.source).plainText);
  const parts: string[] = [];
  let length = 0;
  for (let copy = 0; length < pages * PAGE_CHARS; copy++) {
    // Renumber each copy so sections stay distinct ("12.3" → "112.3"), as in one long contract.
    const text = sources[copy % sources.length]!.replace(/^(\d+)(\.\d+)?/gm, (_, major: string, minor = "") => `${copy * 20 + Number(major)}${minor}`);
    parts.push(text);
    length += text.length + 1;
  }
  return parts.join("\n");
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const text = pagesOfText(PAGES);
const kb = Buffer.byteLength(text) / 1024;
analyzeContract(text, { title: "warm-up" });

const times: number[] = [];
let clauses = 0;
let findings = 0;
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  const result = analyzeContract(text, { title: "Benchmark EPC Agreement" });
  times.push(performance.now() - started);
  clauses = result.clauses.length;
  findings = result.riskItems.length + result.advantages.length + result.recommendations.length;
}

const questionTimes: number[] = [];
for (const question of ["When do we get paid?", "What is the holdback?", "Is there a cap on liquidated damages?", "Who insures the work?", "Can we use helicopters?"]) {
  const started = performance.now();
  answerQuestion({ text, question });
  questionTimes.push(performance.now() - started);
}

const ms = median(times);
console.log(`contract: ${PAGES} pages, ${kb.toFixed(0)} KB of text, ${clauses} clauses detected, ${findings} findings`);
console.log(`analyzeContract (median of ${RUNS}): ${ms.toFixed(1)} ms  (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)})`);
console.log(`throughput: ${(kb / (ms / 1000)).toFixed(0)} KB/s`);
console.log(`answerQuestion (median of ${questionTimes.length}): ${median(questionTimes).toFixed(1)} ms`);

// A 300-page contract, with the event loop watched: the engine called in-process (how the job ran
// it before issue 15), then through the job's local provider (a worker thread for long texts).
const JOB_PAGES = 300;
const JOB_RUNS = 3;
const longText = pagesOfText(JOB_PAGES);
const options = { title: "Benchmark EPC Agreement" };
await localProvider.analyzeContract({ text: longText, ...options }); // warm-up (and the worker's start, where there is one)
const loop = watchEventLoop();
async function watched(label: string, run: () => unknown): Promise<void> {
  const times: number[] = [];
  let stall = 0;
  for (let i = 0; i < JOB_RUNS; i++) {
    await loop.reset();
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
    stall = Math.max(stall, await loop.maxMs());
  }
  console.log(`${label}, ${JOB_PAGES} pages (${(Buffer.byteLength(longText) / 1024).toFixed(0)} KB), median of ${JOB_RUNS}: ${median(times).toFixed(0)} ms; event loop max delay ${stall.toFixed(0)} ms`);
}
await loop.reset();
await new Promise((resolve) => setTimeout(resolve, 2_000));
console.log(`event loop max delay while idle for 2 s (the machine's own noise): ${(await loop.maxMs()).toFixed(0)} ms`);
await watched("analyzeContract in-process", () => analyzeContract(longText, options));
await watched("analysis job's local provider", () => localProvider.analyzeContract({ text: longText, ...options }));
loop.stop();
await closeCpuPool();
