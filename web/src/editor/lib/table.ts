import { TABLE_LIMITS } from "./constants";

export type TableSizeResult =
  | { ok: true; rows: number; columns: number }
  | { ok: false; errors: { rows?: string; columns?: string } };

const ROWS_MESSAGE = `Rows must be a whole number from ${TABLE_LIMITS.minRows} to ${TABLE_LIMITS.maxRows}.`;
const COLUMNS_MESSAGE = `Columns must be a whole number from ${TABLE_LIMITS.minColumns} to ${TABLE_LIMITS.maxColumns}.`;

function wholeNumberIn(value: string | number, min: number, max: number): number | null {
  const text = String(value).trim();
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

/** Spec §5: rows 1-20, columns 1-10 (the dialog starts at 3 × 3). */
export function validateTableSize(rows: string | number, columns: string | number): TableSizeResult {
  const r = wholeNumberIn(rows, TABLE_LIMITS.minRows, TABLE_LIMITS.maxRows);
  const c = wholeNumberIn(columns, TABLE_LIMITS.minColumns, TABLE_LIMITS.maxColumns);
  if (r !== null && c !== null) return { ok: true, rows: r, columns: c };
  return { ok: false, errors: { rows: r === null ? ROWS_MESSAGE : undefined, columns: c === null ? COLUMNS_MESSAGE : undefined } };
}
