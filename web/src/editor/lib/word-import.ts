/**
 * Word import in the browser (spec §7: import and export run locally). mammoth reads the .docx and
 * writes semantic HTML (headings, lists, tables, bold/italic, links, images as data URLs); the
 * editor's schema then keeps what the contract document can hold.
 */
export async function docxToHtml(file: Blob): Promise<{ html: string; warnings: string[] }> {
  const mammoth = await import("mammoth");
  const result = await mammoth.convertToHtml({ arrayBuffer: await file.arrayBuffer() });
  return { html: result.value, warnings: result.messages.filter((m) => m.type === "warning").map((m) => m.message) };
}
