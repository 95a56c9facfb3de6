// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { dateOnlyIn, type ContractSummary, type DashboardOverview } from "@clausewise/shared";
import { fakeApi } from "../../test/fake-api";
import { makeUser } from "../../test/fixtures";
import { renderApp, resetBetweenPageTests } from "../../test/render-app";

resetBetweenPageTests();
const wait = { timeout: 15_000 };

const contract = (i: number, extra: Partial<ContractSummary> = {}): ContractSummary => ({
  id: `c-${i}`,
  title: `Contract ${String(i).padStart(3, "0")}`,
  client: `Client ${i}`,
  status: "under_review",
  priority: "medium",
  contractType: null,
  version: 1,
  updatedAt: new Date(Date.now() - i * 60_000).toISOString(),
  createdAt: new Date(Date.now() - 48 * 60 * 60 * 1000).toISOString(),
  reviewDeadline: null,
  approvalDeadline: null,
  reviewerId: null,
  risk: null,
  ...extra,
});

const noWork: DashboardOverview = { reviews: [], approvals: [], deadlines: [], recent: [] };
const ALL = Array.from({ length: 60 }, (_, i) => contract(i + 1));

/** The server's paging for a list of 60: limit and an opaque cursor (the index of the next row). */
function pagedContracts({ url }: { url: URL }) {
  const limit = Number(url.searchParams.get("limit") ?? 60);
  const start = Number(url.searchParams.get("cursor") ?? 0);
  const sort = url.searchParams.get("sort") ?? "-updated";
  const rows = sort === "title" || sort === "-title" ? [...ALL].sort((a, b) => a.title.localeCompare(b.title) * (sort === "title" ? 1 : -1)) : ALL;
  const page = rows.slice(start, start + limit);
  const next = start + limit < rows.length ? `</api/contracts?limit=${limit}&cursor=${start + limit}>; rel="next"` : undefined;
  return { status: 200, body: page, headers: { "X-Total-Count": String(rows.length), ...(next ? { Link: next } : {}) } };
}

