import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REDLINE_LIMITS, REDLINE_MESSAGES, redlineImportResult, type DocumentChange, type Markup, type RedlineImportResult } from "@clausewise/shared";
import { auditEvents, contracts } from "../db/schema";
import { planRedline } from "../documents/redline/plan";
import { readRedline } from "../documents/redline/read";
import { createTestApp, type TestApp } from "../test/app";
import { grantContractAccess } from "../test/contract-factories";
import { createTeam } from "../test/factories";
import { makeMinimalDocxZip, makeZipBomb } from "../test/fixtures";
import { multipartForm } from "../test/lifecycle-factories";
import { createReviewSetup, notificationsOf, readContract, signedIn } from "../test/review-factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CONTENT = "<p>The Owner shall pay within 30 days.</p><p>Holdback is retained.</p>";
const COUNSEL = "Dana Counsel (Opposing)";
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml"';
const run = (text: string) => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`;
const BODY =
  `<w:p>${run("The Owner shall pay within ")}<w:del w:id="1" w:author="${COUNSEL}" w:date="2026-03-02T10:00:00Z"><w:r><w:delText>30</w:delText></w:r></w:del>` +
  `<w:ins w:id="2" w:author="${COUNSEL}" w:date="2026-03-02T10:00:00Z">${run("60")}</w:ins>${run(" days.")}</w:p>` +
  `<w:p><w:commentRangeStart w:id="7"/>${run("Holdback is retained.")}<w:commentRangeEnd w:id="7"/><w:r><w:commentReference w:id="7"/></w:r></w:p>`;
const COMMENTS =
  `<w:comments ${W}><w:comment w:id="7" w:author="${COUNSEL}" w:date="2026-03-02T11:00:00Z"><w:p w14:paraId="0000AAAA">${run("Release at substantial completion.")}</w:p></w:comment>` +
  `<w:comment w:id="8" w:author="Kim Partner" w:date="2026-03-02T12:00:00Z"><w:p w14:paraId="0000BBBB">${run("Agreed with Dana.")}</w:p></w:comment></w:comments>`;
const EXTENDED = `<w15:commentsEx xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml"><w15:commentEx w15:paraId="0000AAAA"/><w15:commentEx w15:paraId="0000BBBB" w15:paraIdParent="0000AAAA"/></w15:commentsEx>`;

const redlineDocx = () =>
  makeMinimalDocxZip({ bodyXml: BODY }, [
    { name: "word/comments.xml", data: COMMENTS },
    { name: "word/commentsExtended.xml", data: EXTENDED },
  ]);
const form = (bytes: Uint8Array, name = "counterparty.docx", type = "application/vnd.openxmlformats-officedocument.wordprocessingml.document") => multipartForm({}, { file: { bytes, name, type } });
const path = (id: string) => `/api/contracts/${id}/redline`;

async function unchanged(setup: Awaited<ReturnType<typeof createReviewSetup>>, token: string) {
  const client = signedIn(t, token);
  expect((await readContract(t.deps.db, setup.contract.id)).content).toBe(CONTENT);
  expect((await client.get<DocumentChange[]>(`/api/contracts/${setup.contract.id}/changes`)).body).toEqual([]);
  expect((await client.get<Markup[]>(`/api/contracts/${setup.contract.id}/markups`)).body).toEqual([]);
}

