import { parentPort } from "node:worker_threads";
import { AppError } from "../http/errors";
import { NoTextLayerError } from "./errors";
import { extractDocument } from "./extract";
import { assertContentMatchesKind } from "./validate";
import type { WorkerReply, WorkerRequest } from "./pool";

/** Worker side of extractInWorker: validate the bytes against their kind, then extract. */
async function handle(request: WorkerRequest): Promise<WorkerReply> {
  try {
    const bytes = new Uint8Array(request.buffer);
    assertContentMatchesKind(request.kind, bytes);
    const result = await extractDocument(request.kind, bytes);
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
