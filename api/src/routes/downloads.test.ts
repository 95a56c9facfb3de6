import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractDocument } from "../documents";
import { createTestApp, type TestApp } from "../test/app";
import { grantContractAccess, storeOriginalFile } from "../test/contract-factories";
import { createContract, createTeam } from "../test/factories";
import { createAnalysis, signedIn } from "../test/lifecycle-factories";
import { runContractAnalysis } from "../analysis/service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const NO_ANALYSIS = { error: "not_found", message: "No Analysis Available - This contract hasn't been analyzed yet. Please wait for AI analysis to complete." };

async function download(path: string, token: string) {
  const res = await fetch(`${t.baseUrl}${path}`, { headers: { cookie: `cw_session=${token}` } });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function expectSameNotFound(token: string, path: (id: string) => string) {
  const other = await createTeam(t.deps.db);
  const foreign = await createContract(t.deps.db, { companyId: other.company.id });
  await storeOriginalFile(t.deps.db, { companyId: other.company.id, contractId: foreign.id, bytes: Buffer.from("their original") });
  await createAnalysis(t.deps.db, { companyId: other.company.id, contractId: foreign.id, status: "done" });
  const client = signedIn(t, token);
  const res = await client.get(path(foreign.id));
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ error: "not_found", message: "Contract not found." });
  expect((await client.get(path(randomUUID()))).body).toEqual(res.body);
  expect((await client.get(path("not-an-id"))).body).toEqual(res.body);
  expect(res.text).not.toContain("their original");
}

describe("GET /api/contracts/:id/download", () => {
  it("serves the stored original byte for byte, with its name and type", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, { companyId: team.company.id });
    const original = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x10, 0x80]);
    await storeOriginalFile(t.deps.db, { companyId: team.company.id, contractId: contract.id, bytes: original });
    const { res, bytes } = await download(`/api/contracts/${contract.id}/download`, team.reviewer.token);
    expect(res.status).toBe(200);
    expect(bytes.equals(original)).toBe(true);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="original.txt"; filename*=UTF-8''original.txt`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("without a stored original exports the current document as .docx named after the title", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, {
      companyId: team.company.id,
      title: "Gas Plant EPC: Rev 2",
      content: "<h2>1. Scope</h2><p>The Contractor shall perform the Work.</p><p>Holdback: 10%.</p>",
    });
    const { res, bytes } = await download(`/api/contracts/${contract.id}/download`, team.approver.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(DOCX);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="Gas Plant EPC Rev 2.docx"; filename*=UTF-8''Gas%20Plant%20EPC%20Rev%202.docx`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const text = (await extractDocument("docx", bytes)).text;
    expect(text).toContain("Gas Plant EPC: Rev 2");
    expect(text).toContain("The Contractor shall perform the Work.");
    expect(text).toContain("Holdback: 10%.");
  });

  it("is allowed to every role, including a read-only grant (no role may not read)", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, { companyId: team.company.id });
    await grantContractAccess(t.deps.db, { companyId: team.company.id, contractId: contract.id, userId: team.reviewer.user.id, accessLevel: "read" });
    for (const member of [team.admin, team.approver, team.reviewer]) expect((await download(`/api/contracts/${contract.id}/download`, member.token)).res.status).toBe(200);
  });

  it("answers 404 for another company's contract exactly as for a missing one", async () => {
    const team = await createTeam(t.deps.db);
    await expectSameNotFound(team.admin.token, (id) => `/api/contracts/${id}/download`);
  });

  it("needs sign-in", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, { companyId: team.company.id });
    await storeOriginalFile(t.deps.db, { companyId: team.company.id, contractId: contract.id, bytes: Buffer.from("secret original") });
    const res = await t.client().get(`/api/contracts/${contract.id}/download`);
    expect(res.status).toBe(401);
    expect(res.text).not.toContain("secret original");
  });
});

describe("GET /api/contracts/:id/download-report", () => {
  it("answers the spec's 'No Analysis Available' until an analysis is done", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, { companyId: team.company.id });
    const client = signedIn(t, team.reviewer.token);
    const none = await client.get(`/api/contracts/${contract.id}/download-report`);
    expect(none.status).toBe(404);
    expect(none.body).toEqual(NO_ANALYSIS);
    await createAnalysis(t.deps.db, { companyId: team.company.id, contractId: contract.id, status: "queued" });
    expect((await client.get(`/api/contracts/${contract.id}/download-report`)).body).toEqual(NO_ANALYSIS);
  });

  it("sends the finished analysis as a PDF: findings, quoted clauses, recommendations and the disclaimer", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, {
      companyId: team.company.id,
      title: "Gas Plant EPC",
      content:
        "<h2>8. Liquidated Damages</h2><p>The Contractor shall pay liquidated damages of $50,000 per day of delay.</p><h2>11. Payment</h2><p>The Owner shall pay the Contractor within 30 days after receipt of payment from the Project Owner.</p><h2>20. Governing Law</h2><p>This Agreement is governed by the laws of the Province of Ontario. The Site is located in Sarnia, Ontario.</p>",
    });
    await createAnalysis(t.deps.db, { companyId: team.company.id, contractId: contract.id, status: "queued" });
    await runContractAnalysis(t.deps, contract.id);
    const { res, bytes } = await download(`/api/contracts/${contract.id}/download-report`, team.reviewer.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain(".pdf");
    const text = (await extractDocument("pdf", bytes)).text.replace(/\s+/g, " ");
    expect(text).toContain("Gas Plant EPC");
    expect(text).toContain("liquidated damages of $50,000 per day");
    expect(text).toMatch(/not legal advice/i);
    expect(text).toContain("Uncapped liquidated damages");
    expect(text).toContain("Cap liquidated damages");
    expect(text).toContain("Jurisdiction notes");
    expect(text).toContain("Ontario");
  });

  it("is allowed to a read-only grant (no role may not read)", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, { companyId: team.company.id });
    await grantContractAccess(t.deps.db, { companyId: team.company.id, contractId: contract.id, userId: team.approver.user.id, accessLevel: "read" });
    expect((await signedIn(t, team.approver.token).get(`/api/contracts/${contract.id}/download-report`)).body).toEqual(NO_ANALYSIS);
  });

  it("answers 404 for another company's contract exactly as for a missing one, even when theirs is analysed", async () => {
    const team = await createTeam(t.deps.db);
    await expectSameNotFound(team.admin.token, (id) => `/api/contracts/${id}/download-report`);
  });

  it("needs sign-in", async () => {
    expect((await t.client().get(`/api/contracts/${randomUUID()}/download-report`)).status).toBe(401);
  });
});

describe("downloads: malformed ids (bad input)", () => {
  it("answer the same 404 as a missing contract on both downloads", async () => {
    const team = await createTeam(t.deps.db);
    const client = t.client();
    client.useSession(team.admin.token);
    for (const suffix of ["download", "download-report"]) {
      const missing = await client.get(`/api/contracts/${randomUUID()}/${suffix}`);
      expect(missing.status).toBe(404);
      for (const bad of ["not-a-uuid", "1%20OR%201%3D1", "%00", "x".repeat(300)]) {
        const res = await client.get(`/api/contracts/${bad}/${suffix}`);
        expect(res.status).toBe(404);
        expect(res.text).toBe(missing.text);
      }
    }
  });
});
