/**
 * Stream decoders that count what they produce and keep almost nothing: a chunk of output and, for
 * Flate, the 32 KB window. They follow pdfjs' own decoders (src/core/flate_stream.js, lzw_stream.js,
 * run_length_stream.js, ascii_85_stream.js, ascii_hex_stream.js) including where pdfjs is lenient
 * (a back-reference before the start reads zeros, a damaged block ends the stream), so a stream
 * cannot decode to more in pdfjs than it does here.
 */

export interface ByteSource {
  /** The next byte, or -1 at the end. */
  getByte(): number;
}

/** Adds each decoder's output to the budgets; throws BudgetExceeded to stop everything. */
export interface Meter {
  add(bytes: number): void;
}

export class BudgetExceeded extends Error {
  constructor(readonly reason: "stream" | "document" | "operators" | "image") {
    super(`PDF ${reason} budget exceeded`);
    this.name = "BudgetExceeded";
  }
}

const CHUNK = 64 * 1024;
/** Room past CHUNK for the longest single step of any decoder (an LZW sequence, a Flate match). */
const SLACK = 16 * 1024;

export class ArraySource implements ByteSource {
  constructor(
    private readonly bytes: Uint8Array,
    private pos: number,
    private readonly end: number,
  ) {}

  getByte(): number {
    return this.pos < this.end ? this.bytes[this.pos++]! : -1;
  }

  /** Up to n bytes at once, without copying (stored Flate blocks: most of an incompressible file). */
  take(n: number): Uint8Array {
    const start = this.pos;
    this.pos = Math.min(this.end, this.pos + n);
    return this.bytes.subarray(start, this.pos);
  }
}

export abstract class Stage implements ByteSource {
  protected out = new Uint8Array(CHUNK + SLACK);
  protected len = 0;
  protected done = false;
  private at = 0;

  constructor(
    protected readonly src: ByteSource,
    private readonly meter: Meter,
  ) {}

  /** Decodes the next piece into out[0, len); sets `done` at the end of the data. */
  protected abstract fill(): void;

  protected get full(): boolean {
    return this.len >= CHUNK;
  }

  getByte(): number {
    while (this.at >= this.len) if (!this.refill()) return -1;
    return this.out[this.at++]!;
  }

  /** The next chunk of output (valid until the next call), or null at the end. */
  next(): Uint8Array | null {
    while (this.at >= this.len) if (!this.refill()) return null;
    const chunk = this.out.subarray(this.at, this.len);
    this.at = this.len;
    return chunk;
  }

  private refill(): boolean {
    if (this.done) return false;
    this.len = 0;
    this.at = 0;
    try {
      this.fill();
    } catch (error) {
      if (error instanceof BudgetExceeded) throw error;
      // A damaged stream ends where pdfjs gives up on it too; what was decoded so far still counts.
      this.done = true;
    }
    this.meter.add(this.len);
    return true;
  }

  protected emit(byte: number): void {
    this.out[this.len++] = byte;
  }
}

// ---- Flate ---------------------------------------------------------------------------------

type HuffmanTable = [codes: Int32Array, maxLen: number];

const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
const LENGTH_DECODE = [
  0x00003, 0x00004, 0x00005, 0x00006, 0x00007, 0x00008, 0x00009, 0x0000a, 0x1000b, 0x1000d, 0x1000f, 0x10011, 0x20013, 0x20017, 0x2001b, 0x2001f, 0x30023,
  0x3002b, 0x30033, 0x3003b, 0x40043, 0x40053, 0x40063, 0x40073, 0x50083, 0x500a3, 0x500c3, 0x500e3, 0x00102, 0x00102, 0x00102,
];
const DIST_DECODE = [
  0x00001, 0x00002, 0x00003, 0x00004, 0x10005, 0x10007, 0x20009, 0x2000d, 0x30011, 0x30019, 0x40021, 0x40031, 0x50041, 0x50061, 0x60081, 0x600c1, 0x70101,
  0x70181, 0x80201, 0x80301, 0x90401, 0x90601, 0xa0801, 0xa0c01, 0xb1001, 0xb1801, 0xc2001, 0xc3001, 0xd4001, 0xd6001,
];

