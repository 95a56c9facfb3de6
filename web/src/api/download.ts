import { downloadBlob } from "../lib/download";
import { ApiError } from "./client";

/** The name a Content-Disposition header gives a file (RFC 6266, with its UTF-8 form), or `fallback`. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallback;
}

/**
 * Fetches a file the API sends as an attachment, then hands it to the browser as a download. Fetched
 * first so a refusal can be shown as a toast with the server's message (throws its ApiError) instead
 * of a JSON body saved as the file; opening a tab after the answer would be stopped by pop-up blockers.
 */
export async function downloadFrom(path: string, fallbackName: string): Promise<void> {
  const res = await fetch(path, { credentials: "include" });
  if (!res.ok) {
    const text = await res.text().catch(() => "");
    let message = text || res.statusText;
    try {
      const body = JSON.parse(text) as { message?: unknown };
      if (typeof body.message === "string") message = body.message;
    } catch {
      // not JSON: keep the text
    }
    throw new ApiError(res.status, undefined, message);
  }
  downloadBlob(await res.blob(), fileNameFrom(res.headers.get("content-disposition"), fallbackName));
}
