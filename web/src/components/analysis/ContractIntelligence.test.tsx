// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { useToastStore } from "../../stores/toast";
import { fakeApi } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render-app";
import { currentToast, makeContract, REVIEWER_ABILITIES } from "../contract/testing";
import type { ClauseStandard } from "../../api/analysis";
import { standardParts } from "./ClauseStandardView";
import { ContractIntelligence } from "./ContractIntelligence";
import { clause, makeAnalysis } from "./testing";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

const wait = { timeout: 5000 };

const analysed = {
  "GET /api/contracts/c-1/analysis": {
    status: 200,
    body: makeAnalysis({
      clauses: [
        clause("liquidated_damages", { section: "9.1", excerpt: "Liquidated damages of $50,000 per day.", start: 40, end: 78 }),
        clause("holdback"),
        clause("liquidated_damages", { section: "9.4" }),
      ],
    }),
  },
};

function renderTools(onShowInDocument = vi.fn()) {
  renderWithProviders(
    <MemoryRouter>
      <ContractIntelligence contract={makeContract({}, REVIEWER_ABILITIES)} onShowInDocument={onShowInDocument} />
    </MemoryRouter>,
  );
  return { onShowInDocument };
}

const clauseType = () => screen.getByLabelText("Clause type") as HTMLSelectElement;

