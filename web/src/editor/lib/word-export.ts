import type { JSONContent } from "@tiptap/core";
import type { ExportOptions } from "@clausewise/shared/word";

export { wordColor, wordHalfPoints, type ExportImage, type ExportOptions, type ImageLoader } from "@clausewise/shared/word";

/**
 * The editor's document as a Word file, built in the browser (spec §7): the shared export
 * (@clausewise/shared/word) with the `docx` library loaded only when someone exports.
 */
export async function documentToDocx(json: JSONContent, options: ExportOptions): Promise<Blob> {
  const docx = await import("docx");
  const { buildWordDocument } = await import("@clausewise/shared/word");
  return docx.Packer.toBlob(await buildWordDocument(docx, json, options));
}
