import { z } from "zod";

/** The largest document (HTML, UTF-8 bytes) the editor may save. */
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const CONTRACT_TITLE_MAX_LENGTH = 300;

/** UTF-8 length without TextEncoder (shared/ compiles without DOM or Node types). */
function utf8Bytes(value: string): number {
  let bytes = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < value.length && (value.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** PUT /api/contracts/{id}: the editor's save (spec: content, optional title). */
/** PUT /api/contracts/{id}: new content, a new title, or both (a rename alone never touches the text). */
export const saveDocumentRequest = z
  .object({
    content: z
      .string({ message: "content must be text" })
      .max(DOCUMENT_MAX_BYTES, "The document is larger than 5 MB")
      .refine((value) => utf8Bytes(value) <= DOCUMENT_MAX_BYTES, "The document is larger than 5 MB")
      .optional(),
    title: z.string().trim().min(1, "Title is required").max(CONTRACT_TITLE_MAX_LENGTH, `Title must be at most ${CONTRACT_TITLE_MAX_LENGTH} characters`).optional(),
  })
  .refine((v) => v.content !== undefined || v.title !== undefined, { message: "Send content, a title, or both", path: ["content"] });
export type SaveDocumentRequest = z.infer<typeof saveDocumentRequest>;

/**
 * POST /api/contracts/{id}/versions. The spec's client sends versionNumber (count + 1), content and
 * isActive 'true'; the server decides all three (the number under a lock, the content from the
 * stored document, the newest version active), so these are accepted for compatibility only.
 */
export const createVersionRequest = z.object({
  versionNumber: z.string().trim().max(50).optional(),
  content: z.string().max(DOCUMENT_MAX_BYTES).optional(),
  isActive: z.enum(["true", "false"]).default("true"),
});
export type CreateVersionRequest = z.infer<typeof createVersionRequest>;

export const documentVersion = z.object({
  id: z.string(),
  versionNumber: z.string(),
  isActive: z.string(),
  createdAt: z.string(),
  content: z.string(),
  createdBy: z.string().nullable(),
});
export type DocumentVersion = z.infer<typeof documentVersion>;

/**
 * POST /api/contracts/{id}/versions answers the version: 201 and `created: true` for a new one, 200
 * and `created: false` with the newest version when the document had not changed since it.
 */
export const createdVersion = documentVersion.extend({ created: z.boolean() });
export type CreatedVersion = z.infer<typeof createdVersion>;
