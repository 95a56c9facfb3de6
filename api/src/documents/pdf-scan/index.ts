import { standardDecryptor, type StreamDecryptor } from "./crypt";
import { ArraySource, BudgetExceeded, type ByteSource, type Meter } from "./decoders";
import { PdfObjects, type StreamObject } from "./objects";
import { OperatorCounter } from "./operators";
import { runFilters, type Filter } from "./pipeline";
import { isDict, Lexer, nameOf, PdfName, PdfRef } from "./syntax";

export interface PdfScanLimits {
  /** Decoded bytes of one stream, all filter stages together (pdfjs keeps each stage's output). */
  maxStreamBytes: number;
  /** Decoded bytes of every stream of the document, plus pages' concatenated content. */
  maxDocumentBytes: number;
  /** Content-stream operators in the whole document. */
  maxOperators: number;
  /** Width × height of one JPEG or JPEG 2000 image. */
  maxImagePixels: number;
}

export type PdfScanProblem = "stream_too_large" | "document_too_large" | "too_many_operators" | "image_too_large";

export interface PdfScanResult {
  problem: PdfScanProblem | null;
  decodedBytes: number;
  operators: number;
  streams: number;
}

const PROBLEMS: Record<BudgetExceeded["reason"], PdfScanProblem> = {
  stream: "stream_too_large",
  document: "document_too_large",
  operators: "too_many_operators",
  image: "image_too_large",
};

/**
 * Measures what a PDF unpacks to before pdfjs opens it: every stream decoded through its filters (and
 * decrypted, when pdfjs would open it without a password) by counting decoders that stop at the first
 * budget passed. pdfjs decodes a stream whole, into memory, whenever it touches it; a 1 MB file can
 * hold gigabytes that way, and the worker's heap limit does not cover typed arrays.
 */
export function scanPdf(bytes: Uint8Array, limits: PdfScanLimits): PdfScanResult {
  const pdf = new PdfObjects(bytes);
  const scan = new Scan(pdf, limits);
  try {
    scan.run();
    return { problem: null, ...scan.totals() };
  } catch (error) {
    if (error instanceof BudgetExceeded) return { problem: PROBLEMS[error.reason], ...scan.totals() };
    throw error;
  }
}

class Scan {
  private decodedBytes = 0;
  private operators = 0;
  private streams = 0;
  private readonly decodedOf = new Map<number, number>();
  private readonly operatorsOf = new Map<number, number>();
  private readonly decryptors: StreamDecryptor[];

  constructor(
    private readonly pdf: PdfObjects,
    private readonly limits: PdfScanLimits,
  ) {
    this.decryptors = pdf.encryption().flatMap(({ encrypt, fileId }) => standardDecryptor(encrypt, fileId, pdf.resolve) ?? []);
  }

  totals() {
    return { decodedBytes: this.decodedBytes, operators: this.operators, streams: this.streams };
  }

  run(): void {
    // Object streams first: what they hold (lengths, filter arrays, pages) is needed for the rest.
    const isObjStm = (s: StreamObject) => nameOf(s.dict.get("Type")) === "ObjStm";
    for (const stream of this.pdf.streams.filter(isObjStm)) this.measure(stream, true);
    for (const stream of this.pdf.streams.filter((s) => !isObjStm(s))) this.measure(stream, false);
    this.measurePageContents();
  }

  /**
   * Decodes one stream in every way pdfjs might read it (in the clear and with each key; with each
   * definition of an indirect /Filter) and counts the largest.
   */
  private measure(stream: StreamObject, keep: boolean): void {
    const end = this.streamEnd(stream);
    let largest = 0;
    let mostOperators = 0;
    for (const filters of this.filterPlans(stream)) {
      for (const source of this.sources(stream, end)) {
        const meter = new StreamMeter(this.limits, this.decodedBytes);
        const counter = new OperatorCounter();
        const kept: Uint8Array[] = [];
        const onChunk = (chunk: Uint8Array) => {
          counter.push(chunk);
          if (counter.count + this.operators > this.limits.maxOperators) throw new BudgetExceeded("operators");
          if (keep) kept.push(chunk.slice());
        };
        runFilters(source, filters, meter, { maxImagePixels: this.limits.maxImagePixels, onChunk });
        largest = Math.max(largest, meter.bytes);
        mostOperators = Math.max(mostOperators, counter.end());
        if (keep) this.pdf.addObjectStream(stream.dict, Buffer.concat(kept));
      }
    }
    this.streams++;
    this.decodedBytes += largest;
    this.operators += mostOperators;
    this.decodedOf.set(stream.num, Math.max(this.decodedOf.get(stream.num) ?? 0, largest));
    this.operatorsOf.set(stream.num, Math.max(this.operatorsOf.get(stream.num) ?? 0, mostOperators));
    if (this.operators > this.limits.maxOperators) throw new BudgetExceeded("operators");
  }