describe("POST /api/contracts/:id/redline", () => {
  it("writes the tracked changes as suggestions and the comments as markups, signed with their Word authors", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: CONTENT, title: "Steel Supply" });
    const approver = signedIn(t, setup.approver.token);
    const res = await approver.post<RedlineImportResult>(path(setup.contract.id), form(redlineDocx()));
    expect(res.status).toBe(200);
    expect(redlineImportResult.strict().parse(res.body)).toEqual({ suggestions: 1, comments: 2, alreadyPresent: 0, authors: [COUNSEL, "Kim Partner"], warnings: [] });

    const changes = (await approver.get<DocumentChange[]>(`/api/contracts/${setup.contract.id}/changes`)).body;
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ changeType: "replace", originalText: "30", newText: "60", status: "pending", userId: null, authorName: COUNSEL, externalAuthor: true });
    expect((await readContract(t.deps.db, setup.contract.id)).content).toContain(`data-author-name="${COUNSEL}"`);

    const markups = (await approver.get<Markup[]>(`/api/contracts/${setup.contract.id}/markups`)).body;
    const parent = markups.find((m) => m.authorName === COUNSEL)!;
    const text = (await readContract(t.deps.db, setup.contract.id)).plainText;
    expect(parent).toMatchObject({ type: "comment", content: "Release at substantial completion.", userId: null, externalAuthor: true, replyTo: null, createdAt: "2026-03-02T11:00:00.000Z" });
    expect(text.slice(parent.position.start, parent.position.end)).toBe("Holdback is retained.");
    // The reply has no range of its own in the file: it stands on its thread's words.
    expect(markups.find((m) => m.authorName === "Kim Partner")).toMatchObject({ content: "Agreed with Dana.", replyTo: parent.id, externalAuthor: true, position: parent.position });

    // The admin decides changes: told once, not once per suggestion; the importer is not told.
    const told = (await notificationsOf(t.deps.db, setup.admin.user.id)).filter((n) => n.title.startsWith("Counterparty redline imported"));
    expect(told.map((n) => n.message)).toEqual([`1 suggestion and 2 comments from ${COUNSEL}, Kim Partner await review.`]);
    expect(await notificationsOf(t.deps.db, setup.approver.user.id)).toEqual([]);
    const [audit] = await t.deps.db.select().from(auditEvents).where(and(eq(auditEvents.entityId, setup.contract.id), eq(auditEvents.action, "document.redline_import")));
    expect(audit).toMatchObject({ userId: setup.approver.user.id, data: { fileName: "counterparty.docx", suggestions: 1, comments: 2, alreadyPresent: 0 } });
  });

  it("imports the same file twice without duplicating anything", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: CONTENT });
    const admin = signedIn(t, setup.admin.token);
    expect((await admin.post(path(setup.contract.id), form(redlineDocx()))).status).toBe(200);
    const again = await admin.post<RedlineImportResult>(path(setup.contract.id), form(redlineDocx()));
    expect(again.body).toMatchObject({ suggestions: 0, comments: 0, alreadyPresent: 3 });
    expect((await admin.get<DocumentChange[]>(`/api/contracts/${setup.contract.id}/changes`)).body).toHaveLength(1);
    expect((await admin.get<Markup[]>(`/api/contracts/${setup.contract.id}/markups`)).body).toHaveLength(2);
  });

  it("says what did not come in: changes whose words are gone, and text edited without Track Changes", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: "<p>The Owner pays within 90 days.</p><p>Holdback is retained.</p>" });
    const res = await signedIn(t, setup.admin.token).post<RedlineImportResult>(path(setup.contract.id), form(redlineDocx()));
    expect(res.status).toBe(200);
    expect(res.body.suggestions).toBe(0);
    expect(res.body.comments).toBe(2);
    expect(res.body.warnings).toEqual([
      "1 tracked change was not imported: the words around it are no longer in the contract as the file has them.",
      "The file's text differs from the contract in 1 place outside tracked changes (edited without Track Changes, or the contract changed since). Those differences were not imported; compare the file before relying on it.",
    ]);
  });

  it("is for those who may edit: a reviewer, and an approver with a review grant, get 403 and nothing changes", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: CONTENT });
    const reviewer = await signedIn(t, setup.reviewer.token).post<{ error: string; message: string }>(path(setup.contract.id), form(redlineDocx()));
    expect(reviewer.status).toBe(403);
    expect(reviewer.body).toEqual({ error: "forbidden", message: "Reviewers propose changes; an approver applies them." });
    await grantContractAccess(t.deps.db, { companyId: setup.company.id, contractId: setup.contract.id, userId: setup.approver.user.id, accessLevel: "review" });
    expect((await signedIn(t, setup.approver.token).post(path(setup.contract.id), form(redlineDocx()))).status).toBe(403);
    expect((await t.client().post(path(setup.contract.id), form(redlineDocx()))).status).toBe(401);
    await unchanged(setup, setup.admin.token);
  });

  it("is refused with 409 while approval locks the text, and changes nothing", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: CONTENT });
    for (const status of ["approved", "pending_approval"] as const) {
      await t.deps.db.update(contracts).set({ status }).where(eq(contracts.id, setup.contract.id));
      const res = await signedIn(t, setup.approver.token).post<{ error: string; message: string }>(path(setup.contract.id), form(redlineDocx()));
      expect(res.status).toBe(409);
      expect(res.body.error).toBe("contract_locked");
      expect(res.body.message).toMatch(/text is locked/);
      await unchanged(setup, setup.admin.token);
    }
  });

  it("answers 404 for another company's contract and for a malformed id, and changes nothing", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: CONTENT });
    const other = await createTeam(t.deps.db);
    const foreign = await signedIn(t, other.admin.token).post<{ error: string }>(path(setup.contract.id), form(redlineDocx()));
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe("not_found");
    expect((await signedIn(t, other.admin.token).post(path("not-a-uuid"), form(redlineDocx()))).status).toBe(404);
    await unchanged(setup, setup.admin.token);
  });

  it("refuses bad files with a clear message and changes nothing", async () => {
    const setup = await createReviewSetup(t.deps.db, { content: CONTENT });
    const admin = signedIn(t, setup.admin.token);
    const cases: [FormData, number, string][] = [
      [multipartForm({}, {}), 400, REDLINE_MESSAGES.fileRequired],
      [form(new TextEncoder().encode("The Owner shall pay within 60 days."), "redline.txt", "text/plain"), 415, REDLINE_MESSAGES.notWord],
      [form(new TextEncoder().encode("not a zip at all"), "redline.docx"), 415, "Invalid file type - Please select a PDF, Word document, or text file."],
      [form(new Uint8Array(makeZipBomb())), 413, "This Word document is too large when unpacked. It may be damaged or built to exhaust the server."],
      [form(new Uint8Array(makeMinimalDocxZip(["The Owner shall pay within 30 days.", "Holdback is retained."]))), 400, REDLINE_MESSAGES.nothingToImport],
      [form(new Uint8Array(makeMinimalDocxZip({ bodyXml: `<w:p>${`${run("a ")}<w:ins w:id="1" w:author="Flood">${run("b")}</w:ins>`.repeat(REDLINE_LIMITS.maxChanges + 1)}</w:p>` }))), 422, REDLINE_MESSAGES.tooMany],
    ];
    for (const [body, status, message] of cases) {
      const res = await admin.post<{ error: string; message: string }>(path(setup.contract.id), body);
      expect(res.status, message).toBe(status);
      expect(res.body.message).toBe(message);
    }
    const json = await admin.post<{ error: string }>(path(setup.contract.id), { file: "x" });
    expect(json.status).toBe(400);
    await unchanged(setup, setup.admin.token);
  });
});

