import { existsSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ERROR_CODES, MAX_UPLOAD_BYTES } from "@clausewise/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeExtractionPool, configureExtractionPool, DOCUMENT_LIMITS, extractionPoolStats, UPLOAD_MESSAGES } from "../documents";
import { createTestApp, type TestApp, type TestClient, type TestResponse } from "../test/app";
import { createContract, createTeam } from "../test/factories";
import {
  makeCanary,
  makeDocx,
  makeExecutable,
  makeOverlappingZip,
  makePdf,
  makePdfWithJavaScript,
  makePolyglot,
  makeZipBomb,
  makeMinimalDocxZip,
  makeZipWithTraversal,
} from "../test/fixtures";
import { deflateBomb, makeCcittBombPdf, makeGiantScanPdf, makePdfWithStreams } from "../test/hostile-pdf";
import { countRows, multipartForm, signedIn } from "../test/lifecycle-factories";

/*
 * Hostile files through the real upload routes (DESIGN.md §5, §7): each one gets a clear 4xx with
 * `{error, message}`, nothing is stored, the server keeps answering, and memory stays bounded. The
 * extraction workers run inside this process, so its RSS includes them.
 */

const PDF = "application/pdf";
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const ENCRYPTED_PDF = join(import.meta.dirname, "../../../../shared/fixtures/pdf/generated_encrypted-user-password-test.pdf");
/** Growth of the process's resident memory over the whole set that still counts as bounded. */
const MEMORY_BOUND_BYTES = 300 * 1024 * 1024;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await closeExtractionPool();
  await t.close();
});

interface HostileFile {
  label: string;
  bytes: Uint8Array;
  name: string;
  type: string;
  /**
   * Exhibits are stored and served back, never parsed (DECISIONS.md "Exhibits"), so a well-formed-looking
   * PDF the extractor cannot read is refused for a contract only; the last test covers exhibits.
   */
  contractOnly?: boolean;
}

const SCRIPT_CANARY_FILE = join(tmpdir(), `${makeCanary("clausewise-pdf-js")}.txt`);
/** What the PDF's scripts would do if anything ran them: leave a file behind, call out, set a global. */
const PDF_SCRIPT = `app.alert('pdf-js-ran'); globalThis.__pdfJsRan = 1; require('fs').writeFileSync('${SCRIPT_CANARY_FILE}', 'ran'); app.launchURL('https://attacker.example/');`;
const PDF_JS_TEXT = "1. Scope of Work. The Contractor shall perform the Work described in Schedule A.";

async function hostileFiles(): Promise<HostileFile[]> {
  const exe = makeExecutable();
  const polyglot = await makePolyglot();
  const full = await makePdf({ pages: 4, text: "The Owner shall pay the Contractor within 30 days of each invoice. ".repeat(20) });
  const files: HostileFile[] = [
    { label: "zip bomb (declared 32 MB at 1000:1)", bytes: makeZipBomb(), name: "bomb.docx", type: DOCX },
    { label: "zip bomb with lying headers (64 MB declared as 2 KB)", bytes: makeZipBomb(64 * 1024 * 1024, { declaredSize: 2_000 }), name: "liar.docx", type: DOCX },
    { label: "overlapping zip entries", bytes: makeOverlappingZip(200), name: "overlap.docx", type: DOCX },
    { label: "DOCX with ../ entries", bytes: makeZipWithTraversal(), name: "traversal.docx", type: DOCX },
    { label: "DOCX with an absolute entry", bytes: makeZipWithTraversal("/etc/cron.d/clausewise"), name: "absolute.docx", type: DOCX },
    { label: "truncated PDF", bytes: full.subarray(0, Math.floor(full.length / 2)), name: "truncated.pdf", type: PDF, contractOnly: true },
    { label: "PDF+ZIP polyglot named .pdf", bytes: polyglot, name: "polyglot.pdf", type: PDF },
    { label: "PDF+ZIP polyglot named .docx", bytes: polyglot, name: "polyglot.docx", type: DOCX },
    { label: "executable named .pdf", bytes: exe, name: "invoice.pdf", type: PDF },
    { label: "executable named .docx", bytes: exe, name: "invoice.docx", type: DOCX },
    { label: "10 MB + 1 byte", bytes: Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(MAX_UPLOAD_BYTES + 1 - 9, 0x20)]), name: "big.pdf", type: PDF },
    { label: "empty file", bytes: new Uint8Array(0), name: "empty.pdf", type: PDF },
  ];
  if (existsSync(ENCRYPTED_PDF)) files.push({ label: "encrypted PDF", bytes: readFileSync(ENCRYPTED_PDF), name: "locked.pdf", type: PDF, contractOnly: true });
  return files;
}

