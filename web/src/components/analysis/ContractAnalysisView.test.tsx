// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { PUSH_EVENTS, type ContractAnalysis } from "@clausewise/shared";
import { invalidateFor } from "../../realtime/pushes";
import { useToastStore } from "../../stores/toast";
import { fakeApi } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render-app";
import { currentToast, makeContract, REVIEWER_ABILITIES } from "../contract/testing";
import { ContractAnalysisView } from "./ContractAnalysisView";
import { clause, finding, makeAnalysis } from "./testing";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

const wait = { timeout: 5000 };
const path = "GET /api/contracts/c-1/analysis";

function renderView(granted = REVIEWER_ABILITIES, onShowInDocument = vi.fn()) {
  const view = renderWithProviders(<ContractAnalysisView contract={makeContract({}, granted)} onShowInDocument={onShowInDocument} />);
  return { ...view, onShowInDocument };
}

describe("ContractAnalysisView: where the analysis stands", () => {
  it("shows a queued analysis with an empty progress bar", async () => {
    fakeApi({ [path]: { status: 200, body: makeAnalysis({ status: "queued", progress: 0, completedAt: null }) } });
    renderView();
    expect(await screen.findByText("Queued for analysis…", {}, wait)).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "Analysis progress" }).getAttribute("aria-valuenow")).toBe("0");
    expect(screen.queryByRole("group", { name: /Risks/ })).toBeNull();
  });

  it("shows the progress of a running analysis", async () => {
    fakeApi({ [path]: { status: 200, body: makeAnalysis({ status: "analysing", progress: 40, completedAt: null }) } });
    renderView();
    expect(await screen.findByText("Analysing… 40%", {}, wait)).toBeTruthy();
    const bar = screen.getByRole("progressbar", { name: "Analysis progress" });
    expect(bar.getAttribute("aria-valuenow")).toBe("40");
    expect((bar.firstElementChild as HTMLElement).style.width).toBe("40%");
  });

  it("says why an analysis failed, and Retry analysis queues it again", async () => {
    let state: ContractAnalysis = makeAnalysis({ status: "failed", progress: 60, error: "The document has no extractable text.", completedAt: null });
    const api = fakeApi({
      [path]: () => ({ status: 200, body: state }),
      "POST /api/contracts/c-1/analysis": () => {
        state = makeAnalysis({ status: "queued", progress: 0, completedAt: null });
        return { status: 202, body: state };
      },
    });
    renderView();
    const alert = await screen.findByRole("alert", {}, wait);
    expect(alert.textContent).toContain("Analysis failed");
    expect(alert.textContent).toContain("The document has no extractable text.");
    fireEvent.click(screen.getByRole("button", { name: "Retry analysis" }));
    expect(await screen.findByText("Queued for analysis…", {}, wait)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual(["/api/contracts/c-1/analysis"]);
    expect(currentToast()?.title).toBe("Analysis Queued");
  });

  it("offers no retry to a read-only user", async () => {
    fakeApi({ [path]: { status: 200, body: makeAnalysis({ status: "failed", error: "Engine unavailable", completedAt: null }) } });
    renderView(["read"]);
    expect(await screen.findByText("Engine unavailable", {}, wait)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Retry analysis" })).toBeNull();
  });

  it("reads the analysis again on analysis:ready", async () => {
    let state: ContractAnalysis = makeAnalysis({ status: "analysing", progress: 90, completedAt: null });
    fakeApi({ [path]: () => ({ status: 200, body: state }) });
    const { queryClient } = renderView();
    await screen.findByText("Analysing… 90%", {}, wait);
    state = makeAnalysis({ riskItems: [finding("Uncapped indemnity", { riskLevel: "critical" })] });
    act(() => invalidateFor(queryClient, PUSH_EVENTS.analysisReady, { contractId: "c-1" }));
    expect(await screen.findByRole("article", { name: "Uncapped indemnity" }, wait)).toBeTruthy();
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("shows the server's message in place of the analysis when AI review is off", async () => {
    const message = "AI contract analysis is turned off for your company. An administrator can turn it on in Settings › Security.";
    fakeApi({ [path]: { status: 403, body: { error: "ai_disabled", message } } });
    renderView();
    expect((await screen.findByRole("note", {}, wait)).textContent).toBe(message);
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
  });
});

describe("ContractAnalysisView: the finished analysis", () => {
  const numbered = (word: string, count: number) =>
    Array.from({ length: count }, (_, i) => finding(`${word} ${i + 1}`, { riskLevel: i === 0 ? "high" : "low" }));

  it("shows the first 3 risks, advantages and recommendations, each list in full one click away", async () => {
    fakeApi({ [path]: { status: 200, body: makeAnalysis({ riskItems: numbered("Risk", 5), advantages: numbered("Advantage", 4), recommendations: numbered("Recommendation", 2) }) } });
    renderView();
    const risks = await screen.findByRole("list", { name: "Risks" }, wait);
    const titles = (list: HTMLElement) => within(list).getAllByRole("article").map((a) => a.getAttribute("aria-label"));
    expect(titles(risks)).toEqual(["Risk 1", "Risk 2", "Risk 3"]);
    expect(titles(screen.getByRole("list", { name: "Advantages" }))).toEqual(["Advantage 1", "Advantage 2", "Advantage 3"]);
    expect(titles(screen.getByRole("list", { name: "Recommendations" }))).toHaveLength(2);
    expect(screen.queryByRole("button", { name: /Show all \(2\)/ })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Show all (5), risks" }));
    expect(titles(risks)).toEqual(["Risk 1", "Risk 2", "Risk 3", "Risk 4", "Risk 5"]);
    fireEvent.click(screen.getByRole("button", { name: "Show all (4), advantages" }));
    expect(titles(screen.getByRole("list", { name: "Advantages" }))).toHaveLength(4);
  });

  it("gives each finding its risk badge, section and quoted clause; Show in document passes its offsets", async () => {
    const ld = finding("Liquidated damages uncapped", {
      riskLevel: "critical",
      category: "liquidated_damages",
      section: "12.3",
      excerpt: "The Contractor shall pay liquidated damages of $50,000 per day.",
      start: 120,
      end: 183,
    });
    fakeApi({ [path]: { status: 200, body: makeAnalysis({ riskItems: [ld, finding("Short warranty", { riskLevel: "low" })] }) } });
    const { onShowInDocument } = renderView();
    const item = await screen.findByRole("article", { name: "Liquidated damages uncapped" }, wait);
    expect(within(item).getByText("Critical risk")).toBeTruthy();
    expect(within(item).getByText("Section 12.3")).toBeTruthy();
    expect(within(item).getByText("“The Contractor shall pay liquidated damages of $50,000 per day.”")).toBeTruthy();
    expect(within(screen.getByRole("article", { name: "Short warranty" })).getByText("Low risk")).toBeTruthy();
    // A finding with nothing to quote (a missing protection) has no Show in document.
    expect(within(screen.getByRole("article", { name: "Short warranty" })).queryByRole("button")).toBeNull();

    fireEvent.click(within(item).getByRole("button", { name: "Show in document: Liquidated damages uncapped" }));
    expect(onShowInDocument).toHaveBeenCalledWith(expect.objectContaining({ start: 120, end: 183 }));
  });

  it("lists the detected clauses with their sections", async () => {
    fakeApi({
      [path]: {
        status: 200,
        body: makeAnalysis({
          clauses: [
            clause("holdback", { section: "14.2", heading: "Holdback", excerpt: "The Owner shall retain a holdback of 10%." }),
            clause("governing_law", { section: "Article 20", excerpt: "The laws of the Province of Alberta apply." }),
          ],
        }),
      },
    });
    renderView();
    const list = await screen.findByRole("list", { name: "Detected clauses" }, wait);
    expect(within(list).getAllByRole("article").map((a) => a.getAttribute("aria-label"))).toEqual(["Holdback", "Governing law"]);
    expect(within(list).getByText("Section 14.2 · Holdback")).toBeTruthy();
    expect(within(list).getByText("Article 20")).toBeTruthy();
  });

  it("reads 'Analysis pending' when the contract was never analysed (404)", async () => {
    fakeApi({ [path]: { status: 404, body: { error: "not_found", message: "This contract hasn't been analyzed yet." } } });
    renderView();
    expect(await screen.findByText("Analysis pending", {}, wait)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Run analysis" })).toBeTruthy();
  });
});

describe("ContractAnalysisView: parties, our side and the law (issue 13)", () => {
  const parties: ContractAnalysis["parties"] = [
    { name: "WAPITI RIDGE MIDSTREAM LTD.", role: "Owner", side: "customer", excerpt: "WAPITI RIDGE MIDSTREAM LTD.", start: 10, end: 37 },
    { name: "DEMO EPC LTD.", role: "Contractor", side: "provider", excerpt: "DEMO EPC LTD.", start: 60, end: 73 },
  ];
  const law = { name: "Alberta", country: "Canada", canadian: true, jurisdictionCode: "AB" as const, reason: "Section 17.1 (Governing Law) says it is governed by the laws of Alberta.", section: "17.1", excerpt: "This Agreement is governed by the laws of the Province of Alberta.", start: 900, end: 966 };
  const reading = (over: Partial<ContractAnalysis> = {}) =>
    makeAnalysis({
      parties,
      perspective: { role: "Contractor", side: "provider", source: "company_name", note: "Judged from the Contractor's side: your company's name matches DEMO EPC LTD., the Contractor." },
      governingLaw: law,
      placeOfWork: null,
      jurisdictionNote: "Canadian statute checks apply: the contract is governed by the laws of Alberta.",
      ...over,
    });

  it("names the parties, marks ours, and says which law governs and why, quoting the clause", async () => {
    fakeApi({ [path]: { status: 200, body: reading() } });
    const { onShowInDocument } = renderView();
    const list = await screen.findByRole("list", { name: "Parties to the contract" }, wait);
    expect(within(list).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["WAPITI RIDGE MIDSTREAM LTD.— the Owner", "DEMO EPC LTD.— the ContractorYour company"]);
    expect(screen.getByText(/your company's name matches DEMO EPC LTD\./)).toBeTruthy();
    expect(screen.getByText("Section 17.1 (Governing Law) says it is governed by the laws of Alberta.")).toBeTruthy();
    expect(screen.getByText("Canadian statute checks apply: the contract is governed by the laws of Alberta.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Show in document: the sentence naming the governing law" }));
    expect(onShowInDocument).toHaveBeenCalledWith(expect.objectContaining({ start: 900, end: 966 }));
  });

  it("lets someone who may analyse choose our side, which re-analyses the contract", async () => {
    const api = fakeApi({
      [path]: { status: 200, body: reading() },
      "PUT /api/contracts/c-1/perspective": { status: 200, body: { contractId: "c-1", ourPartyRole: "Owner", reanalysisQueued: true } },
    });
    renderView();
    const select = (await screen.findByLabelText("Your company is the", {}, wait)) as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual(["Contractor (from your company's name)", "Owner", "Contractor"]);
    fireEvent.change(select, { target: { value: "Owner" } });
    await waitFor(() => expect(api.calls.find((c) => c.method === "PUT")?.body).toEqual({ ourPartyRole: "Owner" }), wait);
    await waitFor(() => expect(currentToast()).toMatchObject({ title: "Side Updated", description: "The contract is being analysed again from the Owner's side." }), wait);
  });

  it("shows our side as text to a read-only user", async () => {
    fakeApi({ [path]: { status: 200, body: reading() } });
    renderView(["read"]);
    await screen.findByRole("list", { name: "Parties to the contract" }, wait);
    expect(screen.queryByLabelText("Your company is the", { selector: "select" })).toBeNull();
  });

  it("says an analysis is of an earlier text, when it will run again, and offers to re-analyse now", async () => {
    const api = fakeApi({
      [path]: { status: 200, body: reading({ stale: true, refreshAt: "2026-11-20T17:05:00.000Z" }) },
      "POST /api/contracts/c-1/analysis": { status: 202, body: makeAnalysis({ status: "queued", progress: 0, completedAt: null }) },
    });
    renderView();
    const notice = await screen.findByRole("status", { name: "Analysis of an earlier text" }, wait);
    expect(notice.textContent).toContain("This analysis is of an earlier version of the text.");
    expect(notice.textContent).toMatch(/A new analysis starts by itself at .+, once edits settle\./);
    fireEvent.click(within(notice).getByRole("button", { name: "Re-analyse now" }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual(["/api/contracts/c-1/analysis"]), wait);
  });
});
