/** Business constants of the document editor (spec §9). */

export const ZOOM = { min: 50, max: 200, step: 10, initial: 100 } as const;

export const TABLE_LIMITS = { minRows: 1, maxRows: 20, minColumns: 1, maxColumns: 10, defaultRows: 3, defaultColumns: 3 } as const;

/** Auto-save creates a version checkpoint this often when the user's edits changed the document. */
export const AUTO_SAVE_INTERVAL_MS = 30_000;

/** Collaborative undo: edits within this window are one step; at most this many steps are kept. */
export const UNDO_CAPTURE_MS = 1000;
export const UNDO_MAX_ENTRIES = 50;

export const FONT_FAMILIES = [
  "Arial",
  "Times New Roman",
  "Calibri",
  "Helvetica",
  "Georgia",
  "Verdana",
  "Tahoma",
  "Comic Sans MS",
  "Courier New",
  "Impact",
] as const;

export const FONT_SIZES_PX = [8, 9, 10, 11, 12, 14, 16, 18, 20, 22, 24, 26, 28, 36, 48, 72] as const;

export const EXPORT_FILE_NAME = "contract.docx";

/** Spec: images are embedded inline as data; larger files are refused before reading them. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
