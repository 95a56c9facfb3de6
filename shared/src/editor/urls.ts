/*
 * Which URLs a document may carry. The same rules hold in the editor's schema (so a Y.Doc written by
 * a modified client still renders nothing dangerous) and in the server's sanitizer for saved HTML.
 * Relative URLs are refused: `<img src="/api/auth/logout">` would act as whoever opens the document.
 */

/** Links: web pages and e-mail addresses only. */
export const LINK_HREF_PATTERN = /^(https?:\/\/|mailto:)/i;

/** Images: https, or inline raster data (no SVG: it can carry scripts). */
export const IMAGE_SRC_PATTERN = /^(https:\/\/|data:image\/(png|jpeg|gif|webp|bmp);base64,)/i;

export const LINK_PROTOCOLS = ["http", "https", "mailto"] as const;

export function isSafeLinkHref(href: unknown): href is string {
  return typeof href === "string" && LINK_HREF_PATTERN.test(href.trim());
}

export function isSafeImageSrc(src: unknown): src is string {
  return typeof src === "string" && IMAGE_SRC_PATTERN.test(src.trim());
}