describe("POST /api/contracts/:id/redline with the shared Word fixtures (shared/fixtures/docx; absent: skipped)", () => {
  const dir = fileURLToPath(new URL("../../../../shared/fixtures/docx/", import.meta.url));
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

  for (const name of ["RP015-MoveFrom-MoveTo.docx", "HC031-Complicated-Document.docx"]) {
    it.skipIf(!existsSync(`${dir}${name}`))(`${name}: Eric White's changes come in on the contract they were made on`, async () => {
      const bytes = new Uint8Array(readFileSync(`${dir}${name}`));
      // The contract we sent: the file with every tracked change rejected.
      const plan = planRedline(readRedline(bytes));
      const setup = await createReviewSetup(t.deps.db, { content: plan.base.split("\n").map((line) => `<p>${escape(line)}</p>`).join("") });
      const res = await signedIn(t, setup.approver.token).post<RedlineImportResult>(path(setup.contract.id), form(bytes, name));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ suggestions: plan.changes.length, alreadyPresent: 0, authors: ["Eric White"] });
      expect(res.body.warnings.filter((w) => w.includes("not imported"))).toEqual([]);
      const changes = (await signedIn(t, setup.approver.token).get<DocumentChange[]>(`/api/contracts/${setup.contract.id}/changes`)).body;
      expect(changes).toHaveLength(plan.changes.length);
      for (const change of changes) expect(change).toMatchObject({ authorName: "Eric White", externalAuthor: true, status: "pending" });
      if (name.startsWith("RP015")) {
        // The move: the words marked for deletion where they were, and inserted where they went (a
        // new paragraph: its break is part of the suggestion, "\n" in the row).
        expect(changes.map((c) => [c.changeType, c.originalText || c.newText, c.reviewerComment]).sort()).toEqual([
          ["delete", "When you click Online Video.", "Moved in Word: these words were moved elsewhere in the document."],
          ["insert", "\nWhen you click Online Video.", "Moved in Word: these words were moved here from elsewhere in the document."],
        ]);
      }
    });
  }
});
