// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router-dom";
import { CONTRACT_ABILITIES, type ContractAbility } from "@clausewise/shared";
import { useToastStore } from "../../stores/toast";
import { fakeApi } from "../../test/fake-api";
import { makeUser } from "../../test/fixtures";
import { renderApp } from "../../test/render-app";
import { downloadReportWithToasts } from "../../components/analysis/report-download";
import { finding, makeAnalysis } from "../../components/analysis/testing";
import { approveBlocker } from "./HeaderActions";
import { useRailTab } from "./rail-tabs";

const wait = { timeout: 5000 };

function abilities(granted: ContractAbility[]) {
  return Object.fromEntries(CONTRACT_ABILITIES.map((a) => [a, granted.includes(a)]));
}

const REVIEWER: ContractAbility[] = ["read", "suggest", "comment", "submitForApproval", "analyze"];
const APPROVER: ContractAbility[] = [...REVIEWER, "edit", "decideChanges", "approve"];

function contract(granted: ContractAbility[], status = "under_review") {
  return {
    id: "c-1",
    title: "Pipeline EPC Agreement",
    client: "Prairie Midstream Inc.",
    status,
    priority: "medium",
    contractType: "construction",
    version: 3,
    updatedAt: new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString(),
    createdAt: new Date(Date.now() - 48 * 60 * 60 * 1000).toISOString(),
    reviewDeadline: null,
    approvalDeadline: null,
    reviewerId: null,
    content: "<h2>Payment</h2><p>Pay within 28 days.</p>",
    storageConsent: false,
    hasOriginalFile: false,
    fileName: null,
    submittedAt: null,
    completedAt: null,
    abilities: abilities(granted),
  };
}

const text = {
  contractId: "c-1",
  length: 27,
  blocks: [
    { kind: "heading", level: 2, text: "Payment", start: 0 },
    { kind: "paragraph", text: "Pay within 28 days.", start: 8 },
  ],
};

function routes(granted: ContractAbility[], status?: string) {
  return {
    "GET /api/auth/user": { status: 200, body: makeUser() },
    "GET /api/contracts/c-1": { status: 200, body: contract(granted, status) },
    "GET /api/contracts/c-1/text": { status: 200, body: text },
    "GET /api/contracts/c-1/markups": {
      status: 200,
      body: [{ id: "m1", type: "comment", content: "Short", createdAt: new Date().toISOString(), position: { paragraph: 1, start: 19, end: 26 }, userId: "u", authorName: "Daniel Okafor" }],
    },
    "GET /api/contracts/c-1/changes": { status: 200, body: [] },
    "GET /api/contracts/c-1/versions": {
      status: 200,
      body: [
        { id: "v1", versionNumber: "1", isActive: "false", createdAt: "2026-11-01T10:00:00.000Z", content: "<p>Old text</p>", createdBy: null },
        { id: "v2", versionNumber: "2", isActive: "true", createdAt: "2026-11-10T10:00:00.000Z", content: "<p>Pay within 30 days.</p><script>alert(1)</script>", createdBy: null },
      ],
    },
  };
}

/** The Document Viewer once the text map has come (before it, a read-only rendering has the same name). */
async function documentViewer(): Promise<HTMLElement> {
  await waitFor(() => expect(screen.getByRole("article", { name: "Contract text" }).querySelector("[data-block]")).toBeTruthy(), wait);
  return screen.getByRole("article", { name: "Contract text" });
}

