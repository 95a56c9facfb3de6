import { DOMMatrix, ImageData, Path2D, createCanvas, type Canvas, type SKRSContext2D } from "@napi-rs/canvas";
import { OCR_LIMITS } from "./limits";

interface CanvasAndContext {
  canvas: Canvas | null;
  context: SKRSContext2D | null;
}

/**
 * pdfjs polyfills DOMMatrix, ImageData and Path2D from the @napi-rs/canvas build it resolves itself,
 * which need not be ours; objects of two native builds cannot be mixed (a Path2D of one is rejected by
 * a context of the other). Installing ours first, before pdfjs loads, keeps every canvas object from
 * the one build our canvases come from.
 */
export function installCanvasGlobals(): void {
  const scope = globalThis as Record<string, unknown>;
  scope.DOMMatrix ??= DOMMatrix;
  scope.ImageData ??= ImageData;
  scope.Path2D ??= Path2D;
}

function assertCanvasSize(width: number, height: number): void {
  if (!(width > 0 && height > 0)) throw new Error("Invalid canvas size");
  if (width * height > OCR_LIMITS.maxCanvasPixels) throw new Error("Canvas too large");
}

/** The canvas factory pdfjs uses for its scratch canvases (patterns, masks, groups) while rendering. */
export class NapiCanvasFactory {
  create(width: number, height: number): CanvasAndContext {
    assertCanvasSize(width, height);
    const canvas = createCanvas(width, height);
    return { canvas, context: canvas.getContext("2d") };
  }

  reset(target: CanvasAndContext, width: number, height: number): void {
    if (!target.canvas) throw new Error("Canvas is not specified");
    assertCanvasSize(width, height);
    target.canvas.width = width;
    target.canvas.height = height;
  }

  destroy(target: CanvasAndContext): void {
    if (target.canvas) {
      // Zero size releases the pixel memory now rather than at the next garbage collection.
      target.canvas.width = 0;
      target.canvas.height = 0;
    }
    target.canvas = null;
    target.context = null;
  }
}
