import type { JurisdictionAnalysisResult } from "@clausewise/shared";

/** One titled section of the result, as the page shows it and as its copy button puts it on the clipboard. */
export interface ResultSection {
  id: string;
  title: string;
  text: string;
}

const list = (lines: string[]) => (lines.length === 0 ? "None identified." : lines.map((line) => `- ${line}`).join("\n"));

/** Plain text per section, for the clipboard: readable when pasted into an email or a memo. */
export function resultSections(result: JurisdictionAnalysisResult): ResultSection[] {
  return [
    { id: "primary", title: "Primary Jurisdiction", text: `${result.primaryJurisdiction.name} (${result.primaryJurisdiction.basis})` },
    { id: "secondary", title: "Secondary Jurisdictions", text: list(result.secondaryJurisdictions.map((j) => `${j.name} (${j.basis})`)) },
    { id: "epc", title: "EPC-Specific Considerations", text: list(result.epcSpecificConsiderations) },
    { id: "regulatory", title: "Regulatory Requirements", text: list(result.regulatoryRequirements.map((r) => `${r.jurisdiction}: ${r.requirement} (${r.act})`)) },
    { id: "cross", title: "Cross-Jurisdictional Issues", text: list(result.crossJurisdictionalIssues) },
    {
      id: "risks",
      title: "Compliance Risks",
      text: list(result.complianceRisks.map((r) => `[${r.severity.toUpperCase()}] ${r.jurisdiction}: ${r.risk} Mitigation: ${r.mitigation}`)),
    },
    { id: "clauses", title: "Recommended Clauses", text: list(result.recommendedClauses.map((c) => `${c.title}: ${c.text} (${c.reason})`)) },
    {
      id: "legislation",
      title: "Applicable Legislation",
      text: list(result.applicableLegislation.map((a) => `${a.act}${a.citation ? `, ${a.citation}` : ""} (${a.jurisdiction}): ${a.relevance}`)),
    },
  ];
}
