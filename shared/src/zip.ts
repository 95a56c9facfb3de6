import { Inflate } from "fflate";
import { DOCX_LIMITS } from "./limits";

/*
 * ZIP (Office Open XML) archives read safely: the central directory checked before anything is
 * inflated, then every entry inflated with a running count that stops past its declared size. Used by
 * the API (uploads, exhibits) and by the editor's Word import in the browser; no Node APIs.
 */

export interface ZipLimits {
  maxEntries: number;
  maxEntryUncompressedBytes: number;
  maxTotalUncompressedBytes: number;
  maxCompressionRatio: number;
  ratioCheckFromBytes: number;
}

/** Global in Node and in browsers, where this runs; shared compiles with neither's type library. */
declare const TextDecoder: new (label?: string) => { decode(input: Uint8Array): string };

/** One entry as declared by the ZIP central directory (nothing is decompressed to read it). */
export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export type ZipProblem =
  | { kind: "not_zip" }
  | { kind: "too_many_entries"; count: number }
  | { kind: "too_large"; totalUncompressed: number }
  | { kind: "entry_too_large"; name: string; uncompressed: number }
  | { kind: "ratio"; name: string; ratio: number }
  | { kind: "unsafe_path"; name: string }
  | { kind: "duplicate"; name: string }
  | { kind: "encrypted"; name: string }
  | { kind: "unsupported_method"; name: string; method: number }
  | { kind: "overlap"; name: string };

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_EOCD = 0x06054b50;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;
const METHOD_STORE = 0;
const METHOD_DEFLATE = 8;

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Position of the end-of-central-directory record, searching back over a possible archive comment. */
export function findEndOfCentralDirectory(bytes: Uint8Array): number {
  const dv = view(bytes);
  const stop = Math.max(0, bytes.length - EOCD_MIN - MAX_COMMENT);
  for (let i = bytes.length - EOCD_MIN; i >= stop; i--) {
    if (dv.getUint32(i, true) !== SIG_EOCD) continue;
    const commentLength = dv.getUint16(i + 20, true);
    if (i + EOCD_MIN + commentLength === bytes.length) return i;
  }
  return -1;
}

/**
 * True when the tail of the file is a ZIP archive (an end record pointing at a central directory).
 * Used to spot PDF+ZIP polyglots: a PDF never ends with a ZIP directory.
 */
export function hasZipTrailer(bytes: Uint8Array): boolean {
  const eocd = findEndOfCentralDirectory(bytes);
  if (eocd < 0) return false;
  const dv = view(bytes);
  const cdSize = dv.getUint32(eocd + 12, true);
  const cdOffset = dv.getUint32(eocd + 16, true);
  // Appended archives keep offsets relative to their own start, so accept either position.
  for (const at of [cdOffset, eocd - cdSize]) {
    if (at >= 0 && at + 4 <= eocd && dv.getUint32(at, true) === SIG_CENTRAL) return true;
  }
  return false;
}

function readZip64Sizes(bytes: Uint8Array, start: number, length: number, entry: ZipEntry): void {
  const dv = view(bytes);
  let p = start;
  const end = start + length;
  while (p + 4 <= end) {
    const id = dv.getUint16(p, true);
    const size = dv.getUint16(p + 2, true);
    if (id === 0x0001) {
      let q = p + 4;
      const next = (): number => {
        if (q + 8 > p + 4 + size) throw new RangeError("zip64 field too short");
        const value = Number(dv.getBigUint64(q, true));
        q += 8;
        return value;
      };
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next();
      return;
    }
    p += 4 + size;
  }
}

/** Reads the central directory. Returns null when the bytes are not a readable ZIP archive. */
export function readCentralDirectory(bytes: Uint8Array): ZipEntry[] | null {
  try {
    const eocd = findEndOfCentralDirectory(bytes);
    if (eocd < 0) return null;
    const dv = view(bytes);
    const count = dv.getUint16(eocd + 10, true);
    const cdSize = dv.getUint32(eocd + 12, true);
    const cdOffset = dv.getUint32(eocd + 16, true);
    if (cdOffset + cdSize > eocd) return null;
    const decoder = new TextDecoder("utf-8");
    const entries: ZipEntry[] = [];
    let p = cdOffset;
    // Walk the records that are really there rather than trusting the declared count.
    while (p + 46 <= cdOffset + cdSize && dv.getUint32(p, true) === SIG_CENTRAL) {
      const nameLength = dv.getUint16(p + 28, true);
      const extraLength = dv.getUint16(p + 30, true);
      const commentLength = dv.getUint16(p + 32, true);
      const entry: ZipEntry = {
        flags: dv.getUint16(p + 8, true),
        method: dv.getUint16(p + 10, true),
        compressedSize: dv.getUint32(p + 20, true),
        uncompressedSize: dv.getUint32(p + 24, true),
        localHeaderOffset: dv.getUint32(p + 42, true),
        name: decoder.decode(bytes.subarray(p + 46, p + 46 + nameLength)),
      };
      readZip64Sizes(bytes, p + 46 + nameLength, extraLength, entry);
      entries.push(entry);
      p += 46 + nameLength + extraLength + commentLength;
    }
    if (entries.length === 0 && count > 0) return null;
    return entries;
  } catch {
    return null;
  }
}

