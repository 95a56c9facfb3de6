/*
 * The live-document layer (DESIGN.md §4): conversions through the shared editor schema, the Postgres
 * store (state row + update log), edits at the API's plain-text offsets, and the bus event that
 * carries API edits to the realtime servers.
 */
export { applyHtmlToDoc, captureUpdate, documentFragment, htmlToProseMirror, htmlToYUpdate, seedDocFromHtml, ydocToHtml, ydocToPlainText, ydocToProseMirror } from "./convert";
export { applyTextEditToDoc, documentSegments, documentText } from "./text-edit";
export {
  appendUpdates,
  compact,
  COMPACT_BATCH,
  compactLive,
  coverCompactPass,
  ensureSeeded,
  insertDocumentState,
  loadDocument,
  refreshDerivedContent,
  seedFromHtml,
  type CompactOptions,
  type CompactPass,
  type CompactResult,
  type DerivedContent,
  type LiveCoverage,
  type LoadedDocument,
  type SeededDocument,
} from "./store";
export { mergeIntoState } from "./merge";
export { appendLiveUpdateGroups, appendLiveUpdates, contractsWithLoggedUpdates, DocumentLockedError, type GroupAppended, type GroupAppendOutcome } from "./live-append";
export { COLLAB_UPDATE_EVENT, collabUpdateEvent, commitDocumentEdit, decodeUpdate, encodeUpdate, parseCollabUpdateEvent, type CollabUpdatePayload, type CommittedEdit } from "./commit";
