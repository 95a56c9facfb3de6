import { isDict, latin1, Lexer, nameOf, PdfRef, PdfString, type PdfDict, type PdfValue } from "./syntax";

export interface StreamObject {
  num: number;
  gen: number;
  dict: PdfDict;
  /** Where the data starts: after the end of the line that holds `stream` (pdfjs' skipToNextLine). */
  start: number;
}

/**
 * Every `n g obj` in the file, found by searching the bytes rather than trusting the cross-reference
 * table: pdfjs may reach any of them (it rebuilds a broken table the same way), and an object hidden
 * inside another object's data is still an object. A number defined more than once keeps every
 * definition.
 */
export class PdfObjects {
  readonly objects = new Map<number, PdfValue[]>();
  readonly streams: StreamObject[] = [];
  readonly trailers: PdfDict[] = [];

  constructor(readonly bytes: Uint8Array) {
    const text = latin1(bytes, 0, bytes.length);
    const header = /(?<![0-9])(\d{1,10})[\0\t\n\f\r ]+(\d{1,5})[\0\t\n\f\r ]+obj(?=[\0\t\n\f\r ()<>[\]{}/%]|$)/g;
    for (let m = header.exec(text); m; m = header.exec(text)) this.readObject(Number(m[1]), Number(m[2]), header.lastIndex);
    const trailer = /trailer(?=[\0\t\n\f\r <%])/g;
    for (let m = trailer.exec(text); m; m = trailer.exec(text)) {
      const dict = safeRead(new Lexer(bytes, trailer.lastIndex));
      if (isDict(dict)) this.trailers.push(dict);
    }
    for (const stream of this.streams) if (nameOf(stream.dict.get("Type")) === "XRef") this.trailers.push(stream.dict);
  }

  private readObject(num: number, gen: number, at: number): void {
    const lexer = new Lexer(this.bytes, at);
    const value = safeRead(lexer);
    if (value === undefined) return;
    this.add(num, value);
    if (!isDict(value) || lexer.readRegular() !== "stream") return;
    let p = lexer.pos;
    while (p < this.bytes.length && this.bytes[p] !== 0x0a && this.bytes[p] !== 0x0d) p++;
    if (this.bytes[p] === 0x0d && this.bytes[p + 1] === 0x0a) p++;
    this.streams.push({ num, gen, dict: value, start: Math.min(p + 1, this.bytes.length) });
  }

  add(num: number, value: PdfValue): void {
    const list = this.objects.get(num);
    if (list) list.push(value);
    else this.objects.set(num, [value]);
  }

  /** Every definition a reference could mean. */
  candidates(value: PdfValue | undefined): PdfValue[] {
    if (!(value instanceof PdfRef)) return value === undefined ? [] : [value];
    return this.objects.get(value.num) ?? [];
  }

  /** A reference's latest definition (what an incremental update's table points at), or the value itself. */
  resolve = (value: PdfValue | undefined): PdfValue | undefined => {
    for (let depth = 0; value instanceof PdfRef && depth < 8; depth++) value = this.objects.get(value.num)?.at(-1);
    return value instanceof PdfRef ? undefined : value;
  };

  /** The objects packed in a decoded object stream (/Type /ObjStm). */
  addObjectStream(dict: PdfDict, decoded: Uint8Array): void {
    const n = this.resolve(dict.get("N"));
    const first = this.resolve(dict.get("First"));
    if (typeof n !== "number" || typeof first !== "number" || n < 0 || first < 0) return;
    const lexer = new Lexer(decoded, 0);
    const entries: [number, number][] = [];
    for (let i = 0; i < n; i++) {
      const num = safeRead(lexer);
      const offset = safeRead(lexer);
      if (typeof num !== "number" || typeof offset !== "number") break;
      entries.push([num, offset]);
    }
    for (const [num, offset] of entries) {
      const value = safeRead(new Lexer(decoded, first + offset));
      if (value !== undefined) this.add(num, value);
    }
  }

  /** The pairs of (encryption dictionary, first file ID) that the trailers name. */
  encryption(): { encrypt: PdfDict; fileId: Uint8Array }[] {
    const found: { encrypt: PdfDict; fileId: Uint8Array }[] = [];
    for (const trailer of this.trailers) {
      if (!trailer.has("Encrypt")) continue;
      const id = this.resolve(trailer.get("ID"));
      const first = Array.isArray(id) ? this.resolve(id[0]) : undefined;
      const fileId = first instanceof PdfString ? first.bytes : new Uint8Array(0);
      for (const encrypt of this.candidates(trailer.get("Encrypt"))) if (isDict(encrypt)) found.push({ encrypt, fileId });
    }
    return found;
  }
}

function safeRead(lexer: Lexer): PdfValue | undefined {
  try {
    return lexer.readObject();
  } catch {
    return undefined;
  }
}
