import { describe, expect, it } from "vitest";
import { COLLAB_CLOSE } from "@clausewise/shared";
import { closeReason } from "./close-reasons";
import { colorForUser, initials, presenceFromStates, PRESENCE_COLORS } from "./presence";

describe("presence", () => {
  it("gives each user one stable colour from the palette", () => {
    expect(colorForUser("user-1")).toBe(colorForUser("user-1"));
    expect(PRESENCE_COLORS).toContain(colorForUser("user-1"));
    const colours = new Set(["a", "b", "c", "d", "e", "f", "g", "h"].map((id) => colorForUser(`user-${id}`)));
    expect(colours.size).toBeGreaterThan(3);
  });

  it("lists one entry per person, the current user first, ignoring clients without a name", () => {
    const states = new Map<number, unknown>([
      [1, { user: { id: "u-me", name: "Pat Morgan", color: "#1d4ed8" } }],
      [2, { user: { id: "u-2", name: "Alex Chen", color: "#b91c1c" } }],
      [3, { user: { id: "u-2", name: "Alex Chen", color: "#b91c1c" } }],
      [4, {}],
      [5, { user: { id: "u-3", name: "  ", color: "#000000" } }],
      [6, { user: { id: "u-4", name: "Bea Roy", color: "javascript:x" } }],
    ]);
    const people = presenceFromStates(states, 1, "u-me");
    expect(people.map((p) => [p.name, p.isSelf])).toEqual([
      ["Pat Morgan", true],
      ["Alex Chen", false],
      ["Bea Roy", false],
    ]);
    // A colour that is not #rrggbb is replaced by the user's own.
    expect(people[2]?.color).toBe(colorForUser("u-4"));
  });

  it("makes initials from names", () => {
    expect(initials("Pat Morgan")).toBe("PM");
    expect(initials("admin@demo.test")).toBe("AD");
    expect(initials("")).toBe("?");
  });
});

describe("close reasons", () => {
  it("explains the final close codes and what the editor does next", () => {
    expect(closeReason(COLLAB_CLOSE.accessRevoked.code)).toMatchObject({ action: "stop", title: "Access removed" });
    expect(closeReason(COLLAB_CLOSE.suggestionOnly.code)).toMatchObject({ action: "reload", message: expect.stringContaining("suggest") });
    expect(closeReason(COLLAB_CLOSE.notFound.code)).toMatchObject({ action: "stop" });
    expect(closeReason(COLLAB_CLOSE.unauthorized.code)).toMatchObject({ action: "signIn" });
    expect(closeReason(COLLAB_CLOSE.messageTooBig.code)).toMatchObject({ action: "reload" });
    expect(closeReason(4499)).toMatchObject({ code: 4499, action: "reload" });
  });
});
