import { randomUUID } from "node:crypto";
import PDFDocument from "pdfkit";
import { and, eq } from "drizzle-orm";
import { MAX_UPLOAD_BYTES, PUSH_EVENTS, UPLOAD_FORM_MESSAGES, dateOnlyIn, uploadContractResponse, type UploadContractResponse } from "@clausewise/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../auth/sessions";
import { AI_DISABLED_MESSAGE, setAiReview } from "../analysis/settings";
import { defaultReviewDeadline } from "../commands/contracts/review-deadline";
import { htmlToPlainText } from "../content/text";
import { ydocToHtml } from "../collab/convert";
import { loadDocument } from "../collab/store";
import { analyses, auditEvents, contractApprovalSteps, contractFiles, contracts, jobs, notificationPreferences, yjsDocuments } from "../db/schema";
import { closeExtractionPool } from "../documents";
import { createTestApp, type TestApp } from "../test/app";
import { createTeam, createUser } from "../test/factories";
import { makeCanary, makeDocx, makeImageOnlyPdf, makePdf } from "../test/fixtures";
import { makeScannedPdf } from "../documents/ocr/test-scan";
import { captureLogs, countRows, findBytesInDatabase, multipartForm, notificationsOf, recordEvents, signedIn, type FormSpec } from "../test/lifecycle-factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await closeExtractionPool();
  await t.close();
});

const PDF = "application/pdf";
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

const uploadForm = (spec: FormSpec) =>
  multipartForm({ title: "Gas Plant EPC Agreement", client: "Wapiti Ridge Midstream", processingConsent: "true", storageConsent: "false" }, spec);

