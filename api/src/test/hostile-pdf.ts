/**
 * Test helpers (not used by the app): PDFs that unpack to far more than they weigh, made without ever
 * holding the unpacked bytes. A real deflater needs 5-25 s to squeeze 1 GiB of zeros; these write the
 * compressed form directly, so a 1 GiB stream costs about 1 MB and a few milliseconds to make.
 */
import { deflateSync } from "node:zlib";
import { makeRawPdf } from "./fixtures";

class BitWriter {
  private bit = 0;

  constructor(readonly bytes: Uint8Array) {}

  /** A number, least significant bit first (DEFLATE's header fields and extra bits). */
  number(value: number, bits: number): void {
    for (let i = 0; i < bits; i++) this.put((value >> i) & 1);
  }

  /** A Huffman code, most significant bit first. */
  code(value: number, bits: number): void {
    for (let i = bits - 1; i >= 0; i--) this.put((value >> i) & 1);
  }

  /** Zero bits: the buffer is zero-filled, so only the position moves. */
  zeros(bits: number): void {
    this.bit += bits;
  }

  private put(b: number): void {
    if (b) this.bytes[this.bit >> 3]! |= 1 << (this.bit & 7);
    this.bit++;
  }

  get length(): number {
    return (this.bit + 7) >> 3;
  }
}

const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/**
 * A zlib stream that inflates to `size` copies of `byte`: one dynamic-Huffman block whose only codes
 * are that literal (10), end-of-block (11) and "copy 258 bytes" (0) at distance 1 (0), so after the
 * first byte every 258 bytes of output cost two zero bits of input (1032:1, DEFLATE's ceiling).
 */
export function deflateBomb(size: number, byte = 0): Uint8Array {
  const matches = Math.ceil(Math.max(0, size - 1) / 258);
  const w = new BitWriter(new Uint8Array(64 + Math.ceil((matches * 2) / 8) + 8));
  w.number(0x78, 8);
  w.number(0x01, 8);
  w.number(1, 1); // BFINAL
  w.number(2, 2); // dynamic Huffman
  w.number(29, 5); // HLIT: 286 literal/length codes
  w.number(0, 5); // HDIST: 1 distance code
  w.number(14, 4); // HCLEN: 18 code-length codes
  // Code-length alphabet: 1 → 00, 2 → 01, 17 → 10, 18 → 11.
  const clLengths: Record<number, number> = { 1: 2, 2: 2, 17: 2, 18: 2 };
  for (let i = 0; i < 18; i++) w.number(clLengths[CODE_LENGTH_ORDER[i]!] ?? 0, 3);
  const length = (n: 1 | 2) => w.code(n === 1 ? 0b00 : 0b01, 2);
  const zeroRun = (n: number) => {
    w.code(0b11, 2);
    w.number(n - 11, 7);
  };
  // Literal `byte` → 2, the other 285 codes of the literal alphabet: 0 except end-of-block (2) and 285 (1).
  const runOfZeros = (n: number) => {
    for (let left = n; left > 0; ) {
      if (left < 3) throw new RangeError("deflateBomb: a run of 1 or 2 zero lengths cannot be written with this alphabet");
      // 18 repeats 11-138 zero lengths, 17 repeats 3-10; never leave a remainder of 1 or 2.
      const run = left >= 11 ? Math.min(138, left > 138 && left - 138 < 3 ? left - 3 : left) : left;
      if (run >= 11) zeroRun(run);
      else {
        w.code(0b10, 2);
        w.number(run - 3, 3);
      }
      left -= run;
    }
  };
  runOfZeros(byte);
  length(2);
  runOfZeros(255 - byte);
  length(2); // 256: end of block
  runOfZeros(28);
  length(1); // 285: length 258
  length(1); // distance code 0: distance 1
  // Data: the literal (canonical code 10 when it sorts before 256), then the copies, then end of block.
  w.code(0b10, 2);
  w.zeros(matches * 2);
  w.code(0b11, 2);
  // The Adler-32 of `total` copies of `byte`, so that strict inflaters (zlib) accept it too.
  const total = BigInt(1 + matches * 258);
  const b = BigInt(byte);
  const a = (1n + total * b) % 65521n;
  const s2 = (total + (b * total * (total + 1n)) / 2n) % 65521n;
  const end = w.length;
  const out = w.bytes.subarray(0, end + 4);
  new DataView(out.buffer, out.byteOffset).setUint32(end, Number((s2 << 16n) | a));
  return out;
}

