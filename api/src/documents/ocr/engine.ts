import { createRequire } from "node:module";
import path from "node:path";
import { Worker as NodeWorker } from "node:worker_threads";
import { OEM, PSM, createWorker, type Line } from "tesseract.js";

const require = createRequire(import.meta.url);

/**
 * English LSTM data shipped in @tesseract.js-data/eng, read from disk: nothing is downloaded at run
 * time. The integer "best" model is the one tesseract.js itself fetches for the LSTM engine; it is
 * gzipped in the package.
 */
const LANG_PATH = path.join(path.dirname(require.resolve("@tesseract.js-data/eng/package.json")), "4.0.0_best_int");

export interface OcrEngine {
  /** The lines of text Tesseract finds in an encoded image (PNG) of `dpi` pixels an inch, in image pixels. */
  recognise(image: Buffer, dpi: number): Promise<Line[]>;
  terminate(): Promise<void>;
}

/**
 * One Tesseract worker (its own thread, running the WebAssembly build) for the pages of one document.
 * Failures reject the promise of the call in progress; none is thrown from a message handler, where it
 * would take the extraction worker down with it.
 */
export async function startOcrEngine(): Promise<OcrEngine> {
  const worker = await createWorker("eng", OEM.LSTM_ONLY, {
    langPath: LANG_PATH,
    gzip: true,
    // The data is read from the package each time; nothing is cached to (or read from) the disk.
    cacheMethod: "none",
    errorHandler: () => undefined,
  });
  // The library's default is one uniform block of text; a scan has columns, captions and pictures.
  await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO });

  // tesseract.js does not notice its thread dying, so a recognise call would wait forever.
  const thread = (worker as { worker?: unknown }).worker;
  const died = new Promise<never>((_resolve, reject) => {
    if (!(thread instanceof NodeWorker)) return;
    thread.once("error", reject);
    thread.once("exit", (code) => reject(new Error(`The OCR worker stopped (exit code ${code}).`)));
  });
  died.catch(() => undefined);

  return {
    async recognise(image, dpi) {
      // The resolution we rendered at, rather than Tesseract's guess (which it logs to the console).
      await Promise.race([worker.setParameters({ user_defined_dpi: String(Math.round(dpi)) }), died]);
      const { data } = await Promise.race([worker.recognize(image, {}, { text: false, blocks: true }), died]);
      return (data.blocks ?? []).flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines));
    },
    async terminate() {
      await worker.terminate();
    },
  };
}
