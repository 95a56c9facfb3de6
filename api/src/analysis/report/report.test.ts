import type { AnalysisFinding, ContractAnalysis } from "@clausewise/shared";
import { describe, expect, it } from "vitest";
import { flat, readPdf } from "../../test/pdf-text";
import { REPORT_DISCLAIMER, renderAnalysisReport } from "./index";
import { toWinAnsi } from "./text";

const CONTRACT_TEXT = [
  "12.1 The Contractor’s total liability under this Agreement shall not exceed 100% of the Contract Price.",
  "14.2 If Substantial Completion is late, the Contractor shall pay liquidated damages of $25,000 per day – without cap.",
  "20.3 L’Entrepreneur reconnaît que la retenue de 10 % est régie par la Loi sur la construction (Québec).",
  "22.1 The Owner may terminate this Agreement for convenience on 30 days’ notice.",
].join("\n\n");

function at(excerpt: string): { excerpt: string; start: number; end: number } {
  const start = CONTRACT_TEXT.indexOf(excerpt);
  if (start < 0) throw new Error(`not in the contract: ${excerpt}`);
  return { excerpt, start, end: start + excerpt.length };
}

const finding = (over: Partial<AnalysisFinding> & Pick<AnalysisFinding, "title">): AnalysisFinding => ({
  description: "",
  category: "general",
  riskLevel: "medium",
  section: null,
  excerpt: "",
  start: 0,
  end: 0,
  ...over,
});

function analysis(over: Partial<ContractAnalysis> = {}): ContractAnalysis {
  return {
    contractId: "c_1",
    status: "done",
    progress: 100,
    error: null,
    engine: "openai",
    model: "gpt-4o-mini",
    createdAt: "2025-03-14T14:00:00.000Z",
    completedAt: "2025-03-14T14:01:30.000Z",
    stale: false,
    refreshAt: null,
    contractType: "renewable_energy",
    overallRisk: "high",
    summary: "An EPC agreement for a 40 MW solar facility near Medicine Hat, Alberta. Delay damages are uncapped and the Owner may terminate for convenience.",
    riskItems: [
      finding({ title: "Uncapped liquidated damages", category: "liquidated_damages", riskLevel: "critical", section: "14.2", description: "Delay damages of $25,000 per day have no ceiling; a long delay could exceed the margin on the project.", ...at("the Contractor shall pay liquidated damages of $25,000 per day – without cap.") }),
      finding({ title: "Termination for convenience without compensation", category: "termination_for_convenience", riskLevel: "high", section: "22.1", description: "No payment for demobilisation or lost profit is provided.", ...at("The Owner may terminate this Agreement for convenience on 30 days’ notice.") }),
      finding({ title: "No force majeure clause", category: "force_majeure", riskLevel: "high", description: "Wildfire and grid outages are not excused events." }),
    ],
    advantages: [finding({ title: "Liability capped at the Contract Price", category: "limitation_of_liability", riskLevel: "low", section: "12.1", description: "A total cap protects the Contractor.", ...at("The Contractor’s total liability under this Agreement shall not exceed 100% of the Contract Price.") })],
    recommendations: [
      finding({ title: "Cap liquidated damages at 10% of the Contract Price", category: "liquidated_damages", riskLevel: "high", section: "14.2", description: "Ask for an aggregate cap and an exclusive-remedy statement.", ...at("liquidated damages of $25,000 per day") }),
      finding({ title: "Confirm the holdback regime (Québec)", category: "holdback", riskLevel: "medium", section: "20.3", description: "Vérifier la retenue prévue par la loi ≤ 10 % → release dates.", ...at("la retenue de 10 % est régie par la Loi sur la construction (Québec).") }),
    ],
    clauses: [
      { code: "limitation_of_liability", section: "12.1", heading: "Liability", ...at("The Contractor’s total liability under this Agreement shall not exceed 100% of the Contract Price.") },
      { code: "liquidated_damages", section: "14.2", heading: "Delay", ...at("the Contractor shall pay liquidated damages of $25,000 per day – without cap.") },
      { code: "holdback", section: "20.3", heading: "Retenue", ...at("la retenue de 10 % est régie par la Loi sur la construction (Québec).") },
    ],
    ...over,
  };
}

