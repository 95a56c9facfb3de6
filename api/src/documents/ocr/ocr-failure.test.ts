import { describe, expect, it, vi } from "vitest";
import { AppError } from "../../http/errors";
import { UPLOAD_MESSAGES } from "../errors";
import { extractPdf } from "../pdf";
import { makeScannedPdf } from "./test-scan";

// Tesseract failing to start (missing language data, a broken WebAssembly build) is hard to cause for
// real; the engine is replaced so that the error path of the PDF extraction can be seen.
vi.mock("./engine", () => ({
  startOcrEngine: () => Promise.reject(new Error("RuntimeError: Aborted(OOM)")),
}));

describe("extractPdf when OCR fails", () => {
  it("answers 400 with a clear message instead of the engine's error", async () => {
    const error: unknown = await extractPdf(new Uint8Array(await makeScannedPdf({ pages: [["Clause 1."]] }))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).message).toBe(UPLOAD_MESSAGES.ocrFailed);
    expect((error as AppError).message).toBe("We couldn't read the text of this scanned PDF. Please upload a PDF with a text layer or a DOCX.");
  });
});
