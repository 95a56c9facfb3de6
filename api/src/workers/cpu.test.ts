import { eq } from "drizzle-orm";
import * as Y from "yjs";
import { COLLAB_FRAGMENT } from "@clausewise/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeContract, analyzeText, answerQuestion } from "../analysis/engine";
import { runContractAnalysis } from "../analysis/service";
import { ydocToHtml } from "../collab/convert";
import { seedFromHtml } from "../collab/seed";
import { analyses } from "../db/schema";
import { sanitizeHtml } from "../documents/html";
import { renderContract } from "../seed/contracts/render";
import { DEMO_CONTRACTS } from "../seed/demo-data";
import { createTestApp, type TestApp } from "../test/app";
import { createReviewSetup } from "../test/review-factories";
import { analyzeContractOffThread, analyzeTextOffThread, answerQuestionOffThread, closeCpuPool, CPU_LIMITS, cpuPoolStats, deriveTextOffThread, seedFromHtmlOffThread } from "./cpu";
import { WorkerFailedError } from "./pool";

/*
 * Analysis and seeding in the CPU worker threads give exactly what the main thread would, and a
 * worker that goes away mid-task fails the analysis job clearly (retried by the job layer).
 */
const rendered = DEMO_CONTRACTS.map((demo) => renderContract(demo.source));
const longHtml = rendered.map((r) => r.html).join("");
const longText = rendered.map((r) => r.plainText).join("\n");

/** A document's content as the editor sees it (a state's client ids differ from one Y.Doc to the next). */
function decoded(state: Uint8Array): { html: string; json: unknown } {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  const out = { html: ydocToHtml(doc), json: doc.getXmlFragment(COLLAB_FRAGMENT).toJSON() };
  doc.destroy();
  return out;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await closeCpuPool();
  await t.close();
});

describe("analyzeContractOffThread", () => {
  it("gives the in-process engine's result, to the last offset", async () => {
    expect(longText.length).toBeGreaterThan(CPU_LIMITS.offThreadMinChars);
    const options = { title: "Demo contracts", ourPartyRole: "contractor", companyName: "Northwind Builders" };
    const tasks = cpuPoolStats()?.tasks ?? 0;
    const inWorker = await analyzeContractOffThread(longText, options);
    expect(cpuPoolStats()?.tasks).toBe(tasks + 1);
    expect(inWorker).toEqual(analyzeContract(longText, options));
    expect(inWorker.riskItems.length).toBeGreaterThan(0);
  }, 60_000);

  it("keeps a short text in-process", async () => {
    const short = rendered[0]!.plainText.slice(0, 2_000);
    const before = cpuPoolStats();
    expect(await analyzeContractOffThread(short, { title: "Short" })).toEqual(analyzeContract(short, { title: "Short" }));
    expect(cpuPoolStats()).toEqual(before);
  });
});

describe("analyzeTextOffThread and answerQuestionOffThread", () => {
  it("give the in-process engine's answers over a whole contract", async () => {
    const start = longText.indexOf("liquidated damages");
    expect(start).toBeGreaterThan(0);
    const selection = { text: longText.slice(start, start + 400), analysisType: "risk" as const, contractText: longText, start, end: start + 400, ourPartyRole: "contractor" };
    const tasks = cpuPoolStats()?.tasks ?? 0;
    expect(await analyzeTextOffThread(selection)).toEqual(analyzeText(selection));
    const question = { text: longText, question: "Is there a cap on liquidated damages?" };
    const answer = await answerQuestionOffThread(question);
    expect(answer).toEqual(answerQuestion(question));
    expect(answer.citations.length).toBeGreaterThan(0);
    expect(cpuPoolStats()?.tasks).toBe(tasks + 2);
  }, 60_000);
});

