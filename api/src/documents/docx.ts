import mammoth from "mammoth";
import { AppError } from "../http/errors";
import { tooLargeUnpacked, UPLOAD_MESSAGES, unreadable } from "./errors";
import type { ExtractedDocument } from "./extract";
import { blocksToText, htmlToBlocks, sanitizeHtml } from "./html";
import { inspectZip, verifyDeclaredSizes } from "@clausewise/shared/zip";
import { zipProblemError } from "./validate";

/**
 * Word styles to HTML on top of mammoth's defaults (which already map "Heading 1".."Heading 6").
 * Mammoth reads the accepted state of tracked changes: insertions kept, deletions and moved-from text
 * dropped. Headers, footers and comments are not part of the body it converts.
 */
const STYLE_MAP = [
  "p[style-name='Title'] => h1:fresh",
  "p[style-name='Subtitle'] => h2:fresh",
  "p[style-name='Quote'] => blockquote > p:fresh",
  "p[style-name='Intense Quote'] => blockquote > p:fresh",
  "p[style-name='TOC Heading'] => h2:fresh",
  "p[style-name='toc 1'] => p:fresh",
  "p[style-name='toc 2'] => p:fresh",
  "p[style-name='toc 3'] => p:fresh",
  "u => u",
  "strike => s",
  "comment-reference => !",
];

/** Back-links mammoth appends to each footnote ("↑"); they point nowhere once links are stripped. */
const NOTE_BACKLINK = /<a href="#(?:footnote|endnote)-ref-[^"]*">↑<\/a>/g;

export async function extractDocx(bytes: Uint8Array): Promise<ExtractedDocument> {
  const inspected = inspectZip(bytes);
  if ("problem" in inspected) throw zipProblemError(inspected.problem);
  // Entries that inflate past their declared size (mammoth's JSZip would believe the declaration).
  if (verifyDeclaredSizes(bytes, inspected.entries)) throw tooLargeUnpacked(UPLOAD_MESSAGES.archiveTooLarge);

  const warnings = new Set<string>();
  let images = 0;
  let result: { value: string; messages: { type: string; message: string }[] };
  try {
    result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      {
        styleMap: STYLE_MAP,
        includeEmbeddedStyleMap: false,
        externalFileAccess: false,
        // Images are not kept (the allow-list has no <img>); count them without decoding.
        convertImage: mammoth.images.imgElement(async () => {
          images += 1;
          return { src: "" };
        }),
      },
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable(UPLOAD_MESSAGES.archiveDamaged);
  }
  for (const message of result.messages) {
    if (/oMath/.test(message.message)) warnings.add("Equations were left out.");
  }
  if (images > 0) warnings.add(`${images === 1 ? "One image was" : `${images} images were`} left out; only text is kept.`);

  const html = sanitizeHtml(result.value.replace(NOTE_BACKLINK, ""));
  const text = blocksToText(htmlToBlocks(html));
  return { text, html, warnings: [...warnings] };
}
