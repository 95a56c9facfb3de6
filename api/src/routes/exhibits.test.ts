import { randomUUID } from "node:crypto";
import { EXHIBIT_MESSAGES, MAX_UPLOAD_BYTES, PUSH_EVENTS, exhibit as exhibitSchema, type Exhibit } from "@clausewise/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../auth/sessions";
import { companies } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { grantContractAccess } from "../test/contract-factories";
import { createContract, createTeam } from "../test/factories";
import { makeDoc, makeDocx, makeMinimalDocxZip, makePdf, makeZip } from "../test/fixtures";
import { auditOf, countRows, createExhibit, exhibitFileBytes, exhibitRow, multipartForm, notificationsOf, recordEvents, signedIn, type FormSpec } from "../test/lifecycle-factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Team = Awaited<ReturnType<typeof createTeam>>;

const CONTENT_TYPES = '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';
const xlsx = () => makeZip([{ name: "[Content_Types].xml", data: CONTENT_TYPES }, { name: "xl/workbook.xml", data: "<workbook/>" }, { name: "xl/worksheets/sheet1.xml", data: "<worksheet/>" }]);
const pptx = () => makeZip([{ name: "[Content_Types].xml", data: CONTENT_TYPES }, { name: "ppt/presentation.xml", data: "<presentation/>" }]);
/** Just enough of an OLE2 compound file to carry a directory entry with this stream name. */
function ole(stream: string): Buffer {
  const file = Buffer.alloc(2048);
  Buffer.from("d0cf11e0a1b11ae1", "hex").copy(file, 0);
  Buffer.from(`${stream}\u0000`, "utf16le").copy(file, 1024);
  return file;
}
const EXE = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(1024, 0)]);

const exhibitForm = (spec: FormSpec) => multipartForm({ title: "Exhibit A - Scope of Work" }, spec);

async function setup() {
  const team = await createTeam(t.deps.db);
  const contract = await createContract(t.deps.db, { companyId: team.company.id, title: "Gas Plant EPC" });
  return { team, contract };
}

/** Another company's exhibit, a random id and a malformed one all answer the same 404. */
async function expectSameNotFound(team: Team, method: string, path: (id: string) => string, body?: unknown) {
  const other = await setup();
  const foreign = await createExhibit(t.deps.db, { companyId: other.team.company.id, contractId: other.contract.id, file: { name: "a.txt", bytes: Buffer.from("secret"), mimeType: "text/plain" } });
  const client = signedIn(t, team.admin.token);
  const res = await client.request(method, path(foreign.id), body);
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ error: "not_found", message: "Exhibit not found." });
  expect((await client.request(method, path(randomUUID()), body)).body).toEqual(res.body);
  expect((await client.request(method, path("x1"), body)).body).toEqual(res.body);
  expect(await exhibitRow(t.deps.db, foreign.id)).toMatchObject({ id: foreign.id, status: "pending" });
}

async function expectSameContractNotFound(team: Team, method: string, path: (id: string) => string, body?: unknown) {
  const other = await setup();
  const client = signedIn(t, team.admin.token);
  const res = await client.request(method, path(other.contract.id), body);
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ error: "not_found", message: "Contract not found." });
  expect((await client.request(method, path(randomUUID()), body)).body).toEqual(res.body);
  expect(await countRows(t.deps.db, "exhibits", other.team.company.id)).toBe(0);
}

