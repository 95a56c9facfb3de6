import { describe, expect, it } from "vitest";
import { avatarInitial, displayName, roleLabel, unreadBadgeText } from "./user";

describe("displayName", () => {
  it("joins first and last name", () => {
    expect(displayName({ firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" })).toBe("Ada Lovelace");
  });

  it("uses whichever name part exists", () => {
    expect(displayName({ firstName: "Ada", lastName: null, email: "ada@example.com" })).toBe("Ada");
    expect(displayName({ firstName: "  ", lastName: "Lovelace", email: "ada@example.com" })).toBe("Lovelace");
  });

  it("falls back to the e-mail address, then to 'User'", () => {
    expect(displayName({ firstName: null, lastName: "", email: "ada@example.com" })).toBe("ada@example.com");
    expect(displayName({ firstName: null, lastName: null, email: "" })).toBe("User");
    expect(displayName(null)).toBe("User");
    expect(displayName(undefined)).toBe("User");
  });
});

describe("roleLabel", () => {
  it("capitalises the role", () => {
    expect(roleLabel("admin")).toBe("Admin");
    expect(roleLabel("approver")).toBe("Approver");
    expect(roleLabel("reviewer")).toBe("Reviewer");
  });

  it("reads 'Member' when the role is missing", () => {
    expect(roleLabel(undefined)).toBe("Member");
    expect(roleLabel(null)).toBe("Member");
    expect(roleLabel("")).toBe("Member");
  });
});

describe("avatarInitial", () => {
  it("takes the first letter of the display name, upper-cased", () => {
    expect(avatarInitial({ firstName: "ada", lastName: "Lovelace" })).toBe("A");
    expect(avatarInitial({ email: "zed@example.com" })).toBe("Z");
    expect(avatarInitial(null)).toBe("U");
  });
});

describe("unreadBadgeText", () => {
  it("shows nothing at zero and the number up to 99", () => {
    expect(unreadBadgeText(0)).toBeNull();
    expect(unreadBadgeText(1)).toBe("1");
    expect(unreadBadgeText(99)).toBe("99");
  });

  it("caps at '99+' above 99", () => {
    expect(unreadBadgeText(100)).toBe("99+");
    expect(unreadBadgeText(5000)).toBe("99+");
  });
});
