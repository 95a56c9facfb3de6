import { randomUUID } from "node:crypto";
import { ROLES, USER_ABILITIES, type Role, type UserAbility } from "@clausewise/shared";
import { describe, expect, it } from "vitest";
import { AppError } from "../http/errors";
import { authorize, userAbilities } from "./index";

const member = (role: Role | string, isActive = true) => ({ id: randomUUID(), companyId: randomUUID(), role, isActive });
const allowed = (abilities: Record<UserAbility, boolean>) => USER_ABILITIES.filter((a) => abilities[a]);

// DESIGN.md §3 and billing-team-admin §6, one row per role.
const MATRIX: Record<Role, UserAbility[]> = {
  // support.desk comes from being a platform operator, never from a company role.
  admin: USER_ABILITIES.filter((a) => a !== "support.desk"),
  approver: ["contract.approve", "change.decide", "access.grant", "analytics.view"],
  reviewer: [],
};

describe("userAbilities", () => {
  for (const role of ROLES) {
    describe(role, () => {
      const abilities = userAbilities(member(role), { isPlatformAdmin: false });
      for (const ability of USER_ABILITIES) {
        const expected = MATRIX[role].includes(ability);
        it(`${expected ? "has" : "lacks"} ${ability}`, () => {
          expect(abilities[ability]).toBe(expected);
        });
      }
    });
  }

  it("answers every ability", () => {
    expect(Object.keys(userAbilities(member("reviewer"), { isPlatformAdmin: false })).sort()).toEqual([...USER_ABILITIES].sort());
  });

  it.each(ROLES)("a platform operator who is a %s also gets billing.admin and the support desk, and nothing else extra", (role) => {
    const abilities = userAbilities(member(role), { isPlatformAdmin: true });
    expect(allowed(abilities)).toEqual(USER_ABILITIES.filter((a) => a === "billing.admin" || a === "support.desk" || MATRIX[role].includes(a)));
  });

  it("a deactivated admin, even a platform operator, gets nothing", () => {
    expect(allowed(userAbilities(member("admin", false), { isPlatformAdmin: true }))).toEqual([]);
  });

  it("an unknown role gets nothing", () => {
    expect(allowed(userAbilities(member("superuser"), { isPlatformAdmin: false }))).toEqual([]);
  });
});

describe("authorize", () => {
  it("passes when allowed", () => {
    expect(() => authorize(true)).not.toThrow();
  });

  it("throws a 403 forbidden AppError with the message", () => {
    try {
      authorize(false, "Only approvers can approve contracts.");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      const e = error as AppError;
      expect(e.status).toBe(403);
      expect(e.toBody()).toEqual({ error: "forbidden", message: "Only approvers can approve contracts." });
    }
  });

  it("has a default message", () => {
    expect(() => authorize(false)).toThrow(/permission/);
  });
});
