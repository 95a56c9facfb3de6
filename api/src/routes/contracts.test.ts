import { randomUUID } from "node:crypto";
import type { ContractDetail, ContractSummary } from "@clausewise/shared";
import { CONTRACT_ABILITIES, contractDetail, contractSummary } from "@clausewise/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { grantContractAccess, setContractUpdatedAt, storeOriginalFile } from "../test/contract-factories";
import { createContract, createTeam } from "../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signedIn = (token: string) => {
  const client = t.client();
  client.useSession(token);
  return client;
};

describe("GET /api/contracts", () => {
  it("lists the company's contracts, newest updated first, with whitelisted fields", async () => {
    const team = await createTeam(t.deps.db);
    const older = await createContract(t.deps.db, { companyId: team.company.id, title: "Older" });
    const newer = await createContract(t.deps.db, { companyId: team.company.id, title: "Newer" });
    const middle = await createContract(t.deps.db, { companyId: team.company.id, title: "Middle" });
    await setContractUpdatedAt(t.deps.db, older.id, new Date("2026-01-01T00:00:00Z"));
    await setContractUpdatedAt(t.deps.db, middle.id, new Date("2026-02-01T00:00:00Z"));
    await setContractUpdatedAt(t.deps.db, newer.id, new Date("2026-03-01T00:00:00Z"));

    const res = await signedIn(team.reviewer.token).get<ContractSummary[]>("/api/contracts");
    expect(res.status).toBe(200);
    expect(res.body.map((c) => c.title)).toEqual(["Newer", "Middle", "Older"]);
    const first = contractSummary.strict().parse(res.body[0]);
    expect(first).toMatchObject({ id: newer.id, client: "Acme Energy Inc.", status: "under_review", priority: "medium", version: 1 });
    expect(first.updatedAt).toBe("2026-03-01T00:00:00.000Z");
    expect(res.text).not.toContain("Scope of Work");
  });

  it("never lists another company's contracts", async () => {
    const mine = await createTeam(t.deps.db);
    const theirs = await createTeam(t.deps.db);
    await createContract(t.deps.db, { companyId: theirs.company.id, title: "Their secret contract" });
    const own = await createContract(t.deps.db, { companyId: mine.company.id, title: "Our contract" });

    const res = await signedIn(mine.admin.token).get<ContractSummary[]>("/api/contracts");
    expect(res.body.map((c) => c.id)).toEqual([own.id]);
  });

  it("answers an empty list for a company without contracts", async () => {
    const team = await createTeam(t.deps.db);
    const res = await signedIn(team.approver.token).get<ContractSummary[]>("/api/contracts");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it("searches title or client, case-insensitively", async () => {
    const team = await createTeam(t.deps.db);
    const db = t.deps.db;
    const companyId = team.company.id;
    await createContract(db, { companyId, title: "Gas Plant EPC Agreement", client: "Wapiti Ridge Midstream" });
    await createContract(db, { companyId, title: "Steel Subcontract", client: "Ridgeline STRUCTURAL Steel" });
    await createContract(db, { companyId, title: "Maintenance Services", client: null });
    const client = signedIn(team.reviewer.token);

    const byTitle = await client.get<ContractSummary[]>("/api/contracts?search=gas%20PLANT");
    expect(byTitle.body.map((c) => c.title)).toEqual(["Gas Plant EPC Agreement"]);
    const byClient = await client.get<ContractSummary[]>("/api/contracts?search=structural");
    expect(byClient.body.map((c) => c.title)).toEqual(["Steel Subcontract"]);
    const both = await client.get<ContractSummary[]>("/api/contracts?search=STEEL");
    expect(both.body.map((c) => c.title)).toEqual(["Steel Subcontract"]);
    const none = await client.get<ContractSummary[]>("/api/contracts?search=nothing-like-this");
    expect(none.body).toEqual([]);
    const blank = await client.get<ContractSummary[]>("/api/contracts?search=%20%20");
    expect(blank.body).toHaveLength(3);
  });

  it("treats % and _ in the search as plain characters", async () => {
    const team = await createTeam(t.deps.db);
    const companyId = team.company.id;
    await createContract(t.deps.db, { companyId, title: "Holdback 10% release" });
    await createContract(t.deps.db, { companyId, title: "Holdback 100 release" });
    await createContract(t.deps.db, { companyId, title: "file_name.docx" });
    await createContract(t.deps.db, { companyId, title: "filename.docx" });
    const client = signedIn(team.reviewer.token);

    const percent = await client.get<ContractSummary[]>(`/api/contracts?search=${encodeURIComponent("10%")}`);
    expect(percent.body.map((c) => c.title)).toEqual(["Holdback 10% release"]);
    const underscore = await client.get<ContractSummary[]>("/api/contracts?search=e_n");
    expect(underscore.body.map((c) => c.title)).toEqual(["file_name.docx"]);
    const backslash = await client.get<ContractSummary[]>(`/api/contracts?search=${encodeURIComponent("\\")}`);
    expect(backslash.body).toEqual([]);
  });

  it("filters by status, alone and with a search", async () => {
    const team = await createTeam(t.deps.db);
    const companyId = team.company.id;
    await createContract(t.deps.db, { companyId, title: "Alpha review", status: "under_review" });
    await createContract(t.deps.db, { companyId, title: "Alpha approved", status: "approved" });
    await createContract(t.deps.db, { companyId, title: "Beta approved", status: "approved" });
    const client = signedIn(team.reviewer.token);

    const approved = await client.get<ContractSummary[]>("/api/contracts?status=approved");
    expect(approved.body.map((c) => c.title).sort()).toEqual(["Alpha approved", "Beta approved"]);
    const alphaApproved = await client.get<ContractSummary[]>("/api/contracts?status=approved&search=alpha");
    expect(alphaApproved.body.map((c) => c.title)).toEqual(["Alpha approved"]);
    const all = await client.get<ContractSummary[]>("/api/contracts?status=all");
    expect(all.body).toHaveLength(3);
    const empty = await client.get<ContractSummary[]>("/api/contracts?status=");
    expect(empty.body).toHaveLength(3);
  });

  it("rejects an unknown status with 400 naming the field", async () => {
    const team = await createTeam(t.deps.db);
    const res = await signedIn(team.reviewer.token).get("/api/contracts?status=signed");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "validation_failed", fields: { status: expect.any(String) } });
    expect(res.body.message).toMatch(/^status: /);
  });

  it("rejects an over-long search with 400", async () => {
    const team = await createTeam(t.deps.db);
    const res = await signedIn(team.reviewer.token).get(`/api/contracts?search=${"x".repeat(201)}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "validation_failed", fields: { search: expect.any(String) } });
  });

  it("needs sign-in", async () => {
    const res = await t.client().get("/api/contracts");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: "unauthorized", message: expect.stringContaining("Unauthorized") });
  });

  it("rejects an unknown session token", async () => {
    const res = await signedIn("not-a-session").get("/api/contracts");
    expect(res.status).toBe(401);
  });
});

describe("GET /api/contracts/:id", () => {
  it("answers the contract with content and the caller's abilities per role", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, { companyId: team.company.id, title: "EPC Agreement", content: "<h2>1. Scope</h2><p>The Work.</p>" });

    const asReviewer = await signedIn(team.reviewer.token).get<ContractDetail>(`/api/contracts/${contract.id}`);
    expect(asReviewer.status).toBe(200);
    const body = contractDetail.strict().parse(asReviewer.body);
    expect(body).toMatchObject({ id: contract.id, title: "EPC Agreement", content: "<h2>1. Scope</h2><p>The Work.</p>", hasOriginalFile: false, storageConsent: false });
    expect(Object.keys(body.abilities).sort()).toEqual([...CONTRACT_ABILITIES].sort());
    expect(body.abilities).toMatchObject({ read: true, suggest: true, comment: true, edit: false, decideChanges: false, approve: false, delete: false });
    expect(asReviewer.text).not.toContain("plainText");

    const asApprover = await signedIn(team.approver.token).get<ContractDetail>(`/api/contracts/${contract.id}`);
    expect(asApprover.body.abilities).toMatchObject({ edit: true, decideChanges: true, approve: true, grantAccess: true, delete: false });

    const asAdmin = await signedIn(team.admin.token).get<ContractDetail>(`/api/contracts/${contract.id}`);
    expect(Object.values(asAdmin.body.abilities).every(Boolean)).toBe(true);
  });

  it("applies the caller's access grant: read narrows an approver, approve widens a reviewer", async () => {
    const team = await createTeam(t.deps.db);
    const companyId = team.company.id;
    const contract = await createContract(t.deps.db, { companyId });
    await grantContractAccess(t.deps.db, { companyId, contractId: contract.id, userId: team.approver.user.id, accessLevel: "read" });
    await grantContractAccess(t.deps.db, { companyId, contractId: contract.id, userId: team.reviewer.user.id, accessLevel: "approve" });

    const approver = await signedIn(team.approver.token).get<ContractDetail>(`/api/contracts/${contract.id}`);
    expect(CONTRACT_ABILITIES.filter((a) => approver.body.abilities[a])).toEqual(["read"]);
    const reviewer = await signedIn(team.reviewer.token).get<ContractDetail>(`/api/contracts/${contract.id}`);
    expect(reviewer.body.abilities).toMatchObject({ edit: true, decideChanges: true, approve: true, delete: false });
  });

  it("reports a stored original file", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, { companyId: team.company.id });
    await storeOriginalFile(t.deps.db, { companyId: team.company.id, contractId: contract.id });
    const res = await signedIn(team.reviewer.token).get<ContractDetail>(`/api/contracts/${contract.id}`);
    expect(res.body).toMatchObject({ hasOriginalFile: true, storageConsent: true, fileName: "original.txt" });
  });

  it("answers another company's contract exactly like a missing one (404)", async () => {
    const mine = await createTeam(t.deps.db);
    const theirs = await createTeam(t.deps.db);
    const foreign = await createContract(t.deps.db, { companyId: theirs.company.id, title: "Their contract" });
    const client = signedIn(mine.admin.token);

    const cross = await client.get(`/api/contracts/${foreign.id}`);
    const missing = await client.get(`/api/contracts/${randomUUID()}`);
    expect(cross.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(cross.body).toEqual({ error: "not_found", message: "Contract not found." });
    expect(cross.text).toBe(missing.text);
  });

  it("answers 404 for an id that is not a UUID", async () => {
    const team = await createTeam(t.deps.db);
    const res = await signedIn(team.reviewer.token).get("/api/contracts/not-a-uuid");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: "not_found" });
  });

  it("needs sign-in, and says 401 before looking at the id", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, { companyId: team.company.id });
    expect((await t.client().get(`/api/contracts/${contract.id}`)).status).toBe(401);
    expect((await t.client().get("/api/contracts/not-a-uuid")).status).toBe(401);
  });
});

describe("GET /api/contracts/:id/text", () => {
  it("returns the document as blocks whose offsets index its plain text", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, { companyId: team.company.id, content: "<h2>1. Payment</h2><p>Net 30 days.</p><ul><li>Holdback 10%</li></ul>" });
    const res = await signedIn(team.reviewer.token).get<{ contractId: string; length: number; blocks: { kind: string; text: string; start: number }[] }>(
      `/api/contracts/${contract.id}/text`,
    );
    expect(res.status).toBe(200);
    expect(res.body.blocks.map((b) => [b.kind, b.text, b.start])).toEqual([
      ["heading", "1. Payment", 0],
      ["paragraph", "Net 30 days.", 11],
      ["listItem", "Holdback 10%", 24],
    ]);
    expect(res.body.length).toBe("1. Payment\nNet 30 days.\nHoldback 10%".length);
  });

  it("answers 401 signed out, and 404 for another company's contract or a malformed id", async () => {
    const team = await createTeam(t.deps.db);
    const theirs = await createTeam(t.deps.db);
    const foreign = await createContract(t.deps.db, { companyId: theirs.company.id });
    expect((await t.client().get(`/api/contracts/${foreign.id}/text`)).status).toBe(401);
    const foreignRes = await signedIn(team.admin.token).get(`/api/contracts/${foreign.id}/text`);
    const missingRes = await signedIn(team.admin.token).get(`/api/contracts/${randomUUID()}/text`);
    expect(foreignRes.status).toBe(404);
    expect(foreignRes.body).toEqual(missingRes.body);
    expect((await signedIn(team.admin.token).get("/api/contracts/not-a-uuid/text")).status).toBe(404);
  });

  it("signs a deactivated member out (their session no longer reads the text)", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, { companyId: team.company.id });
    const { users } = await import("../db/schema");
    const { eq } = await import("drizzle-orm");
    await t.deps.db.update(users).set({ isActive: false }).where(eq(users.id, team.reviewer.user.id));
    expect((await signedIn(team.reviewer.token).get(`/api/contracts/${contract.id}/text`)).status).toBe(401);
  });
});