/** A content stream object with the given (compressed) data. */
const flateStream = (data: Uint8Array, extra = "") => `<< /Length ${data.length} /Filter /FlateDecode${extra} >>\nstream\n${Buffer.from(data).toString("latin1")}\nendstream`;

/**
 * One page whose content is `streams` (each a FlateDecode stream), after a line of real text so the
 * page would otherwise be read fine.
 */
export function makePdfWithStreams(streams: Uint8Array[], text = "The Contractor shall perform the Work."): Buffer {
  const textStream = deflateSync(Buffer.from(`BT /F1 12 Tf 72 720 Td (${text}) Tj ET\n`, "latin1"));
  const first = 5;
  const refs = [first, ...streams.map((_, i) => first + 1 + i)].map((n) => `${n} 0 R`).join(" ");
  return makeRawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents [${refs}] >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    flateStream(textStream),
    ...streams.map((data) => flateStream(data)),
  ]);
}

/**
 * A baseline greyscale JPEG of `width` × `height` pixels whose every 8×8 block is "no change, end of
 * block": a Huffman table with one 1-bit code each for DC and AC, so the scan is two zero bits a block.
 * 20,000 × 20,000 pixels weigh 1.5 MB (and deflate to 2 KB); a decoder sizes its buffers from the header.
 */
export function makeJpegBomb(width: number, height: number): Uint8Array {
  const segment = (marker: number, body: number[]) => [0xff, marker, ((body.length + 2) >> 8) & 0xff, (body.length + 2) & 0xff, ...body];
  const oneCodeTable = (tableClass: number) => segment(0xc4, [tableClass << 4, 1, ...new Array<number>(15).fill(0), 0x00]);
  const head = [
    0xff,
    0xd8,
    ...segment(0xdb, [0x00, ...new Array<number>(64).fill(1)]),
    ...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    ...oneCodeTable(0),
    ...oneCodeTable(1),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
  ];
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const jpeg = new Uint8Array(head.length + Math.ceil((blocks * 2) / 8) + 2);
  jpeg.set(head);
  jpeg.set([0xff, 0xd9], jpeg.length - 2);
  return jpeg;
}

/**
 * A scanned-looking page (no text layer, one image) whose page box and image are `size` points and
 * pixels square: what OCR would render and pdfjs decode.
 */
export function makeGiantScanPdf(size: number): Buffer {
  const image = deflateSync(makeJpegBomb(size, size));
  const content = `q ${size} 0 0 ${size} 0 0 cm /Im0 Do Q`;
  return makeRawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${size} ${size}] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>`,
    `<< /Type /XObject /Subtype /Image /Width ${size} /Height ${size} /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${image.length} /Filter [/FlateDecode /DCTDecode] >>\nstream\n${image.toString("latin1")}\nendstream`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ]);
}

/**
 * A content stream under /CCITTFaxDecode, which pdfjs decodes whole into one buffer whenever the page
 * is read: every bit of 0xFF is a "vertical 0" code, one more all-white row of `columns` pixels.
 */
export function makeCcittBombPdf(columns: number, dataBytes: number): Buffer {
  const data = Buffer.alloc(dataBytes, 0xff);
  return makeRawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
    `<< /Length ${data.length} /Filter /CCITTFaxDecode /DecodeParms << /K -1 /Columns ${columns} >> >>\nstream\n${data.toString("latin1")}\nendstream`,
  ]);
}