function huffmanTable(lengths: ArrayLike<number>): HuffmanTable {
  let maxLen = 0;
  for (let i = 0; i < lengths.length; i++) maxLen = Math.max(maxLen, lengths[i]!);
  const size = 1 << maxLen;
  const codes = new Int32Array(size);
  for (let len = 1, code = 0, skip = 2; len <= maxLen; ++len, code <<= 1, skip <<= 1) {
    for (let val = 0; val < lengths.length; ++val) {
      if (lengths[val] !== len) continue;
      let reversed = 0;
      for (let i = 0, t = code; i < len; ++i, t >>= 1) reversed = (reversed << 1) | (t & 1);
      for (let i = reversed; i < size; i += skip) codes[i] = (len << 16) | val;
      ++code;
    }
  }
  return [codes, maxLen];
}

const FIXED_LIT = huffmanTable(Array.from({ length: 288 }, (_, i) => (i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8)));
const FIXED_DIST = huffmanTable(new Array<number>(30).fill(5));

class FlateError extends Error {}

export class FlateStage extends Stage {
  private readonly window = new Uint8Array(32 * 1024);
  private produced = 0;
  private codeBuf = 0;
  private codeSize = 0;
  private started = false;
  private last = false;
  private stored = -1;
  private tables: [HuffmanTable, HuffmanTable] | null = null;

  private bits(n: number): number {
    while (this.codeSize < n) {
      const b = this.src.getByte();
      if (b < 0) throw new FlateError("end of data");
      this.codeBuf |= b << this.codeSize;
      this.codeSize += 8;
    }
    const value = this.codeBuf & ((1 << n) - 1);
    this.codeBuf >>= n;
    this.codeSize -= n;
    return value;
  }

  private code([codes, maxLen]: HuffmanTable): number {
    while (this.codeSize < maxLen) {
      const b = this.src.getByte();
      if (b < 0) break;
      this.codeBuf |= b << this.codeSize;
      this.codeSize += 8;
    }
    const code = codes[this.codeBuf & ((1 << maxLen) - 1)] ?? 0;
    const codeLen = code >> 16;
    if (codeLen < 1 || this.codeSize < codeLen) throw new FlateError("bad code");
    this.codeBuf >>= codeLen;
    this.codeSize -= codeLen;
    return code & 0xffff;
  }

  private put(byte: number): void {
    this.window[this.produced & 0x7fff] = byte;
    this.produced++;
    this.emit(byte);
  }

  protected fill(): void {
    if (!this.started) {
      this.started = true;
      const cmf = this.src.getByte();
      const flg = this.src.getByte();
      if (cmf < 0 || flg < 0 || (cmf & 0x0f) !== 8 || ((cmf << 8) + flg) % 31 !== 0 || flg & 0x20) {
        this.done = true;
        return;
      }
    }
    while (!this.full) {
      if (this.stored >= 0) this.copyStored();
      else if (this.tables) this.decodeHuffman(this.tables);
      else if (this.last) {
        this.done = true;
        return;
      } else if (!this.readBlockHeader()) return;
    }
  }

  /** False when the data ended in the header (pdfjs ends the stream there, quietly). */
  private readBlockHeader(): boolean {
    let hdr: number;
    try {
      hdr = this.bits(3);
    } catch {
      this.done = true;
      return false;
    }
    this.last = (hdr & 1) === 1;
    hdr >>= 1;
    if (hdr === 0) {
      const b = [this.src.getByte(), this.src.getByte(), this.src.getByte(), this.src.getByte()];
      if (b.some((x) => x < 0)) {
        this.done = true;
        return false;
      }
      const blockLen = b[0]! | (b[1]! << 8);
      const check = b[2]! | (b[3]! << 8);
      if (check !== (~blockLen & 0xffff) && (blockLen !== 0 || check !== 0)) throw new FlateError("bad stored block");
      this.codeBuf = 0;
      this.codeSize = 0;
      this.stored = blockLen;
    } else if (hdr === 1) {
      this.tables = [FIXED_LIT, FIXED_DIST];
    } else if (hdr === 2) {
      this.tables = this.readDynamicTables();
    } else {
      throw new FlateError("bad block type");
    }
    return true;
  }