beforeEach(() => {
  window.scrollTo = () => undefined;
  // The "Show analysis highlights" switch (Radix) measures itself; jsdom has no ResizeObserver.
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

describe("contract detail", () => {
  it("shows the header, the versions newest first and the document with its markup", async () => {
    fakeApi(routes(REVIEWER));
    renderApp("/contracts/c-1");
    const title = await screen.findByRole("heading", { level: 1, name: "Pipeline EPC Agreement" }, wait);
    const header = within(title.closest("header")!);
    expect(header.getByRole("link", { name: "Dashboard" }).getAttribute("href")).toBe("/");
    expect(header.getByText("v3")).toBeTruthy();
    expect(header.getByText("Under Review")).toBeTruthy();
    expect(header.getByRole("button", { name: "Download" })).toBeTruthy();
    expect(await header.findByRole("button", { name: "1 comment" }, wait)).toBeTruthy();
    const article = screen.getByRole("article", { name: "Contract text" });
    await waitFor(() => expect(article.querySelector("mark")?.textContent).toBe("28 days"), wait);
    const versions = await screen.findByRole("list", { name: "Document versions, newest first" }, wait);
    expect(within(versions).getAllByRole("button").map((b) => b.textContent)).toEqual([expect.stringContaining("v2"), expect.stringContaining("v1")]);
    const views = screen.getByRole("tablist", { name: "Contract views" });
    expect(within(views).getAllByRole("tab").map((t) => t.textContent)).toEqual(["Document Viewer", "Track Changes", "Word Editor"]);
    const rail = screen.getByRole("tablist", { name: "Contract panels" });
    expect(within(rail).getAllByRole("tab").map((t) => t.textContent)).toEqual(["Analysis", "Markups & Changes", "Questions", "Exhibits", "Approval", "Activity"]);
    // The next step of a reviewer on a contract under review.
    expect(header.getByTestId("next-action").textContent).toBe("Review this contract");
  });

  it("opens a version's text as text", async () => {
    fakeApi(routes(REVIEWER));
    renderApp("/contracts/c-1");
    fireEvent.click(await screen.findByRole("button", { name: /^Version 2,/ }, wait));
    const dialog = await screen.findByRole("dialog", { name: "Version 2" }, wait);
    expect(within(dialog).getByText("Pay within 30 days.")).toBeTruthy();
    expect(dialog.querySelector("script")).toBeNull();
  });

  it("creates a version numbered count + 1", async () => {
    const { calls } = fakeApi({
      ...routes(REVIEWER),
      "POST /api/contracts/c-1/versions": { status: 201, body: { id: "v3", versionNumber: "3", isActive: "true", createdAt: new Date().toISOString(), content: "", createdBy: null, created: true } },
    });
    renderApp("/contracts/c-1");
    await screen.findByRole("list", { name: "Document versions, newest first" }, wait);
    fireEvent.click(screen.getByRole("button", { name: "Create version" }));
    expect(await screen.findByText("Version Created", undefined, wait)).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ versionNumber: "3", isActive: "true" });
  });

  it("offers Delete contract only with the delete ability, asks first, erases and goes back to the dashboard", async () => {
    fakeApi(routes(APPROVER));
    renderApp("/contracts/c-1");
    await screen.findByRole("heading", { level: 1, name: "Pipeline EPC Agreement" }, wait);
    expect(screen.queryByRole("button", { name: "Delete contract" })).toBeNull();
    cleanup();

    const { calls } = fakeApi({
      ...routes([...APPROVER, "delete"]),
      "DELETE /api/contracts/c-1": { status: 204 },
      "GET /api/contracts": { status: 200, body: [] },
      "GET /api/notifications": { status: 200, body: [] },
      "GET /api/notifications/unread-count": { status: 200, body: { count: 0 } },
      "GET /api/auth/verification-status": { status: 200, body: { emailVerified: true, email: "a@b.c" } },
    });
    renderApp("/contracts/c-1");
    fireEvent.click(await screen.findByRole("button", { name: "Delete contract" }, wait));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete this contract?" });
    expect(confirm.textContent).toContain("Pipeline EPC Agreement");
    expect(confirm.textContent).toContain("This cannot be undone.");
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete contract" }));
    await waitFor(() => expect(useToastStore.getState().toasts[0]?.title).toBe("Contract Deleted"), wait);
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual(["/api/contracts/c-1"]);
    await waitFor(() => expect(window.location.pathname).toBe("/"), wait);
  });

  it("lets a reviewer mark up but not edit the title, and says why Approve is unavailable", async () => {
    fakeApi(routes(REVIEWER));
    renderApp("/contracts/c-1");
    await screen.findByRole("heading", { level: 1, name: "Pipeline EPC Agreement" }, wait);
    expect(screen.queryByRole("button", { name: "Edit title" })).toBeNull();
    const approve = screen.getByRole("button", { name: /^Approve/ });
    expect(approve.getAttribute("aria-disabled")).toBe("true");
    expect(approve.textContent).toContain("Only approvers and administrators can approve contracts.");
  });

  it("saves a new title alone, never a copy of the document", async () => {
    const { calls } = fakeApi({
      ...routes(APPROVER),
      "PUT /api/contracts/c-1": ({ body }) => ({ status: 200, body: { ...contract(APPROVER), title: (body as { title: string }).title } }),
    });
    renderApp("/contracts/c-1");
    fireEvent.click(await screen.findByRole("button", { name: "Edit title" }, wait));
    const input = screen.getByRole("textbox", { name: "Contract title" });
    fireEvent.change(input, { target: { value: "  Pipeline EPC Agreement (Rev. 2)  " } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Document Saved", undefined, wait)).toBeTruthy();
    expect(await screen.findByRole("heading", { level: 1, name: "Pipeline EPC Agreement (Rev. 2)" }, wait)).toBeTruthy();
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.body).toEqual({ title: "Pipeline EPC Agreement (Rev. 2)" });
  });

  it("keeps the typed title when saving fails", async () => {
    fakeApi({ ...routes(APPROVER), "PUT /api/contracts/c-1": { status: 400, body: { error: "bad_request", message: "Title must be at most 300 characters" } } });
    renderApp("/contracts/c-1");
    fireEvent.click(await screen.findByRole("button", { name: "Edit title" }, wait));
    fireEvent.change(screen.getByRole("textbox", { name: "Contract title" }), { target: { value: "New title" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Title must be at most 300 characters", undefined, wait)).toBeTruthy();
    expect(useToastStore.getState().toasts[0]?.title).toBe("Save Failed");
    expect((screen.getByRole("textbox", { name: "Contract title" }) as HTMLInputElement).value).toBe("New title");
  });

  it("remembers a collapsed side panel", async () => {
    fakeApi(routes(REVIEWER));
    renderApp("/contracts/c-1");
    const toggle = await screen.findByRole("button", { name: "Side panel" }, wait);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(localStorage.getItem("clausewise.contract-detail.rail-open")).toBe("false");
  });

  it("switches the rail's tabs, keeps the choice in the URL and in this browser, and opens the tab a link names", async () => {
    fakeApi(routes(REVIEWER));
    renderApp("/contracts/c-1");
    const rail = within(await screen.findByRole("tablist", { name: "Contract panels" }, wait));
    const panelOf = (name: string) => document.getElementById(rail.getByRole("tab", { name }).getAttribute("aria-controls") ?? "")!;
    // Analysis first; every panel stays mounted, the others hidden.
    expect(rail.getByRole("tab", { name: "Analysis" }).getAttribute("aria-selected")).toBe("true");
    expect(within(panelOf("Analysis")).getByRole("region", { name: "AI Contract Analysis" })).toBeTruthy();
    expect(panelOf("Exhibits").getAttribute("data-state")).toBe("inactive");

    fireEvent.mouseDown(rail.getByRole("tab", { name: "Exhibits" }));
    expect(rail.getByRole("tab", { name: "Exhibits" }).getAttribute("aria-selected")).toBe("true");
    expect(panelOf("Exhibits").getAttribute("data-state")).toBe("active");
    expect(panelOf("Analysis").getAttribute("data-state")).toBe("inactive");
    expect(within(panelOf("Exhibits")).getByRole("region", { name: /Exhibit Tracker/ })).toBeTruthy();
    expect(localStorage.getItem("clausewise.contract-detail.rail-tab")).toBe("exhibits");

    fireEvent.mouseDown(rail.getByRole("tab", { name: "Approval" }));
    expect(within(panelOf("Approval")).getByRole("region", { name: "Approval Pipeline" })).toBeTruthy();
    expect(within(panelOf("Approval")).getByRole("region", { name: "Review Actions" })).toBeTruthy();
    fireEvent.mouseDown(rail.getByRole("tab", { name: "Activity" }));
    expect(within(panelOf("Activity")).getByRole("region", { name: "Status History" })).toBeTruthy();
    fireEvent.mouseDown(rail.getByRole("tab", { name: "Questions" }));
    expect(within(panelOf("Questions")).getByLabelText("Ask a question about this contract")).toBeTruthy();
    fireEvent.mouseDown(rail.getByRole("tab", { name: "Markups & Changes" }));
    expect(within(panelOf("Markups & Changes")).getByRole("region", { name: "Team Collaboration" })).toBeTruthy();
    // Its Track Changes button opens the document's Track Changes view.
    fireEvent.click(within(panelOf("Markups & Changes")).getByRole("button", { name: "Open Track Changes" }));
    expect(screen.getByRole("tab", { name: "Track Changes" }).getAttribute("aria-selected")).toBe("true");
    cleanup();

    // A new visit without ?tab= opens the last tab chosen; a link's ?tab= wins over it.
    fakeApi(routes(REVIEWER));
    renderApp("/contracts/c-1");
    const again = within(await screen.findByRole("tablist", { name: "Contract panels" }, wait));
    expect(again.getByRole("tab", { name: /Markups & Changes/ }).getAttribute("aria-selected")).toBe("true");
    cleanup();
    fakeApi(routes(REVIEWER));
    renderApp("/contracts/c-1?tab=approval");
    const linked = within(await screen.findByRole("tablist", { name: "Contract panels" }, wait));
    expect(linked.getByRole("tab", { name: "Approval" }).getAttribute("aria-selected")).toBe("true");
    cleanup();
    fakeApi(routes(REVIEWER));
    renderApp("/contracts/c-1?tab=nonsense");
    const unknown = within(await screen.findByRole("tablist", { name: "Contract panels" }, wait));
    expect(unknown.getByRole("tab", { name: /Markups & Changes/ }).getAttribute("aria-selected")).toBe("true");
  });

  it("names the next step from the status, the abilities and the pipeline, and opens its tab", async () => {
    const steps = [
      { stage: "legal", label: "Legal Review", status: "pending", decidedBy: null, decidedAt: null, comment: null },
      { stage: "finance", label: "Finance Review", status: "waiting", decidedBy: null, decidedAt: null, comment: null },
      { stage: "final", label: "Final Approval", status: "waiting", decidedBy: null, decidedAt: null, comment: null },
    ];
    fakeApi({ ...routes(APPROVER, "pending_approval"), "GET /api/contracts/c-1/approval-steps": { status: 200, body: steps } });
    renderApp("/contracts/c-1");
    const next = await screen.findByTestId("next-action", undefined, wait);
    await waitFor(() => expect(next.textContent).toBe("Approve Legal Review"), wait);
    fireEvent.click(next);
    const rail = within(screen.getByRole("tablist", { name: "Contract panels" }));
    expect(rail.getByRole("tab", { name: "Approval" }).getAttribute("aria-selected")).toBe("true");
    cleanup();

    fakeApi({ ...routes(REVIEWER, "pending_approval"), "GET /api/contracts/c-1/approval-steps": { status: 200, body: steps } });
    renderApp("/contracts/c-1");
    expect((await screen.findByTestId("next-action", undefined, wait)).textContent).toBe("Waiting for approval");
  }, 15_000);

  it("highlights and scrolls to a quoted clause of the analysis in the Document Viewer", async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    const risk = finding("Short payment period", { category: "payment_terms", section: "1", excerpt: "28 days", start: 19, end: 26 });
    fakeApi({
      ...routes(REVIEWER),
      "GET /api/contracts/c-1/markups": { status: 200, body: [] },
      "GET /api/contracts/c-1/analysis": { status: 200, body: makeAnalysis({ riskItems: [risk] }) },
    });
    // This user turned the analysis highlights on earlier.
    localStorage.setItem("clausewise.contract-detail.analysis-highlights.user-1", "true");
    renderApp("/contracts/c-1");
    const article = await screen.findByRole("article", { name: "Contract text" }, wait);
    expect(article.querySelector('[data-hl~="flash"]')).toBeNull();
    // From another tab, too: the page comes back to the Document Viewer.
    const changesTab = screen.getByRole("tab", { name: "Track Changes" });
    fireEvent.mouseDown(changesTab);
    expect(changesTab.getAttribute("aria-selected")).toBe("true");
    fireEvent.click(await screen.findByRole("button", { name: "Show in document: Short payment period" }, wait));
    await waitFor(() => expect(screen.getByRole("article", { name: "Contract text" }).querySelector('[data-hl~="flash"]')?.textContent).toBe("28 days"), wait);
    expect(scrolled.at(-1)?.textContent).toBe("Pay within 28 days.");
    // The flash comes on top of the lasting highlight of the same finding, which stays after it.
    expect(screen.getByRole("article", { name: "Contract text" }).querySelector('[data-hl~="flash"]')?.getAttribute("data-finding")).toBe("medium");
    expect(screen.getByRole("tab", { name: "Document Viewer" }).getAttribute("aria-selected")).toBe("true");
    Reflect.deleteProperty(Element.prototype, "scrollIntoView");
  });

  it("draws the analysis's risks and advantages quietly once switched on (off by default, remembered per user), never over a markup, with a legend, details on click and Enter", async () => {
    const risk = finding("Short payment period", { category: "payment_terms", riskLevel: "high", section: "1", excerpt: "28 days", start: 19, end: 26 });
    const advantage = finding("Payment clause present", { category: "payment_terms", riskLevel: "low", excerpt: "Payment", start: 0, end: 7 });
    // Quoted words no longer in the document are not drawn anywhere.
    const gone = finding("Removed clause", { riskLevel: "critical", excerpt: "Liquidated damages apply", start: 8, end: 32 });
    fakeApi({
      ...routes(REVIEWER),
      "GET /api/contracts/c-1/analysis": { status: 200, body: makeAnalysis({ riskItems: [gone, risk], advantages: [advantage] }) },
    });
    renderApp("/contracts/c-1");
    const article = await documentViewer();
    const legend = await screen.findByRole("group", { name: "Analysis highlights" }, wait);
    const toggle = within(legend).getByRole("switch", { name: "Show analysis highlights" });
    // Off until this user turns it on: the markup alone is drawn.
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(article.querySelector("[data-finding]")).toBeNull();
    expect(article.querySelector("[data-finding-marker]")).toBeNull();
    fireEvent.click(toggle);
    expect(localStorage.getItem("clausewise.contract-detail.analysis-highlights.user-1")).toBe("true");
    await waitFor(() => expect(article.querySelectorAll("[data-finding]")).toHaveLength(2), wait);
    const severe = article.querySelector<HTMLElement>('[data-finding="severe"]')!;
    expect(severe.tagName).toBe("MARK");
    expect(severe.textContent).toBe("28 days");
    // A markup on the same words keeps its look alone: no finding underline or tint over it.
    expect(severe.className).toContain("border-amber-400");
    expect(severe.className).not.toMatch(/decoration-(red|amber|yellow|emerald)|bg-(red|emerald|yellow)-100/);
    expect(severe.getAttribute("aria-description")).toBe("High risk: Short payment period");
    const good = article.querySelector<HTMLElement>('[data-finding="advantage"]')!;
    expect(good.textContent).toBe("Payment");
    // A thin dotted underline, never a tint; a marker in the margin of each quoted paragraph.
    expect(good.className).toContain("decoration-dotted");
    expect(good.className).toContain("decoration-emerald-500/60");
    expect(good.className).not.toMatch(/\bbg-emerald/);
    expect(Array.from(article.querySelectorAll("[data-finding-marker]")).map((m) => m.getAttribute("data-finding-marker"))).toEqual(["advantage", "severe"]);
    expect(good.getAttribute("aria-description")).toBe("Advantage: Payment clause present");
    expect(article.textContent).not.toContain("Liquidated");

    const colours = within(legend).getByRole("list", { name: "Highlight colours" });
    expect(within(colours).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Critical or high risk (1)", "Medium risk (0)", "Low risk (0)", "Advantage (1)"]);

    // A click opens the finding's title and description; Escape closes it and gives focus back.
    fireEvent.click(severe);
    const card = await screen.findByRole("dialog", { name: "Analysis finding" }, wait);
    expect(within(card).getByRole("heading", { name: "Short payment period" })).toBeTruthy();
    expect(within(card).getByText("Short payment period: why it matters.")).toBeTruthy();
    expect(within(card).getByText("High risk")).toBeTruthy();
    expect(within(card).getByText("Section 1")).toBeTruthy();
    expect(document.activeElement).toBe(card);
    fireEvent.keyDown(card, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Analysis finding" })).toBeNull(), wait);

    // From the keyboard: Enter on the focused highlight.
    const advantageMark = article.querySelector<HTMLElement>('[data-finding="advantage"]')!;
    advantageMark.focus();
    fireEvent.keyDown(advantageMark, { key: "Enter" });
    const again = await screen.findByRole("dialog", { name: "Analysis finding" }, wait);
    expect(within(again).getByRole("heading", { name: "Payment clause present" })).toBeTruthy();
    expect(within(again).getByText("Advantage")).toBeTruthy();
    fireEvent.click(within(again).getByRole("button", { name: "Close finding details" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Analysis finding" })).toBeNull(), wait);
    expect(document.activeElement).toBe(article.querySelector('[data-finding="advantage"]'));

    // Remembered for this user on the next visit; another user of this browser starts with them off.
    cleanup();
    fakeApi({ ...routes(REVIEWER), "GET /api/contracts/c-1/analysis": { status: 200, body: makeAnalysis({ riskItems: [gone, risk], advantages: [advantage] }) } });
    renderApp("/contracts/c-1");
    const back = await documentViewer();
    await waitFor(() => expect(back.querySelectorAll("[data-finding]")).toHaveLength(2), wait);
    cleanup();
    fakeApi({
      ...routes(REVIEWER),
      "GET /api/auth/user": { status: 200, body: makeUser({ id: "user-2" }) },
      "GET /api/contracts/c-1/analysis": { status: 200, body: makeAnalysis({ riskItems: [gone, risk], advantages: [advantage] }) },
    });
    renderApp("/contracts/c-1");
    const other = await documentViewer();
    const otherToggle = within(await screen.findByRole("group", { name: "Analysis highlights" }, wait)).getByRole("switch", { name: "Show analysis highlights" });
    expect(otherToggle.getAttribute("aria-checked")).toBe("false");
    expect(other.querySelector("[data-finding]")).toBeNull();

    // The switch turns them off again (remembered) for the first user.
    cleanup();
    fakeApi({ ...routes(REVIEWER), "GET /api/contracts/c-1/analysis": { status: 200, body: makeAnalysis({ riskItems: [gone, risk], advantages: [advantage] }) } });
    renderApp("/contracts/c-1");
    const last = await documentViewer();
    const lastToggle = within(await screen.findByRole("group", { name: "Analysis highlights" }, wait)).getByRole("switch", { name: "Show analysis highlights" });
    expect(lastToggle.getAttribute("aria-checked")).toBe("true");
    fireEvent.click(lastToggle);
    await waitFor(() => expect(last.querySelectorAll("[data-finding]")).toHaveLength(0), wait);
    expect(screen.queryByRole("list", { name: "Highlight colours" })).toBeNull();
    expect(localStorage.getItem("clausewise.contract-detail.analysis-highlights.user-1")).toBe("false");
    expect(last.querySelector("mark")?.textContent).toBe("28 days");
  }, 20_000);

  it("draws no analysis highlights nor legend while the contract has no analysis", async () => {
    fakeApi(routes(REVIEWER));
    renderApp("/contracts/c-1");
    const article = await documentViewer();
    await waitFor(() => expect(article.querySelector("mark")?.textContent).toBe("28 days"), wait);
    expect(article.querySelector("[data-finding]")).toBeNull();
    expect(screen.queryByRole("group", { name: "Analysis highlights" })).toBeNull();
  });

  it("answers a missing contract with 'Contract not found'", async () => {
    fakeApi({ "GET /api/auth/user": { status: 200, body: makeUser() } });
    renderApp("/contracts/nope");
    expect(await screen.findByRole("heading", { name: "Contract not found" }, wait)).toBeTruthy();
  });
});

describe("useRailTab", () => {
  function Probe() {
    const [tab, setTab] = useRailTab();
    const location = useLocation();
    return (
      <>
        <p>tab: {tab}</p>
        <p>search: {location.search}</p>
        <button type="button" onClick={() => setTab("exhibits")}>
          Exhibits
        </button>
      </>
    );
  }

  it("writes the chosen tab into the URL, keeping its other parameters, and reads it back", () => {
    render(
      <MemoryRouter initialEntries={["/contracts/c-1?from=mail&tab=approval"]}>
        <Probe />
      </MemoryRouter>,
    );
    expect(screen.getByText("tab: approval")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Exhibits" }));
    expect(screen.getByText("tab: exhibits")).toBeTruthy();
    expect(screen.getByText("search: ?from=mail&tab=exhibits")).toBeTruthy();
    expect(localStorage.getItem("clausewise.contract-detail.rail-tab")).toBe("exhibits");
  });
});

describe("approveBlocker", () => {
  it("allows Approve only to approvers on a contract pending approval", () => {
    expect(approveBlocker({ status: "pending_approval", abilities: abilities(APPROVER) as never })).toBeNull();
    expect(approveBlocker({ status: "pending_approval", abilities: abilities(REVIEWER) as never })).toMatch(/Only approvers/);
    expect(approveBlocker({ status: "under_review", abilities: abilities(APPROVER) as never })).toMatch(/submitted for approval/);
    expect(approveBlocker({ status: "approved", abilities: abilities(APPROVER) as never })).toMatch(/already approved/);
  });
});

describe("downloadReportWithToasts", () => {
  it("says when there is no analysis yet", async () => {
    fakeApi({ "GET /api/contracts/c-1/download-report": { status: 404, body: { error: "not_found", message: "No Analysis Available - …" } } });
    await downloadReportWithToasts("c-1");
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: "No Analysis Available",
      description: "This contract hasn't been analyzed yet. Please wait for AI analysis to complete.",
    });
  });

  it("says when the report fails", async () => {
    fakeApi({ "GET /api/contracts/c-1/download-report": { status: 503, body: { error: "unavailable", message: "later" } } });
    await downloadReportWithToasts("c-1");
    expect(useToastStore.getState().toasts[0]).toMatchObject({ title: "Download Failed", description: "Failed to generate AI analysis report. Please try again." });
  });
});
