import { randomUUID } from "node:crypto";
import { ACCESS_LEVELS, CONTRACT_ABILITIES, ROLES, type AccessLevel, type ContractAbility, type Role } from "@clausewise/shared";
import { describe, expect, it } from "vitest";
import { canUploadContract, contractAbilities, effectiveAccessLevel, type GrantForPolicy } from "./contract";

const companyId = randomUUID();
const contract = { id: randomUUID(), companyId };
const member = (role: Role | string, overrides: { isActive?: boolean; companyId?: string } = {}) => ({
  id: randomUUID(),
  companyId: overrides.companyId ?? companyId,
  role,
  isActive: overrides.isActive ?? true,
});
const grantFor = (user: { id: string }, accessLevel: AccessLevel | string, on = contract): GrantForPolicy => ({ userId: user.id, contractId: on.id, accessLevel });

const allowed = (abilities: Record<ContractAbility, boolean>) => CONTRACT_ABILITIES.filter((a) => abilities[a]);

// The whole matrix in one table: a change to any cell is a deliberate change to this table.
const BY_LEVEL: Record<AccessLevel, ContractAbility[]> = {
  read: ["read"],
  review: ["read", "suggest", "comment", "submitForApproval", "analyze", "manageExhibits", "reviewExhibits"],
  approve: ["read", "edit", "suggest", "comment", "decideChanges", "approve", "submitForApproval", "analyze", "manageExhibits", "reviewExhibits", "grantAccess"],
  admin: [...CONTRACT_ABILITIES],
};
const ROLE_DEFAULT: Record<Role, AccessLevel> = { admin: "admin", approver: "approve", reviewer: "review" };

describe("contractAbilities without a grant (the role decides)", () => {
  for (const role of ROLES) {
    describe(role, () => {
      const abilities = contractAbilities(member(role), contract, null);
      for (const ability of CONTRACT_ABILITIES) {
        const expected = BY_LEVEL[ROLE_DEFAULT[role]].includes(ability);
        it(`${expected ? "may" : "may not"} ${ability}`, () => {
          expect(abilities[ability]).toBe(expected);
        });
      }
    });
  }

  it("always answers every ability, as booleans", () => {
    const abilities = contractAbilities(member("reviewer"), contract, null);
    expect(Object.keys(abilities).sort()).toEqual([...CONTRACT_ABILITIES].sort());
    expect(Object.values(abilities).every((v) => typeof v === "boolean")).toBe(true);
  });

  it("reviewers suggest but do not edit directly, decide changes or approve", () => {
    const a = contractAbilities(member("reviewer"), contract, null);
    expect([a.suggest, a.comment, a.analyze, a.submitForApproval]).toEqual([true, true, true, true]);
    expect([a.edit, a.decideChanges, a.approve, a.grantAccess, a.delete]).toEqual([false, false, false, false, false]);
  });

  it("approvers edit, decide and grant, but do not delete", () => {
    const a = contractAbilities(member("approver"), contract, null);
    expect([a.edit, a.decideChanges, a.approve, a.grantAccess]).toEqual([true, true, true, true]);
    expect(a.delete).toBe(false);
  });
});

describe("contractAbilities with a grant (the grant replaces the role's level on that contract)", () => {
  for (const role of ["approver", "reviewer"] as const) {
    for (const level of ACCESS_LEVELS) {
      it(`${role} with a ${level} grant works at ${level}`, () => {
        const user = member(role);
        // Reviewers never grant access (billing-team-admin §6), whatever the level lends them.
        const expected = role === "reviewer" ? BY_LEVEL[level].filter((a) => a !== "grantAccess") : BY_LEVEL[level];
        expect(allowed(contractAbilities(user, contract, grantFor(user, level)))).toEqual(expected);
        expect(effectiveAccessLevel(user, contract, grantFor(user, level))).toBe(level);
      });
    }
  }

  it("a read grant makes an approver read-only on that contract only", () => {
    const approver = member("approver");
    const other = { id: randomUUID(), companyId };
    const here = contractAbilities(approver, contract, grantFor(approver, "read"));
    expect(allowed(here)).toEqual(["read"]);
    expect(contractAbilities(approver, other, null).edit).toBe(true);
  });

  it("an approve grant lets a reviewer decide changes and approve on that contract, but not grant access", () => {
    const reviewer = member("reviewer");
    const a = contractAbilities(reviewer, contract, grantFor(reviewer, "approve"));
    expect([a.decideChanges, a.approve, a.edit, a.grantAccess, a.delete]).toEqual([true, true, true, false, false]);
  });

  it("an admin grant lets a reviewer delete that contract", () => {
    const reviewer = member("reviewer");
    expect(contractAbilities(reviewer, contract, grantFor(reviewer, "admin")).delete).toBe(true);
  });

  for (const level of ACCESS_LEVELS) {
    it(`never narrows a company admin (${level} grant)`, () => {
      const admin = member("admin");
      expect(allowed(contractAbilities(admin, contract, grantFor(admin, level)))).toEqual(BY_LEVEL.admin);
    });
  }

  it("ignores a grant that belongs to another user or another contract", () => {
    const reviewer = member("reviewer");
    const someoneElse = member("reviewer");
    expect(effectiveAccessLevel(reviewer, contract, grantFor(someoneElse, "admin"))).toBe("review");
    expect(effectiveAccessLevel(reviewer, contract, grantFor(reviewer, "admin", { id: randomUUID(), companyId }))).toBe("review");
  });

  it("treats a grant with an unknown level as read, never as the role's level", () => {
    const approver = member("approver");
    expect(effectiveAccessLevel(approver, contract, grantFor(approver, "owner"))).toBe("read");
  });
});

describe("contractAbilities denies everything", () => {
  const cases: Array<[string, ReturnType<typeof member>]> = [
    ["to a member of another company", member("admin", { companyId: randomUUID() })],
    ["to a deactivated member", member("admin", { isActive: false })],
    ["to an unknown role", member("owner")],
  ];
  for (const [name, user] of cases) {
    it(name, () => {
      expect(allowed(contractAbilities(user, contract, grantFor(user, "admin")))).toEqual([]);
      expect(effectiveAccessLevel(user, contract, null)).toBeNull();
    });
  }
});

describe("canUploadContract", () => {
  it.each([
    ["admin", true],
    ["approver", false],
    ["reviewer", false],
  ] as const)("%s → %s", (role, expected) => {
    expect(canUploadContract(member(role))).toBe(expected);
  });

  it("not a deactivated admin", () => {
    expect(canUploadContract(member("admin", { isActive: false }))).toBe(false);
  });
});