describe("Dashboard", () => {
  it("shows my work from the overview", async () => {
    // Deadlines are days ('YYYY-MM-DD').
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const soon = dateOnlyIn(zone, new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));
    const past = dateOnlyIn(zone, new Date(Date.now() - 24 * 60 * 60 * 1000));
    fakeApi({
      "GET /api/auth/user": { status: 200, body: makeUser({ role: "approver" }) },
      "GET /api/contracts": pagedContracts,
      "GET /api/dashboard/overview": {
        status: 200,
        body: {
          reviews: [contract(1, { title: "Gas plant EPC", reviewDeadline: past })],
          approvals: [contract(2, { title: "Pipe rack supply", status: "pending_approval", approvalDeadline: soon })],
          deadlines: [contract(1, { title: "Gas plant EPC", reviewDeadline: past })],
          recent: [contract(3, { title: "Wind farm O&M" })],
        } satisfies DashboardOverview,
      },
    });
    renderApp("/");
    const work = await screen.findByRole("region", { name: "My work" }, wait);
    const reviews = within(work).getByRole("region", { name: "Reviews waiting for me" });
    expect((await within(reviews).findByRole("link", { name: "Gas plant EPC" }, wait)).getAttribute("href")).toBe("/contracts/c-1");
    expect(within(reviews).getByText(/^Overdue since /)).toBeTruthy();
    const approvals = within(work).getByRole("region", { name: "Approvals waiting for me" });
    expect(within(approvals).getByRole("link", { name: "Pipe rack supply" })).toBeTruthy();
    expect(within(approvals).getByText(/^Due /)).toBeTruthy();
    expect(within(within(work).getByRole("region", { name: "Deadlines this week" })).getByText("Gas plant EPC")).toBeTruthy();
    expect(within(within(work).getByRole("region", { name: "Recent activity" })).getByText("Wind farm O&M")).toBeTruthy();
  });

  it("pages through the server's pages with the cursor of the Link header", async () => {
    const { calls } = fakeApi({
      "GET /api/auth/user": { status: 200, body: makeUser() },
      "GET /api/contracts": pagedContracts,
      "GET /api/dashboard/overview": { status: 200, body: noWork },
    });
    renderApp("/");
    const list = await screen.findByRole("region", { name: "Active Contracts" }, wait);
    expect(await within(list).findByText("1–25 of 60", undefined, wait)).toBeTruthy();
    expect(within(list).getByLabelText("60 contracts")).toBeTruthy();
    expect(within(list).getAllByRole("row")).toHaveLength(26);
    expect(within(list).getByRole("button", { name: "Previous" }).hasAttribute("disabled")).toBe(true);

    fireEvent.click(within(list).getByRole("button", { name: "Next" }));
    expect(await within(list).findByText("26–50 of 60", undefined, wait)).toBeTruthy();
    expect(within(list).getByRole("link", { name: "Contract 026" })).toBeTruthy();
    expect(calls.map((c) => c.path)).toContain("/api/contracts?sort=-updated&limit=25&cursor=25");

    fireEvent.click(within(list).getByRole("button", { name: "Next" }));
    expect(await within(list).findByText("51–60 of 60", undefined, wait)).toBeTruthy();
    expect(within(list).getByRole("button", { name: "Next" }).hasAttribute("disabled")).toBe(true);

    fireEvent.click(within(list).getByRole("button", { name: "Previous" }));
    expect(await within(list).findByText("26–50 of 60", undefined, wait)).toBeTruthy();

    fireEvent.change(within(list).getByLabelText("Rows per page"), { target: { value: "50" } });
    expect(await within(list).findByText("1–50 of 60", undefined, wait)).toBeTruthy();
  });

  it("sorts on the server by the clicked column, toggling its direction", async () => {
    const { calls } = fakeApi({
      "GET /api/auth/user": { status: 200, body: makeUser() },
      "GET /api/contracts": pagedContracts,
      "GET /api/dashboard/overview": { status: 200, body: noWork },
    });
    renderApp("/");
    const list = await screen.findByRole("region", { name: "Active Contracts" }, wait);
    await within(list).findByText("1–25 of 60", undefined, wait);
    const header = (name: string) => within(list).getByRole("columnheader", { name: new RegExp(name) });
    expect(header("Updated").getAttribute("aria-sort")).toBe("descending");

    fireEvent.click(within(header("Title")).getByRole("button"));
    await waitFor(() => expect(calls.map((c) => c.path)).toContain("/api/contracts?sort=title&limit=25"), wait);
    await waitFor(() => expect(header("Title").getAttribute("aria-sort")).toBe("ascending"));
    expect(header("Updated").getAttribute("aria-sort")).toBe("none");

    fireEvent.click(within(header("Title")).getByRole("button"));
    await waitFor(() => expect(calls.map((c) => c.path)).toContain("/api/contracts?sort=-title&limit=25"), wait);
    expect(await within(list).findByRole("link", { name: "Contract 060" }, wait)).toBeTruthy();

    fireEvent.click(within(header("Risk")).getByRole("button"));
    await waitFor(() => expect(calls.map((c) => c.path)).toContain("/api/contracts?sort=-risk&limit=25"), wait);
  });

  it("offers the first upload to an admin of a company without contracts", async () => {
    fakeApi({
      "GET /api/auth/user": { status: 200, body: makeUser({ role: "admin" }, ["contract.upload"]) },
      "GET /api/contracts": { status: 200, body: [], headers: { "X-Total-Count": "0" } },
      "GET /api/dashboard/overview": { status: 200, body: noWork },
    });
    renderApp("/");
    expect(await screen.findByRole("heading", { name: "No contracts yet" }, wait)).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Active Contracts" })).toBeNull();
    expect(screen.queryByText("No contracts found")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Upload your first contract" }));
    expect(await screen.findByRole("dialog", { name: "Upload Contract" })).toBeTruthy();
  });

  it("tells a member who may not upload that contracts will appear", async () => {
    fakeApi({
      "GET /api/auth/user": { status: 200, body: makeUser({ role: "reviewer" }) },
      "GET /api/contracts": { status: 200, body: [], headers: { "X-Total-Count": "0" } },
      "GET /api/dashboard/overview": { status: 200, body: noWork },
    });
    renderApp("/");
    expect(await screen.findByRole("heading", { name: "No contracts yet" }, wait)).toBeTruthy();
    expect(screen.getByText(/Ask an administrator to upload the first one/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Upload your first contract" })).toBeNull();
  });

  it("keeps the table when a filter matches nothing", async () => {
    fakeApi({
      "GET /api/auth/user": { status: 200, body: makeUser() },
      "GET /api/contracts": ({ url }) =>
        url.searchParams.get("search") ? { status: 200, body: [], headers: { "X-Total-Count": "0" } } : pagedContracts({ url }),
      "GET /api/dashboard/overview": { status: 200, body: noWork },
    });
    renderApp("/");
    const search = await screen.findByRole("searchbox", { name: "Search contracts" }, wait);
    fireEvent.change(search, { target: { value: "nothing like it" } });
    expect(await screen.findByText("No contracts found", undefined, wait)).toBeTruthy();
    expect(screen.getByText("Try a different search or status.")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "No contracts yet" })).toBeNull();
  });

  it("shows the server's words when the list fails", async () => {
    fakeApi({
      "GET /api/auth/user": { status: 200, body: makeUser() },
      "GET /api/contracts": { status: 400, body: { error: "validation_failed", message: "limit must be a whole number from 1 to 200" } },
      "GET /api/dashboard/overview": { status: 200, body: noWork },
    });
    renderApp("/");
    expect(await screen.findByText("Contracts could not be loaded.", undefined, wait)).toBeTruthy();
    expect(screen.getByText("limit must be a whole number from 1 to 200")).toBeTruthy();
  });
});
