const UNITS = ["Bytes", "KB", "MB", "GB"] as const;
const STEP = 1024;

/**
 * A file size in Bytes, KB, MB or GB (spec §9), binary steps like the 10 MB upload limit, at most
 * two decimals with trailing zeros dropped: "0 Bytes", "1 Byte", "512 Bytes", "1.5 KB", "10 MB".
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 Bytes";
  if (bytes < STEP) return bytes === 1 ? "1 Byte" : `${Math.round(bytes)} Bytes`;
  let unit = Math.min(Math.floor(Math.log(bytes) / Math.log(STEP)), UNITS.length - 1);
  let value = Number.parseFloat((bytes / STEP ** unit).toFixed(2));
  // Rounding can reach the next unit (1048575 bytes is 1023.999 KB, shown as 1024): say "1 MB".
  if (value >= STEP && unit < UNITS.length - 1) {
    unit += 1;
    value = Number.parseFloat((bytes / STEP ** unit).toFixed(2));
  }
  return `${value} ${UNITS[unit]}`;
}