  private readDynamicTables(): [HuffmanTable, HuffmanTable] {
    const numLit = this.bits(5) + 257;
    const numDist = this.bits(5) + 1;
    const numCodeLen = this.bits(4) + 4;
    const codeLenLengths = new Uint8Array(19);
    for (let i = 0; i < numCodeLen; i++) codeLenLengths[CODE_LENGTH_ORDER[i]!] = this.bits(3);
    const codeLenTable = huffmanTable(codeLenLengths);
    const lengths = new Uint8Array(numLit + numDist);
    let len = 0;
    for (let i = 0; i < lengths.length; ) {
      const code = this.code(codeLenTable);
      if (code < 16) {
        lengths[i++] = len = code;
        continue;
      }
      const [bitsLength, offset, what] = code === 16 ? [2, 3, len] : code === 17 ? [3, 3, (len = 0)] : [7, 11, (len = 0)];
      // pdfjs writes past the end of its array here and the extra values vanish; so do ours.
      for (let repeat = this.bits(bitsLength) + offset; repeat > 0; repeat--) if (i < lengths.length) lengths[i++] = what;
      else i++;
    }
    return [huffmanTable(lengths.subarray(0, numLit)), huffmanTable(lengths.subarray(numLit))];
  }

  private copyStored(): void {
    if (this.src instanceof ArraySource && this.stored > 0) {
      const bytes = this.src.take(Math.min(this.stored, CHUNK - this.len));
      this.out.set(bytes, this.len);
      this.len += bytes.length;
      const tail = bytes.subarray(Math.max(0, bytes.length - this.window.length));
      for (let i = 0, at = this.produced + bytes.length - tail.length; i < tail.length; i++, at++) this.window[at & 0x7fff] = tail[i]!;
      this.produced += bytes.length;
      this.stored -= bytes.length;
      if (bytes.length === 0) {
        this.done = true;
        this.stored = -1;
      } else if (this.stored === 0) this.stored = -1;
      return;
    }
    while (this.stored > 0 && !this.full) {
      const b = this.src.getByte();
      if (b < 0) {
        this.done = true;
        this.stored = -1;
        return;
      }
      this.put(b);
      this.stored--;
    }
    if (this.stored === 0) this.stored = -1;
  }

  /** The hot loop of a bomb: locals rather than fields, byte by byte because source and target may overlap. */
  private copyMatch(length: number, distance: number): void {
    const { window, out } = this;
    let produced = this.produced;
    let len = this.len;
    if (distance === 1 && produced > 0) {
      // A run of one byte (the shape of every zip bomb): memset speed.
      const b = window[(produced - 1) & 0x7fff]!;
      out.fill(b, len, len + length);
      const start = produced & 0x7fff;
      window.fill(b, start, Math.min(0x8000, start + length));
      if (start + length > 0x8000) window.fill(b, 0, start + length - 0x8000);
      this.produced = produced + length;
      this.len = len + length;
      return;
    }
    for (let k = 0; k < length; k++, produced++) {
      const from = produced - distance;
      const b = distance === 0 || from < 0 ? 0 : window[from & 0x7fff]!;
      window[produced & 0x7fff] = b;
      out[len++] = b;
    }
    this.produced = produced;
    this.len = len;
  }

  private decodeHuffman([lit, dist]: [HuffmanTable, HuffmanTable]): void {
    while (!this.full) {
      let code = this.code(lit);
      if (code < 256) {
        this.put(code);
        continue;
      }
      if (code === 256) {
        this.tables = null;
        return;
      }
      code = LENGTH_DECODE[code - 257] ?? 0;
      const length = (code & 0xffff) + (code >> 16 > 0 ? this.bits(code >> 16) : 0);
      const d = DIST_DECODE[this.code(dist)] ?? 0;
      const distance = (d & 0xffff) + (d >> 16 > 0 ? this.bits(d >> 16) : 0);
      this.copyMatch(length, distance);
    }
  }
}

// ---- LZW -----------------------------------------------------------------------------------

const LZW_DICTIONARY = 4096;

export class LzwStage extends Stage {
  private cached = 0;
  private bitsCached = 0;
  private codeLength = 9;
  private nextCode = 258;
  private prevCode = 0;
  private readonly values = new Uint8Array(LZW_DICTIONARY);
  private readonly lengths = new Uint16Array(LZW_DICTIONARY);
  private readonly prevCodes = new Uint16Array(LZW_DICTIONARY);
  private readonly sequence = new Uint8Array(LZW_DICTIONARY);
  private sequenceLength = 0;

  constructor(
    src: ByteSource,
    meter: Meter,
    private readonly earlyChange: number,
  ) {
    super(src, meter);
    for (let i = 0; i < 256; i++) {
      this.values[i] = i;
      this.lengths[i] = 1;
    }
  }

  private readBits(n: number): number | null {
    while (this.bitsCached < n) {
      const c = this.src.getByte();
      if (c < 0) return null;
      this.cached = ((this.cached << 8) | c) >>> 0;
      this.bitsCached += 8;
    }
    this.bitsCached -= n;
    return (this.cached >>> this.bitsCached) & ((1 << n) - 1);
  }

