import { randomUUID } from "node:crypto";
import type { Role } from "@clausewise/shared";
import { describe, expect, it } from "vitest";
import { billingAdminScope, canManageAccountStatus, canManageSubscription, canViewCompanyBilling } from "./billing";

const company = { id: randomUUID() };
const other = { id: randomUUID() };
const member = (role: Role, isActive = true) => ({ id: randomUUID(), companyId: company.id, role, isActive });
const operator = { isPlatformAdmin: true };
const nobody = { isPlatformAdmin: false };

describe("subscription management", () => {
  it.each([
    ["admin", true],
    ["approver", false],
    ["reviewer", false],
  ] as const)("%s → %s", (role, expected) => {
    expect(canManageSubscription(member(role), company)).toBe(expected);
  });

  it("only for the admin's own company", () => {
    expect(canManageSubscription(member("admin"), other)).toBe(false);
  });
});

describe("billing administration", () => {
  it("a company admin sees their own company only", () => {
    const admin = member("admin");
    expect(billingAdminScope(admin, nobody)).toBe("company");
    expect(canViewCompanyBilling(admin, nobody, company)).toBe(true);
    expect(canViewCompanyBilling(admin, nobody, other)).toBe(false);
  });

  it.each(["approver", "reviewer"] as const)("a %s sees nothing", (role) => {
    expect(billingAdminScope(member(role), nobody)).toBeNull();
    expect(canViewCompanyBilling(member(role), nobody, company)).toBe(false);
  });

  it.each(["admin", "approver", "reviewer"] as const)("a platform operator (%s in their company) sees every company", (role) => {
    expect(billingAdminScope(member(role), operator)).toBe("platform");
    expect(canViewCompanyBilling(member(role), operator, other)).toBe(true);
  });

  it("suspend, reactivate and record payment: platform operators only", () => {
    expect(canManageAccountStatus(member("reviewer"), operator)).toBe(true);
    expect(canManageAccountStatus(member("admin"), nobody)).toBe(false);
  });

  it("a deactivated operator gets nothing", () => {
    expect(billingAdminScope(member("admin", false), operator)).toBeNull();
    expect(canManageAccountStatus(member("admin", false), operator)).toBe(false);
  });
});
