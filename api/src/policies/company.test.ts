import { randomUUID } from "node:crypto";
import { ROLES, type Role } from "@clausewise/shared";
import { describe, expect, it } from "vitest";
import { canEditCompanySettings, canToggleAiReview, canViewAnalytics, canViewCompanySettings } from "./company";

const company = { id: randomUUID() };
const member = (role: Role, overrides: { isActive?: boolean; companyId?: string } = {}) => ({
  id: randomUUID(),
  companyId: overrides.companyId ?? company.id,
  role,
  isActive: overrides.isActive ?? true,
});

const RULES = { canViewCompanySettings, canEditCompanySettings, canToggleAiReview, canViewAnalytics };
const MATRIX: Record<keyof typeof RULES, Role[]> = {
  canViewCompanySettings: ["admin", "approver", "reviewer"],
  canEditCompanySettings: ["admin"],
  canToggleAiReview: ["admin"],
  canViewAnalytics: ["admin", "approver"],
};

describe("company policies", () => {
  for (const [name, rule] of Object.entries(RULES) as Array<[keyof typeof RULES, (typeof RULES)[keyof typeof RULES]]>) {
    for (const role of ROLES) {
      const expected = MATRIX[name].includes(role);
      it(`${name}: ${role} → ${expected}`, () => {
        expect(rule(member(role), company)).toBe(expected);
      });
    }
    it(`${name}: never for another company or a deactivated member`, () => {
      expect(rule(member("admin", { companyId: randomUUID() }), company)).toBe(false);
      expect(rule(member("admin", { isActive: false }), company)).toBe(false);
    });
  }
});
