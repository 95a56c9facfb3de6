import type { ByteSource } from "./decoders";

/**
 * Pixel dimensions from the headers of the image codecs whose decoders size their buffers from the
 * image itself rather than from the PDF's /Width and /Height: JPEG (pdfjs' JpegImage allocates per the
 * frame header) and JPEG 2000 (OpenJPEG, per the SIZ marker). Reads only until it knows.
 */

export interface Dimensions {
  width: number;
  height: number;
}

/** The first frame header (SOFn) of a JPEG; skips junk before SOI as pdfjs does. */
export function jpegDimensions(src: ByteSource): Dimensions | null {
  let prev = -1;
  for (;;) {
    const b = src.getByte();
    if (b < 0) return null;
    if (prev === 0xff && b === 0xd8) break;
    prev = b;
  }
  for (;;) {
    let b = src.getByte();
    if (b < 0) return null;
    if (b !== 0xff) continue;
    while (b === 0xff) b = src.getByte();
    if (b < 0) return null;
    const marker = b;
    if (marker === 0xd9 || marker === 0xda) return null;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    const length = (src.getByte() << 8) | src.getByte();
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      src.getByte();
      const height = (src.getByte() << 8) | src.getByte();
      const width = (src.getByte() << 8) | src.getByte();
      return width >= 0 && height >= 0 ? { width, height } : null;
    }
    for (let i = 2; i < length; i++) if (src.getByte() < 0) return null;
  }
}

const JPX_SEARCH_BYTES = 1024 * 1024;

/** The image size in a JPEG 2000 codestream's SIZ marker (after SOC), in a JP2 file or bare. */
export function jpxDimensions(src: ByteSource): Dimensions | null {
  const window: number[] = [];
  for (let read = 0; read < JPX_SEARCH_BYTES; read++) {
    const b = src.getByte();
    if (b < 0) return null;
    window.push(b);
    if (window.length > 4) window.shift();
    if (window.length === 4 && window[0] === 0xff && window[1] === 0x4f && window[2] === 0xff && window[3] === 0x51) break;
    if (read === JPX_SEARCH_BYTES - 1) return null;
  }
  const u32 = () => ((src.getByte() << 24) | (src.getByte() << 16) | (src.getByte() << 8) | src.getByte()) >>> 0;
  src.getByte();
  src.getByte(); // Lsiz
  src.getByte();
  src.getByte(); // Rsiz
  const xsiz = u32();
  const ysiz = u32();
  const xosiz = u32();
  const yosiz = u32();
  return { width: Math.max(0, xsiz - xosiz), height: Math.max(0, ysiz - yosiz) };
}
