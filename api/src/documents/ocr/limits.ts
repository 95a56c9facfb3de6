/** Limits of text recognition for scanned PDFs. OCR costs seconds a page, so it has its own budget. */
export const OCR_LIMITS = {
  /** Scanned pages recognised per document; beyond it the upload is refused with a clear message. */
  maxPages: 50,
  /** Resolution pages are rendered at: what Tesseract is trained for. */
  dpi: 300,
  /** Cap on a rendered page (width × height) so an oversized page box cannot exhaust memory. */
  maxPixels: 25_000_000,
  /**
   * Cap on any canvas pdfjs asks for while rendering (an image at its own size, a transparency group,
   * a mask): 4 bytes a pixel outside the JavaScript heap. The same as the largest image pdfjs decodes.
   */
  maxCanvasPixels: 50_000_000,
  /**
   * Lines Tesseract is less sure of (0-100) are dropped: below this they are almost always shapes in
   * an illustration, a stamp or a signature read as letters, not text.
   */
  minLineConfidence: 50,
} as const;
