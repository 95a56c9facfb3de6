/**
 * Just enough PDF syntax to find streams and read their dictionaries (filters, parameters, lengths,
 * the encryption dictionary, object streams). Lenient like pdfjs: what it cannot read it skips.
 */

export class PdfName {
  constructor(readonly name: string) {}
}

export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}

export class PdfString {
  constructor(readonly bytes: Uint8Array) {}
}

export class PdfCommand {
  constructor(readonly command: string) {}
}

export type PdfDict = Map<string, PdfValue>;
export type PdfValue = number | boolean | null | PdfName | PdfRef | PdfString | PdfCommand | PdfDict | PdfValue[];

const WHITESPACE = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WHITESPACE[c] = 1;
const DELIMITER = new Uint8Array(256);
for (const c of "()<>[]{}/%") DELIMITER[c.charCodeAt(0)] = 1;

/** Whitespace or a delimiter: what ends a name, a number or a command (pdfjs' "special" characters). */
export const SPECIAL = WHITESPACE.map((w, c) => w | DELIMITER[c]!);

export const isWhitespace = (c: number): boolean => c >= 0 && WHITESPACE[c] === 1;
export const isSpecial = (c: number): boolean => c >= 0 && SPECIAL[c] === 1;

/** Nested arrays and dictionaries deeper than this are not a document, they are an attack on the stack. */
const MAX_DEPTH = 64;
const END_ARRAY = Symbol("]");
const END_DICT = Symbol(">>");
type Token = PdfValue | typeof END_ARRAY | typeof END_DICT | undefined;

export class Lexer {
  constructor(
    readonly bytes: Uint8Array,
    public pos = 0,
  ) {}

  private peek(offset = 0): number {
    const at = this.pos + offset;
    return at < this.bytes.length ? this.bytes[at]! : -1;
  }

  /** Skips whitespace and comments. */
  skipSpace(): void {
    for (;;) {
      const c = this.peek();
      if (c === 0x25) {
        while (this.pos < this.bytes.length && this.bytes[this.pos] !== 0x0a && this.bytes[this.pos] !== 0x0d) this.pos++;
      } else if (isWhitespace(c)) {
        this.pos++;
      } else {
        return;
      }
    }
  }

  /** A run of regular characters (a command or keyword), read after skipping space. */
  readRegular(): string {
    this.skipSpace();
    const start = this.pos;
    while (this.pos < this.bytes.length && !isSpecial(this.bytes[this.pos]!)) this.pos++;
    return latin1(this.bytes, start, this.pos);
  }

