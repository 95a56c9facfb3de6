import { dataUrlFits, formatMegabytes, LIVE_EDIT_BUDGET_BYTES } from "./files";
import type { ExportImage } from "./word-export";

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === "string" ? resolve(reader.result) : reject(new Error("Unreadable file")));
    reader.onerror = () => reject(reader.error ?? new Error("Unreadable file"));
    reader.readAsDataURL(file);
  });
}

function loadElement(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("The image could not be read"));
    image.src = src;
  });
}

function draw(image: HTMLImageElement, width: number, height: number, type: string, quality?: number): string | null {
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(width));
  canvas.height = Math.max(1, Math.round(height));
  const context = canvas.getContext("2d");
  if (!context) return null;
  if (type === "image/jpeg") {
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
  }
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL(type, quality);
}

export type EmbedResult = { ok: true; src: string; resized: boolean } | { ok: false; message: string };

/**
 * The image as a data URL one live edit can carry. A photo too large for that is scaled down and
 * re-encoded as JPEG (quality 0.85, then smaller sizes) rather than refused: a 4 MB site photo still
 * goes in, at a size that reads well on a page.
 */
export async function embeddableImage(file: File): Promise<EmbedResult> {
  const original = await readAsDataUrl(file);
  if (dataUrlFits(original)) return { ok: true, src: original, resized: false };
  try {
    const image = await loadElement(original);
    for (const maxSide of [2400, 1800, 1200, 800]) {
      const scale = Math.min(1, maxSide / Math.max(image.naturalWidth, image.naturalHeight));
      const resized = draw(image, image.naturalWidth * scale, image.naturalHeight * scale, "image/jpeg", 0.85);
      if (resized && dataUrlFits(resized)) return { ok: true, src: resized, resized: true };
    }
  } catch {
    // fall through to the message
  }
  return { ok: false, message: `This image is too large to share live (images are limited to about ${formatMegabytes((LIVE_EDIT_BUDGET_BYTES * 3) / 4)}). Please use a smaller image.` };
}

function base64Bytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const WORD_TYPES: Record<string, ExportImage["type"]> = { png: "png", jpeg: "jpg", jpg: "jpg", gif: "gif", bmp: "bmp" };

/** Word export: an embedded image as bytes Word reads (WebP is converted to PNG); remote images are left out. */
export async function loadImageForWord(src: string, size: { width?: number; height?: number }): Promise<ExportImage | null> {
  const match = /^data:image\/([a-z]+);base64,(.+)$/i.exec(src);
  if (!match?.[1] || !match[2]) return null;
  const image = await loadElement(src);
  const width = size.width ?? image.naturalWidth;
  const height = size.height ?? (size.width ? (image.naturalHeight * size.width) / Math.max(1, image.naturalWidth) : image.naturalHeight);
  const type = WORD_TYPES[match[1].toLowerCase()];
  if (type) return { type, data: base64Bytes(match[2]), width, height };
  const png = draw(image, image.naturalWidth, image.naturalHeight, "image/png");
  const body = png?.split(",")[1];
  return body ? { type: "png", data: base64Bytes(body), width, height } : null;
}
