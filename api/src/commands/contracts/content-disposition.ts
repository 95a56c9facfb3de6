/*
 * File names for downloads and for storage. Lives with the contract commands for now; it is HTTP
 * plumbing and belongs in http/ once that folder's owner takes it.
 */

const MAX_NAME_LENGTH = 200;

/**
 * A file name safe to store and to send back: the last path segment only, no control characters,
 * no characters Windows forbids, whitespace collapsed, at most 200 characters (the extension kept).
 */
export function safeFileName(name: string, fallback = "file"): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  let clean = base.replace(/[\u0000-\u001f\u007f-\u009f<>:"|?*]/g, "").replace(/\s+/g, " ").trim();
  clean = clean.replace(/^\.+/, "").trim();
  if (!clean) return fallback;
  if (clean.length <= MAX_NAME_LENGTH) return clean;
  const dot = clean.lastIndexOf(".");
  const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : "";
  return clean.slice(0, MAX_NAME_LENGTH - ext.length).trimEnd() + ext;
}

/** A download name from a title: "Gas Plant EPC: Rev 2" → "Gas Plant EPC Rev 2.docx"; spec §9: default 'contract'. */
export function fileNameFromTitle(title: string, extension: string): string {
  const stem = safeFileName(title.replace(/[\\/]/g, " "), "contract").replace(/\.+$/, "");
  return `${stem || "contract"}.${extension}`;
}

/**
 * `attachment` with an ASCII fallback `filename` and the exact name as RFC 5987 `filename*`, so every
 * browser saves the right name and no header injection or path is possible.
 */
export function attachmentHeader(fileName: string): string {
  const name = safeFileName(fileName);
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