  protected fill(): void {
    while (!this.full) {
      const code = this.readBits(this.codeLength);
      if (code === null || code === 257) {
        this.done = true;
        return;
      }
      const hasPrev = this.sequenceLength > 0;
      if (code < 256) {
        this.sequence[0] = code;
        this.sequenceLength = 1;
      } else if (code >= 258) {
        if (code < this.nextCode) {
          this.sequenceLength = this.lengths[code] ?? 0;
          for (let j = this.sequenceLength - 1, q = code; j >= 0; j--) {
            this.sequence[j] = this.values[q] ?? 0;
            q = this.prevCodes[q] ?? 0;
          }
        } else {
          this.sequence[this.sequenceLength++] = this.sequence[0]!;
        }
      } else {
        this.codeLength = 9;
        this.nextCode = 258;
        this.sequenceLength = 0;
        continue;
      }
      if (hasPrev) {
        const next = this.nextCode;
        if (next < LZW_DICTIONARY) {
          this.prevCodes[next] = this.prevCode;
          this.lengths[next] = (this.lengths[this.prevCode] ?? 0) + 1;
          this.values[next] = this.sequence[0]!;
        }
        this.nextCode++;
        const n = this.nextCode + this.earlyChange;
        this.codeLength = n & (n - 1) ? this.codeLength : Math.min(Math.log(n) / Math.LN2 + 1, 12) | 0;
      }
      this.prevCode = code;
      // pdfjs' sequence array holds 4096 bytes; a longer sequence reads zeros past its end.
      for (let j = 0; j < this.sequenceLength; j++) this.emit(j < LZW_DICTIONARY ? this.sequence[j]! : 0);
    }
  }
}

// ---- RunLength, ASCII85, ASCIIHex, predictors ----------------------------------------------

export class RunLengthStage extends Stage {
  protected fill(): void {
    while (!this.full) {
      const n = this.src.getByte();
      const value = this.src.getByte();
      if (n < 0 || value < 0 || n === 128) {
        this.done = true;
        return;
      }
      if (n < 128) {
        this.emit(value);
        for (let i = 0; i < n; i++) {
          const b = this.src.getByte();
          if (b < 0) break;
          this.emit(b);
        }
      } else {
        for (let i = 0; i < 257 - n; i++) this.emit(value);
      }
    }
  }
}

export class Ascii85Stage extends Stage {
  protected fill(): void {
    while (!this.full) {
      let c = this.src.getByte();
      while (c >= 0 && isPdfSpace(c)) c = this.src.getByte();
      if (c < 0 || c === 0x7e) {
        this.done = true;
        return;
      }
      if (c === 0x7a) {
        for (let i = 0; i < 4; i++) this.emit(0);
        continue;
      }
      const group = [c];
      while (group.length < 5) {
        c = this.src.getByte();
        while (c >= 0 && isPdfSpace(c)) c = this.src.getByte();
        if (c < 0 || c === 0x7e) break;
        group.push(c);
      }
      const count = group.length;
      while (group.length < 5) group.push(0x21 + 84);
      let t = 0;
      for (const g of group) t = t * 85 + (g - 0x21);
      for (let i = 0; i < count - 1; i++) this.emit((t >>> (24 - 8 * i)) & 0xff);
      if (count < 5) {
        this.done = true;
        return;
      }
    }
  }
}

export class AsciiHexStage extends Stage {
  private high = -1;

  protected fill(): void {
    while (!this.full) {
      const c = this.src.getByte();
      if (c < 0 || c === 0x3e) {
        if (this.high >= 0) this.emit(this.high << 4);
        this.done = true;
        return;
      }
      const digit = c >= 0x30 && c <= 0x39 ? c - 0x30 : (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66) ? (c & 0x0f) + 9 : -1;
      if (digit < 0) continue;
      if (this.high < 0) this.high = digit;
      else {
        this.emit((this.high << 4) | digit);
        this.high = -1;
      }
    }
  }
}

/** A PNG or TIFF predictor keeps a second buffer of about the same size as its input: count it again. */
export class CopyStage extends Stage {
  protected fill(): void {
    while (!this.full) {
      const b = this.src.getByte();
      if (b < 0) {
        this.done = true;
        return;
      }
      this.emit(b);
    }
  }
}

function isPdfSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
}
