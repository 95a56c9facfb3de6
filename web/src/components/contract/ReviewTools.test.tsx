// @vitest-environment jsdom
import { renderWithProviders } from "../../test/render-app";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ApprovalStep, ContractStatus } from "@clausewise/shared";
import { contractKey } from "../../api/keys";
import { useToastStore } from "../../stores/toast";
import { fakeApi } from "../../test/fake-api";
import { ReviewTools } from "./ReviewTools";
import { APPROVER_ABILITIES, currentToast, makeContract, REVIEWER_ABILITIES } from "./testing";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

const wait = { timeout: 5000 };

function step(stage: ApprovalStep["stage"], status: ApprovalStep["status"], decided?: Partial<ApprovalStep>): ApprovalStep {
  const label = { legal: "Legal Review", finance: "Finance Review", final: "Final Approval" }[stage];
  return { stage, label, status, decidedBy: null, decider: null, decidedAt: null, comment: null, ...decided };
}

const UNDER_REVIEW = [step("legal", "pending"), step("finance", "waiting"), step("final", "waiting")];
const AT_FINANCE = [
  step("legal", "approved", {
    decidedBy: "Marc Tremblay",
    decider: { id: "u-marc", name: "Marc Tremblay" },
    // 20 Nov 2026 15:00 on the reader's clock, whatever the test machine's time zone.
    decidedAt: new Date(2026, 10, 20, 15, 0).toISOString(),
    comment: "Pay-when-paid acceptable.",
  }),
  step("finance", "pending"),
  step("final", "waiting"),
];

function pipelineRoutes(steps: ApprovalStep[], extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({ "GET /api/contracts/c-1/approval-steps": { status: 200, body: steps }, "GET /api/contracts/c-1/status-history": { status: 200, body: [] }, ...extra });
}

const actionNames = () =>
  within(screen.getByRole("region", { name: "Review Actions" }))
    .queryAllByRole("button")
    .map((b) => b.textContent);

describe("review actions by status × abilities", () => {
  const cases: [ContractStatus, "reviewer" | "approver" | "reader", string[]][] = [
    ["under_review", "reviewer", ["Submit for approval"]],
    ["under_review", "approver", ["Submit for approval"]],
    ["under_review", "reader", []],
    ["pending_approval", "reviewer", []],
    ["pending_approval", "approver", ["Approve", "Reject", "Reopen for changes"]],
    ["approved", "approver", ["Reopen for changes"]],
    ["approved", "reviewer", []],
    ["rejected", "reviewer", ["Reopen"]],
    ["rejected", "reader", []],
  ];
  const granted = { reviewer: REVIEWER_ABILITIES, approver: APPROVER_ABILITIES, reader: ["read" as const] };

  it.each(cases)("%s, %s → %j", async (status, who, expected) => {
    pipelineRoutes(UNDER_REVIEW);
    renderWithProviders(<ReviewTools contract={makeContract({ status }, granted[who])} />);
    await screen.findByRole("list", { name: "Approval pipeline" }, wait);
    expect(actionNames()).toEqual(expected);
  });
});

