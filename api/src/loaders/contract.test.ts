import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contractAbilities } from "../policies/contract";
import { createTestApp, type TestApp } from "../test/app";
import { grantContractAccess } from "../test/contract-factories";
import { createContract, createTeam } from "../test/factories";
import { getContractAccessForUser, getContractForUser, getContractsAccessForUser } from "./contract";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("getContractAccessForUser (the live servers' re-check)", () => {
  it("reads the contract's company, status (for the text lock) and this user's grant only, and agrees with the full loader on abilities", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, { companyId: team.company.id, content: `<p>${"A long clause. ".repeat(2000)}</p>` });
    await grantContractAccess(t.deps.db, { companyId: team.company.id, contractId: contract.id, userId: team.reviewer.user.id, accessLevel: "read" });
    for (const member of [team.reviewer.user, team.approver.user, team.admin.user]) {
      const where = { id: contract.id, companyId: team.company.id, userId: member.id };
      const narrow = await getContractAccessForUser(t.deps.db, where);
      const full = await getContractForUser(t.deps.db, where);
      expect(Object.keys(narrow.contract).sort()).toEqual(["companyId", "id", "status"]);
      expect(contractAbilities(member, narrow.contract, narrow.grant)).toEqual(contractAbilities(member, full.contract, full.grant));
    }
    const reviewer = await getContractAccessForUser(t.deps.db, { id: contract.id, companyId: team.company.id, userId: team.reviewer.user.id });
    expect(reviewer.grant).toEqual({ userId: team.reviewer.user.id, contractId: contract.id, accessLevel: "read" });
    expect(contractAbilities(team.reviewer.user, reviewer.contract, reviewer.grant).edit).toBe(false);
    expect((await getContractAccessForUser(t.deps.db, { id: contract.id, companyId: team.company.id, userId: team.approver.user.id })).grant).toBeNull();
  });

  it("answers not found for another company's contract, an unknown id and a malformed one", async () => {
    const team = await createTeam(t.deps.db);
    const other = await createTeam(t.deps.db);
    const foreign = await createContract(t.deps.db, { companyId: other.company.id });
    for (const id of [foreign.id, randomUUID(), "not-a-uuid"]) {
      await expect(getContractAccessForUser(t.deps.db, { id, companyId: team.company.id, userId: team.admin.user.id })).rejects.toMatchObject({ code: "not_found" });
    }
  });
});

describe("getContractsAccessForUser (one query for a user's open documents)", () => {
  it("answers for each readable contract as getContractAccessForUser does, and leaves out what that one calls not found", async () => {
    const team = await createTeam(t.deps.db);
    const other = await createTeam(t.deps.db);
    const granted = await createContract(t.deps.db, { companyId: team.company.id });
    const plain = await createContract(t.deps.db, { companyId: team.company.id });
    const foreign = await createContract(t.deps.db, { companyId: other.company.id });
    await grantContractAccess(t.deps.db, { companyId: team.company.id, contractId: granted.id, userId: team.reviewer.user.id, accessLevel: "read" });
    const unknown = randomUUID();
    const ids = [granted.id, plain.id.toUpperCase(), foreign.id, unknown, "not-a-uuid"];
    const found = await getContractsAccessForUser(t.deps.db, { ids, companyId: team.company.id, userId: team.reviewer.user.id });
    expect([...found.keys()].sort()).toEqual([granted.id, plain.id.toUpperCase()].sort());
    for (const id of [granted.id, plain.id]) {
      const one = await getContractAccessForUser(t.deps.db, { id, companyId: team.company.id, userId: team.reviewer.user.id });
      expect(found.get(id === plain.id ? plain.id.toUpperCase() : id)).toEqual(one);
    }
    expect(found.get(granted.id)!.grant).toEqual({ userId: team.reviewer.user.id, contractId: granted.id, accessLevel: "read" });
    expect(found.get(plain.id.toUpperCase())!.grant).toBeNull();
  });
});