describe("GET /api/contracts/:id/exhibits", () => {
  it("lists the contract's exhibits in the order they were added, with whitelisted fields", async () => {
    const { team, contract } = await setup();
    const first = await createExhibit(t.deps.db, { companyId: team.company.id, contractId: contract.id, title: "Exhibit A", file: { name: "a.txt", bytes: Buffer.from("A"), mimeType: "text/plain" } });
    const second = await createExhibit(t.deps.db, { companyId: team.company.id, contractId: contract.id, title: "Exhibit B", isPlanned: true });
    const otherContract = await createContract(t.deps.db, { companyId: team.company.id });
    await createExhibit(t.deps.db, { companyId: team.company.id, contractId: otherContract.id, title: "Elsewhere" });

    const res = await signedIn(t, team.reviewer.token).get<Exhibit[]>(`/api/contracts/${contract.id}/exhibits`);
    expect(res.status).toBe(200);
    const body = res.body.map((e) => exhibitSchema.strict().parse(e));
    expect(body.map((e) => e.title)).toEqual(["Exhibit A", "Exhibit B"]);
    expect(body[0]).toMatchObject({ id: first.id, status: "pending", fileName: "a.txt", fileSize: 1, mimeType: "text/plain", fileUrl: `/api/exhibits/${first.id}/file` });
    expect(body[1]).toMatchObject({ id: second.id, status: "planned", fileName: null, fileUrl: null, mimeType: null });
    expect(res.text).not.toContain("bytes");
  });

  it("shows a pending or planned exhibit as overdue once its expected date has passed", async () => {
    const { team, contract } = await setup();
    const expectedDate = "2026-12-01";
    await createExhibit(t.deps.db, { companyId: team.company.id, contractId: contract.id, title: "Planned", isPlanned: true, expectedDate });
    await createExhibit(t.deps.db, { companyId: team.company.id, contractId: contract.id, title: "Pending", expectedDate });
    await createExhibit(t.deps.db, { companyId: team.company.id, contractId: contract.id, title: "Reviewed", status: "reviewed", expectedDate });
    // Signed in at each moment looked at: a session does not last the days between them.
    const statuses = async () => {
      const client = signedIn(t, await createSession(t.deps.db, team.reviewer.user.id, {}, t.deps.now()));
      return (await client.get<Exhibit[]>(`/api/contracts/${contract.id}/exhibits`)).body.map((e) => `${e.title}:${e.status}`);
    };
    try {
      t.setNow(new Date("2026-11-22T12:00:00Z"));
      expect(await statuses()).toEqual(["Planned:planned", "Pending:pending", "Reviewed:reviewed"]);
      // 1 Dec, 22:00 in Toronto (the company's zone): the expected day is not over yet.
      t.setNow(new Date("2026-12-02T03:00:00Z"));
      expect(await statuses()).toEqual(["Planned:planned", "Pending:pending", "Reviewed:reviewed"]);
      // 2 Dec, 01:00 in Toronto: overdue.
      t.setNow(new Date("2026-12-02T06:00:00Z"));
      expect(await statuses()).toEqual(["Planned:overdue", "Pending:overdue", "Reviewed:reviewed"]);
      // The company's zone decides, not the server's: still 1 Dec, 22:00 in Vancouver.
      await t.deps.db.update(companies).set({ timezone: "America/Vancouver" }).where(eq(companies.id, team.company.id));
      expect(await statuses()).toEqual(["Planned:planned", "Pending:pending", "Reviewed:reviewed"]);
    } finally {
      t.setNow(null);
    }
  });

  it("is readable by every role, including a read-only grant (no role may not read)", async () => {
    const { team, contract } = await setup();
    await grantContractAccess(t.deps.db, { companyId: team.company.id, contractId: contract.id, userId: team.reviewer.user.id, accessLevel: "read" });
    for (const member of [team.admin, team.approver, team.reviewer]) expect((await signedIn(t, member.token).get(`/api/contracts/${contract.id}/exhibits`)).status).toBe(200);
  });

  it("answers 404 for another company's contract exactly as for a missing one", async () => {
    const { team } = await setup();
    await expectSameContractNotFound(team, "GET", (id) => `/api/contracts/${id}/exhibits`);
  });

  it("needs sign-in", async () => {
    expect((await t.client().get(`/api/contracts/${randomUUID()}/exhibits`)).status).toBe(401);
  });
});

