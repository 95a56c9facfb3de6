import type { ExtractedDocument } from "./extract";
import { blocksToHtml, blocksToText, textToBlocks } from "./html";
import { decodeText, normaliseNewlines } from "./text-encoding";

/** Plain text: UTF-8, or Windows-1252 when the bytes are not valid UTF-8; BOM stripped, CRLF → LF. */
export function extractTxt(bytes: Uint8Array): ExtractedDocument {
  const { text: raw, encoding } = decodeText(bytes);
  const blocks = textToBlocks(normaliseNewlines(raw).replace(/\f/g, "\n\n"));
  const warnings = encoding === "windows-1252" ? ["The file is not UTF-8; it was read as Windows-1252 (Western European)."] : [];
  return { text: blocksToText(blocks), html: blocksToHtml(blocks), warnings };
}