describe("workflow calls", () => {
  it("submits for approval, says so and shows the new status and pipeline", async () => {
    const submitted = makeContract({ status: "pending_approval" }, REVIEWER_ABILITIES);
    const api = pipelineRoutes(UNDER_REVIEW, {
      "POST /api/contracts/c-1/submit": { status: 200, body: { contract: submitted, approvalSteps: UNDER_REVIEW } },
      "GET /api/contracts/c-1": { status: 200, body: submitted },
    });
    const { queryClient } = renderWithProviders(<ReviewTools contract={makeContract({}, REVIEWER_ABILITIES)} />);
    fireEvent.click(await screen.findByRole("button", { name: "Submit for approval" }, wait));
    await waitFor(() => expect(currentToast()?.title).toBe("Submitted for Approval"), wait);
    expect(api.calls.find((c) => c.method === "POST")).toMatchObject({ path: "/api/contracts/c-1/submit", body: {} });
    expect(queryClient.getQueryData(contractKey("c-1"))).toMatchObject({ status: "pending_approval" });
  });

  it("shows the server's message when the status does not allow it (409)", async () => {
    pipelineRoutes(UNDER_REVIEW, {
      "POST /api/contracts/c-1/submit": { status: 409, body: { error: "conflict", message: "This contract is already pending approval." } },
    });
    renderWithProviders(<ReviewTools contract={makeContract({}, REVIEWER_ABILITIES)} />);
    fireEvent.click(await screen.findByRole("button", { name: "Submit for approval" }, wait));
    await waitFor(() => expect(currentToast()).toEqual({ title: "Submission Failed", description: "This contract is already pending approval.", variant: "destructive" }), wait);
  });

  it("rejects with an optional comment from a dialog", async () => {
    const rejected = makeContract({ status: "rejected" }, APPROVER_ABILITIES);
    const api = pipelineRoutes(AT_FINANCE, {
      "POST /api/contracts/c-1/reject": { status: 200, body: { contract: rejected, approvalSteps: AT_FINANCE } },
      "GET /api/contracts/c-1": { status: 200, body: rejected },
    });
    renderWithProviders(<ReviewTools contract={makeContract({ status: "pending_approval" }, APPROVER_ABILITIES)} />);
    await screen.findByRole("list", { name: "Approval pipeline" }, wait);
    fireEvent.click(within(screen.getByRole("region", { name: "Review Actions" })).getByRole("button", { name: "Reject" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject contract" });
    fireEvent.change(within(dialog).getByLabelText(/Comment/), { target: { value: "  Holdback terms unacceptable. " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(currentToast()?.title).toBe("Contract Rejected"), wait);
    expect(api.calls.find((c) => c.method === "POST")).toMatchObject({ path: "/api/contracts/c-1/reject", body: { comment: "Holdback terms unacceptable." } });
  });

  it("reopens an approved contract for changes only with a reason, and shows who did it and why in the status history", async () => {
    const reopened = makeContract({ status: "under_review", version: 4, approvedVersion: 3 }, APPROVER_ABILITIES);
    const history = [
      { id: "h2", action: "reopen_for_changes", label: "Reopened for changes", from: "approved", to: "under_review", by: "Marc Tremblay", at: "2026-11-22T15:00:00.000Z", comment: "New scope.", version: 4 },
      { id: "h1", action: "approve", label: "Contract approved", from: "pending_approval", to: "approved", by: "Marc Tremblay", at: "2026-11-21T15:00:00.000Z", comment: null, version: 3 },
    ];
    const api = pipelineRoutes(UNDER_REVIEW, {
      "POST /api/contracts/c-1/reopen-for-changes": { status: 200, body: { contract: reopened, approvalSteps: UNDER_REVIEW } },
      "GET /api/contracts/c-1": { status: 200, body: reopened },
      "GET /api/contracts/c-1/status-history": { status: 200, body: history },
    });
    renderWithProviders(<ReviewTools contract={makeContract({ status: "approved", version: 3, approvedVersion: 3 }, APPROVER_ABILITIES)} />);
    fireEvent.click(await screen.findByRole("button", { name: "Reopen for changes" }, wait));
    const dialog = await screen.findByRole("dialog", { name: "Reopen for changes" });
    expect(dialog.textContent).toContain("Version 3 stays on record as the approved version.");
    const confirm = within(dialog).getByRole("button", { name: "Reopen for changes" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: "   " } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: " New scope. " } });
    fireEvent.click(confirm);
    await waitFor(() => expect(currentToast()?.title).toBe("Contract Reopened for Changes"), wait);
    expect(currentToast()?.description).toContain("version 4");
    expect(api.calls.find((c) => c.method === "POST")).toMatchObject({ path: "/api/contracts/c-1/reopen-for-changes", body: { reason: "New scope." } });
    const entries = within(await screen.findByRole("list", { name: "Status history, newest first" }, wait)).getAllByRole("listitem");
    expect(entries[0]!.textContent).toContain("Reopened for changes");
    expect(entries[0]!.textContent).toContain("Marc Tremblay");
    expect(entries[0]!.textContent).toContain("New scope.");
  });

  it("keeps the dialog and the comment when the decision fails, and says why inside it", async () => {
    pipelineRoutes(AT_FINANCE, {
      "POST /api/contracts/c-1/reject": { status: 409, body: { error: "conflict", message: "This contract is already rejected." } },
    });
    renderWithProviders(<ReviewTools contract={makeContract({ status: "pending_approval" }, APPROVER_ABILITIES)} />);
    await screen.findByRole("list", { name: "Approval pipeline" }, wait);
    fireEvent.click(within(screen.getByRole("region", { name: "Review Actions" })).getByRole("button", { name: "Reject" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject contract" });
    fireEvent.change(within(dialog).getByLabelText(/Comment/), { target: { value: "Holdback terms." } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect((await within(dialog).findByRole("alert", {}, wait)).textContent).toBe("This contract is already rejected.");
    expect(currentToast()).toEqual({ title: "Rejection Failed", description: "This contract is already rejected.", variant: "destructive" });
    expect((within(dialog).getByLabelText(/Comment/) as HTMLTextAreaElement).value).toBe("Holdback terms.");
  });

  it("holds Approve until Legal and Finance are approved, and says why", async () => {
    pipelineRoutes(AT_FINANCE);
    renderWithProviders(<ReviewTools contract={makeContract({ status: "pending_approval" }, APPROVER_ABILITIES)} />);
    await screen.findByRole("list", { name: "Approval pipeline" }, wait);
    const approve = within(screen.getByRole("region", { name: "Review Actions" })).getByRole("button", { name: "Approve" }) as HTMLButtonElement;
    expect(approve.disabled).toBe(true);
    expect(screen.getByText(/Finance Review must be approved before the contract can be approved/)).toBeTruthy();
  });
});

describe("approval pipeline", () => {
  it("shows each stage with its status, who decided and their comment", async () => {
    pipelineRoutes(AT_FINANCE);
    renderWithProviders(<ReviewTools contract={makeContract({ status: "pending_approval" }, REVIEWER_ABILITIES)} />);
    const list = await screen.findByRole("list", { name: "Approval pipeline" }, wait);
    expect(within(list).getAllByRole("listitem").map((li) => li.getAttribute("aria-label"))).toEqual([
      "Legal Review: Approved",
      "Finance Review: Pending",
      "Final Approval: Waiting",
    ]);
    const legal = within(list).getByRole("listitem", { name: "Legal Review: Approved" });
    expect(within(legal).getByText("Marc Tremblay")).toBeTruthy();
    // Who decided and when, as a date and time (issue 17), not "2 days ago".
    expect(within(legal).getByTestId("decision-line").textContent).toBe("Approved by Marc Tremblay · 20 Nov 2026 15:00");
    expect(within(legal).getByText("Pay-when-paid acceptable.")).toBeTruthy();
    // A reviewer cannot decide stages.
    expect(within(list).queryByRole("button")).toBeNull();
  });

  it("lets an approver decide only the pending stage, with a comment", async () => {
    const after = [AT_FINANCE[0]!, step("finance", "approved", { decidedBy: "Pat Morgan" }), step("final", "pending")];
    const api = pipelineRoutes(AT_FINANCE, {
      "POST /api/contracts/c-1/approval-steps/finance/decide": {
        status: 200,
        body: { contract: makeContract({ status: "pending_approval" }, APPROVER_ABILITIES), approvalSteps: after },
      },
      "GET /api/contracts/c-1": { status: 200, body: makeContract({ status: "pending_approval" }, APPROVER_ABILITIES) },
    });
    renderWithProviders(<ReviewTools contract={makeContract({ status: "pending_approval" }, APPROVER_ABILITIES)} />);
    const list = await screen.findByRole("list", { name: "Approval pipeline" }, wait);
    expect(within(list).getAllByRole("button").map((b) => b.getAttribute("aria-label"))).toEqual(["Approve Finance Review", "Reject Finance Review"]);
    fireEvent.click(within(list).getByRole("button", { name: "Approve Finance Review" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve Finance Review" });
    fireEvent.change(within(dialog).getByLabelText(/Comment/), { target: { value: "Bonds confirmed." } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(currentToast()).toEqual({ title: "Finance Review Approved", description: "Final Approval is next.", variant: undefined }), wait);
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ decision: "approved", comment: "Bonds confirmed." });
    expect(await within(list).findByRole("listitem", { name: "Final Approval: Pending" })).toBeTruthy();
  });

  it("offers no decision while the contract is under review", async () => {
    pipelineRoutes(UNDER_REVIEW);
    renderWithProviders(<ReviewTools contract={makeContract({ status: "under_review" }, APPROVER_ABILITIES)} />);
    const list = await screen.findByRole("list", { name: "Approval pipeline" }, wait);
    expect(within(list).queryByRole("button")).toBeNull();
    expect(screen.getByText(/decided once the contract is submitted for approval/)).toBeTruthy();
  });
});
