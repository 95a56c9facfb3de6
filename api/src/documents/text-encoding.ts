export type TextEncodingName = "utf-8" | "windows-1252" | "utf-16le" | "utf-16be";

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
}

/**
 * Decodes a text upload: UTF-16 only when it says so with a BOM, then strict UTF-8, then Windows-1252
 * (what Notepad and older Office wrote on Canadian Windows machines). Strips the BOM.
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), encoding: "utf-16le" };
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder("utf-16be").decode(bytes.subarray(2)), encoding: "utf-16be" };
  }
  try {
    // ignoreBOM: false (the default) already drops a UTF-8 BOM.
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: "windows-1252" };
  }
}

/** 0x80–0x9F of Windows-1252; the five holes stay C1 controls, as in the WHATWG table. */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/**
 * Node 20's TextDecoder("windows-1252") decodes as Latin-1 (0x93 becomes U+0093, not a curly quote),
 * so the one range that differs is mapped here.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  let out = "";
  const CHUNK = 8192;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const codes = Array.from(bytes.subarray(start, start + CHUNK), (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80]! : b));
    out += String.fromCharCode(...codes);
  }
  return out;
}

export function hasUtf16Bom(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff));
}

/** Share of characters that a person could read: anything but control characters other than tab, CR, LF, FF. */
export function printableRatio(text: string): number {
  if (text.length === 0) return 1;
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) || (c >= 0x7f && c <= 0x9f) || c === 0xfffd) control++;
  }
  return 1 - control / text.length;
}

export function normaliseNewlines(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}