describe("ContractIntelligence", () => {
  it("offers this contract's detected clause types first and starts with the first of them", async () => {
    fakeApi(analysed);
    renderTools();
    await waitFor(() => expect(clauseType().value).toBe("liquidated_damages"), wait);
    const detected = clauseType().querySelector('optgroup[label="In this contract"]')!;
    expect(Array.from(detected.querySelectorAll("option")).map((o) => o.textContent)).toEqual(["Liquidated damages", "Holdback"]);
    expect(clauseType().querySelectorAll("option")).toHaveLength(31);
  });

  it("Find Similar Clauses lists the clause type across other contracts, best match first, linking to each", async () => {
    const api = fakeApi({
      ...analysed,
      "GET /api/contracts/c-1/similar-clauses": {
        status: 200,
        body: {
          reference: clause("liquidated_damages", { section: "9.1", excerpt: "Liquidated damages of $50,000 per day.", start: 40, end: 78 }),
          matches: [
            { contractId: "c-3", contractTitle: "Pump Station EPC", code: "liquidated_damages", section: "7", heading: null, excerpt: "LDs of $5,000 per day.", start: 0, end: 20, score: 0.41 },
            { contractId: "c-2", contractTitle: "Compressor Station EPC", code: "liquidated_damages", section: "9", heading: "Liquidated Damages", excerpt: "LDs of $20,000 per day, capped at 10%.", start: 5, end: 40, score: 0.873 },
          ],
        },
      },
    });
    const { onShowInDocument } = renderTools();
    await waitFor(() => expect(clauseType().value).toBe("liquidated_damages"), wait);
    fireEvent.click(screen.getByRole("button", { name: "Find Similar Clauses" }));

    const sheet = await screen.findByRole("dialog", { name: "Similar Clauses: Liquidated damages" }, wait);
    const ranked = await within(sheet).findByRole("list", { name: "Similar liquidated damages clauses, best match first" }, wait);
    const links = within(ranked).getAllByRole("link");
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Compressor Station EPC", "/contracts/c-2"],
      ["Pump Station EPC", "/contracts/c-3"],
    ]);
    expect(within(ranked).getByText("87%")).toBeTruthy();
    expect(within(ranked).getByText("Section 9 · Liquidated Damages")).toBeTruthy();
    expect(api.calls.some((c) => c.path === "/api/contracts/c-1/similar-clauses?code=liquidated_damages")).toBe(true);

    fireEvent.click(within(sheet).getByRole("button", { name: "Show in document: Liquidated damages in this contract" }));
    expect(onShowInDocument).toHaveBeenCalledWith(expect.objectContaining({ start: 40, end: 78 }));
  });

  it("asks for the clause type picked, and says when no other contract has it", async () => {
    const api = fakeApi({ ...analysed, "GET /api/contracts/c-1/similar-clauses": { status: 200, body: { reference: null, matches: [] } } });
    renderTools();
    await waitFor(() => expect(clauseType().value).toBe("liquidated_damages"), wait);
    fireEvent.change(clauseType(), { target: { value: "force_majeure" } });
    fireEvent.click(screen.getByRole("button", { name: "Find Similar Clauses" }));
    const sheet = await screen.findByRole("dialog", { name: "Similar Clauses: Force majeure" }, wait);
    expect(await within(sheet).findByText("None of your company’s other analysed contracts has a force majeure clause.", {}, wait)).toBeTruthy();
    expect(within(sheet).getByText(/No force majeure clause was detected in this contract/)).toBeTruthy();
    expect(api.calls.some((c) => c.path === "/api/contracts/c-1/similar-clauses?code=force_majeure")).toBe(true);
  });

  it("Industry Standards shows the library entry for the clause type, whatever fields it has", async () => {
    const api = fakeApi({
      ...analysed,
      "GET /api/clause-standards/liquidated_damages": {
        status: 200,
        body: {
          code: "liquidated_damages",
          label: "Liquidated damages",
          balancedPosition: "LDs are a genuine pre-estimate of loss, capped at 10% of the contract price, and the sole remedy for delay.",
          ownerFavourable: "Uncapped LDs in addition to general damages.",
          bestPractices: ["Cap LDs at 5-15% of the contract price.", "Make LDs the exclusive remedy for delay."],
          typicalRange: "0.1% to 0.5% of the contract price per day",
        },
      },
    });
    renderTools();
    await waitFor(() => expect(clauseType().value).toBe("liquidated_damages"), wait);
    fireEvent.click(screen.getByRole("button", { name: "Industry Standards" }));
    const sheet = await screen.findByRole("dialog", { name: "Industry Standards: Liquidated damages" }, wait);
    expect(await within(sheet).findByText(/genuine pre-estimate of loss/, {}, wait)).toBeTruthy();
    const headings = within(sheet).getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(["Balanced position", "Owner-favourable position", "Typical range", "Best practices"]);
    expect(within(within(sheet).getByRole("list", { name: "Best practices" })).getAllByRole("listitem")).toHaveLength(2);
    expect(api.calls.map((c) => c.path)).toContain("/api/clause-standards/liquidated_damages");
  });

  it("Best Practices puts the library's practices first", async () => {
    fakeApi({
      ...analysed,
      "GET /api/clause-standards/liquidated_damages": {
        status: 200,
        body: { code: "liquidated_damages", label: "Liquidated damages", balancedPosition: "A capped pre-estimate.", bestPractices: ["Cap them."], watchFor: ["LDs plus general damages."] },
      },
    });
    renderTools();
    await waitFor(() => expect(clauseType().value).toBe("liquidated_damages"), wait);
    fireEvent.click(screen.getByRole("button", { name: "Best Practices" }));
    const sheet = await screen.findByRole("dialog", { name: "Best Practices: Liquidated damages" }, wait);
    await within(sheet).findByText("Cap them.", {}, wait);
    expect(within(sheet).getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["Best practices", "Watch for", "Balanced position"]);
  });

  it("Export Analysis Report says 'No Analysis Available' until there is one", async () => {
    const api = fakeApi({
      ...analysed,
      "GET /api/contracts/c-1/download-report": { status: 404, body: { error: "not_found", message: "This contract hasn't been analyzed yet." } },
    });
    renderTools();
    fireEvent.click(await screen.findByRole("button", { name: "Export Analysis Report" }, wait));
    await waitFor(
      () =>
        expect(currentToast()).toEqual({
          title: "No Analysis Available",
          description: "This contract hasn't been analyzed yet. Please wait for AI analysis to complete.",
          variant: "destructive",
        }),
      wait,
    );
    expect(api.calls.map((c) => c.path)).toContain("/api/contracts/c-1/download-report");
  });

  it("Export Analysis Report downloads the PDF when the analysis is done", async () => {
    // jsdom has no object URLs.
    URL.createObjectURL = vi.fn(() => "blob:report");
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    fakeApi(analysed);
    // The report is a PDF, not JSON: answer it by hand.
    const json = globalThis.fetch;
    vi.stubGlobal(
      "fetch",
      vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
        String(input).endsWith("/download-report")
          ? Promise.resolve(new Response("%PDF-1.7", { status: 200, headers: { "content-disposition": 'attachment; filename="Pipeline - AI analysis.pdf"' } }))
          : json(input, init),
      ),
    );
    renderTools();
    fireEvent.click(await screen.findByRole("button", { name: "Export Analysis Report" }, wait));
    await waitFor(() => expect([clicked, currentToast()]).toEqual([["Pipeline - AI analysis.pdf"], undefined]), wait);
    click.mockRestore();
  });

  it("shows the server's message when AI review is off", async () => {
    const message = "AI contract analysis is turned off for your company.";
    fakeApi({ ...analysed, "GET /api/contracts/c-1/similar-clauses": { status: 403, body: { error: "ai_disabled", message } } });
    renderTools();
    fireEvent.click(await screen.findByRole("button", { name: "Find Similar Clauses" }, wait));
    const sheet = await screen.findByRole("dialog", {}, wait);
    expect((await within(sheet).findByRole("note", {}, wait)).textContent).toBe(message);
  });
});

describe("standardParts", () => {
  it("keeps non-blank text and string lists, known fields first, never code or label", () => {
    // As the server might send it: blank and non-text values mixed in.
    const entry: unknown = { code: "holdback", label: "Holdback", balancedPosition: "10% holdback.", extra: "More", empty: " ", count: 3, watchFor: ["A", "", 4], summary: "Short" };
    const parts = standardParts(entry as ClauseStandard);
    expect(parts.map((p) => p.field)).toEqual(["summary", "balancedPosition", "watchFor", "extra"]);
    expect(parts.find((p) => p.field === "watchFor")).toMatchObject({ kind: "list", items: ["A"] });
  });
});