function isUnsafePath(name: string): boolean {
  const normalised = name.replace(/\\/g, "/");
  return (
    normalised.includes("\0") ||
    normalised.startsWith("/") ||
    /^[a-zA-Z]:/.test(normalised) ||
    normalised.split("/").some((segment) => segment === "..")
  );
}

/**
 * Zip-bomb and path checks from the central directory alone, before any decompression.
 * Returns the first problem found, or the entries when the archive looks safe to open.
 */
export function inspectZip(bytes: Uint8Array, limits: ZipLimits = DOCX_LIMITS): { entries: ZipEntry[] } | { problem: ZipProblem } {
  const entries = readCentralDirectory(bytes);
  if (!entries) return { problem: { kind: "not_zip" } };
  if (entries.length > limits.maxEntries) return { problem: { kind: "too_many_entries", count: entries.length } };

  const seen = new Set<string>();
  let total = 0;
  for (const entry of entries) {
    if (isUnsafePath(entry.name)) return { problem: { kind: "unsafe_path", name: entry.name } };
    if (seen.has(entry.name)) return { problem: { kind: "duplicate", name: entry.name } };
    seen.add(entry.name);
    if (entry.flags & 0x1) return { problem: { kind: "encrypted", name: entry.name } };
    if (entry.method !== METHOD_STORE && entry.method !== METHOD_DEFLATE) {
      return { problem: { kind: "unsupported_method", name: entry.name, method: entry.method } };
    }
    if (entry.uncompressedSize > limits.maxEntryUncompressedBytes) return { problem: { kind: "entry_too_large", name: entry.name, uncompressed: entry.uncompressedSize } };
    total += entry.uncompressedSize;
    if (total > limits.maxTotalUncompressedBytes) return { problem: { kind: "too_large", totalUncompressed: total } };
    if (entry.uncompressedSize >= limits.ratioCheckFromBytes) {
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (ratio > limits.maxCompressionRatio) return { problem: { kind: "ratio", name: entry.name, ratio } };
    }
  }

  // Overlapping local records are how "non-recursive" zip bombs reuse one compressed stream many times.
  const ordered = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  let previousEnd = 0;
  for (const entry of ordered) {
    if (entry.localHeaderOffset < previousEnd) return { problem: { kind: "overlap", name: entry.name } };
    const headerEnd = localDataOffset(bytes, entry);
    if (headerEnd < 0 || headerEnd + entry.compressedSize > bytes.length) return { problem: { kind: "not_zip" } };
    previousEnd = headerEnd + entry.compressedSize;
  }
  return { entries };
}

function localDataOffset(bytes: Uint8Array, entry: ZipEntry): number {
  const dv = view(bytes);
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || dv.getUint32(at, true) !== SIG_LOCAL) return -1;
  return at + 30 + dv.getUint16(at + 26, true) + dv.getUint16(at + 28, true);
}

/**
 * Inflates every entry with a running byte count and stops at the first one that produces more than
 * its central directory declared: the declared sizes checked by inspectZip can lie, and the parser
 * (JSZip inside mammoth) would believe them. Nothing is kept; only the count matters.
 */
export function verifyDeclaredSizes(bytes: Uint8Array, entries: ZipEntry[]): { name: string } | null {
  const CHUNK = 16 * 1024;
  for (const entry of entries) {
    if (entry.method !== METHOD_DEFLATE) continue;
    const start = localDataOffset(bytes, entry);
    if (start < 0) return { name: entry.name };
    let produced = 0;
    let exceeded = false;
    const inflate = new Inflate((chunk) => {
      produced += chunk.length;
      if (produced > entry.uncompressedSize) exceeded = true;
    });
    try {
      for (let p = 0; p < entry.compressedSize && !exceeded; p += CHUNK) {
        const end = Math.min(entry.compressedSize, p + CHUNK);
        inflate.push(bytes.subarray(start + p, start + end), end === entry.compressedSize);
      }
    } catch {
      return { name: entry.name };
    }
    if (exceeded) return { name: entry.name };
  }
  return null;
}

/**
 * One entry's bytes, inflated with a running count: null when it produces more than its central
 * directory declared (the declaration is what inspectZip checked against the limits) or is damaged.
 * Call after inspectZip accepted the archive.
 */
export function readZipEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array | null {
  const start = localDataOffset(bytes, entry);
  if (start < 0 || start + entry.compressedSize > bytes.length) return null;
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (entry.method === METHOD_STORE) return entry.compressedSize === entry.uncompressedSize ? data.slice() : null;
  const out = new Uint8Array(entry.uncompressedSize);
  let produced = 0;
  let exceeded = false;
  const inflate = new Inflate((chunk) => {
    if (exceeded || produced + chunk.length > out.length) {
      exceeded = true;
      return;
    }
    out.set(chunk, produced);
    produced += chunk.length;
  });
  try {
    const CHUNK = 16 * 1024;
    for (let p = 0; p < data.length && !exceeded; p += CHUNK) inflate.push(data.subarray(p, Math.min(data.length, p + CHUNK)), p + CHUNK >= data.length);
  } catch {
    return null;
  }
  return exceeded || produced !== out.length ? null : out;
}
