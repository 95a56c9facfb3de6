import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type * as PdfJsModule from "pdfjs-dist/legacy/build/pdf.mjs";
import { AppError } from "../http/errors";
import { NoTextLayerError, UPLOAD_MESSAGES, unreadable } from "./errors";
import type { ExtractedDocument } from "./extract";
import { blocksToHtml, blocksToText } from "./html";
import { DOCUMENT_LIMITS } from "./limits";
import { layoutPdfPages, type PdfPageInput, type PdfTextItem } from "./pdf-layout";

type PdfJs = typeof PdfJsModule;

const require = createRequire(import.meta.url);
const PDFJS_DIR = path.dirname(require.resolve("pdfjs-dist/package.json"));

let pdfjsPromise: Promise<PdfJs> | undefined;

/**
 * pdfjs in Node runs its "worker" in-thread (the fake worker). Pointing it at the local legacy worker
 * module, and pre-loading that module, means it never tries to fetch anything.
 */
async function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= (async () => {
    const workerPath = path.join(PDFJS_DIR, "legacy/build/pdf.worker.mjs");
    const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
    const worker: unknown = await import(pathToFileURL(workerPath).href);
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    pdfjs.GlobalWorkerOptions.workerSrc = pathToFileURL(workerPath).href;
    return pdfjs;
  })();
  return pdfjsPromise;
}

function pdfError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const name = error instanceof Error ? error.name : "";
  if (name === "PasswordException") return unreadable(UPLOAD_MESSAGES.pdfPassword);
  return unreadable(UPLOAD_MESSAGES.pdfDamaged);
}

export async function extractPdf(bytes: Uint8Array): Promise<ExtractedDocument> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    // pdfjs may take ownership of the buffer it is given; keep the caller's bytes intact.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
    cMapUrl: path.join(PDFJS_DIR, "cmaps") + path.sep,
    cMapPacked: true,
    standardFontDataUrl: path.join(PDFJS_DIR, "standard_fonts") + path.sep,
  });
  try {
    const doc = await task.promise.catch((error: unknown) => {
      throw pdfError(error);
    });
    if (doc.numPages > DOCUMENT_LIMITS.pdf.maxPages) throw unreadable(UPLOAD_MESSAGES.pdfTooManyPages);

    const pages: PdfPageInput[] = [];
    for (let pageNumber = 1; pageNumber <= doc.numPages; pageNumber++) {
      try {
        const page = await doc.getPage(pageNumber);
        const content = await page.getTextContent({ includeMarkedContent: false });
        pages.push({ pageNumber, view: [...page.view], items: content.items.flatMap((it): PdfTextItem[] => ("str" in it ? [{ str: it.str, transform: it.transform as number[], width: it.width, height: it.height }] : [])) });
        page.cleanup();
      } catch (error) {
        throw pdfError(error);
      }
    }

    const layout = layoutPdfPages(pages);
    const text = blocksToText(layout.blocks);
    if (text.trim().length === 0) throw new NoTextLayerError();

    const warnings = [...layout.warnings];
    if (layout.pagesWithoutText.length > 0) {
      warnings.push(
        `${layout.pagesWithoutText.length === 1 ? "Page" : "Pages"} ${layout.pagesWithoutText.join(", ")} ${
          layout.pagesWithoutText.length === 1 ? "has" : "have"
        } no text layer (scanned or blank); ${layout.pagesWithoutText.length === 1 ? "its" : "their"} content is missing.`,
      );
    }
    return { text, html: blocksToHtml(layout.blocks), pageCount: doc.numPages, warnings };
  } finally {
    await task.destroy();
  }
}
