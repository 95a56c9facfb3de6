// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import { planUpgradeMessage, type JurisdictionAnalysisResult } from "@clausewise/shared";
import { useToastStore } from "../../stores/toast";
import { fakeApi } from "../../test/fake-api";
import { makeUser } from "../../test/fixtures";
import { renderApp, resetBetweenPageTests } from "../../test/render-app";

const wait = { timeout: 5000 };

const JURISDICTIONS = [
  { code: "AB", name: "Alberta" },
  { code: "ON", name: "Ontario" },
  { code: "QC", name: "Quebec" },
  { code: "FED", name: "Federal (Canada)" },
];

const RESULT: JurisdictionAnalysisResult = {
  primaryJurisdiction: { code: "ON", name: "Ontario", basis: "Named in the governing-law clause" },
  secondaryJurisdictions: [{ code: "AB", name: "Alberta", basis: "Named as the project or site location; selected for analysis" }],
  epcSpecificConsiderations: ["Alberta: prompt payment applies."],
  regulatoryRequirements: [{ requirement: "Retain the 10% holdback.", act: "Prompt Payment and Construction Lien Act", jurisdiction: "Alberta", jurisdictionCode: "AB" }],
  crossJurisdictionalIssues: ["Governing law (Ontario) differs from the site location (Alberta)."],
  complianceRisks: [
    {
      risk: "The contract holds back 5%, below the 10% holdback.",
      severity: "high",
      jurisdiction: "Alberta",
      jurisdictionCode: "AB",
      mitigation: "Raise the holdback to 10%.",
      excerpt: "<script>alert(1)</script> The Owner shall hold back 5%.",
    },
  ],
  recommendedClauses: [{ title: "Governing law", text: "This Contract is governed by the laws of the Province of Alberta.", reason: "The site is in Alberta." }],
  applicableLegislation: [
    { act: "Prompt Payment and Construction Lien Act", citation: "RSA 2000, c P-26.4", jurisdiction: "Alberta", jurisdictionCode: "AB", topic: "prompt_payment", relevance: "Sets payment periods." },
  ],
  contractType: "construction",
  findings: {
    governingLaw: null,
    siteLocations: [],
    arbitrationSeat: null,
    paymentCondition: null,
    holdback: null,
    frenchLanguageClause: null,
    writtenInFrench: false,
    lienWaiver: null,
    federalCrown: null,
    indigenousReference: null,
  },
  engine: "local",
};

function routes(analyze: { status: number; body?: unknown }) {
  return {
    "GET /api/auth/user": { status: 200, body: makeUser() },
    "GET /api/jurisdictions": { status: 200, body: JURISDICTIONS },
    "POST /api/analyze-jurisdiction": analyze,
  };
}

const lastToast = () => useToastStore.getState().toasts[0];

resetBetweenPageTests();

async function fillForm(text: string) {
  fireEvent.change(await screen.findByRole("textbox", { name: "Contract text" }, wait), { target: { value: text } });
  fireEvent.click(await screen.findByRole("checkbox", { name: "Alberta" }, wait));
  fireEvent.change(screen.getByRole("combobox", { name: "Contract type" }), { target: { value: "construction" } });
}

