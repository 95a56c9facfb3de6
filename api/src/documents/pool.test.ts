import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../http/errors";
import { makeCanary, makeDocx, makeImageOnlyPdf, makeLargePdf } from "../test/fixtures";
import { NoTextLayerError, UPLOAD_MESSAGES } from "./errors";
import { closeExtractionPool, extractInWorker, extractionPoolStats } from "./pool";

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => error,
  );
}

let largePdf: Buffer;
const canary = makeCanary();

beforeAll(async () => {
  largePdf = await makeLargePdf(10 * 1024 * 1024 - 64 * 1024, { canary });
});

afterAll(async () => {
  await closeExtractionPool();
});

describe("extractInWorker", () => {
  it("extracts in a worker thread and leaves the caller's bytes usable", async () => {
    const docx = await makeDocx([{ heading: "Scope" }, "The Contractor shall supply two pumps."]);
    const before = Buffer.from(docx);
    const result = await extractInWorker("docx", docx);
    expect(result.text).toBe("Scope\n\nThe Contractor shall supply two pumps.");
    expect(result.html).toBe("<h1>Scope</h1><p>The Contractor shall supply two pumps.</p>");
    expect(docx.byteLength).toBe(before.byteLength);
    expect(Buffer.compare(docx, before)).toBe(0);
  });

  it("keeps the event loop answering while a ~10 MB PDF is parsed", async () => {
    expect(largePdf.length).toBeGreaterThan(9.5 * 1024 * 1024);
    let ticks = 0;
    let ticksWhenDone = -1;
    const timer = setInterval(() => {
      ticks += 1;
    }, 1);
    try {
      const ticksAtStart = ticks;
      const result = await extractInWorker("pdf", largePdf);
      ticksWhenDone = ticks - ticksAtStart;
      expect(result.pageCount).toBe(150);
      expect(result.text.startsWith(canary)).toBe(true);
      expect(result.text).toContain("150.6 The Contractor shall perform the Work");
    } finally {
      clearInterval(timer);
    }
    expect(ticksWhenDone).toBeGreaterThan(0);
  });

  it("brings errors back with the same AppError code and message", async () => {
    const wrongKind = await rejection(extractInWorker("pdf", Buffer.from("MZ this is an executable", "latin1")));
    expect(wrongKind).toBeInstanceOf(AppError);
    expect((wrongKind as AppError).status).toBe(415);
    expect((wrongKind as AppError).message).toBe(UPLOAD_MESSAGES.invalidType);

    const damaged = await rejection(extractInWorker("pdf", Buffer.from("%PDF-1.7\nnot really a pdf")));
    expect((damaged as AppError).code).toBe("validation_failed");
    expect((damaged as AppError).message).toBe(UPLOAD_MESSAGES.pdfDamaged);
  });

  it("brings the no-text-layer case back as NoTextLayerError", async () => {
    const error = await rejection(extractInWorker("pdf", await makeImageOnlyPdf()));
    expect(error).toBeInstanceOf(NoTextLayerError);
    expect((error as NoTextLayerError).reason).toBe("no_text_layer");
  });

  it("gives up after the time limit with a clear message, and the pool keeps working", async () => {
    const error = await rejection(extractInWorker("pdf", largePdf, { timeoutMs: 1 }));
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(422);
    expect((error as AppError).code).toBe("unprocessable");
    expect((error as AppError).message).toBe("This document took too long to read. Try saving it again or splitting it into smaller files.");
    expect(extractionPoolStats().terminated.timeout).toBeGreaterThan(0);
    const after = await extractInWorker("txt", Buffer.from("Still working.", "utf8"));
    expect(after.text).toBe("Still working.");
  });

  it("runs several extractions at once through the pool", async () => {
    const texts = Array.from({ length: 5 }, (_, i) => `Contract number ${i}.`);
    const results = await Promise.all(texts.map((t) => extractInWorker("txt", Buffer.from(t, "utf8"))));
    expect(results.map((r) => r.text)).toEqual(texts);
  });

  it("answers 503 instead of queueing without bound", async () => {
    const jobs = Array.from({ length: 25 }, (_, i) => rejection(extractInWorker("txt", Buffer.from(`Queued contract ${i}.`, "utf8"))));
    const outcomes = await Promise.all(jobs);
    const refused = outcomes.filter((e) => e instanceof AppError && e.status === 503);
    // Two running (one per worker) plus twenty waiting; the rest are turned away.
    expect(refused).toHaveLength(3);
    expect(outcomes.filter((e) => e === null)).toHaveLength(22);
  });

  it("closeExtractionPool fails running work with 503, and the pool starts again afterwards", async () => {
    const running = rejection(extractInWorker("pdf", largePdf));
    await closeExtractionPool();
    const error = await running;
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(503);
    const again = await extractInWorker("txt", Buffer.from("Back again.", "utf8"));
    expect(again.text).toBe("Back again.");
  });

  it("works from a process started with `node --import tsx` (how the API runs)", async () => {
    const require = createRequire(import.meta.url);
    const tsx = pathToFileURL(require.resolve("tsx")).href;
    const pool = pathToFileURL(fileURLToPath(new URL("./pool.ts", import.meta.url))).href;
    const script = `
      const { extractInWorker, closeExtractionPool } = await import(${JSON.stringify(pool)});
      const result = await extractInWorker("txt", Buffer.from("Hello from a worker", "utf8"));
      console.log(JSON.stringify(result.text));
      await closeExtractionPool();
    `;
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", tsx, "--input-type=module", "-e", script], { timeout: 60_000 });
    expect(stdout.trim()).toBe('"Hello from a worker"');
  });
});
