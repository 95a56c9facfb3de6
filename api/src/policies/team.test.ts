import { randomUUID } from "node:crypto";
import { ACCESS_LEVELS, type AccessLevel, type Role } from "@clausewise/shared";
import { describe, expect, it } from "vitest";
import {
  canChangeRole,
  canDeactivateMember,
  canGrantAccessAnywhere,
  canGrantContractAccess,
  canInviteMember,
  canManageTeam,
  canReceiveContractGrant,
  canRevokeContractAccess,
} from "./team";

const companyId = randomUUID();
const contract = { id: randomUUID(), companyId };
const member = (role: Role, overrides: { isActive?: boolean; companyId?: string } = {}) => ({
  id: randomUUID(),
  companyId: overrides.companyId ?? companyId,
  role,
  isActive: overrides.isActive ?? true,
});
const grant = (user: { id: string }, accessLevel: AccessLevel) => ({ userId: user.id, contractId: contract.id, accessLevel });

describe("team management", () => {
  it.each([
    ["admin", true],
    ["approver", false],
    ["reviewer", false],
  ] as const)("%s manages the team: %s", (role, expected) => {
    const actor = member(role);
    expect(canManageTeam(actor)).toBe(expected);
    expect(canInviteMember(actor, "reviewer")).toBe(expected);
    expect(canChangeRole(actor, member("reviewer"))).toBe(expected);
    expect(canDeactivateMember(actor, member("reviewer"))).toBe(expected);
  });

  it("an admin cannot change their own role or deactivate themselves", () => {
    const admin = member("admin");
    expect(canChangeRole(admin, admin)).toBe(false);
    expect(canDeactivateMember(admin, admin)).toBe(false);
  });

  it("an admin cannot touch members of another company", () => {
    const admin = member("admin");
    const foreign = member("reviewer", { companyId: randomUUID() });
    expect(canChangeRole(admin, foreign)).toBe(false);
    expect(canDeactivateMember(admin, foreign)).toBe(false);
  });

  it("an already deactivated member cannot be deactivated again", () => {
    expect(canDeactivateMember(member("admin"), member("reviewer", { isActive: false }))).toBe(false);
  });
});

describe("granting contract access", () => {
  it.each([
    ["admin", true],
    ["approver", true],
    ["reviewer", false],
  ] as const)("%s may grant access at all: %s", (role, expected) => {
    expect(canGrantAccessAnywhere(member(role))).toBe(expected);
  });

  it("an admin grants any level to an active colleague", () => {
    for (const level of ACCESS_LEVELS) expect(canGrantContractAccess(member("admin"), contract, null, member("reviewer"), level)).toBe(true);
  });

  it("an approver grants up to approve, never admin", () => {
    const approver = member("approver");
    const target = member("reviewer");
    expect(ACCESS_LEVELS.filter((level) => canGrantContractAccess(approver, contract, null, target, level))).toEqual(["read", "review", "approve"]);
  });

  it("a reviewer grants nothing, even with an approve or admin grant on that contract (spec §6)", () => {
    const reviewer = member("reviewer");
    const target = member("reviewer");
    expect(canGrantContractAccess(reviewer, contract, null, target, "read")).toBe(false);
    expect(canGrantContractAccess(reviewer, contract, grant(reviewer, "approve"), target, "review")).toBe(false);
    expect(canGrantContractAccess(reviewer, contract, grant(reviewer, "admin"), target, "read")).toBe(false);
  });

  it("an approver with a read grant on the contract cannot grant there", () => {
    const approver = member("approver");
    expect(canGrantContractAccess(approver, contract, grant(approver, "read"), member("reviewer"), "read")).toBe(false);
  });

  it("nobody grants to themselves", () => {
    const approver = member("approver");
    expect(canGrantContractAccess(approver, contract, null, approver, "read")).toBe(false);
  });

  it("nobody grants anything to a company admin: admins are never narrowed, so the grant would change nothing", () => {
    const admin = member("admin");
    expect(canReceiveContractGrant(admin)).toBe(false);
    expect(canReceiveContractGrant(member("approver"))).toBe(true);
    expect(canReceiveContractGrant(member("reviewer", { isActive: false }))).toBe(false);
    for (const granter of [member("admin"), member("approver")]) {
      for (const level of ACCESS_LEVELS) expect(canGrantContractAccess(granter, contract, null, admin, level)).toBe(false);
    }
    expect(canGrantContractAccess(admin, contract, null, admin, "read")).toBe(false);
  });

  it("not to a deactivated member or one of another company", () => {
    const admin = member("admin");
    expect(canGrantContractAccess(admin, contract, null, member("reviewer", { isActive: false }), "read")).toBe(false);
    expect(canGrantContractAccess(admin, contract, null, member("reviewer", { companyId: randomUUID() }), "read")).toBe(false);
  });

  it("not on another company's contract", () => {
    const admin = member("admin");
    const foreignContract = { id: randomUUID(), companyId: randomUUID() };
    expect(canGrantContractAccess(admin, foreignContract, null, member("reviewer"), "read")).toBe(false);
  });
});

describe("revoking contract access", () => {
  it("an approver revokes grants up to approve, not admin grants", () => {
    const approver = member("approver");
    expect(ACCESS_LEVELS.filter((accessLevel) => canRevokeContractAccess(approver, contract, null, { accessLevel }))).toEqual(["read", "review", "approve"]);
  });

  it("an admin revokes anything, even a level this code does not know", () => {
    const admin = member("admin");
    expect(ACCESS_LEVELS.every((accessLevel) => canRevokeContractAccess(admin, contract, null, { accessLevel }))).toBe(true);
    expect(canRevokeContractAccess(admin, contract, null, { accessLevel: "owner" })).toBe(true);
    expect(canRevokeContractAccess(member("approver"), contract, null, { accessLevel: "owner" })).toBe(false);
  });

  it("a reviewer revokes nothing", () => {
    expect(canRevokeContractAccess(member("reviewer"), contract, null, { accessLevel: "read" })).toBe(false);
  });
});
