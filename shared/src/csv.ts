/**
 * CSV for spreadsheets (RFC 4180, CRLF line ends) that cannot run anything: a text cell a spreadsheet
 * would read as a formula (=, +, -, @, tab, carriage return first) gets a leading apostrophe, the
 * OWASP advice against CSV injection. Numbers stay numbers.
 */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(",");
}

/** A header row and data rows, each line ending in CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => `${csvRow(row)}\r\n`).join("");
}

/** Put first in a file so Excel reads it as UTF-8 (Québec, Montréal). */
export const CSV_BOM = "\uFEFF";

/** A file name part from free text: letters, digits and dashes. */
export function csvFileSlug(text: string): string {
  return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/[^\w-]+/g, "-").replace(/-+/g, "-").replace(/^-|-$/g, "").toLowerCase() || "export";
}
