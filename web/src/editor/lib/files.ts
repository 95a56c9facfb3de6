import { COLLAB_LIMITS } from "@clausewise/shared";
import { IMAGE_SRC_PATTERN } from "@clausewise/shared/editor";
import { DOCX_MIME, IMAGE_MAX_BYTES } from "./constants";

interface FileLike {
  name: string;
  type: string;
  size: number;
}

/** Raster types the document may embed (shared/editor/urls: no SVG, it can carry scripts). */
export const EMBEDDABLE_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/bmp"] as const;

/**
 * One live edit travels as one WebSocket message, and the server refuses messages over
 * COLLAB_LIMITS.maxMessageBytes (closing the connection and dropping the edit). Whatever one edit
 * embeds (an image, an imported document) must fit with room to spare for the Yjs framing.
 */
export const LIVE_EDIT_BUDGET_BYTES = COLLAB_LIMITS.maxMessageBytes - 128 * 1024;

export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Spec §5: the image picker accepts image files; we also refuse types the document cannot keep and files over 5 MB. */
export function imageFileProblem(file: FileLike): string | null {
  if (!file.type.startsWith("image/")) return "Please choose an image file (PNG, JPEG, GIF, WebP or BMP).";
  if (!(EMBEDDABLE_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return file.type === "image/svg+xml"
      ? "SVG images cannot be embedded because they can carry scripts. Please use PNG or JPEG."
      : "This image type cannot be embedded. Please use PNG, JPEG, GIF, WebP or BMP.";
  }
  if (file.size > IMAGE_MAX_BYTES) return `Please choose an image smaller than ${formatMegabytes(IMAGE_MAX_BYTES)} (this one is ${formatMegabytes(file.size)}).`;
  return null;
}

/** Whether a data URL is one the document schema keeps and one live edit can carry. */
export function dataUrlFits(dataUrl: string): boolean {
  return IMAGE_SRC_PATTERN.test(dataUrl) && dataUrl.length <= LIVE_EDIT_BUDGET_BYTES;
}

/** Spec §5: Word import accepts the Word document type or a .docx name. */
export function isWordDocument(file: Pick<FileLike, "name" | "type">): boolean {
  return file.type === DOCX_MIME || /\.docx$/i.test(file.name.trim());
}

/** UTF-8 size of a string (what one edit carrying it weighs on the wire). */
export function utf8Size(text: string): number {
  return new TextEncoder().encode(text).length;
}

const YOUTUBE_ID = /^[\w-]{11}$/;

/**
 * A YouTube address (watch, youtu.be, embed, shorts, live, youtube-nocookie) → its canonical
 * watch URL, or null. Only https/http YouTube hosts: the video dialog embeds nothing else.
 */
export function youtubeWatchUrl(input: string): string | null {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(input.trim()) ? input.trim() : `https://${input.trim()}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.|music\.)/, "");
  let id: string | null = null;
  if (host === "youtu.be") id = url.pathname.split("/")[1] ?? null;
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const [, kind, value] = url.pathname.split("/");
    if (kind === "watch") id = url.searchParams.get("v");
    else if (kind === "embed" || kind === "shorts" || kind === "live" || kind === "v") id = value ?? null;
  }
  return id && YOUTUBE_ID.test(id) ? `https://www.youtube.com/watch?v=${id}` : null;
}
