// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { makeUser } from "../test/fixtures";
import { Sidebar } from "./Sidebar";

afterEach(cleanup);

function renderSidebar(user: Parameters<typeof Sidebar>[0]["user"], path = "/") {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Sidebar user={user} />
    </MemoryRouter>,
  );
}

function navLabels() {
  return within(screen.getByRole("navigation", { name: "Main" }))
    .getAllByRole("link")
    .map((link) => link.textContent);
}

describe("Sidebar", () => {
  it("shows the user's name, role, the secure notes and a log out button", () => {
    renderSidebar(makeUser({ role: "approver" }));
    expect(screen.getByText("Pat Morgan")).toBeTruthy();
    expect(screen.getByText("Approver")).toBeTruthy();
    expect(screen.getByText("Secure Platform")).toBeTruthy();
    expect(screen.getByText("Secure Session Active")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Log out" })).toBeTruthy();
  });

  it("reads 'Loading...' until the user has a company", () => {
    renderSidebar(undefined);
    expect(screen.getByText("Loading...")).toBeTruthy();
    expect(screen.getByText("User")).toBeTruthy();
    expect(screen.getByText("Member")).toBeTruthy();
  });

  it("lists Billing Admin for admins only", () => {
    renderSidebar(makeUser({ role: "reviewer" }));
    expect(navLabels()).toEqual(["Contracts", "Team", "Analytics", "Support", "Settings"]);
    cleanup();
    renderSidebar(makeUser({ role: "admin" }));
    expect(navLabels()).toEqual(["Contracts", "Team", "Analytics", "Billing Admin", "Support", "Settings"]);
    cleanup();
    renderSidebar(makeUser({ role: "approver" }, ["billing.admin"]));
    expect(navLabels()).toContain("Billing Admin");
  });

  it("lists the Audit Log for those the server lets read it", () => {
    renderSidebar(makeUser({ role: "admin" }, ["audit.view"]));
    expect(navLabels()).toEqual(["Contracts", "Team", "Analytics", "Audit Log", "Billing Admin", "Support", "Settings"]);
  });

  it("highlights the current route, Contracts also on a contract", () => {
    renderSidebar(makeUser(), "/team");
    expect(screen.getByRole("link", { name: "Team" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Contracts" }).getAttribute("aria-current")).toBeNull();
    cleanup();
    renderSidebar(makeUser(), "/contracts/abc");
    expect(screen.getByRole("link", { name: "Contracts" }).getAttribute("aria-current")).toBe("page");
  });

  it("shows the initial when there is no picture", () => {
    renderSidebar(makeUser({ firstName: null, lastName: null, email: "zoe@example.com" }));
    expect(screen.getByText("zoe@example.com")).toBeTruthy();
    expect(screen.getByText("Z")).toBeTruthy();
  });

  it.each([
    ["/", "Contracts"],
    ["/contracts/c-1", "Contracts"],
    ["/jurisdictional-analysis", "Contracts"],
    ["/team", "Team"],
    ["/analytics", "Analytics"],
    ["/audit-log", "Audit Log"],
    ["/billing-admin", "Billing Admin"],
    ["/support", "Support"],
    ["/terms", "Support"],
    ["/settings", "Settings"],
    ["/pricing", "Settings"],
    ["/subscription", "Settings"],
    ["/notification-preferences", "Settings"],
  ])("highlights exactly one item on %s: %s", (path, label) => {
    renderSidebar(makeUser({ role: "admin" }, ["audit.view"]), path);
    const current = within(screen.getByRole("navigation", { name: "Main" }))
      .getAllByRole("link")
      .filter((link) => link.getAttribute("aria-current") === "page")
      .map((link) => link.textContent);
    expect(current).toEqual([label]);
  });
});