/** A refusal a person can read: a known code, one sentence or two, no stack, path or internals. */
function expectClearRefusal(res: TestResponse, label: string): void {
  expect(res.status, `${label}: status`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${label}: status`).toBeLessThan(500);
  const body = res.body as { error?: unknown; message?: unknown };
  expect(Object.keys(ERROR_CODES), `${label}: error code`).toContain(body.error);
  expect(ERROR_CODES[body.error as keyof typeof ERROR_CODES], `${label}: code matches status`).toBe(res.status);
  expect(typeof body.message, label).toBe("string");
  const message = body.message as string;
  expect(message, label).toMatch(/^[A-Z][^\n]{15,300}[.!]$/);
  expect(message, label).not.toMatch(/\bat \S+ \(|Error:|\/work\/|node_modules|undefined|\[object|ENOENT|errno|stack/i);
}

async function expectServerUp(client: TestClient, label: string): Promise<void> {
  const health = await t.client().get("/api/health");
  expect(health.status, `${label}: health afterwards`).toBe(200);
  expect(health.body).toEqual({ status: "ok" });
  expect((await client.get("/api/auth/user")).status, `${label}: still signed in`).toBe(200);
}

const contractForm = (file: HostileFile) =>
  multipartForm({ title: "Hostile upload", client: "Mallory Holdings", processingConsent: "true", storageConsent: "true" }, { file });
const exhibitForm = (file: HostileFile) => multipartForm({ title: "Exhibit Z - Hostile" }, { file });

async function storedCounts(companyId: string) {
  const tables = ["contracts", "contract_files", "analyses", "contract_approval_steps", "exhibits", "exhibit_files", "notifications", "audit_events"] as const;
  return Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await countRows(t.deps.db, table, companyId)] as const)));
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

describe("hostile files through the upload routes", () => {
  it("refuses every hostile file with a clear 4xx on POST /api/contracts and on exhibits, stores nothing, stays up, and stays within memory", async () => {
    const files = await hostileFiles();
    if (!existsSync(ENCRYPTED_PDF)) console.warn(`hostile files: skipping the encrypted PDF, ${ENCRYPTED_PDF} is absent`);
    const team = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, { companyId: team.company.id, createdBy: team.admin.user.id });
    const admin = signedIn(t, team.admin.token);

    // Warm up: the extraction pool's workers start on the first upload, and they are not a leak.
    const warm = await admin.post("/api/contracts", contractForm({ label: "warm-up", bytes: await makePdf(["Warm-up contract."]), name: "warm.pdf", type: PDF }));
    expect(warm.status).toBe(201);
    const before = await storedCounts(team.company.id);
    globalThis.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;

    const outcomes: string[] = [];
    for (const file of files) {
      for (const route of file.contractOnly ? (["contract"] as const) : (["contract", "exhibit"] as const)) {
        const label = `${file.label} → ${route}`;
        const res = route === "contract" ? await admin.post("/api/contracts", contractForm(file)) : await admin.post(`/api/contracts/${contract.id}/exhibits`, exhibitForm(file));
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
        outcomes.push(`${label}: ${res.status} ${(res.body as { error?: string }).error ?? ""}`);
        expectClearRefusal(res, label);
        await expectServerUp(admin, label);
      }
    }
    expect(await storedCounts(team.company.id)).toEqual(before);

    globalThis.gc?.();
    const rssAfter = process.memoryUsage().rss;
    console.log(
      `hostile files: ${outcomes.length} uploads of ${files.length} files; RSS before ${mb(rssBefore)}, peak ${mb(rssPeak)}, after ${mb(rssAfter)}, growth ${mb(rssAfter - rssBefore)}\n  ${outcomes.join("\n  ")}`,
    );
    expect(rssAfter - rssBefore).toBeLessThan(MEMORY_BOUND_BYTES);

    // A normal upload and a normal exhibit still go through afterwards.
    const docx = await makeDocx([{ heading: "1. Scope" }, "The Contractor shall perform the Work."]);
    const ok = await admin.post<{ id: string; content: string }>("/api/contracts", contractForm({ label: "normal", bytes: docx, name: "normal.docx", type: DOCX }));
    expect(ok.status).toBe(201);
    expect(ok.body.content).toContain("The Contractor shall perform the Work.");
    const exhibit = await admin.post(`/api/contracts/${contract.id}/exhibits`, exhibitForm({ label: "normal", bytes: docx, name: "schedule.docx", type: DOCX }));
    expect(exhibit.status).toBe(201);
  });

  it("a PDF full of JavaScript is read as text with no script run; its scripts never reach the document", async () => {
    const team = await createTeam(t.deps.db);
    const admin = signedIn(t, team.admin.token);
    const pdf = makePdfWithJavaScript(PDF_JS_TEXT, PDF_SCRIPT);
    const res = await admin.post<{ id: string; content: string }>("/api/contracts", contractForm({ label: "js", bytes: pdf, name: "scripted.pdf", type: PDF }));
    expect(res.status).toBe(201);
    expect(res.body.content).toContain(PDF_JS_TEXT);
    const detail = await admin.get<{ content: string }>(`/api/contracts/${res.body.id}`);
    for (const content of [res.body.content, detail.body.content]) {
      expect(content).not.toMatch(/app\.alert|__pdfJsRan|writeFileSync|launchURL|<script|javascript:/i);
    }
    expect(existsSync(SCRIPT_CANARY_FILE)).toBe(false);
    expect((globalThis as { __pdfJsRan?: unknown }).__pdfJsRan).toBeUndefined();
    await expectServerUp(admin, "scripted PDF");
  });

  it("exhibits are stored unread, so a scripted, truncated or encrypted PDF is kept as it is and only ever served as a download", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, { companyId: team.company.id, createdBy: team.admin.user.id });
    const admin = signedIn(t, team.admin.token);
    const full = await makePdf({ pages: 2, text: "Performance bond." });
    const files = [
      { label: "scripted", bytes: makePdfWithJavaScript(PDF_JS_TEXT, PDF_SCRIPT), name: "scripted.pdf", type: PDF },
      { label: "truncated", bytes: full.subarray(0, Math.floor(full.length / 2)), name: "truncated.pdf", type: PDF },
      ...(existsSync(ENCRYPTED_PDF) ? [{ label: "encrypted", bytes: readFileSync(ENCRYPTED_PDF), name: "locked.pdf", type: PDF }] : []),
    ];
    for (const file of files) {
      const res = await admin.post<{ id: string; fileUrl: string }>(`/api/contracts/${contract.id}/exhibits`, exhibitForm(file));
      expect(res.status, file.label).toBe(201);
      const download = await fetch(`${t.baseUrl}${res.body.fileUrl}`, { headers: { cookie: `cw_session=${team.admin.token}` } });
      expect(download.status, file.label).toBe(200);
      expect(download.headers.get("content-disposition"), file.label).toMatch(/^attachment;/);
      expect(download.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(file.bytes)), file.label).toBe(true);
    }
    expect(existsSync(SCRIPT_CANARY_FILE)).toBe(false);
  });
});

/*
 * Files that are small but unpack to far more (issue 12: a 1 MB PDF took the server from 1.1 to 2.5 GB).
 * Each is refused with its own 413 or 422 on both routes; the process's resident memory, sampled while
 * they are read, never grows by more than PEAK_BOUND_BYTES over where it stood (the extraction workers
 * are threads of this process, so their memory is in it).
 */
const MB = 1024 * 1024;
const PEAK_BOUND_BYTES = 600 * MB;
const pdfLimits = DOCUMENT_LIMITS.pdf;

interface Bomb {
  label: string;
  file: () => HostileFile | Promise<HostileFile>;
  contract: { status: number; message: string };
  exhibit: { status: number; message: string };
}

const imageDocx = (image: { data: Uint8Array; declaredSize?: number; compress?: boolean }) =>
  makeMinimalDocxZip(["1. Scope. The Contractor shall perform the Work shown in Figure 1."], [{ name: "word/media/image1.png", ...image }]);

const BOMBS: Bomb[] = [
  {
    label: "PDF: one FlateDecode content stream of 1 GiB of zeros (a 1 MB file)",
    file: () => ({ label: "1 GiB stream", bytes: makePdfWithStreams([deflateBomb(1024 * MB)]), name: "gigabyte.pdf", type: PDF }),
    contract: { status: 413, message: UPLOAD_MESSAGES.pdfTooLargeUnpacked },
    exhibit: { status: 413, message: UPLOAD_MESSAGES.pdfTooLargeUnpacked },
  },
  {
    label: "PDF: streams each under the per-stream limit, together over the document limit",
    file: () => {
      const each = pdfLimits.maxStreamBytes - MB;
      const streams = Array.from({ length: Math.ceil(pdfLimits.maxDocumentBytes / each) + 1 }, () => deflateBomb(each));
      return { label: "many streams", bytes: makePdfWithStreams(streams), name: "many-streams.pdf", type: PDF };
    },
    contract: { status: 413, message: UPLOAD_MESSAGES.pdfTooLargeUnpacked },
    exhibit: { status: 413, message: UPLOAD_MESSAGES.pdfTooLargeUnpacked },
  },
  {
    label: "PDF: more content operators than the limit",
    file: () => ({ label: "operators", bytes: makePdfWithStreams([deflateBomb(pdfLimits.maxOperators + MB, "Q".charCodeAt(0))]), name: "operators.pdf", type: PDF }),
    contract: { status: 422, message: UPLOAD_MESSAGES.pdfTooManyOperators },
    exhibit: { status: 422, message: UPLOAD_MESSAGES.pdfTooManyOperators },
  },
  {
    label: "PDF: a scanned page 20,000 points square whose image is 400 megapixels (what OCR would render)",
    file: () => ({ label: "giant scan", bytes: makeGiantScanPdf(20_000), name: "giant-scan.pdf", type: PDF }),
    contract: { status: 422, message: UPLOAD_MESSAGES.pdfImageTooLarge },
    exhibit: { status: 422, message: UPLOAD_MESSAGES.pdfImageTooLarge },
  },
  {
    label: "DOCX: an image entry of 70 MB, over the per-entry limit (total and ratio within theirs)",
    file: () => ({
      label: "large image",
      bytes: imageDocx({ data: new Uint8Array(MB), compress: false, declaredSize: 70 * MB }),
      name: "photo.docx",
      type: DOCX,
    }),
    contract: { status: 413, message: UPLOAD_MESSAGES.archiveTooLarge },
    exhibit: { status: 413, message: UPLOAD_MESSAGES.fileTooLargeUnpacked },
  },
  {
    label: "DOCX: an image entry that declares 2 KB and inflates to 64 MB",
    file: () => ({ label: "lying image", bytes: imageDocx({ data: Buffer.alloc(64 * MB), declaredSize: 2_000 }), name: "lying-image.docx", type: DOCX }),
    contract: { status: 413, message: UPLOAD_MESSAGES.archiveTooLarge },
    exhibit: { status: 413, message: UPLOAD_MESSAGES.fileTooLargeUnpacked },
  },
];

/** Samples this process's resident memory every 20 ms until stopped; returns the peak growth. */
function sampleMemory(): { stop: () => number } {
  globalThis.gc?.();
  const start = process.memoryUsage.rss();
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage.rss()) - start;
    },
  };
}

describe("resource bombs through the upload routes", () => {
  let admin: TestClient;
  let contractId: string;
  let companyId: string;

  beforeAll(async () => {
    const team = await createTeam(t.deps.db);
    companyId = team.company.id;
    contractId = (await createContract(t.deps.db, { companyId, createdBy: team.admin.user.id })).id;
    admin = signedIn(t, team.admin.token);
    // Warm up: a worker's first document loads pdfjs and grows its heap, which is not a leak.
    const warm = await admin.post("/api/contracts", contractForm({ label: "warm-up", bytes: await makePdf(["Warm-up contract."]), name: "warm.pdf", type: PDF }));
    expect(warm.status).toBe(201);
  });

  for (const bomb of BOMBS) {
    it(`refuses ${bomb.label}, on POST /api/contracts and on exhibits, stores nothing, stays up, within memory`, { timeout: 180_000 }, async () => {
      const file = await bomb.file();
      expect(file.bytes.length).toBeLessThan(MAX_UPLOAD_BYTES);
      const before = await storedCounts(companyId);
      const memory = sampleMemory();
      const killedBefore = extractionPoolStats().terminated;
      const contract = await admin.post("/api/contracts", contractForm(file));
      const exhibit = await admin.post(`/api/contracts/${contractId}/exhibits`, exhibitForm(file));
      const growth = memory.stop();
      console.log(`resource bomb: ${bomb.label}: ${file.bytes.length} bytes; ${contract.status} / ${exhibit.status}; peak RSS growth ${mb(growth)}`);

      expect(contract.status).toBe(bomb.contract.status);
      expect(contract.body).toEqual({ error: contract.status === 413 ? "payload_too_large" : "unprocessable", message: bomb.contract.message });
      expect(exhibit.status).toBe(bomb.exhibit.status);
      expect(exhibit.body).toEqual({ error: exhibit.status === 413 ? "payload_too_large" : "unprocessable", message: bomb.exhibit.message });
      expectClearRefusal(contract, bomb.label);
      expectClearRefusal(exhibit, bomb.label);
      await expectServerUp(admin, bomb.label);
      expect(await storedCounts(companyId)).toEqual(before);
      // Refused by measuring, not by running out: no worker had to be ended for these.
      expect(extractionPoolStats().terminated).toEqual(killedBefore);
      expect(growth).toBeLessThan(PEAK_BOUND_BYTES);
    });
  }

  it("ends a worker whose memory grows past the budget in a way the scan cannot measure (CCITT), answers 422 and keeps serving", { timeout: 180_000 }, async () => {
    const budgetMb = 256;
    configureExtractionPool({ maxRssGrowthMb: budgetMb });
    try {
      // 64 KB whose every bit is one more 65,536-pixel row: 4 GB if pdfjs were let finish.
      const file: HostileFile = { label: "ccitt", bytes: makeCcittBombPdf(65_536, 64 * 1024), name: "fax.pdf", type: PDF };
      const killed = extractionPoolStats().terminated;
      const memory = sampleMemory();
      const res = await admin.post("/api/contracts", contractForm(file));
      const growth = memory.stop();
      console.log(`resource bomb: CCITT content stream: ${res.status}; peak RSS growth ${mb(growth)} (budget ${budgetMb} MB)`);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ error: "unprocessable", message: UPLOAD_MESSAGES.tooComplex });
      expect(extractionPoolStats().terminated.memory).toBe(killed.memory + 1);
      // The budget, plus one doubling of pdfjs' buffer caught in the act.
      expect(growth).toBeLessThan(budgetMb * MB + PEAK_BOUND_BYTES);
      await expectServerUp(admin, "ccitt");
    } finally {
      configureExtractionPool({});
    }
    // The pool replaced the worker it ended: the next contract is read as usual.
    const ok = await admin.post<{ content: string }>("/api/contracts", contractForm({ label: "after", bytes: await makePdf(["After the bomb."]), name: "after.pdf", type: PDF }));
    expect(ok.status).toBe(201);
    expect(ok.body.content).toContain("After the bomb.");
  });
});
