import { describe, expect, it } from "vitest";
import type { Notification } from "@clausewise/shared";
import { notificationPath, panelItems } from "./notification-items";

const make = (id: number, read: boolean): Notification => ({
  id: `n-${id}`,
  type: "other",
  title: `Title ${id}`,
  message: "Message",
  read,
  createdAt: new Date(2026, 10, 22, 12, 0, -id).toISOString(),
  actionUrl: null,
});

describe("panelItems", () => {
  it("keeps every unread item and the first 10 read ones, in order", () => {
    const list = [make(1, false), ...Array.from({ length: 12 }, (_, i) => make(i + 2, true)), make(20, false)];
    const shown = panelItems(list);
    expect(shown.filter((n) => !n.read).map((n) => n.id)).toEqual(["n-1", "n-20"]);
    expect(shown.filter((n) => n.read)).toHaveLength(10);
    expect(shown.map((n) => n.id).slice(0, 3)).toEqual(["n-1", "n-2", "n-3"]);
    expect(shown.at(-1)?.id).toBe("n-20");
  });
});

describe("notificationPath", () => {
  it("follows paths of the app", () => {
    expect(notificationPath("/contracts/abc")).toBe("/contracts/abc");
    expect(notificationPath("/team?tab=invites")).toBe("/team?tab=invites");
  });

  it("ignores absolute, protocol-relative and API URLs, and empty ones", () => {
    for (const url of ["https://evil.example/x", "//evil.example", "/\\evil.example", "javascript:alert(1)", "/api/logout", "contracts/1", "", null, undefined]) {
      expect(notificationPath(url)).toBeNull();
    }
  });
});
