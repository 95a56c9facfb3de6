/*
 * Word files (@clausewise/shared/word): the plain-text coordinate system read off ProseMirror JSON,
 * and the .docx export of the editor's document with suggestions as tracked changes and markups as
 * comments. Browser-safe; the caller hands in the `docx` module.
 */
export { walkPlainText, RENDERED_TAGS, BLOCK_TAGS, CELL_TAGS, TRANSPARENT_CONTAINER_TAGS, type PlainTextWalk } from "./plain-text";
export { buildWordDocument, wordColor, wordHalfPoints, type DocxModule, type ExportImage, type ExportOptions, type ImageLoader } from "./export";
export { commentTextFor, initialsOf, markupFromCommentText, WORD_COMMENT_PREFIXES, type ExportComment } from "./comments";