const input = (over: Partial<ContractAnalysis> = {}) => ({
  contract: { title: "Solar Farm EPC – Medicine Hat", client: "Prairie Sun Énergie Inc.", version: 3 },
  analysis: analysis(over),
  jurisdictionNotes: [{ jurisdiction: "Alberta", note: "The Prompt Payment and Construction Lien Act requires payment of proper invoices within 28 days and a 10% holdback." }],
  generatedAt: new Date("2025-03-15T09:30:00.000Z"),
  companyName: "Northern Grid Constructors",
});

describe("renderAnalysisReport", () => {
  it("renders the findings, quoted clauses, recommendations and disclaimer as readable PDF text", async () => {
    const bytes = await renderAnalysisReport(input());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const pages = await readPdf(bytes);
    const text = flat(pages.join(" "));

    for (const title of ["Uncapped liquidated damages", "Termination for convenience without compensation", "No force majeure clause", "Liability capped at the Contract Price"]) {
      expect(text).toContain(title);
    }
    expect(text).toContain("Cap liquidated damages at 10% of the Contract Price");
    expect(text).toContain("Ask for an aggregate cap and an exclusive-remedy statement.");
    expect(text).toContain(flat("“The Owner may terminate this Agreement for convenience on 30 days’ notice.”"));
    expect(text).toContain("the Contractor shall pay liquidated damages of $25,000 per day – without cap.");
    expect(text).toContain(flat(REPORT_DISCLAIMER));
    expect(pages.every((page) => flat(page).includes("informational only, not legal advice"))).toBe(true);

    expect(text).toContain("Northern Grid Constructors");
    expect(text).toContain("Solar Farm EPC – Medicine Hat");
    expect(text).toContain("Prairie Sun Énergie Inc.");
    expect(text).toContain("Critical");
    expect(text).toContain("Renewable Energy");
    expect(text).toContain("OpenAI-compatible model (gpt-4o-mini)");
    expect(text).toContain("Holdback");
    expect(text).toContain("The Prompt Payment and Construction Lien Act requires payment");
    // French accents survive; characters outside WinAnsi are replaced, not garbled.
    expect(text).toContain("la retenue de 10 % est régie par la Loi sur la construction (Québec).");
    expect(text).toContain("Vérifier la retenue prévue par la loi <= 10 % -> release dates.");
  });

  it("breaks a long analysis over several pages, numbering them", async () => {
    const long = Array.from({ length: 40 }, (_, i) =>
      finding({ title: `Risk number ${i + 1}`, riskLevel: i % 2 ? "high" : "medium", section: `${i + 1}.1`, description: "A paragraph explaining the exposure. ".repeat(8), ...at("The Owner may terminate this Agreement for convenience on 30 days’ notice.") }),
    );
    const pages = await readPdf(await renderAnalysisReport(input({ riskItems: long })));
    expect(pages.length).toBeGreaterThan(5);
    expect(flat(pages.at(-1) ?? "")).toContain(`Page ${pages.length} of ${pages.length}`);
    const text = flat(pages.join(" "));
    expect(text).toContain("Risk number 1 ");
    expect(text).toContain("Risk number 40");
    expect(text).toContain(flat(REPORT_DISCLAIMER));
  });

  it("renders an analysis with nothing found, by the local engine", async () => {
    const text = flat((await readPdf(await renderAnalysisReport({ ...input({ engine: "local", model: null, riskItems: [], advantages: [], recommendations: [], clauses: [] }), jurisdictionNotes: [] }))).join(" "));
    expect(text).toContain("No risks were identified.");
    expect(text).toContain("ClauseWise local engine (offline)");
    expect(text).not.toContain("Jurisdiction notes");
  });

  it("refuses an analysis that is not finished", async () => {
    await expect(renderAnalysisReport(input({ status: "analysing" }))).rejects.toThrow(/finished analysis/);
  });
});

describe("toWinAnsi", () => {
  it("keeps Latin-1 and typographic quotes and dashes, and replaces the rest", () => {
    expect(toWinAnsi("Québec – “ça” … 10 €")).toBe("Québec – “ça” … 10 €");
    expect(toWinAnsi("a ≤ b → c\u202f%")).toBe("a <= b -> c %");
    expect(toWinAnsi("Łódź 中文")).toBe("Lódz ??");
  });
});
