import { randomUUID } from "node:crypto";
import { ROLES, type AccessLevel, type Role } from "@clausewise/shared";
import { describe, expect, it } from "vitest";
import { canDeleteExhibit, exhibitAbilities } from "./exhibit";

const companyId = randomUUID();
const contract = { id: randomUUID(), companyId };
const member = (role: Role, overrides: { isActive?: boolean; companyId?: string } = {}) => ({
  id: randomUUID(),
  companyId: overrides.companyId ?? companyId,
  role,
  isActive: overrides.isActive ?? true,
});
const grantFor = (user: { id: string }, accessLevel: AccessLevel) => ({ userId: user.id, contractId: contract.id, accessLevel });
const exhibit = (overrides: { uploadedBy?: string | null; status?: string; reviewedAt?: Date | null } = {}) => ({
  createdBy: overrides.uploadedBy ?? randomUUID(),
  uploadedBy: null,
  status: overrides.status ?? "pending",
  reviewedAt: overrides.reviewedAt ?? null,
});

describe("deleting an exhibit (DESIGN.md §3)", () => {
  it.each([
    ["admin", true],
    ["approver", false],
    ["reviewer", false],
  ] as const)("someone else's unreviewed exhibit: %s → %s", (role, expected) => {
    expect(canDeleteExhibit(member(role), contract, null, exhibit())).toBe(expected);
  });

  it.each(ROLES)("the %s who added it may, until it is reviewed", (role) => {
    const user = member(role);
    expect(canDeleteExhibit(user, contract, null, exhibit({ uploadedBy: user.id }))).toBe(true);
    expect(canDeleteExhibit(user, contract, null, exhibit({ uploadedBy: user.id, status: "planned" }))).toBe(true);
    const reviewed = exhibit({ uploadedBy: user.id, status: "reviewed", reviewedAt: new Date() });
    expect(canDeleteExhibit(user, contract, null, reviewed)).toBe(role === "admin");
    expect(canDeleteExhibit(user, contract, null, exhibit({ uploadedBy: user.id, status: "rejected", reviewedAt: new Date() }))).toBe(role === "admin");
  });

  it("an admin grant lends delete; a read grant takes the uploader's right away", () => {
    const reviewer = member("reviewer");
    expect(canDeleteExhibit(reviewer, contract, grantFor(reviewer, "admin"), exhibit({ status: "reviewed", reviewedAt: new Date() }))).toBe(true);
    expect(canDeleteExhibit(reviewer, contract, grantFor(reviewer, "read"), exhibit({ uploadedBy: reviewer.id }))).toBe(false);
  });

  it("nobody from another company, and no deactivated uploader", () => {
    const foreign = member("admin", { companyId: randomUUID() });
    expect(canDeleteExhibit(foreign, contract, null, exhibit({ uploadedBy: foreign.id }))).toBe(false);
    const gone = member("reviewer", { isActive: false });
    expect(canDeleteExhibit(gone, contract, null, exhibit({ uploadedBy: gone.id }))).toBe(false);
  });

  it("an exhibit without a known author is the admins' alone; older rows fall back to who uploaded the file", () => {
    const reviewer = member("reviewer");
    expect(canDeleteExhibit(reviewer, contract, null, { createdBy: null, uploadedBy: null, status: "pending", reviewedAt: null })).toBe(false);
    expect(canDeleteExhibit(reviewer, contract, null, { createdBy: null, uploadedBy: reviewer.id, status: "pending", reviewedAt: null })).toBe(true);
  });

  it("abilities never offer to delete an approved exhibit, even to an admin", () => {
    const admin = member("admin");
    const approved = exhibit({ uploadedBy: admin.id, status: "approved", reviewedAt: new Date() });
    expect(canDeleteExhibit(admin, contract, null, approved)).toBe(true);
    expect(exhibitAbilities(admin, contract, null, approved)).toEqual({ review: true, delete: false });
    expect(exhibitAbilities(member("reviewer"), contract, null, exhibit())).toEqual({ review: true, delete: false });
  });
});