  private readNumber(): number {
    const start = this.pos;
    while (this.pos < this.bytes.length) {
      const c = this.bytes[this.pos]!;
      if ((c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x2b || c === 0x2d) this.pos++;
      else break;
    }
    const value = Number.parseFloat(latin1(this.bytes, start, this.pos));
    return Number.isFinite(value) ? value : 0;
  }

  private readName(): PdfName {
    this.pos++;
    const start = this.pos;
    while (this.pos < this.bytes.length && !isSpecial(this.bytes[this.pos]!)) this.pos++;
    const raw = latin1(this.bytes, start, this.pos);
    return new PdfName(raw.includes("#") ? raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))) : raw);
  }

  private readLiteralString(): PdfString {
    this.pos++;
    const out: number[] = [];
    let depth = 1;
    while (this.pos < this.bytes.length) {
      const c = this.bytes[this.pos++]!;
      if (c === 0x28) depth++;
      else if (c === 0x29 && --depth === 0) break;
      if (c !== 0x5c) {
        out.push(c);
        continue;
      }
      const e = this.peek();
      this.pos++;
      const simple: Record<number, number> = { 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09, 0x62: 0x08, 0x66: 0x0c, 0x28: 0x28, 0x29: 0x29, 0x5c: 0x5c };
      if (simple[e] !== undefined) out.push(simple[e]);
      else if (e >= 0x30 && e <= 0x37) {
        let value = e - 0x30;
        for (let i = 0; i < 2 && this.peek() >= 0x30 && this.peek() <= 0x37; i++) value = value * 8 + (this.bytes[this.pos++]! - 0x30);
        out.push(value & 0xff);
      } else if (e === 0x0d) {
        if (this.peek() === 0x0a) this.pos++;
      } else if (e !== 0x0a && e >= 0) out.push(e);
    }
    return new PdfString(Uint8Array.from(out));
  }

  private readHexString(): PdfString {
    this.pos++;
    const out: number[] = [];
    let high = -1;
    while (this.pos < this.bytes.length) {
      const c = this.bytes[this.pos++]!;
      if (c === 0x3e) break;
      const digit = hexDigit(c);
      if (digit < 0) continue;
      if (high < 0) high = digit;
      else {
        out.push((high << 4) | digit);
        high = -1;
      }
    }
    if (high >= 0) out.push(high << 4);
    return new PdfString(Uint8Array.from(out));
  }

  private token(): Token {
    this.skipSpace();
    const c = this.peek();
    if (c < 0) return undefined;
    if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) return this.readNumber();
    switch (c) {
      case 0x2f:
        return this.readName();
      case 0x28:
        return this.readLiteralString();
      case 0x5b:
        this.pos++;
        return new PdfCommand("[");
      case 0x5d:
        this.pos++;
        return END_ARRAY;
      case 0x3c:
        if (this.peek(1) === 0x3c) {
          this.pos += 2;
          return new PdfCommand("<<");
        }
        return this.readHexString();
      case 0x3e:
        this.pos += this.peek(1) === 0x3e ? 2 : 1;
        return END_DICT;
      case 0x7b:
      case 0x7d:
      case 0x29:
        this.pos++;
        return new PdfCommand(String.fromCharCode(c));
    }
    const word = this.readRegular();
    if (word === "true") return true;
    if (word === "false") return false;
    if (word === "null") return null;
    return new PdfCommand(word);
  }

  /** Reads one object (with `n g R` references folded in). Returns undefined at the end of the data. */
  readObject(depth = 0): PdfValue | undefined {
    const first = this.token();
    return this.complete(first, depth);
  }

  private complete(first: Token, depth: number): PdfValue | undefined {
    if (first === END_ARRAY || first === END_DICT || first === undefined) return undefined;
    if (first instanceof PdfCommand && (first.command === "[" || first.command === "<<")) {
      if (depth >= MAX_DEPTH) throw new RangeError("PDF objects nested too deeply");
      return first.command === "[" ? this.readArray(depth + 1) : this.readDict(depth + 1);
    }
    if (typeof first === "number" && Number.isInteger(first) && first >= 0) return this.maybeRef(first);
    return first;
  }

  /** After an integer: `gen R` makes it a reference; otherwise the lexer goes back. */
  private maybeRef(num: number): PdfValue {
    const save = this.pos;
    const gen = this.token();
    if (typeof gen === "number" && Number.isInteger(gen) && gen >= 0) {
      const r = this.token();
      if (r instanceof PdfCommand && r.command === "R") return new PdfRef(num, gen);
    }
    this.pos = save;
    return num;
  }

  private readArray(depth: number): PdfValue[] {
    const items: PdfValue[] = [];
    for (;;) {
      const t = this.token();
      if (t === END_ARRAY || t === undefined || t === END_DICT) return items;
      const value = this.complete(t, depth);
      if (value !== undefined) items.push(value);
    }
  }

  private readDict(depth: number): PdfDict {
    const dict: PdfDict = new Map();
    for (;;) {
      const key = this.token();
      if (key === END_DICT || key === undefined) return dict;
      if (!(key instanceof PdfName)) continue;
      const t = this.token();
      if (t === END_DICT || t === undefined) return dict;
      const value = this.complete(t, depth);
      if (value !== undefined) dict.set(key.name, value);
    }
  }
}

function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

export function latin1(bytes: Uint8Array, start: number, end: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, Math.max(0, end - start)).toString("latin1");
}

export const isDict = (v: PdfValue | undefined): v is PdfDict => v instanceof Map;
export const nameOf = (v: PdfValue | undefined): string | undefined => (v instanceof PdfName ? v.name : undefined);
