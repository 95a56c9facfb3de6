// @vitest-environment jsdom
import { renderWithProviders } from "../../test/render-app";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Question } from "@clausewise/shared";
import { useToastStore } from "../../stores/toast";
import { fakeApi } from "../../test/fake-api";
import { finding, makeAnalysis } from "../analysis/testing";
import { AnalysisPanel, QuestionsPanel } from "./QuestionsPanel";
import { currentToast, makeContract, REVIEWER_ABILITIES } from "./testing";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

const wait = { timeout: 5000 };

function question(n: number, answer: string | null = `Answer ${n}`): Question {
  return {
    id: `q-${n}`,
    question: `Question ${n}?`,
    answer,
    createdAt: new Date(Date.UTC(2026, 10, n, 12)).toISOString(),
    answeredAt: answer ? new Date(Date.UTC(2026, 10, n, 13)).toISOString() : null,
    userId: "u-1",
    citations: [],
  };
}

const noSuchEndpoint = { status: 404, body: { error: "not_found", message: "No such API endpoint." } };

function panelList() {
  return screen.getByRole("list", { name: "Questions about this contract" });
}

describe("AnalysisPanel and QuestionsPanel", () => {
  it("reads 'Analysis pending' while there is no analysis, and invents no findings", async () => {
    fakeApi({ "GET /api/contracts/c-1/analysis": noSuchEndpoint, "GET /api/contracts/c-1/questions": { status: 200, body: [] } });
    const contract = makeContract({}, REVIEWER_ABILITIES);
    renderWithProviders(
      <>
        <AnalysisPanel contract={contract} />
        <QuestionsPanel contract={contract} />
      </>,
    );
    expect(await screen.findByText("Analysis pending", {}, wait)).toBeTruthy();
    expect(screen.queryByRole("group", { name: /Risks/ })).toBeNull();
    expect(screen.getByText("No questions yet.")).toBeTruthy();
  });

  it("shows the first 3 risks, advantages and recommendations of an analysis", async () => {
    const items = (word: string) => [1, 2, 3, 4].map((n) => finding(`${word} ${n}`));
    fakeApi({
      "GET /api/contracts/c-1/analysis": {
        status: 200,
        body: makeAnalysis({ riskItems: items("Risk"), advantages: items("Advantage"), recommendations: [finding("Cap LDs at 10%")] }),
      },
    });
    renderWithProviders(<AnalysisPanel contract={makeContract({}, REVIEWER_ABILITIES)} />);
    expect(await screen.findByText("Risk 3", {}, wait)).toBeTruthy();
    expect(screen.queryByText("Risk 4")).toBeNull();
    expect(screen.getByText("Advantage 1")).toBeTruthy();
    expect(screen.getByText("Cap LDs at 10%")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Show all (4), risks" }));
    expect(screen.getByText("Risk 4")).toBeTruthy();
  });

  it("lists the newest 3 questions, answers or the processing text, and 'Show all (N)'", async () => {
    fakeApi({
      "GET /api/contracts/c-1/analysis": noSuchEndpoint,
      "GET /api/contracts/c-1/questions": { status: 200, body: [question(1), question(2), question(3, null), question(4), question(5)] },
    });
    renderWithProviders(<QuestionsPanel contract={makeContract({}, REVIEWER_ABILITIES)} />);
    await screen.findByRole("list", { name: "Questions about this contract" }, wait);
    const shown = () => within(panelList()).getAllByRole("listitem").map((li) => li.querySelector("span")?.textContent);
    expect(shown()).toEqual(["Question 5?", "Question 4?", "Question 3?"]);
    expect(within(panelList()).getByText("AI is processing your question...")).toBeTruthy();
    expect(within(panelList()).getByText("Answer 5")).toBeTruthy();

    const more = screen.getByRole("button", { name: "Show all (5), questions about this contract" });
    expect(more.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(more);
    expect(shown()).toHaveLength(5);
    fireEvent.click(screen.getByRole("button", { name: /^Show less/ }));
    expect(shown()).toHaveLength(3);
  });

  it("keeps Ask disabled for blank input, and says so if forced", async () => {
    const api = fakeApi({ "GET /api/contracts/c-1/analysis": noSuchEndpoint, "GET /api/contracts/c-1/questions": { status: 200, body: [] } });
    renderWithProviders(<QuestionsPanel contract={makeContract({}, REVIEWER_ABILITIES)} />);
    const box = await screen.findByLabelText("Ask a question about this contract", {}, wait);
    const ask = screen.getByRole("button", { name: "Ask AI" }) as HTMLButtonElement;
    expect(ask.disabled).toBe(true);
    fireEvent.change(box, { target: { value: "   " } });
    expect(ask.disabled).toBe(true);
    fireEvent.keyDown(box, { key: "Enter", ctrlKey: true });
    expect(screen.getByRole("alert").textContent).toBe("Please enter a question");
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("submits a question: 'Question submitted', the box empties, the list refreshes", async () => {
    let asked = false;
    const api = fakeApi({
      "GET /api/contracts/c-1/analysis": noSuchEndpoint,
      "GET /api/contracts/c-1/questions": () => ({ status: 200, body: asked ? [{ ...question(9, null), question: "Who carries the LD risk?" }] : [] }),
      "POST /api/contracts/c-1/questions": () => {
        asked = true;
        return { status: 201, body: question(9, null) };
      },
    });
    renderWithProviders(<QuestionsPanel contract={makeContract({}, REVIEWER_ABILITIES)} />);
    const box = (await screen.findByLabelText("Ask a question about this contract", {}, wait)) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: "  Who carries the LD risk? " } });
    fireEvent.click(screen.getByRole("button", { name: "Ask AI" }));
    await waitFor(() => expect(currentToast()).toEqual({ title: "Question submitted", description: "AI is processing your question...", variant: undefined }), wait);
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ question: "Who carries the LD risk?" });
    expect(box.value).toBe("");
    expect(await screen.findByText("Who carries the LD risk?", {}, wait)).toBeTruthy();
  });

  it("keeps the question when sending fails: 'Error' / 'Failed to submit question. Please try again.'", async () => {
    fakeApi({
      "GET /api/contracts/c-1/analysis": noSuchEndpoint,
      "GET /api/contracts/c-1/questions": { status: 200, body: [] },
      "POST /api/contracts/c-1/questions": () => {
        throw new TypeError("Failed to fetch");
      },
    });
    renderWithProviders(<QuestionsPanel contract={makeContract({}, REVIEWER_ABILITIES)} />);
    const box = (await screen.findByLabelText("Ask a question about this contract", {}, wait)) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: "What is the holdback?" } });
    fireEvent.click(screen.getByRole("button", { name: "Ask AI" }));
    await waitFor(() => expect(currentToast()).toEqual({ title: "Error", description: "Failed to submit question. Please try again.", variant: "destructive" }), wait);
    expect(box.value).toBe("What is the holdback?");
  });

  it("with AI review off says so at once instead of 'processing'", async () => {
    const message = "AI review is turned off for your company. An administrator can turn it on in Settings › Security.";
    fakeApi({
      "GET /api/contracts/c-1/analysis": noSuchEndpoint,
      "GET /api/contracts/c-1/questions": { status: 200, body: [] },
      "POST /api/contracts/c-1/questions": { status: 201, body: question(9, message) },
    });
    renderWithProviders(<QuestionsPanel contract={makeContract({}, REVIEWER_ABILITIES)} />);
    fireEvent.change(await screen.findByLabelText("Ask a question about this contract", {}, wait), { target: { value: "Is there a cap?" } });
    fireEvent.click(screen.getByRole("button", { name: "Ask AI" }));
    await waitFor(() => expect(currentToast()).toEqual({ title: "Question not sent to AI", description: message, variant: undefined }), wait);
  });

  it("offers to show each clause an answer quotes in the document", async () => {
    const answered = { ...question(1, "Yes: Section 11.2 is the limitation of liability clause."), citations: [{ section: "11.2", heading: "Aggregate Cap", excerpt: "The Contractor's total aggregate liability shall not exceed 100% of the Contract Price.", start: 400, end: 486 }] };
    fakeApi({ "GET /api/contracts/c-1/analysis": noSuchEndpoint, "GET /api/contracts/c-1/questions": { status: 200, body: [answered] } });
    const onShow = vi.fn();
    renderWithProviders(<QuestionsPanel contract={makeContract({}, REVIEWER_ABILITIES)} onShowInDocument={onShow} />);
    const quoted = await screen.findByRole("list", { name: "Clauses quoted in the answer" }, wait);
    fireEvent.click(within(quoted).getByRole("button", { name: /Section 11\.2/ }));
    expect(onShow).toHaveBeenCalledWith(expect.objectContaining({ start: 400, end: 486 }));
  });

  it("has no ask box for a read-only user", async () => {
    fakeApi({ "GET /api/contracts/c-1/analysis": noSuchEndpoint, "GET /api/contracts/c-1/questions": { status: 200, body: [] } });
    renderWithProviders(<QuestionsPanel contract={makeContract({}, ["read"])} />);
    await screen.findByText("No questions yet.", {}, wait);
    expect(screen.queryByRole("button", { name: "Ask AI" })).toBeNull();
    expect(screen.getByText(/read-only access/)).toBeTruthy();
  });
});
