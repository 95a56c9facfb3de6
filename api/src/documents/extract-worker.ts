import { parentPort } from "node:worker_threads";
import { AppError } from "../http/errors";
import { NoTextLayerError } from "./errors";
import { extractDocument } from "./extract";
import { assertWithinLimits } from "./inspect";
import { extractPdf, loadPdfJs } from "./pdf";
import { readRedline } from "./redline/read";
import { assertContentMatchesKind } from "./validate";
import type { WorkerProgress, WorkerReply, WorkerRequest } from "./pool";

/** Worker side of the extraction pool: validate the bytes against their kind, then extract (or only inspect). */
async function handle({ id, task, buffer }: WorkerRequest): Promise<WorkerReply> {
  try {
    const bytes = new Uint8Array(buffer);
    if (task.op === "inspect") {
      assertWithinLimits(task.format, bytes);
      return { id, ok: true, result: null };
    }
    if (task.op === "redline") {
      assertContentMatchesKind("docx", bytes);
      return { id, ok: true, result: readRedline(bytes) };
    }
    assertContentMatchesKind(task.kind, bytes);
    // PDFs are read directly so that OCR progress reaches the pool (which restarts the time limit on
    // it); extractPdf already refuses a PDF without text, as extractDocument would.
    const result =
      task.kind === "pdf"
        ? await extractPdf(bytes, { onProgress: (progress) => parentPort?.postMessage({ id, progress } satisfies WorkerProgress) })
        : await extractDocument(task.kind, bytes);
    return { id, ok: true, result };
  } catch (error) {
    if (error instanceof AppError) {
      return { id, ok: false, error: { code: error.code, message: error.message, noTextLayer: error instanceof NoTextLayerError } };
    }
    return { id, ok: false, error: { code: "internal", message: error instanceof Error ? error.message : String(error), unexpected: true } };
  }
}

// Loaded before the worker takes its first message and says it is ready, so that the memory this
// takes is not counted against the first document (the pool's memory watch measures the growth).
await loadPdfJs();
parentPort?.on("message", (request: WorkerRequest) => {
  void handle(request).then((reply) => parentPort?.postMessage(reply));
});
parentPort?.postMessage({ ready: true });
