import { parentPort } from "node:worker_threads";
import { AppError } from "../http/errors";
import { NoTextLayerError } from "./errors";
import { extractDocument } from "./extract";
import { extractPdf } from "./pdf";
import { assertContentMatchesKind } from "./validate";
import type { WorkerProgress, WorkerReply, WorkerRequest } from "./pool";

/** Worker side of extractInWorker: validate the bytes against their kind, then extract. */
async function handle(request: WorkerRequest): Promise<WorkerReply> {
  try {
    const bytes = new Uint8Array(request.buffer);
    assertContentMatchesKind(request.kind, bytes);
    // PDFs are read directly so that OCR progress reaches the pool (which restarts the time limit on
    // it); extractPdf already refuses a PDF without text, as extractDocument would.
    const result =
      request.kind === "pdf"
        ? await extractPdf(bytes, { onProgress: (progress) => parentPort?.postMessage({ id: request.id, progress } satisfies WorkerProgress) })
        : await extractDocument(request.kind, bytes);
    return { id: request.id, ok: true, result };
  } catch (error) {
    if (error instanceof AppError) {
      return {
        id: request.id,
        ok: false,
        error: { code: error.code, message: error.message, noTextLayer: error instanceof NoTextLayerError },
      };
    }
    return { id: request.id, ok: false, error: { code: "internal", message: error instanceof Error ? error.message : String(error), unexpected: true } };
  }
}

parentPort?.on("message", (request: WorkerRequest) => {
  void handle(request).then((reply) => parentPort?.postMessage(reply));
});
parentPort?.postMessage({ ready: true });