  private sources(stream: StreamObject, end: number): ByteSource[] {
    const { bytes } = this.pdf;
    const sources: ByteSource[] = [new ArraySource(bytes, stream.start, end)];
    for (const decryptor of this.decryptors) {
      const source = decryptor.source(bytes, stream.start, end, stream.num, stream.gen);
      if (source) sources.push(source);
    }
    return sources;
  }

  /** pdfjs' Parser.filter: /F before /Filter, /DP before /DecodeParms; a bad name in an array voids the stream. */
  private filterPlans(stream: StreamObject): Filter[][] {
    const { dict } = stream;
    const filterValue = dict.has("F") ? dict.get("F") : dict.get("Filter");
    const params = this.pdf.resolve(dict.has("DP") ? dict.get("DP") : dict.get("DecodeParms"));
    const candidates = this.pdf.candidates(filterValue);
    if (candidates.length === 0) return [[]];
    return candidates.flatMap((filter): Filter[][] => {
      if (filter instanceof PdfName) return [[{ name: filter.name, params }]];
      if (!Array.isArray(filter)) return [[]];
      const names = filter.map((f) => this.pdf.resolve(f));
      if (!names.every((n) => n instanceof PdfName)) return [];
      return [names.map((n, i) => ({ name: (n as PdfName).name, params: Array.isArray(params) ? this.pdf.resolve(params[i]) : undefined }))];
    });
  }

  /**
   * Where pdfjs stops reading the data: at /Length when `endstream` follows it, else at the first
   * `endstream`. A /Length we cannot resolve could be anything, so then the data runs to the end of
   * the file (the decoders stop at their own end markers).
   */
  private streamEnd(stream: StreamObject): number {
    const { bytes } = this.pdf;
    const length = stream.dict.get("Length");
    const candidates = this.pdf.candidates(length).filter((v): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0);
    const verified = candidates.map((n) => stream.start + n).filter((end) => end <= bytes.length && new Lexer(bytes, end).readRegular() === "endstream");
    if (verified.length > 0) return Math.max(...verified);
    if (length instanceof PdfRef && candidates.length === 0) return bytes.length;
    const found = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf("endstream", stream.start, "latin1");
    return found >= 0 ? found : bytes.length;
  }

  /**
   * A page's /Contents array is read into one buffer, stream after stream, and may name the same
   * stream many times: each mention counts again.
   */
  private measurePageContents(): void {
    for (const definitions of this.pdf.objects.values()) {
      for (const page of definitions) {
        if (!isDict(page)) continue;
        const contents = this.pdf.resolve(page.get("Contents"));
        if (!Array.isArray(contents)) continue;
        const refs = contents.filter((c): c is PdfRef => c instanceof PdfRef);
        const bytes = refs.reduce((sum, r) => sum + (this.decodedOf.get(r.num) ?? 0), 0);
        const distinct = new Set(refs.map((r) => r.num));
        const repeatedOperators =
          refs.reduce((sum, r) => sum + (this.operatorsOf.get(r.num) ?? 0), 0) - [...distinct].reduce((sum, n) => sum + (this.operatorsOf.get(n) ?? 0), 0);
        if (bytes > this.limits.maxStreamBytes) throw new BudgetExceeded("stream");
        this.decodedBytes += bytes;
        this.operators += repeatedOperators;
        if (this.decodedBytes > this.limits.maxDocumentBytes) throw new BudgetExceeded("document");
        if (this.operators > this.limits.maxOperators) throw new BudgetExceeded("operators");
      }
    }
  }
}

class StreamMeter implements Meter {
  bytes = 0;

  constructor(
    private readonly limits: PdfScanLimits,
    private readonly before: number,
  ) {}

  add(n: number): void {
    this.bytes += n;
    if (this.bytes > this.limits.maxStreamBytes) throw new BudgetExceeded("stream");
    if (this.before + this.bytes > this.limits.maxDocumentBytes) throw new BudgetExceeded("document");
  }
}
