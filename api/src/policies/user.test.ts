import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { canManageOwnAccount, canSeeMember } from "./user";

const companyId = randomUUID();
const member = (overrides: { isActive?: boolean; companyId?: string; role?: string } = {}) => ({
  id: randomUUID(),
  companyId: overrides.companyId ?? companyId,
  role: overrides.role ?? "reviewer",
  isActive: overrides.isActive ?? true,
});

describe("user policies", () => {
  it("each member manages their own account, not anyone else's (not even an admin)", () => {
    const self = member();
    expect(canManageOwnAccount(self, self)).toBe(true);
    expect(canManageOwnAccount(member({ role: "admin" }), self)).toBe(false);
    expect(canManageOwnAccount(member({ isActive: false }), member())).toBe(false);
  });

  it("members see colleagues of their own company only", () => {
    expect(canSeeMember(member(), member())).toBe(true);
    expect(canSeeMember(member(), member({ companyId: randomUUID() }))).toBe(false);
    expect(canSeeMember(member({ isActive: false }), member())).toBe(false);
  });
});