describe("POST /api/contracts/:id/exhibits", () => {
  it("adds an exhibit with its file, tags and assignee, tells the assignee and pushes exhibit:updated", async () => {
    const { team, contract } = await setup();
    const pdf = await makePdf(["Exhibit A: Scope of Work for the gas plant."]);
    const recorder = recordEvents(t);
    let res;
    try {
      res = await signedIn(t, team.reviewer.token).post<Exhibit>(
        `/api/contracts/${contract.id}/exhibits`,
        exhibitForm({
          file: { bytes: pdf, name: "C:\\fakepath\\Scope of Work.pdf", type: "application/pdf" },
          description: "Scope, battery limits and tie-ins",
          exhibitNumber: "A",
          isRequired: "true",
          isPlanned: "false",
          expectedDate: "2026-12-15",
          assignedTo: team.approver.user.id,
          plannedNotes: "",
          tags: " Scope, safety ,Safety,, Tie-ins ",
        }),
      );
      expect(res.status).toBe(201);
      expect(recorder.events.filter((e) => e.type === PUSH_EVENTS.exhibitUpdated)).toEqual([
        { type: PUSH_EVENTS.exhibitUpdated, companyId: team.company.id, contractId: contract.id, payload: { contractId: contract.id, id: res.body.id } },
      ]);
    } finally {
      recorder.stop();
    }
    const body = exhibitSchema.strict().parse(res.body);
    expect(body).toMatchObject({
      contractId: contract.id,
      title: "Exhibit A - Scope of Work",
      description: "Scope, battery limits and tie-ins",
      exhibitNumber: "A",
      isRequired: true,
      isPlanned: false,
      status: "pending",
      // Date-only (issue 17): the date as typed, the same in every time zone.
      expectedDate: "2026-12-15",
      assignedTo: team.approver.user.id,
      plannedNotes: null,
      tags: ["Scope", "safety", "Tie-ins"],
      fileName: "Scope of Work.pdf",
      fileSize: pdf.length,
      mimeType: "application/pdf",
      uploadedBy: team.reviewer.user.id,
    });
    expect((await exhibitFileBytes(t.deps.db, body.id, team.company.id))!.equals(pdf)).toBe(true);
    expect((await notificationsOf(t.deps.db, team.approver.user.id)).map((n) => [n.title, n.message])).toEqual([
      ["Exhibit assigned", 'You are to provide "Exhibit A - Scope of Work" for "Gas Plant EPC" by Dec 15, 2026.'],
    ]);
    expect((await auditOf(t.deps.db, body.id)).map((a) => a.action)).toEqual(["exhibit.create"]);
  });

  it("accepts a planned exhibit without a file", async () => {
    const { team, contract } = await setup();
    const res = await signedIn(t, team.admin.token).post<Exhibit>(
      `/api/contracts/${contract.id}/exhibits`,
      exhibitForm({ title: "Exhibit F - Performance Bond", isPlanned: "true", expectedDate: "2026-12-20", plannedNotes: "Surety to issue after award." }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: "planned", isPlanned: true, fileName: null, fileUrl: null, uploadedBy: null, plannedNotes: "Surety to issue after award." });
    expect(await countRows(t.deps.db, "exhibit_files", team.company.id)).toBe(0);
  });

  it("accepts every spec type, checked by its bytes, and names its MIME type", async () => {
    const { team, contract } = await setup();
    const client = signedIn(t, team.reviewer.token);
    const files: [string, Uint8Array, string][] = [
      ["a.pdf", await makePdf(["PDF exhibit"]), "application/pdf"],
      ["a.docx", await makeDocx(["Word exhibit"]), "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
      ["a.doc", makeDoc(["Word 97 exhibit"]), "application/msword"],
      ["a.txt", Buffer.from("Plain text exhibit\n"), "text/plain"],
      ["a.xlsx", xlsx(), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
      ["a.xls", ole("Workbook"), "application/vnd.ms-excel"],
      ["a.pptx", pptx(), "application/vnd.openxmlformats-officedocument.presentationml.presentation"],
      ["a.ppt", ole("PowerPoint Document"), "application/vnd.ms-powerpoint"],
    ];
    for (const [name, bytes, mimeType] of files) {
      const res = await client.post<Exhibit>(`/api/contracts/${contract.id}/exhibits`, exhibitForm({ title: name, file: { bytes, name } }));
      expect(res.status, name).toBe(201);
      expect(res.body.mimeType, name).toBe(mimeType);
    }
  });

  it("refuses other types and files whose bytes are not what their name says (415)", async () => {
    const { team, contract } = await setup();
    const client = signedIn(t, team.admin.token);
    const cases: [string, Uint8Array][] = [
      ["contract.pdf", EXE],
      ["tool.exe", EXE],
      ["data.csv", Buffer.from("a,b\n1,2\n")],
      ["sheet.docx", xlsx()],
      ["letter.xlsx", makeMinimalDocxZip(["Word, not Excel"])],
      ["deck.pptx", xlsx()],
      ["book.xls", ole("PowerPoint Document")],
      ["slides.ppt", makeDoc(["Word, not PowerPoint"])],
      ["notes.txt", EXE],
    ];
    for (const [name, bytes] of cases) {
      const res = await client.post(`/api/contracts/${contract.id}/exhibits`, exhibitForm({ file: { bytes, name } }));
      expect(res.status, name).toBe(415);
      expect(res.body, name).toEqual({
        error: "unsupported_media_type",
        message: "Invalid file type - Exhibits can be PDF, Word (.doc, .docx), Excel (.xls, .xlsx), PowerPoint (.ppt, .pptx) or text (.txt) files.",
      });
    }
    expect(await countRows(t.deps.db, "exhibits", team.company.id)).toBe(0);
  });

  it("asks for a title, and for a file unless the exhibit is planned (400, spec texts)", async () => {
    const { team, contract } = await setup();
    const client = signedIn(t, team.admin.token);
    const noTitle = await client.post(`/api/contracts/${contract.id}/exhibits`, exhibitForm({ title: "  ", isPlanned: "true" }));
    expect(noTitle.status).toBe(400);
    expect(noTitle.body).toMatchObject({ error: "validation_failed", message: "Missing Information - Please provide a title." });
    const noFile = await client.post(`/api/contracts/${contract.id}/exhibits`, exhibitForm({ isPlanned: "false" }));
    expect(noFile.status).toBe(400);
    expect(noFile.body).toEqual({ error: "validation_failed", message: "Missing File - Please select a file or mark this as a planned exhibit." });
    expect(await countRows(t.deps.db, "exhibits", team.company.id)).toBe(0);
  });

  it("refuses bad fields with 400 and a clear message", async () => {
    const { team, contract } = await setup();
    const other = await createTeam(t.deps.db);
    const client = signedIn(t, team.admin.token);
    const cases: [FormSpec, string][] = [
      [{ isPlanned: "true", tags: Array.from({ length: 21 }, (_, i) => `tag${i}`).join(",") }, "At most 20 tags, please."],
      [{ isPlanned: "true", tags: `ok, ${"x".repeat(51)}` }, "Each tag can be at most 50 characters."],
      [{ isPlanned: "true", assignedTo: other.reviewer.user.id }, "The assignee must be an active member of your company."],
      [{ isPlanned: "true", assignedTo: "someone" }, "The assignee must be an active member of your company."],
      [{ isPlanned: "true", expectedDate: "2026-13-01" }, "The expected date must be a valid date (YYYY-MM-DD)."],
      [{ isPlanned: "perhaps" }, "Must be true or false."],
      [{ isPlanned: "true", exhibitNumber: "9".repeat(51) }, "The exhibit number can be at most 50 characters."],
    ];
    for (const [spec, message] of cases) {
      const res = await client.post(`/api/contracts/${contract.id}/exhibits`, exhibitForm(spec));
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await countRows(t.deps.db, "exhibits", team.company.id)).toBe(0);
  });

  it("refuses a file over 10 MB (413)", async () => {
    const { team, contract } = await setup();
    const res = await signedIn(t, team.admin.token).post(`/api/contracts/${contract.id}/exhibits`, exhibitForm({ file: { bytes: Buffer.alloc(MAX_UPLOAD_BYTES + 1, "a"), name: "big.txt" } }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: "payload_too_large", message: "File too large - Please select a file smaller than 10MB." });
    expect(await countRows(t.deps.db, "exhibits", team.company.id)).toBe(0);
  });

  it("refuses a member whose grant is read-only (403)", async () => {
    const { team, contract } = await setup();
    await grantContractAccess(t.deps.db, { companyId: team.company.id, contractId: contract.id, userId: team.approver.user.id, accessLevel: "read" });
    const res = await signedIn(t, team.approver.token).post(`/api/contracts/${contract.id}/exhibits`, exhibitForm({ isPlanned: "true" }));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message: "You do not have permission to add or delete exhibits on this contract." });
    expect(await countRows(t.deps.db, "exhibits", team.company.id)).toBe(0);
  });

  it("answers 404 for another company's contract exactly as for a missing one", async () => {
    const { team } = await setup();
    await expectSameContractNotFound(team, "POST", (id) => `/api/contracts/${id}/exhibits`, exhibitForm({ isPlanned: "true" }));
  });

  it("needs sign-in", async () => {
    const { contract } = await setup();
    expect((await t.client().post(`/api/contracts/${contract.id}/exhibits`, exhibitForm({ isPlanned: "true" }))).status).toBe(401);
  });
});