describe("jurisdictional analysis page", () => {
  it("says 'Contract Text Required' and sends nothing when the text is blank", async () => {
    const { calls } = fakeApi(routes({ status: 200, body: RESULT }));
    renderApp("/jurisdictional-analysis");
    await fillForm("   ");
    fireEvent.click(screen.getByRole("button", { name: "Run Analysis" }));
    expect(await screen.findByText("Contract Text Required", undefined, wait)).toBeTruthy();
    expect(lastToast()).toMatchObject({ title: "Contract Text Required", variant: "destructive" });
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("asks for a jurisdiction before sending", async () => {
    const { calls } = fakeApi(routes({ status: 200, body: RESULT }));
    renderApp("/jurisdictional-analysis");
    fireEvent.change(await screen.findByRole("textbox", { name: "Contract text" }, wait), { target: { value: "Some text" } });
    await screen.findByRole("checkbox", { name: "Alberta" }, wait);
    fireEvent.click(screen.getByRole("button", { name: "Run Analysis" }));
    expect(await screen.findByText("Select at least one jurisdiction.", undefined, wait)).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("sends the request, shows every section of the result and copies a section", async () => {
    const { calls } = fakeApi(routes({ status: 200, body: RESULT }));
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderApp("/jurisdictional-analysis");
    await fillForm("The Project is located in Calgary, Alberta.");
    fireEvent.click(screen.getByRole("checkbox", { name: "Quebec" }));
    fireEvent.click(screen.getByRole("button", { name: "Run Analysis" }));

    expect(await screen.findByRole("heading", { level: 2, name: "Analysis Results" }, wait)).toBeTruthy();
    expect(lastToast()?.title).toBe("Analysis Complete");
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      contractText: "The Project is located in Calgary, Alberta.",
      jurisdictions: ["AB", "QC"],
      contractType: "construction",
    });
    const headings = screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual([
      "Primary Jurisdiction",
      "Secondary Jurisdictions",
      "Compliance Risks",
      "EPC-Specific Considerations",
      "Regulatory Requirements",
      "Cross-Jurisdictional Issues",
      "Recommended Clauses",
      "Applicable Legislation",
    ]);
    const risks = within(screen.getByRole("region", { name: "Compliance Risks" }));
    expect(risks.getByText("High")).toBeTruthy();
    expect(risks.getByText("Raise the holdback to 10%.")).toBeTruthy();
    // Contract text is shown as text, never as markup.
    expect(risks.getByText(/<script>alert\(1\)<\/script>/)).toBeTruthy();
    expect(document.querySelector("main script, section script")).toBeNull();
    expect(screen.getByText("Prompt Payment and Construction Lien Act", { selector: "span" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Copy Applicable Legislation" }));
    expect(await screen.findByRole("button", { name: "Applicable Legislation copied" }, wait)).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining("Prompt Payment and Construction Lien Act, RSA 2000, c P-26.4 (Alberta)"));
    expect(lastToast()?.title).toBe("Copied");
  });

  it("shows the spec's failure toast when the analysis fails", async () => {
    fakeApi(routes({ status: 500, body: { error: "internal", message: "Something went wrong" } }));
    renderApp("/jurisdictional-analysis");
    await fillForm("Governed by the laws of Alberta.");
    fireEvent.click(screen.getByRole("button", { name: "Run Analysis" }));
    expect(await screen.findByText("Analysis Failed", undefined, wait)).toBeTruthy();
    expect(lastToast()).toMatchObject({ title: "Analysis Failed", description: "Failed to complete jurisdictional analysis. Please try again.", variant: "destructive" });
    expect(screen.queryByRole("heading", { name: "Analysis Results" })).toBeNull();
  });

  it("shows the server's message when the company's AI review is off", async () => {
    const message = "AI review is turned off for your company. An administrator can turn it on in Settings › Security.";
    fakeApi(routes({ status: 403, body: { error: "ai_disabled", message } }));
    renderApp("/jurisdictional-analysis");
    await fillForm("Governed by the laws of Alberta.");
    fireEvent.click(screen.getByRole("button", { name: "Run Analysis" }));
    expect(await screen.findByText("Analysis Failed", undefined, wait)).toBeTruthy();
    expect(lastToast()).toMatchObject({ title: "Analysis Failed", description: message, variant: "destructive" });
  });

  it("shows the plan's upgrade message with a way to upgrade, not a failure toast, on a plan without the feature", async () => {
    const message = planUpgradeMessage("jurisdictionalAnalysis", "starter");
    fakeApi(routes({ status: 403, body: { error: "plan_upgrade_required", message } }));
    renderApp("/jurisdictional-analysis");
    await fillForm("Governed by the laws of Alberta.");
    fireEvent.click(screen.getByRole("button", { name: "Run Analysis" }));
    const notice = await screen.findByRole("alert", {}, wait);
    expect(notice.textContent).toContain(message);
    expect(screen.getByRole("link", { name: "Upgrade to Professional" }).getAttribute("href")).toBe("/subscription?plan=professional");
    expect(screen.getByRole("link", { name: "Compare plans" }).getAttribute("href")).toBe("/pricing");
    expect(lastToast()?.title).not.toBe("Analysis Failed");
  });
});