/** A text PDF whose metadata (not its text) carries the canary: extraction never sees it, storage would. */
function pdfWithHiddenCanary(canary: string, text: string): Promise<Buffer> {
  const doc = new PDFDocument({ info: { Title: "Contract", Keywords: canary } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.fontSize(18).text("1. Scope of Work");
  doc.fontSize(11).text(text);
  doc.end();
  return done;
}

const CLAUSE = "The Contractor shall perform the Work in accordance with the Contract Documents and Applicable Law.";

async function companyCounts(companyId: string) {
  return {
    contracts: await countRows(t.deps.db, "contracts", companyId),
    files: await countRows(t.deps.db, "contract_files", companyId),
    analyses: await countRows(t.deps.db, "analyses", companyId),
    steps: await countRows(t.deps.db, "contract_approval_steps", companyId),
    notifications: await countRows(t.deps.db, "notifications", companyId),
    audit: await countRows(t.deps.db, "audit_events", companyId),
  };
}
const NOTHING = { contracts: 0, files: 0, analyses: 0, steps: 0, notifications: 0, audit: 0 };

describe("POST /api/contracts", () => {
  it("creates the contract from a PDF in one go: text, pipeline, queued analysis, notifications, audit, push", async () => {
    const team = await createTeam(t.deps.db);
    const now = new Date("2026-11-23T14:00:00Z"); // Monday 09:00 in Toronto
    t.setNow(now);
    const recorder = recordEvents(t);
    let res;
    try {
      const pdf = await makePdf([{ heading: "1. Scope of Work" }, CLAUSE]);
      res = await signedIn(t, team.admin.token).post<UploadContractResponse>(
        "/api/contracts",
        uploadForm({ file: { bytes: pdf, name: "Gas Plant EPC.pdf", type: PDF }, reviewerId: team.reviewer.user.id }),
      );
      expect(res.status).toBe(201);
      expect(recorder.events.filter((e) => e.type === PUSH_EVENTS.contractUpdated)).toEqual([
        { type: PUSH_EVENTS.contractUpdated, companyId: team.company.id, payload: { contractId: res.body.id } },
      ]);
    } finally {
      recorder.stop();
      t.setNow(null);
    }
    const body = uploadContractResponse.strict().parse(res.body);
    expect(body).toMatchObject({
      title: "Gas Plant EPC Agreement",
      client: "Wapiti Ridge Midstream",
      status: "under_review",
      priority: "medium",
      version: 1,
      reviewerId: team.reviewer.user.id,
      storageConsent: false,
      hasOriginalFile: false,
      fileName: "Gas Plant EPC.pdf",
      reviewDeadline: dateOnlyIn("America/Toronto", defaultReviewDeadline("medium", now, "America/Toronto")),
      approvalDeadline: null,
      createdAt: now.toISOString(),
    });
    // Date-only (issue 17): the day, not an instant.
    expect(body.reviewDeadline).toBe("2026-12-07");
    expect(body.abilities).toMatchObject({ read: true, edit: true, delete: true });
    expect(body.content).toContain("Scope of Work");
    expect(body.content).toContain("The Contractor shall perform the Work");

    const [row] = await t.deps.db.select().from(contracts).where(eq(contracts.id, body.id));
    expect(row!.plainText).toBe(htmlToPlainText(row!.content));
    // The live document is seeded with the contract, and the content is derived from it.
    expect(await t.deps.db.select({ id: yjsDocuments.contractId }).from(yjsDocuments).where(eq(yjsDocuments.contractId, body.id))).toHaveLength(1);
    expect(ydocToHtml((await loadDocument(t.deps.db, body.id)).doc)).toBe(row!.content);
    expect(row).toMatchObject({ companyId: team.company.id, createdBy: team.admin.user.id, mimeType: PDF, fileSize: expect.any(Number) });
    expect(await countRows(t.deps.db, "contract_files", team.company.id)).toBe(0);

    const steps = await t.deps.db.select().from(contractApprovalSteps).where(eq(contractApprovalSteps.contractId, body.id));
    expect(steps.sort((a, b) => a.position - b.position).map((s) => [s.stage, s.status])).toEqual([
      ["legal", "pending"],
      ["finance", "waiting"],
      ["final", "waiting"],
    ]);
    const [analysis] = await t.deps.db.select().from(analyses).where(eq(analyses.contractId, body.id));
    expect(analysis).toMatchObject({ status: "queued", result: null, overallRisk: null });
    expect(body.analysisQueued).toBe(true);
    const [job] = await t.deps.db.select().from(jobs).where(eq(jobs.dedupeKey, `analysis:${body.id}`));
    expect(job).toMatchObject({ type: "analysis.run", payload: { contractId: body.id }, status: "queued" });

    const reviewerNotes = await notificationsOf(t.deps.db, team.reviewer.user.id);
    expect(reviewerNotes.map((n) => [n.type, n.title, n.actionUrl])).toEqual([["contract_assigned", "Contract assigned", `/contracts/${body.id}`]]);
    expect(reviewerNotes[0]!.message).toContain("Dec 7, 2026");
    const adminNotes = await notificationsOf(t.deps.db, team.admin.user.id);
    expect(adminNotes.map((n) => [n.type, n.title])).toEqual([["other", "Contract uploaded"]]);
    expect(await notificationsOf(t.deps.db, team.approver.user.id)).toEqual([]);

    const audit = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.entityId, body.id));
    expect(audit.map((a) => [a.action, a.userId])).toEqual([["contract.upload", team.admin.user.id]]);
    expect(audit[0]!.data).toMatchObject({ kind: "pdf", processingConsent: true, storageConsent: false, priority: "medium", reviewDeadlineComputed: true });

    const detail = await signedIn(t, team.reviewer.token).get(`/api/contracts/${body.id}`);
    expect(detail.status).toBe(200);
  });

  it("queues no analysis while the company's AI review is off, and says so", async () => {
    const team = await createTeam(t.deps.db);
    await setAiReview(t.deps.db, team.company.id, false, new Date());
    const pdf = await makePdf([{ heading: "1. Scope of Work" }, CLAUSE]);
    const res = await signedIn(t, team.admin.token).post<UploadContractResponse>("/api/contracts", uploadForm({ file: { bytes: pdf, name: "Gas Plant EPC.pdf", type: PDF } }));
    expect(res.status).toBe(201);
    expect(res.body.analysisQueued).toBe(false);
    const [analysis] = await t.deps.db.select().from(analyses).where(eq(analyses.contractId, res.body.id));
    expect(analysis).toMatchObject({ status: "failed", error: AI_DISABLED_MESSAGE, result: null });
    expect(await t.deps.db.select().from(jobs).where(eq(jobs.dedupeKey, `analysis:${res.body.id}`))).toEqual([]);
  });

  it("reads a DOCX and a plain-text file", async () => {
    const team = await createTeam(t.deps.db);
    const client = signedIn(t, team.admin.token);
    const docx = await makeDocx([{ heading: "Article 4 Payment" }, "The Owner shall pay within 28 days of a proper invoice."]);
    const fromDocx = await client.post<UploadContractResponse>("/api/contracts", uploadForm({ title: "Steel Subcontract", file: { bytes: docx, name: "steel.docx", type: DOCX } }));
    expect(fromDocx.status).toBe(201);
    expect(fromDocx.body.content).toContain("28 days of a proper invoice");
    expect(fromDocx.body.reviewerId).toBeNull();

    const text = Buffer.from("MAINTENANCE SERVICES AGREEMENT\r\n\r\n1. Term. Three years from the Effective Date.\r\n", "utf8");
    const fromText = await client.post<UploadContractResponse>("/api/contracts", uploadForm({ title: "Maintenance", priority: "urgent", ourPartyRole: "Owner", file: { bytes: text, name: "maintenance.txt", type: "text/plain" } }));
    expect(fromText.status).toBe(201);
    // The uploader said which party the company is: every finding is judged from that side.
    expect(fromText.body).toMatchObject({ priority: "urgent", fileName: "maintenance.txt", ourPartyRole: "Owner" });
    expect(fromDocx.body.ourPartyRole).toBeNull();
    expect(fromText.body.content).toContain("Three years from the Effective Date.");
  });

  it("takes given deadlines: a calendar date is kept as typed; a date-time becomes its date in the uploader's time zone", async () => {
    const team = await createTeam(t.deps.db);
    await t.deps.db.insert(notificationPreferences).values({ userId: team.admin.user.id, timezone: "America/Edmonton" });
    t.setNow(new Date("2026-11-22T12:00:00Z"));
    try {
      const res = await signedIn(t, team.admin.token).post<UploadContractResponse>(
        "/api/contracts",
        uploadForm({ file: { bytes: Buffer.from("Contract text."), name: "a.txt" }, priority: "high", reviewDeadline: "2026-12-01", approvalDeadline: "2026-12-03T17:00:00-07:00" }),
      );
      expect(res.status).toBe(201);
      expect(res.body.reviewDeadline).toBe("2026-12-01");
      expect(res.body.approvalDeadline).toBe("2026-12-03");
    } finally {
      t.setNow(null);
    }
  });

  it("computes the review deadline from the priority in business days", async () => {
    const team = await createTeam(t.deps.db);
    const friday = new Date("2026-11-27T20:00:00Z"); // Friday 15:00 in Toronto
    t.setNow(friday);
    try {
      const client = signedIn(t, await createSession(t.deps.db, team.admin.user.id, {}, friday));
      const deadlines: Record<string, string> = {};
      for (const priority of ["urgent", "high", "medium", "low"]) {
        const res = await client.post<UploadContractResponse>("/api/contracts", uploadForm({ priority, file: { bytes: Buffer.from("Text."), name: "a.txt" } }));
        expect(res.status).toBe(201);
        deadlines[priority] = res.body.reviewDeadline!;
      }
      expect(deadlines).toEqual({
        urgent: "2026-12-01", // Tuesday
        high: "2026-12-04", // Friday
        medium: "2026-12-11",
        low: "2026-12-25",
      });
    } finally {
      t.setNow(null);
    }
  });

  describe("privacy (DESIGN.md §5)", () => {
    it("without storage consent writes the original bytes nowhere: no table holds them and no log line", async () => {
      const team = await createTeam(t.deps.db);
      const canary = makeCanary("NOCONSENT");
      const pdf = await pdfWithHiddenCanary(canary, CLAUSE);
      expect(pdf.includes(Buffer.from(canary))).toBe(true);
      const logs = captureLogs(t);
      let res;
      try {
        res = await signedIn(t, team.admin.token).post<UploadContractResponse>("/api/contracts", uploadForm({ storageConsent: "false", file: { bytes: pdf, name: "private.pdf", type: PDF } }));
      } finally {
        logs.restore();
      }
      expect(res.status).toBe(201);
      // The test is sound: the canary is in the bytes but not in the extracted text.
      expect(res.body.content).toContain("The Contractor shall perform");
      expect(res.body.content).not.toContain(canary);
      expect(await countRows(t.deps.db, "contract_files", team.company.id)).toBe(0);
      expect(await findBytesInDatabase(t.deps.db, Buffer.from(canary))).toEqual([]);
      // A slice of the compressed page content, which only the original file contains.
      const stream = pdf.indexOf(Buffer.from("stream\n"));
      expect(await findBytesInDatabase(t.deps.db, pdf.subarray(stream + 7, stream + 7 + 48))).toEqual([]);
      expect(logs.text()).toContain(res.body.id); // the capture works: the upload's own log line is there
      expect(logs.text()).not.toContain(canary);

      const download = await signedIn(t, team.reviewer.token).get(`/api/contracts/${res.body.id}/download`);
      expect(download.headers.get("content-type")).toBe(DOCX);
      expect(download.text).not.toContain(canary);
    });

    it("with storage consent keeps the original, byte for byte, and serves it back with its name and type", async () => {
      const team = await createTeam(t.deps.db);
      const canary = makeCanary("CONSENT");
      const pdf = await pdfWithHiddenCanary(canary, CLAUSE);
      const logs = captureLogs(t);
      let res;
      try {
        res = await signedIn(t, team.admin.token).post<UploadContractResponse>("/api/contracts", uploadForm({ storageConsent: "on", file: { bytes: pdf, name: "Entente – Québec.pdf", type: PDF } }));
      } finally {
        logs.restore();
      }
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ storageConsent: true, hasOriginalFile: true, fileName: "Entente – Québec.pdf" });
      expect(await findBytesInDatabase(t.deps.db, Buffer.from(canary))).toEqual(["contract_files.bytes"]);
      expect(logs.text()).not.toContain(canary);
      const [stored] = await t.deps.db.select().from(contractFiles).where(and(eq(contractFiles.contractId, res.body.id), eq(contractFiles.companyId, team.company.id)));
      expect(stored!.sha256).toMatch(/^[0-9a-f]{64}$/);

      const download = await fetch(`${t.baseUrl}/api/contracts/${res.body.id}/download`, { headers: { cookie: `cw_session=${team.reviewer.token}` } });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
      expect(download.headers.get("content-type")).toBe(PDF);
      expect(download.headers.get("content-disposition")).toBe(`attachment; filename="Entente _ Qu_bec.pdf"; filename*=UTF-8''Entente%20%E2%80%93%20Qu%C3%A9bec.pdf`);
    });
  });

  it("answers 403 with the spec's message to approvers and reviewers, before reading the file", async () => {
    const team = await createTeam(t.deps.db);
    for (const member of [team.approver, team.reviewer]) {
      const res = await signedIn(t, member.token).post("/api/contracts", uploadForm({ file: { bytes: Buffer.from("Text."), name: "a.txt" } }));
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: "forbidden", message: "Access Restricted - Only administrators can upload contracts" });
    }
    expect(await companyCounts(team.company.id)).toEqual(NOTHING);
  });

  it("needs sign-in", async () => {
    const res = await t.client().post("/api/contracts", uploadForm({ file: { bytes: Buffer.from("Text."), name: "a.txt" } }));
    expect(res.status).toBe(401);
  });

  it("refuses a file of 10 MB + 1 byte with 413 and the spec's message", async () => {
    const team = await createTeam(t.deps.db);
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1, "a");
    const res = await signedIn(t, team.admin.token).post("/api/contracts", uploadForm({ file: { bytes: big, name: "big.txt", type: "text/plain" } }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: "payload_too_large", message: "File too large - Please select a file smaller than 10MB." });
    expect(await companyCounts(team.company.id)).toEqual(NOTHING);
  });

  it("stops a body far over the limit without reading it (bodyLimit), with the same 413", async () => {
    const team = await createTeam(t.deps.db);
    const huge = Buffer.alloc(MAX_UPLOAD_BYTES + 2 * 1024 * 1024, "a");
    const res = await signedIn(t, team.admin.token).post("/api/contracts", uploadForm({ file: { bytes: huge, name: "huge.txt" } }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: "payload_too_large", message: UPLOAD_FORM_MESSAGES.tooLarge });
    // The rest of the body is never read: the connection ends, so the client does not send its next
    // request on it (it would see "other side closed").
    expect(res.headers.get("connection")).toBe("close");
    expect(await companyCounts(team.company.id)).toEqual(NOTHING);
  });

  it("refuses an .exe renamed .pdf, and other types, with 415 and the spec's message", async () => {
    const team = await createTeam(t.deps.db);
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(4096, 0)]);
    const client = signedIn(t, team.admin.token);
    for (const file of [
      { bytes: exe, name: "contract.pdf", type: PDF },
      { bytes: exe, name: "setup.exe", type: "application/x-msdownload" },
      { bytes: Buffer.from("a,b\n1,2\n"), name: "sheet.csv", type: "text/csv" },
    ]) {
      const res = await client.post("/api/contracts", uploadForm({ file }));
      expect(res.status, file.name).toBe(415);
      expect(res.body).toEqual({ error: "unsupported_media_type", message: "Invalid file type - Please select a PDF, Word document, or text file." });
    }
    expect(await companyCounts(team.company.id)).toEqual(NOTHING);
  });

  it("asks for the missing information when the file, the title or processing consent is missing (400)", async () => {
    const team = await createTeam(t.deps.db);
    const client = signedIn(t, team.admin.token);
    const file = { bytes: Buffer.from("Contract text."), name: "a.txt" };
    for (const spec of [{ file: null }, { file, title: "   " }, { file, title: undefined }, { file, processingConsent: "false" }, { file, processingConsent: undefined }] as FormSpec[]) {
      const res = await client.post("/api/contracts", uploadForm(spec));
      expect(res.status, JSON.stringify(Object.keys(spec))).toBe(400);
      expect(res.body).toEqual({ error: "validation_failed", message: "Missing information - Please fill in all required fields and consent to processing." });
    }
    expect(await companyCounts(team.company.id)).toEqual(NOTHING);
  });

  it("refuses bad fields with 400 and a clear message, creating nothing", async () => {
    const team = await createTeam(t.deps.db);
    const other = await createTeam(t.deps.db);
    const inactive = await createUser(t.deps.db, { companyId: team.company.id, role: "reviewer", isActive: false });
    t.setNow(new Date("2026-11-23T14:00:00Z"));
    const client = signedIn(t, team.admin.token);
    const file = { bytes: Buffer.from("Contract text."), name: "a.txt" };
    const cases: [FormSpec, string][] = [
      [{ file, priority: "critical" }, "Priority must be one of: low, medium, high, urgent."],
      [{ file, reviewDeadline: "2026-02-30" }, "The review deadline must be a valid date (YYYY-MM-DD)."],
      [{ file, approvalDeadline: "next week" }, "The approval deadline must be a valid date (YYYY-MM-DD)."],
      [{ file, reviewDeadline: "2026-11-01" }, "The review deadline must be in the future."],
      [{ file, reviewDeadline: "2026-12-10", approvalDeadline: "2026-12-09" }, "The approval deadline cannot be before the review deadline (Dec 10, 2026)."],
      [{ file, approvalDeadline: "2026-12-01" }, "The approval deadline cannot be before the review deadline (Dec 7, 2026, 10 business days for medium priority)."],
      [{ file, reviewerId: other.reviewer.user.id }, "The reviewer must be an active member of your company who can review contracts."],
      [{ file, reviewerId: inactive.id }, "The reviewer must be an active member of your company who can review contracts."],
      [{ file, reviewerId: randomUUID() }, "The reviewer must be an active member of your company who can review contracts."],
      [{ file, reviewerId: "bob" }, "The reviewer must be a member of your company who can review contracts."],
      [{ file, title: "x".repeat(301) }, "The title can be at most 300 characters."],
      [{ file, storageConsent: "maybe" }, "Must be true or false."],
      [{ file, ourPartyRole: "<b>Owner</b>" }, "A party role is a word or two, such as Owner or Contractor."],
    ];
    try {
      for (const [spec, message] of cases) {
        const res = await client.post("/api/contracts", uploadForm(spec));
        expect(res.status, message).toBe(400);
        expect(res.body.message).toBe(message);
      }
    } finally {
      t.setNow(null);
    }
    expect(await companyCounts(team.company.id)).toEqual(NOTHING);
  });

  it("refuses a document without text (a scanned PDF) with 400 and stores nothing", async () => {
    const team = await createTeam(t.deps.db);
    const res = await signedIn(t, team.admin.token).post("/api/contracts", uploadForm({ storageConsent: "true", file: { bytes: await makeImageOnlyPdf(), name: "scan.pdf", type: PDF } }));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/no text layer/);
    expect(await companyCounts(team.company.id)).toEqual(NOTHING);
  });

  it("pushes OCR progress of a scanned PDF to the uploader alone, under the upload's id", async () => {
    const team = await createTeam(t.deps.db);
    const uploadId = randomUUID();
    const scan = await makeScannedPdf({ pages: [["1. Scope of Work", "The Contractor shall build the compressor station."], ["2. Payment", "The Owner shall pay within thirty days."]] });
    const recorder = recordEvents(t);
    try {
      const res = await signedIn(t, team.admin.token).post("/api/contracts", uploadForm({ uploadId, file: { bytes: scan, name: "scan.pdf", type: PDF } }));
      expect(res.status).toBe(201);
    } finally {
      recorder.stop();
    }
    const progress = recorder.events.filter((e) => e.type === PUSH_EVENTS.uploadProgress);
    expect(progress.map((e) => e.payload)).toEqual([
      { uploadId, done: 0, pages: 2 },
      { uploadId, done: 1, pages: 2 },
      { uploadId, done: 2, pages: 2 },
    ]);
    expect(progress.every((e) => e.companyId === team.company.id && e.userIds?.length === 1 && e.userIds[0] === team.admin.user.id)).toBe(true);
  }, 120_000);

  it("refuses an uploadId that is not a UUID, and stores nothing", async () => {
    const team = await createTeam(t.deps.db);
    const res = await signedIn(t, team.admin.token).post("/api/contracts", uploadForm({ uploadId: "../../etc", file: { bytes: await makePdf([CLAUSE]), name: "a.pdf", type: PDF } }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("uploadId must be a UUID.");
    expect(await companyCounts(team.company.id)).toEqual(NOTHING);
  });

  it("asks for multipart form data", async () => {
    const team = await createTeam(t.deps.db);
    const res = await signedIn(t, team.admin.token).post("/api/contracts", { title: "JSON upload" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "bad_request", message: "Send the form as multipart/form-data." });
  });
});