describe("seedFromHtmlOffThread", () => {
  it("gives the document, content and plain text seedFromHtml gives", async () => {
    const inWorker = await seedFromHtmlOffThread(longHtml, { force: true });
    const inProcess = seedFromHtml(longHtml);
    expect(inWorker.content).toBe(inProcess.content);
    expect(inWorker.plainText).toBe(inProcess.plainText);
    expect(inWorker.state).toBeInstanceOf(Uint8Array);
    expect(decoded(inWorker.state)).toEqual(decoded(inProcess.state));
    expect(decoded(inWorker.state).html).toBe(inProcess.content);
  }, 60_000);

  it("sanitises first when asked, as the upload did", async () => {
    const hostile = `<p>Clause <script>alert(1)</script><a href="javascript:x">one</a> <img src=x onerror=alert(2)><b>bold</b></p>${longHtml}`;
    const inWorker = await seedFromHtmlOffThread(hostile, { sanitize: true, force: true });
    const inProcess = seedFromHtml(sanitizeHtml(hostile));
    expect(inWorker.content).toBe(inProcess.content);
    expect(inWorker.plainText).toBe(inProcess.plainText);
    expect(inWorker.content).not.toMatch(/script|onerror|javascript/);
    expect(decoded(inWorker.state)).toEqual(decoded(inProcess.state));
  }, 60_000);
});

describe("deriveTextOffThread", () => {
  it("gives the HTML and plain text of the document its updates make, as the main thread would", async () => {
    const seeded = seedFromHtml(longHtml);
    // A later edit as a second update, so the worker merges a state and a log row.
    const doc = new Y.Doc();
    Y.applyUpdate(doc, seeded.state);
    const before = Y.encodeStateVector(doc);
    const paragraph = new Y.XmlElement("paragraph");
    paragraph.insert(0, [new Y.XmlText("Added in a later update.")]);
    doc.getXmlFragment(COLLAB_FRAGMENT).insert(0, [paragraph]);
    const later = Y.encodeStateAsUpdate(doc, before);
    const inWorker = await deriveTextOffThread([seeded.state, later], { force: true });
    expect(inWorker.content).toBe(ydocToHtml(doc));
    expect(inWorker.content.startsWith("<p>Added in a later update.</p>")).toBe(true);
    expect(inWorker.plainText.startsWith("Added in a later update.\n")).toBe(true);
    expect(inWorker.plainText.endsWith(seeded.plainText)).toBe(true);
    doc.destroy();
  }, 60_000);
});

describe("the analysis job with the engine in a worker", () => {
  it("stores the same result as the in-process engine", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: longHtml, title: "Long demo" });
    await runContractAnalysis(t.deps, setup.contract.id);
    const [row] = await t.deps.db.select().from(analyses).where(eq(analyses.contractId, setup.contract.id));
    expect(row).toMatchObject({ status: "done", engine: "local" });
    const expected = analyzeContract(setup.contract.plainText, { title: "Long demo", ourPartyRole: null, companyName: setup.company.name });
    expect(row!.result).toEqual({ ...expected, model: null });
  }, 60_000);

  it("fails the analysis clearly when its worker goes away, and the retry succeeds", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: longHtml });
    const run = runContractAnalysis(t.deps, setup.contract.id).then(
      () => null,
      (error: unknown) => error as Error,
    );
    // Waits for the engine to be running in the worker, then stops the pool under it (a shutdown, or a crash).
    while ((cpuPoolStats()?.running ?? 0) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await closeCpuPool();
    const error = await run;
    expect(error).toBeInstanceOf(WorkerFailedError);
    const [failed] = await t.deps.db.select().from(analyses).where(eq(analyses.contractId, setup.contract.id));
    expect(failed).toMatchObject({ status: "failed", error: "The analysis could not be completed: The analysis and seeding workers were stopped." });
    // The job layer runs it again; a new worker takes it.
    await runContractAnalysis(t.deps, setup.contract.id);
    const [done] = await t.deps.db.select().from(analyses).where(eq(analyses.contractId, setup.contract.id));
    expect(done).toMatchObject({ status: "done", error: null });
  }, 60_000);
});
