import { randomUUID } from "node:crypto";
import { contractReviewer, type ContractReviewer } from "@clausewise/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../auth/sessions";
import { createTestApp, type TestApp } from "../test/app";
import { grantContractAccess } from "../test/contract-factories";
import { createTeam, createUser } from "../test/factories";
import { createReviewSetup, signedIn } from "../test/review-factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const path = (contractId: string) => `/api/contracts/${contractId}/reviewers`;

describe("GET /api/contracts/:id/reviewers", () => {
  it("lists the active members who may comment on the contract, with names and roles", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const db = t.deps.db;
    const companyId = setup.company.id;
    const alex = await createUser(db, { companyId, role: "reviewer", firstName: "Alex", lastName: "Tremblay", email: `alex-${randomUUID()}@example.test` });
    const nameless = await createUser(db, { companyId, role: "approver", firstName: "", lastName: "", email: `zz-nameless-${randomUUID()}@example.test` });
    const readOnly = await createUser(db, { companyId, role: "approver", firstName: "Read", lastName: "Only" });
    await grantContractAccess(db, { companyId, contractId: setup.contract.id, userId: readOnly.id, accessLevel: "read" });
    await createUser(db, { companyId, role: "reviewer", firstName: "Gone", lastName: "Away", isActive: false });
    const other = await createTeam(db);

    const res = await signedIn(t, setup.reviewer.token).get<ContractReviewer[]>(path(setup.contract.id));
    expect(res.status).toBe(200);
    res.body.forEach((r) => contractReviewer.strict().parse(r));
    const ids = res.body.map((r) => r.id);
    expect(ids).toHaveLength(5);
    expect(ids).toEqual(expect.arrayContaining([setup.admin.user.id, setup.approver.user.id, setup.reviewer.user.id, alex.id, nameless.id]));
    expect(ids).not.toContain(readOnly.id);
    expect(ids).not.toContain(other.admin.user.id);
    expect(res.body[0]).toEqual({ id: alex.id, name: "Alex Tremblay", email: alex.email, role: "reviewer" });
    expect(res.body.find((r) => r.id === nameless.id)).toMatchObject({ name: nameless.email, role: "approver" });
    expect(res.body.find((r) => r.id === setup.admin.user.id)).toMatchObject({ name: "Test User", role: "admin" });
  });

  it("is open to a member with read-only access", async () => {
    const setup = await createReviewSetup(t.deps.db);
    await grantContractAccess(t.deps.db, { companyId: setup.company.id, contractId: setup.contract.id, userId: setup.approver.user.id, accessLevel: "read" });
    const res = await signedIn(t, setup.approver.token).get<ContractReviewer[]>(path(setup.contract.id));
    expect(res.status).toBe(200);
    expect(res.body.map((r) => r.id)).not.toContain(setup.approver.user.id);
  });

  it("answers another company's contract exactly like a missing one (404), and 401 when signed out or deactivated", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const other = await createTeam(t.deps.db);
    const cross = await signedIn(t, other.admin.token).get(path(setup.contract.id));
    const missing = await signedIn(t, other.admin.token).get(path(randomUUID()));
    expect(cross.status).toBe(404);
    expect(cross.body).toEqual({ error: "not_found", message: "Contract not found." });
    expect(cross.text).toBe(missing.text);
    expect((await t.client().get(path(setup.contract.id))).status).toBe(401);
    const inactive = await createUser(t.deps.db, { companyId: setup.company.id, role: "admin", isActive: false });
    expect((await signedIn(t, await createSession(t.deps.db, inactive.id)).get(path(setup.contract.id))).status).toBe(401);
  });

  it("answers a malformed id (bad input) with the same 404 as a missing contract", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const missing = await signedIn(t, setup.admin.token).get(path(randomUUID()));
    for (const bad of ["not-a-uuid", "1%20OR%201%3D1", "%00", "x".repeat(300)]) {
      const res = await signedIn(t, setup.admin.token).get(path(bad));
      expect(res.status).toBe(404);
      expect(res.text).toBe(missing.text);
    }
  });
});