describe("GET /api/exhibits/:id/file", () => {
  it("serves the file byte for byte as an attachment that is never sniffed", async () => {
    const { team, contract } = await setup();
    const docx = await makeDocx(["Exhibit B: Schedule"]);
    const created = await signedIn(t, team.admin.token).post<Exhibit>(`/api/contracts/${contract.id}/exhibits`, exhibitForm({ file: { bytes: docx, name: "Annexe B – échéancier.docx" } }));
    const res = await fetch(`${t.baseUrl}${created.body.fileUrl}`, { headers: { cookie: `cw_session=${team.reviewer.token}` } });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(docx)).toBe(true);
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="Annexe B _ _ch_ancier.docx"; filename*=UTF-8''Annexe%20B%20%E2%80%93%20%C3%A9ch%C3%A9ancier.docx`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("answers 404 for a planned exhibit without a file", async () => {
    const { team, contract } = await setup();
    const planned = await createExhibit(t.deps.db, { companyId: team.company.id, contractId: contract.id, isPlanned: true });
    const res = await signedIn(t, team.reviewer.token).get(`/api/exhibits/${planned.id}/file`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "not_found", message: "This exhibit has no file yet." });
  });

  it("is readable by a read-only grant (no role may not read)", async () => {
    const { team, contract } = await setup();
    await grantContractAccess(t.deps.db, { companyId: team.company.id, contractId: contract.id, userId: team.reviewer.user.id, accessLevel: "read" });
    const exhibit = await createExhibit(t.deps.db, { companyId: team.company.id, contractId: contract.id, file: { name: "a.txt", bytes: Buffer.from("A"), mimeType: "text/plain" } });
    expect((await signedIn(t, team.reviewer.token).get(`/api/exhibits/${exhibit.id}/file`)).text).toBe("A");
  });

  it("answers 404 for another company's exhibit exactly as for a missing one", async () => {
    const { team } = await setup();
    await expectSameNotFound(team, "GET", (id) => `/api/exhibits/${id}/file`);
  });

  it("needs sign-in", async () => {
    expect((await t.client().get(`/api/exhibits/${randomUUID()}/file`)).status).toBe(401);
  });
});

describe("POST /api/exhibits/:id/review", () => {
  it("records reviewed, then approved; an approved exhibit cannot be reviewed again (409)", async () => {
    const { team, contract } = await setup();
    const exhibit = await createExhibit(t.deps.db, { companyId: team.company.id, contractId: contract.id, expectedDate: "2020-01-01" });
    const reviewer = signedIn(t, team.reviewer.token);

    const reviewed = await reviewer.post<Exhibit>(`/api/exhibits/${exhibit.id}/review`, { status: "reviewed", notes: "  Checked against the P&IDs.  " });
    expect(reviewed.status).toBe(200);
    expect(reviewed.body).toMatchObject({ status: "reviewed", reviewNotes: "Checked against the P&IDs.", reviewedBy: team.reviewer.user.id });

    const approved = await reviewer.post<Exhibit>(`/api/exhibits/${exhibit.id}/review`, { status: "approved" });
    expect(approved.body).toMatchObject({ status: "approved", reviewNotes: null });

    const again = await reviewer.post(`/api/exhibits/${exhibit.id}/review`, { status: "rejected", notes: "Changed my mind" });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: "conflict", message: "This exhibit is already approved; its review can no longer be changed." });
    expect(await exhibitRow(t.deps.db, exhibit.id)).toMatchObject({ status: "approved", reviewNotes: null });
    expect((await auditOf(t.deps.db, exhibit.id)).map((a) => a.data)).toEqual(
      expect.arrayContaining([expect.objectContaining({ from: "pending", to: "reviewed" }), expect.objectContaining({ from: "reviewed", to: "approved" })]),
    );
  });

  it("asks for a review status (400, spec text)", async () => {
    const { team, contract } = await setup();
    const exhibit = await createExhibit(t.deps.db, { companyId: team.company.id, contractId: contract.id });
    for (const body of [{}, { status: "" }, { status: "overdue" }]) {
      const res = await signedIn(t, team.reviewer.token).post(`/api/exhibits/${exhibit.id}/review`, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "validation_failed", message: "Please select a review status." });
    }
    expect((await exhibitRow(t.deps.db, exhibit.id))!.status).toBe("pending");
  });

  it("refuses a member whose grant is read-only (403)", async () => {
    const { team, contract } = await setup();
    const exhibit = await createExhibit(t.deps.db, { companyId: team.company.id, contractId: contract.id });
    await grantContractAccess(t.deps.db, { companyId: team.company.id, contractId: contract.id, userId: team.reviewer.user.id, accessLevel: "read" });
    const res = await signedIn(t, team.reviewer.token).post(`/api/exhibits/${exhibit.id}/review`, { status: "approved" });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message: "You do not have permission to review exhibits on this contract." });
    expect((await exhibitRow(t.deps.db, exhibit.id))!.status).toBe("pending");
  });

  it("answers 404 for another company's exhibit exactly as for a missing one", async () => {
    const { team } = await setup();
    await expectSameNotFound(team, "POST", (id) => `/api/exhibits/${id}/review`, { status: "approved" });
  });

  it("needs sign-in", async () => {
    expect((await t.client().post(`/api/exhibits/${randomUUID()}/review`, { status: "approved" })).status).toBe(401);
  });
});

describe("DELETE /api/exhibits/:id", () => {
  const attachment = { name: "a.txt", bytes: Buffer.from("A"), mimeType: "text/plain" };

  it("lets an admin delete anyone's exhibit and its file (204), audited, pushing exhibit:updated", async () => {
    const { team, contract } = await setup();
    const exhibit = await createExhibit(t.deps.db, { companyId: team.company.id, contractId: contract.id, file: attachment, createdBy: team.reviewer.user.id, status: "reviewed", reviewedAt: new Date() });
    const recorder = recordEvents(t);
    try {
      const res = await signedIn(t, team.admin.token).request("DELETE", `/api/exhibits/${exhibit.id}`);
      expect(res.status).toBe(204);
      expect(res.text).toBe("");
      expect(recorder.events.map((e) => e.type)).toEqual([PUSH_EVENTS.exhibitUpdated]);
    } finally {
      recorder.stop();
    }
    expect(await exhibitRow(t.deps.db, exhibit.id)).toBeNull();
    expect(await countRows(t.deps.db, "exhibit_files", team.company.id)).toBe(0);
    expect((await auditOf(t.deps.db, exhibit.id)).map((a) => [a.action, a.data])).toEqual([
      ["exhibit.delete", expect.objectContaining({ contractId: contract.id, title: exhibit.title, fileName: "a.txt" })],
    ]);
    expect((await signedIn(t, team.admin.token).request("DELETE", `/api/exhibits/${exhibit.id}`)).status).toBe(404);
  });

  it("lets the member who added it delete it while it is unreviewed, planned ones included", async () => {
    const { team, contract } = await setup();
    const client = signedIn(t, team.reviewer.token);
    const planned = await client.post<Exhibit>(`/api/contracts/${contract.id}/exhibits`, exhibitForm({ isPlanned: "true" }));
    expect(planned.status).toBe(201);
    expect(planned.body.abilities).toEqual({ review: true, delete: true });
    expect((await client.request("DELETE", `/api/exhibits/${planned.body.id}`)).status).toBe(204);
    expect(await exhibitRow(t.deps.db, planned.body.id)).toBeNull();
  });

  it.each(["reviewer", "approver"] as const)("refuses a %s someone else's exhibit, and their own once it is reviewed (403), changing nothing", async (role) => {
    const { team, contract } = await setup();
    const client = signedIn(t, team[role].token);
    const others = await createExhibit(t.deps.db, { companyId: team.company.id, contractId: contract.id, file: attachment, createdBy: team.admin.user.id });
    const own = await createExhibit(t.deps.db, { companyId: team.company.id, contractId: contract.id, createdBy: team[role].user.id, status: "rejected", reviewedAt: new Date() });
    for (const exhibit of [others, own]) {
      const res = await client.request("DELETE", `/api/exhibits/${exhibit.id}`);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: "forbidden", message: EXHIBIT_MESSAGES.deleteForbidden });
      expect(await exhibitRow(t.deps.db, exhibit.id)).toMatchObject({ id: exhibit.id });
    }
    expect(await countRows(t.deps.db, "exhibit_files", team.company.id)).toBe(1);
    const listed = await client.get<Exhibit[]>(`/api/contracts/${contract.id}/exhibits`);
    expect(listed.body.map((e) => e.abilities.delete)).toEqual([false, false]);
  });

  it("never deletes an approved exhibit, not even for an admin (409), and says so", async () => {
    const { team, contract } = await setup();
    const approved = await createExhibit(t.deps.db, { companyId: team.company.id, contractId: contract.id, file: attachment, status: "approved", reviewedAt: new Date(), createdBy: team.admin.user.id });
    const res = await signedIn(t, team.admin.token).request("DELETE", `/api/exhibits/${approved.id}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "conflict", message: EXHIBIT_MESSAGES.approvedNotDeletable });
    expect(await exhibitRow(t.deps.db, approved.id)).toMatchObject({ status: "approved" });
    expect(await countRows(t.deps.db, "exhibit_files", team.company.id)).toBe(1);
    expect(await auditOf(t.deps.db, approved.id)).toEqual([]);
    const listed = await signedIn(t, team.admin.token).get<Exhibit[]>(`/api/contracts/${contract.id}/exhibits`);
    expect(listed.body[0]!.abilities).toEqual({ review: true, delete: false });
  });

  it("refuses a member whose grant is read-only (403)", async () => {
    const { team, contract } = await setup();
    const exhibit = await createExhibit(t.deps.db, { companyId: team.company.id, contractId: contract.id });
    await grantContractAccess(t.deps.db, { companyId: team.company.id, contractId: contract.id, userId: team.approver.user.id, accessLevel: "read" });
    const res = await signedIn(t, team.approver.token).request("DELETE", `/api/exhibits/${exhibit.id}`);
    expect(res.status).toBe(403);
    expect(await exhibitRow(t.deps.db, exhibit.id)).not.toBeNull();
  });

  it("answers 404 for another company's exhibit exactly as for a missing one", async () => {
    const { team } = await setup();
    await expectSameNotFound(team, "DELETE", (id) => `/api/exhibits/${id}`);
  });

  it("needs sign-in", async () => {
    expect((await t.client().request("DELETE", `/api/exhibits/${randomUUID()}`)).status).toBe(401);
  });
});
