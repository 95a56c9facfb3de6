// @vitest-environment jsdom
import { renderWithProviders } from "../../test/render-app";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import type { ContractReviewer, Markup, Question } from "@clausewise/shared";
import { fakeApi } from "../../test/fake-api";
import { act } from "@testing-library/react";
import { usePresenceStore } from "../../stores/presence";
import { makeUser } from "../../test/fixtures";
import { TeamCollaboration } from "./TeamCollaboration";
import { makeContract } from "./testing";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const wait = { timeout: 5000 };
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

const reviewers: ContractReviewer[] = [
  { id: "u-1", name: "Priya Raman", email: "priya@demo.test", role: "reviewer" },
  { id: "u-2", name: "Marc Tremblay", email: "marc@demo.test", role: "approver" },
];

function markup(n: number, type: Markup["type"], hours: number): Markup {
  return { id: `m-${n}`, type, content: `Markup ${n}`, createdAt: hoursAgo(hours), position: { paragraph: 0 }, userId: "u-1", authorName: "Priya Raman" };
}

const questions: Question[] = [1, 2, 3, 4].map((n) => ({
  id: `q-${n}`,
  question: `Question ${n}?`,
  answer: n === 4 ? null : `Answer ${n}`,
  createdAt: hoursAgo(10 - n),
  answeredAt: null,
  userId: "u-1",
  citations: [],
}));

describe("TeamCollaboration", () => {
  it("says who else has the contract open now, from the presence store, never the user themselves", async () => {
    const me = makeUser();
    fakeApi({
      "GET /api/auth/user": { status: 200, body: me },
      "GET /api/contracts/c-1/reviewers": { status: 200, body: reviewers },
      "GET /api/contracts/c-1/markups": { status: 200, body: [] },
      "GET /api/contracts/c-1/questions": { status: 200, body: [] },
    });
    usePresenceStore.setState({ viewing: { "c-1": [{ id: me.id, name: "Me Myself" }] } });
    renderWithProviders(<TeamCollaboration contract={makeContract()} />);
    await screen.findByRole("list", { name: "Reviewers" }, wait);
    expect(screen.queryByTestId("viewing-now")).toBeNull();

    act(() => usePresenceStore.getState().setViewing("c-1", [{ id: me.id, name: "Me Myself" }, { id: "u-2", name: "Marc Tremblay" }]));
    expect((await screen.findByTestId("viewing-now", {}, wait)).textContent).toBe("Viewing now: Marc Tremblay");
    act(() => usePresenceStore.getState().forgetViewing("c-1"));
    expect(screen.queryByTestId("viewing-now")).toBeNull();
  });

  it("shows reviewers with their initial and role, the 3 most recent markups and questions, with expanders", async () => {
    fakeApi({
      "GET /api/contracts/c-1/reviewers": { status: 200, body: reviewers },
      "GET /api/contracts/c-1/markups": {
        status: 200,
        body: [markup(1, "comment", 30), markup(2, "flag", 2), markup(3, "suggestion", 5), markup(4, "approval", 1)],
      },
      "GET /api/contracts/c-1/questions": { status: 200, body: questions },
    });
    renderWithProviders(<TeamCollaboration contract={makeContract()} />);

    const people = await screen.findByRole("list", { name: "Reviewers" }, wait);
    const priya = within(people).getAllByRole("listitem")[0]!;
    expect(within(priya).getByText("P")).toBeTruthy();
    expect(within(priya).getByText("Priya Raman")).toBeTruthy();
    expect(within(priya).getByText("Reviewer")).toBeTruthy();

    const markups = await screen.findByRole("list", { name: "Recent markups" }, wait);
    const rows = within(markups).getAllByRole("listitem");
    expect(rows.map((li) => within(li).getByText(/^Markup/).textContent)).toEqual(["Markup 4", "Markup 2", "Markup 3"]);
    expect(within(rows[0]!).getByText("Approval")).toBeTruthy();
    expect(within(rows[0]!).getByText("Priya Raman")).toBeTruthy();
    expect(within(rows[0]!).getByText("about 1 hour ago")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Show all (4), recent markups" }));
    expect(within(markups).getAllByRole("listitem")).toHaveLength(4);

    const recent = await screen.findByRole("list", { name: "Recent questions" }, wait);
    expect(within(recent).getAllByRole("listitem")).toHaveLength(3);
    expect(within(recent).getByText("Question 4?")).toBeTruthy();
    expect(within(recent).getByText("AI is processing your question...")).toBeTruthy();
    expect(within(recent).queryByText("Question 1?")).toBeNull();
  });

  it("says when there is nobody and nothing yet", async () => {
    fakeApi({
      "GET /api/contracts/c-1/reviewers": { status: 200, body: [] },
      "GET /api/contracts/c-1/markups": { status: 200, body: [] },
      "GET /api/contracts/c-1/questions": { status: 200, body: [] },
    });
    renderWithProviders(<TeamCollaboration contract={makeContract()} />);
    expect(await screen.findByText("No markups yet.", {}, wait)).toBeTruthy();
    expect(screen.getByText("No questions yet.")).toBeTruthy();
    expect(screen.getByText(/No one else works on this contract/)).toBeTruthy();
  });

  it("offers to try again when a list fails to load", async () => {
    fakeApi({
      "GET /api/contracts/c-1/reviewers": { status: 200, body: reviewers },
      "GET /api/contracts/c-1/markups": { status: 500, body: { error: "internal", message: "Something went wrong on our side." } },
      "GET /api/contracts/c-1/questions": { status: 200, body: [] },
    });
    renderWithProviders(<TeamCollaboration contract={makeContract()} />);
    const alert = await screen.findByRole("alert", {}, wait);
    expect(alert.textContent).toContain("Markups could not be loaded.");
    expect(alert.textContent).toContain("Something went wrong on our side.");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
