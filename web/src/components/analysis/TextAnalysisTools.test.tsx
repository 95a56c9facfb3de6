// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ANALYSIS_TYPES, type TextAnalysis } from "@clausewise/shared";
import { useToastStore } from "../../stores/toast";
import { fakeApi } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render-app";
import { currentToast, makeContract, REVIEWER_ABILITIES } from "../contract/testing";
import { AiReviewTools } from "./AiReviewTools";
import type { SelectedText } from "./TextAnalysisTools";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

const wait = { timeout: 5000 };
const SELECTED: SelectedText = { start: 10, end: 60, text: "The Contractor shall indemnify the Owner against all claims." };

function result(overrides: Partial<TextAnalysis> = {}): TextAnalysis {
  return {
    id: "ta-1",
    analysisType: "risk",
    engine: "local",
    createdAt: new Date().toISOString(),
    analysis: "A broad indemnity with no carve-out for the Owner's negligence.",
    riskLevel: "high",
    recommendations: ["Limit the indemnity to the Contractor's negligence."],
    legalConcerns: ["Unlimited exposure to third-party claims."],
    clauseCodes: ["indemnity"],
    ...overrides,
  };
}

function routes(post: (body: unknown) => { status: number; body?: unknown }) {
  return fakeApi({
    "GET /api/contracts/c-1/ai-analysis": { status: 200, body: { exists: false, analyses: [] } },
    "GET /api/contracts/c-1/analysis": { status: 404, body: { error: "not_found", message: "Not analysed" } },
    "POST /api/contracts/c-1/ai-analysis": ({ body }) => post(body),
  });
}

function renderTools(selection: SelectedText | null = SELECTED) {
  return renderWithProviders(<AiReviewTools contract={makeContract({}, REVIEWER_ABILITIES)} selection={selection} />);
}

describe("selected-text analysis", () => {
  it("offers every analysis type: the quick ones in the list, custom with its prompt", async () => {
    routes(() => ({ status: 201, body: result() }));
    renderTools();
    const select = (await screen.findByLabelText("Analysis type", {}, wait)) as HTMLSelectElement;
    const quick = Array.from(select.options).map((o) => o.value);
    expect([...quick, "custom"].sort()).toEqual([...ANALYSIS_TYPES].sort());
  });

  it.each(ANALYSIS_TYPES.filter((t) => t !== "custom"))("sends the selected text for a %s analysis and opens the result", async (type) => {
    const api = routes(() => ({ status: 201, body: result({ analysisType: type }) }));
    renderTools();
    fireEvent.change(await screen.findByLabelText("Analysis type", {}, wait), { target: { value: type } });
    fireEvent.click(screen.getByRole("button", { name: "Analyze selection" }));
    const sheet = await screen.findByRole("dialog", { name: "AI Analysis Result" }, wait);
    // The offsets go with the text: the server reads a partial selection in its whole clause.
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ text: SELECTED.text, analysisType: type, start: SELECTED.start, end: SELECTED.end });
    expect(within(sheet).getByText("High risk")).toBeTruthy();
    expect(within(within(sheet).getByRole("list", { name: "Recommendations" })).getByText("Limit the indemnity to the Contractor's negligence.")).toBeTruthy();
    expect(within(within(sheet).getByRole("list", { name: "Legal concerns" })).getByText("Unlimited exposure to third-party claims.")).toBeTruthy();
    expect(currentToast()?.title).toBe("AI Analysis Complete");
  });

  it("sends a custom analysis with its prompt", async () => {
    const api = routes(() => ({ status: 201, body: result({ analysisType: "custom" }) }));
    renderTools();
    fireEvent.change(await screen.findByLabelText("Prompt", {}, wait), { target: { value: "  Is this indemnity market standard in Alberta? " } });
    fireEvent.click(screen.getByRole("button", { name: "Run custom analysis" }));
    await screen.findByRole("dialog", { name: "AI Analysis Result" }, wait);
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ text: SELECTED.text, analysisType: "custom", prompt: "Is this indemnity market standard in Alberta?", start: SELECTED.start, end: SELECTED.end });
  });

  it("says when a partial selection was read in its whole clause, and shows that clause", async () => {
    routes(() => ({ status: 201, body: result({ context: { section: "10.1", heading: "Indemnity", excerpt: "10.1 The Contractor shall indemnify the Owner against all claims.", start: 0, end: 66 } }) }));
    const onShow = vi.fn();
    renderWithProviders(<AiReviewTools contract={makeContract({}, REVIEWER_ABILITIES)} selection={SELECTED} onShowInDocument={onShow} />);
    fireEvent.click(await screen.findByRole("button", { name: "Analyze selection" }, wait));
    const sheet = await screen.findByRole("dialog", { name: "AI Analysis Result" }, wait);
    expect(within(sheet).getByText(/The selection is part of Section 10\.1 · Indemnity; it was analysed with the whole clause/)).toBeTruthy();
    fireEvent.click(within(sheet).getByRole("button", { name: /Show in document: The clause around the selection/ }));
    expect(onShow).toHaveBeenCalledWith(expect.objectContaining({ start: 0, end: 66 }));
  });

  it("needs selected text and, for custom analysis, a prompt (spec §5)", async () => {
    const api = routes(() => ({ status: 201, body: result() }));
    const { unmount } = renderTools(null);
    fireEvent.click(await screen.findByRole("button", { name: "Analyze selection" }, wait));
    expect(currentToast()).toEqual({ title: "No Text Selected", description: "Please select text in the contract to analyze.", variant: "destructive" });
    unmount();
    useToastStore.setState({ toasts: [] });

    renderTools();
    fireEvent.click(await screen.findByRole("button", { name: "Run custom analysis" }, wait));
    expect(currentToast()?.title).toBe("No Prompt Provided");
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("shows the server's message when AI review is off", async () => {
    const message = "AI contract analysis is turned off for your company. An administrator can turn it on in Settings › Security.";
    routes(() => ({ status: 403, body: { error: "ai_disabled", message } }));
    renderTools();
    fireEvent.click(await screen.findByRole("button", { name: "Analyze selection" }, wait));
    await waitFor(() => expect(screen.getAllByRole("note").map((n) => n.textContent)).toContain(message), wait);
    expect(currentToast()).toEqual({ title: "Analysis Failed", description: message, variant: "destructive" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
