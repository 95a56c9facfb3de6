import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type * as PdfJsModule from "pdfjs-dist/legacy/build/pdf.mjs";
import type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { AppError } from "../http/errors";
import { NoTextLayerError, tooComplex, UPLOAD_MESSAGES, unreadable } from "./errors";
import type { ExtractedDocument } from "./extract";
import { blocksToHtml, blocksToText } from "./html";
import { DOCUMENT_LIMITS } from "./limits";
import { OCR_LIMITS, NapiCanvasFactory, installCanvasGlobals, recognisePdfPages, type OcrProgress } from "./ocr";
import { layoutPdfPages, type PdfPageInput, type PdfTextItem } from "./pdf-layout";
import { assertPdfWithinLimits } from "./pdf-limits";

type PdfJs = typeof PdfJsModule;

const require = createRequire(import.meta.url);
const PDFJS_DIR = path.dirname(require.resolve("pdfjs-dist/package.json"));

let pdfjsPromise: Promise<PdfJs> | undefined;

/**
 * pdfjs in Node runs its "worker" in-thread (the fake worker). Pointing it at the local legacy worker
 * module, and pre-loading that module, means it never tries to fetch anything.
 */
export async function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= (async () => {
    const workerPath = path.join(PDFJS_DIR, "legacy/build/pdf.worker.mjs");
    installCanvasGlobals();
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

export interface ExtractPdfOptions {
  /** Called as scanned pages are recognised (OCR takes seconds a page). */
  onProgress?: (progress: OcrProgress) => void;
}

function imageOperators(pdfjs: PdfJs): Set<number> {
  const { OPS } = pdfjs;
  return new Set([
    OPS.paintImageXObject,
    OPS.paintImageXObjectRepeat,
    OPS.paintInlineImageXObject,
    OPS.paintInlineImageXObjectGroup,
    OPS.paintImageMaskXObject,
    OPS.paintImageMaskXObjectGroup,
    OPS.paintImageMaskXObjectRepeat,
    OPS.paintSolidColorImageMask,
  ]);
}

/** A page is worth OCR when it paints an image: a blank page or one of vector drawings only is not a scan. */
async function paintsImages(page: PDFPageProxy, operators: Set<number>): Promise<boolean> {
  const { fnArray } = await page.getOperatorList();
  return fnArray.some((op) => operators.has(op));
}

async function recogniseScannedPages(doc: PDFDocumentProxy, pageNumbers: number[], options: ExtractPdfOptions) {
  try {
    return await recognisePdfPages(doc, pageNumbers, options.onProgress);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable(UPLOAD_MESSAGES.ocrFailed);
  }
}

/**
 * Text of a PDF from its text layer. Pages without one that paint an image (scans) are rendered and
 * read by OCR, offline; their text goes through the same layout as the rest.
 */
export async function extractPdf(bytes: Uint8Array, options: ExtractPdfOptions = {}): Promise<ExtractedDocument> {
  assertPdfWithinLimits(bytes);
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    // pdfjs may take ownership of the buffer it is given; keep the caller's bytes intact.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    // Larger images are left out rather than decoded (pdfjs' default is no limit).
    maxImageSize: DOCUMENT_LIMITS.pdf.maxImagePixels,
    isOffscreenCanvasSupported: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
    cMapUrl: path.join(PDFJS_DIR, "cmaps") + path.sep,
    cMapPacked: true,
    standardFontDataUrl: path.join(PDFJS_DIR, "standard_fonts") + path.sep,
    // Decoders of JPEG 2000 scans and ICC colour profiles, read from the package like the fonts.
    wasmUrl: path.join(PDFJS_DIR, "wasm") + path.sep,
    CanvasFactory: NapiCanvasFactory,
  });
  try {
    const doc = await task.promise.catch((error: unknown) => {
      throw pdfError(error);
    });
    if (doc.numPages > DOCUMENT_LIMITS.pdf.maxPages) throw tooComplex(UPLOAD_MESSAGES.pdfTooManyPages);

    const operators = imageOperators(pdfjs);
    const pages: PdfPageInput[] = [];
    const scanned: number[] = [];
    for (let pageNumber = 1; pageNumber <= doc.numPages; pageNumber++) {
      try {
        const page = await doc.getPage(pageNumber);
        const content = await page.getTextContent({ includeMarkedContent: false });
        const items = content.items.flatMap((it): PdfTextItem[] => ("str" in it ? [{ str: it.str, transform: it.transform as number[], width: it.width, height: it.height }] : []));
        pages.push({ pageNumber, view: [...page.view], items });
        if (!items.some((it) => it.str.trim().length > 0) && (await paintsImages(page, operators))) scanned.push(pageNumber);
        if (scanned.length > OCR_LIMITS.maxPages) throw unreadable(UPLOAD_MESSAGES.ocrTooManyPages);
        page.cleanup();
      } catch (error) {
        throw pdfError(error);
      }
    }

    const recognised: number[] = [];
    if (scanned.length > 0) {
      const ocr = await recogniseScannedPages(doc, scanned, options);
      for (const page of pages) {
        const items = ocr.get(page.pageNumber);
        if (!items?.length) continue;
        page.items = items;
        recognised.push(page.pageNumber);
      }
    }

    const layout = layoutPdfPages(pages);
    const text = blocksToText(layout.blocks);
    if (text.trim().length === 0) throw new NoTextLayerError();

    const warnings = [...layout.warnings];
    if (recognised.length > 0) {
      warnings.push(
        `Text of ${recognised.length} ${recognised.length === 1 ? "page" : "pages"} was recognised by OCR from a scanned image; please check it against the original.`,
      );
    }
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
