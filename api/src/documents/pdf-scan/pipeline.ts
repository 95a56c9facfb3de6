import {
  Ascii85Stage,
  AsciiHexStage,
  BudgetExceeded,
  CopyStage,
  FlateStage,
  LzwStage,
  RunLengthStage,
  Stage,
  type ByteSource,
  type Meter,
} from "./decoders";
import { jpegDimensions, jpxDimensions, type Dimensions } from "./images";
import { isDict, type PdfValue } from "./syntax";

export interface Filter {
  name: string;
  params: PdfValue | undefined;
}

type Leaf = "jpeg" | "jpx" | "opaque";

/** pdfjs' Parser.makeFilter, as far as output sizes go. */
function makeStage(src: ByteSource, { name, params }: Filter, meter: Meter): ByteSource | Leaf | null {
  switch (name) {
    case "Fl":
    case "FlateDecode":
      return withPredictor(new FlateStage(src, meter), params, meter);
    case "LZW":
    case "LZWDecode": {
      const early = isDict(params) ? params.get("EarlyChange") : undefined;
      return withPredictor(new LzwStage(src, meter, typeof early === "number" ? early : 1), params, meter);
    }
    case "A85":
    case "ASCII85Decode":
      return new Ascii85Stage(src, meter);
    case "AHx":
    case "ASCIIHexDecode":
      return new AsciiHexStage(src, meter);
    case "RL":
    case "RunLengthDecode":
      return new RunLengthStage(src, meter);
    case "DCT":
    case "DCTDecode":
      return "jpeg";
    case "JPX":
    case "JPXDecode":
      return "jpx";
    case "CCF":
    case "CCITTFaxDecode":
    case "JBIG2Decode":
      return "opaque";
    default:
      // pdfjs passes the data through a filter it does not know (Crypt included).
      return src;
  }
}

/** PredictorStream: a second buffer as large as the first; an invalid predictor yields nothing. */
function withPredictor(stage: Stage, params: PdfValue | undefined, meter: Meter): ByteSource | null {
  if (!isDict(params)) return stage;
  const predictor = params.get("Predictor");
  const value = typeof predictor === "number" && predictor ? predictor : 1;
  if (value <= 1) return stage;
  if (value !== 2 && (value < 10 || value > 15)) return null;
  return new CopyStage(stage, meter);
}

function drain(src: ByteSource, onChunk?: (chunk: Uint8Array) => void): void {
  if (src instanceof Stage) {
    for (let chunk = src.next(); chunk; chunk = src.next()) onChunk?.(chunk);
    return;
  }
  // The file's own bytes (or their decryption): nothing to count, but operators may be in them.
  if (!onChunk) return;
  const buffer = new Uint8Array(64 * 1024);
  let n = 0;
  for (let b = src.getByte(); b >= 0; b = src.getByte()) {
    buffer[n++] = b;
    if (n === buffer.length) {
      onChunk(buffer);
      n = 0;
    }
  }
  if (n > 0) onChunk(buffer.subarray(0, n));
}

export interface RunOptions {
  maxImagePixels: number;
  /** Receives what pdfjs' content parser would see when the stream is drawn. */
  onChunk?: (chunk: Uint8Array) => void;
}

/**
 * Decodes one stream through its filters, counting every stage's output in `meter` (pdfjs keeps the
 * whole output of each stage), and checks the pixel size of JPEG and JPEG 2000 images.
 */
export function runFilters(source: ByteSource, filters: Filter[], meter: Meter, options: RunOptions): void {
  let current: ByteSource = source;
  for (const filter of filters) {
    const next = makeStage(current, filter, meter);
    if (next === null) return;
    if (typeof next === "string") {
      checkImage(next, current, options.maxImagePixels);
      drain(current);
      return;
    }
    current = next;
  }
  drain(current, options.onChunk);
}

function checkImage(leaf: Leaf, src: ByteSource, maxPixels: number): void {
  let dims: Dimensions | null = null;
  if (leaf === "jpeg") dims = jpegDimensions(src);
  else if (leaf === "jpx") dims = jpxDimensions(src);
  if (dims && dims.width * dims.height > maxPixels) throw new BudgetExceeded("image");
}
