/**
 * Upload + extraction time through the real API (multipart POST /api/contracts on a real server
 * over PGlite, or PostgreSQL with DATABASE_URL): a 1 MB PDF, a 10 MB PDF (300 pages) and a 1 MB DOCX.
 * With each, the longest the server's event loop was held up (what every live edit on the process
 * would wait): during the uploads, during the analysis job of the last one (run here as the job
 * runner runs it), and while a change proposed on it is approved (the approval opens the live
 * document, edits it and derives its HTML and text again). Prints figures; asserts nothing.
 * Run: npx -y pnpm@10 bench:upload
 */
import { runContractAnalysis } from "../api/src/analysis/service";
import { createTestApp } from "../api/src/test/app";
import { createTeam } from "../api/src/test/factories";
import { positionOf, readContract } from "../api/src/test/review-factories";
import { makeDocx, makeLargePdf } from "../api/src/test/fixtures";
import { watchEventLoop } from "./loop-delay";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** Only the files whose label holds this (e.g. "10 MB"); all three by default. */
const ONLY = process.env.BENCH_ONLY ?? "";

const CLAUSE =
  "The Contractor shall perform the Work in accordance with the Contract Documents, Applicable Laws and Good Industry Practice, " +
  "and shall be responsible for all means, methods, sequences and procedures of construction, including site safety.";

/** Text-only DOCX compresses about 10:1, so 1 MB is a very long document (tens of thousands of paragraphs). */
async function makeDocxOfSize(targetBytes: number): Promise<{ bytes: Buffer; paragraphs: number }> {
  let paragraphs = 2000;
  for (;;) {
    const blocks = Array.from({ length: paragraphs }, (_, i) => (i % 25 === 0 ? { heading: `${i / 25 + 1}. Article ${i / 25 + 1}` } : `${i}. ${CLAUSE} Reference ${Math.random().toString(36).slice(2)}.`));
    const docx = await makeDocx(blocks);
    if (docx.length >= targetBytes) return { bytes: docx, paragraphs };
    paragraphs = Math.ceil(paragraphs * (targetBytes / docx.length) * 1.05);
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const t = await createTestApp();
try {
  const team = await createTeam(t.deps.db);
  const admin = t.client();
  admin.useSession(team.admin.token);

  const docx = await makeDocxOfSize(1024 * 1024);
  const files: { label: string; name: string; bytes: Buffer; what: string }[] = [
    { label: "PDF 1 MB", name: "bench-1mb.pdf", bytes: await makeLargePdf(1024 * 1024, { textPages: 60 }), what: "60 text pages + attachment" },
    { label: "PDF 10 MB", name: "bench-10mb.pdf", bytes: await makeLargePdf(10 * 1024 * 1024 - 64 * 1024, { textPages: 300 }), what: "300 text pages + attachment" },
    { label: "DOCX 1 MB", name: "bench-1mb.docx", bytes: docx.bytes, what: `${docx.paragraphs} paragraphs of text` },
  ];

  console.log(`upload + extraction, ${RUNS} runs each, database: ${t.deps.database.kind}`);
  const loop = watchEventLoop();
  await loop.reset();
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  console.log(`event loop max delay while idle for 2 s (the machine's own noise): ${(await loop.maxMs()).toFixed(0)} ms`);
  for (const file of files.filter((f) => f.label.includes(ONLY))) {
    const times: number[] = [];
    let uploadStall = 0;
    let contractId = "";
    for (let run = 0; run < RUNS; run++) {
      const form = new FormData();
      form.set("file", new Blob([new Uint8Array(file.bytes)]), file.name);
      form.set("title", `${file.label} run ${run}`);
      form.set("processingConsent", "true");
      form.set("storageConsent", "false");
      await loop.reset();
      const started = performance.now();
      const res = await admin.request<{ id: string }>("POST", "/api/contracts", form);
      const ms = performance.now() - started;
      if (res.status !== 201) throw new Error(`${file.label}: ${res.status} ${res.text.slice(0, 300)}`);
      uploadStall = Math.max(uploadStall, await loop.maxMs());
      times.push(ms);
      contractId = res.body.id;
    }
    await loop.reset();
    const analysisStarted = performance.now();
    await runContractAnalysis(t.deps, contractId);
    const analysisMs = performance.now() - analysisStarted;
    const analysisStall = await loop.maxMs();
    times.sort((a, b) => a - b);
    const mb = (file.bytes.length / (1024 * 1024)).toFixed(2);
    console.log(
      `${file.label.padEnd(10)} ${mb.padStart(6)} MB   median ${percentile(times, 50).toFixed(0).padStart(6)} ms   min ${times[0]!.toFixed(0).padStart(6)} ms   max ${times.at(-1)!.toFixed(0).padStart(6)} ms   (${file.what})`,
    );
    console.log(
      `${"".padEnd(10)} event loop max delay: uploads ${uploadStall.toFixed(0)} ms; analysis job ${analysisMs.toFixed(0)} ms, max delay ${analysisStall.toFixed(0)} ms`,
    );
    // A replace proposed on the last paragraph and approved (twice: the first opens the live document).
    const approvals: string[] = [];
    for (let round = 0; round < 2; round++) {
      const text = (await readContract(t.deps.db, contractId)).plainText;
      const words = text.trimEnd().split(/\s+/);
      const word = words.findLast((w) => /^[A-Za-z]{5,}$/.test(w))!;
      const proposed = await admin.post<{ id: string }>(`/api/contracts/${contractId}/changes`, {
        changeType: "replace",
        originalText: word,
        newText: `${word}s`,
        position: positionOf(text, word),
      });
      if (proposed.status !== 201) throw new Error(`${file.label}: proposing a change: ${proposed.status} ${proposed.text.slice(0, 300)}`);
      await loop.reset();
      const started = performance.now();
      const approved = await admin.post(`/api/document-changes/${proposed.body.id}/approve`);
      const ms = performance.now() - started;
      if (approved.status !== 200) throw new Error(`${file.label}: approving a change: ${approved.status} ${approved.text.slice(0, 300)}`);
      approvals.push(`${ms.toFixed(0)} ms (max delay ${(await loop.maxMs()).toFixed(0)} ms)`);
    }
    console.log(`${"".padEnd(10)} approving a change: ${approvals.join(", then ")}`);
  }
  loop.stop();
} finally {
  await t.close();
}
