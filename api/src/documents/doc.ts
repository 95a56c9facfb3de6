import WordExtractor from "word-extractor";
import { UPLOAD_MESSAGES, unreadable } from "./errors";
import type { ExtractedDocument } from "./extract";
import { blocksToHtml, blocksToText, textToBlocks, type Block } from "./html";

/**
 * Word 97-2003 through word-extractor: the body text only (headers, footers, notes and text boxes are
 * separate streams). The binary format's styles are not read, so every paragraph is a plain paragraph;
 * table cells arrive separated by tabs.
 */
export async function extractDoc(bytes: Uint8Array): Promise<ExtractedDocument> {
  let body: string;
  try {
    const document = await new WordExtractor().extract(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    body = document.getBody({ filterUnicode: false });
  } catch {
    throw unreadable(UPLOAD_MESSAGES.docDamaged);
  }
  const paragraphs = body
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.replace(/[ \t]+$/, ""))
    .filter((line) => line.trim().length > 0);
  const blocks: Block[] = paragraphs.flatMap((p) => textToBlocks(p));
  return {
    text: blocksToText(blocks),
    html: blocksToHtml(blocks),
    warnings: ["Formatting of Word 97-2003 documents is not kept: headings and lists arrive as plain paragraphs."],
  };
}
