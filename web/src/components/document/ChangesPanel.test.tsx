// @vitest-environment jsdom
import { renderWithProviders } from "../../test/render-app";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useToastStore } from "../../stores/toast";
import { fakeApi } from "../../test/fake-api";
import { ChangeItem, canDecideChange } from "./ChangeItem";
import { ChangesPanel } from "./ChangesPanel";
import { makeChange } from "./test-utils";

const wait = { timeout: 5000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

const changes = [
  makeChange({ id: "p1", status: "pending", newText: "twenty-one (21) days" }),
  makeChange({ id: "a1", status: "approved", newText: "thirty (30) days", decidedAt: new Date().toISOString() }),
  makeChange({ id: "r1", status: "rejected", newText: "sixty (60) days", decidedAt: new Date().toISOString(), decisionComment: "Too long" }),
];

function item(text: string) {
  return screen.getByText(text).closest("li")!;
}

describe("canDecideChange", () => {
  it("allows a decision only on a pending change, and only with decideChanges", () => {
    expect(canDecideChange({ status: "pending" }, true)).toBe(true);
    expect(canDecideChange({ status: "pending" }, false)).toBe(false);
    expect(canDecideChange({ status: "approved" }, true)).toBe(false);
    expect(canDecideChange({ status: "rejected" }, true)).toBe(false);
  });
});

describe("ChangeItem", () => {
  it("cuts the original and new texts to 100 characters with an ellipsis", () => {
    const long = "a".repeat(150);
    renderWithProviders(<ChangeItem change={makeChange({ originalText: long, newText: "b".repeat(101) })} canDecide={false} busy={false} onApprove={() => {}} onReject={() => {}} />);
    expect(screen.getByText(`${"a".repeat(100)}…`)).toBeTruthy();
    expect(screen.getByText(`${"b".repeat(100)}…`)).toBeTruthy();
    expect(screen.queryByText(long)).toBeNull();
  });

  it("shows the type, author, status and the reviewer's comment", () => {
    renderWithProviders(<ChangeItem change={makeChange({ reviewerComment: "Match our subcontracts." })} canDecide={false} busy={false} onApprove={() => {}} onReject={() => {}} />);
    expect(screen.getByText("Replacement")).toBeTruthy();
    expect(screen.getByText("Pending")).toBeTruthy();
    expect(screen.getByText(/Daniel Okafor/)).toBeTruthy();
    expect(screen.getByText("Match our subcontracts.")).toBeTruthy();
  });

  it("says who decided a change and when, with the decision's comment", () => {
    const decidedAt = new Date(2026, 10, 28, 14, 5).toISOString();
    renderWithProviders(
      <ChangeItem
        change={makeChange({ status: "rejected", decidedAt, decidedBy: "u-jane", decider: { id: "u-jane", name: "Jane Doe" }, decisionComment: "Keep 30 days" })}
        canDecide
        busy={false}
        onApprove={() => {}}
        onReject={() => {}}
      />,
    );
    expect(screen.getByTestId("decision-line").textContent).toBe("Rejected by Jane Doe · 28 Nov 2026 14:05");
    expect(screen.getByTestId("decision-line").parentElement!.textContent).toBe("Rejected by Jane Doe · 28 Nov 2026 14:05: “Keep 30 days”");
  });
});

describe("ChangesPanel", () => {
  it("offers Approve and Reject on pending changes only, to those who may decide", async () => {
    fakeApi({ "GET /api/contracts/c-1/changes": { status: 200, body: changes } });
    renderWithProviders(<ChangesPanel contractId="c-1" canDecide />);
    await screen.findByText("twenty-one (21) days", undefined, wait);
    expect(within(item("twenty-one (21) days")).getByRole("button", { name: /^Approve / })).toBeTruthy();
    expect(within(item("twenty-one (21) days")).getByRole("button", { name: /^Reject / })).toBeTruthy();
    for (const decided of ["thirty (30) days", "sixty (60) days"]) {
      expect(within(item(decided)).queryByRole("button", { name: /^(Approve|Reject) / })).toBeNull();
    }
    expect(screen.getByText(/Too long/)).toBeTruthy();
  });

  it("shows no decisions to someone who may not decide", async () => {
    fakeApi({ "GET /api/contracts/c-1/changes": { status: 200, body: changes } });
    renderWithProviders(<ChangesPanel contractId="c-1" canDecide={false} />);
    await screen.findByText("twenty-one (21) days", undefined, wait);
    expect(screen.queryAllByRole("button", { name: /^(Approve|Reject) / })).toHaveLength(0);
    expect(screen.getByText("Approvers and administrators decide on proposed changes.")).toBeTruthy();
  });

  it("approves a change, says so, and refetches", async () => {
    let approved = false;
    const { calls } = fakeApi({
      "GET /api/contracts/c-1/changes": () => ({ status: 200, body: approved ? [{ ...changes[0], status: "approved" }] : [changes[0]] }),
      "POST /api/document-changes/p1/approve": () => {
        approved = true;
        return { status: 200, body: { ...changes[0], status: "approved" } };
      },
    });
    renderWithProviders(<ChangesPanel contractId="c-1" canDecide />);
    fireEvent.click(await screen.findByRole("button", { name: /^Approve / }, wait));
    expect(await screen.findByText("The document change has been approved and applied.", undefined, wait)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: /^Approve / })).toBeNull(), wait);
    expect(calls.filter((c) => c.path === "/api/contracts/c-1/changes").length).toBeGreaterThanOrEqual(2);
  });

  it("shows the server's message when an approval is refused", async () => {
    fakeApi({
      "GET /api/contracts/c-1/changes": { status: 200, body: [changes[0]] },
      "POST /api/document-changes/p1/approve": { status: 409, body: { error: "conflict", message: "The original text no longer matches." } },
    });
    renderWithProviders(<ChangesPanel contractId="c-1" canDecide />);
    fireEvent.click(await screen.findByRole("button", { name: /^Approve / }, wait));
    expect(await screen.findByText("The original text no longer matches.", undefined, wait)).toBeTruthy();
    expect(useToastStore.getState().toasts[0]).toMatchObject({ title: "Approval Failed", variant: "destructive" });
  });

  it("rejects a change with an optional comment from a dialog", async () => {
    const { calls } = fakeApi({
      "GET /api/contracts/c-1/changes": { status: 200, body: [changes[0]] },
      "POST /api/document-changes/p1/reject": { status: 200, body: { ...changes[0], status: "rejected" } },
    });
    renderWithProviders(<ChangesPanel contractId="c-1" canDecide />);
    fireEvent.click(await screen.findByRole("button", { name: /^Reject / }, wait));
    const dialog = await screen.findByRole("dialog", { name: "Reject change" }, wait);
    fireEvent.change(within(dialog).getByLabelText("Comment (optional)"), { target: { value: "  Keep 28 days.  " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject change" }));
    expect(await screen.findByText("The document change has been rejected.", undefined, wait)).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ comment: "Keep 28 days." });
  });

  it("opens a change's comment thread, posts a reply and refetches the count", async () => {
    let thread = [{ id: "k1", changeId: "p1", userId: "u-1", authorName: "Jane Doe", content: "Why 21 days?", createdAt: new Date().toISOString() }];
    const { calls } = fakeApi({
      "GET /api/contracts/c-1/changes": () => ({ status: 200, body: [{ ...changes[0], commentCount: thread.length }] }),
      "GET /api/document-changes/p1/comments": () => ({ status: 200, body: thread }),
      "POST /api/document-changes/p1/comments": ({ body }) => {
        const content = (body as { content: string }).content;
        thread = [...thread, { id: "k2", changeId: "p1", userId: "u-2", authorName: "Daniel Okafor", content, createdAt: new Date().toISOString() }];
        return { status: 201, body: thread[1] };
      },
    });
    renderWithProviders(<ChangesPanel contractId="c-1" canDecide canComment />);
    const toggle = await screen.findByRole("button", { name: "1 comment" }, wait);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(await screen.findByText("Why 21 days?", undefined, wait)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Reply to this change"), { target: { value: "  Matches the subcontracts.  " } });
    fireEvent.click(screen.getByRole("button", { name: "Comment" }));
    expect(await screen.findByText("Matches the subcontracts.", undefined, wait)).toBeTruthy();
    expect(await screen.findByRole("button", { name: "2 comments" }, wait)).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ content: "Matches the subcontracts." });
    expect((screen.getByLabelText("Reply to this change") as HTMLTextAreaElement).value).toBe("");
  });

  it("shows the thread without a reply box to someone who may not comment, and says why a post failed", async () => {
    fakeApi({
      "GET /api/contracts/c-1/changes": { status: 200, body: [changes[0]] },
      "GET /api/document-changes/p1/comments": { status: 200, body: [] },
    });
    renderWithProviders(<ChangesPanel contractId="c-1" canDecide={false} />);
    fireEvent.click(await screen.findByRole("button", { name: "Comments" }, wait));
    expect(await screen.findByText("No comments yet.", undefined, wait)).toBeTruthy();
    expect(screen.queryByLabelText("Reply to this change")).toBeNull();
    cleanup();

    fakeApi({
      "GET /api/contracts/c-1/changes": { status: 200, body: [changes[0]] },
      "GET /api/document-changes/p1/comments": { status: 200, body: [] },
      "POST /api/document-changes/p1/comments": { status: 403, body: { error: "forbidden", message: "You have read-only access to this contract." } },
    });
    renderWithProviders(<ChangesPanel contractId="c-1" canDecide={false} canComment />);
    fireEvent.click(await screen.findByRole("button", { name: "Comments" }, wait));
    fireEvent.click(await screen.findByRole("button", { name: "Comment" }, wait));
    await waitFor(() => expect(useToastStore.getState().toasts[0]).toMatchObject({ title: "Comment Not Added", description: "Write a comment first." }), wait);
    fireEvent.change(screen.getByLabelText("Reply to this change"), { target: { value: "Hello" } });
    fireEvent.click(screen.getByRole("button", { name: "Comment" }));
    await waitFor(() => expect(useToastStore.getState().toasts.some((t) => t.description === "You have read-only access to this contract.")).toBe(true), wait);
  });
});
