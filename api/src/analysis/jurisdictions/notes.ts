import { JURISDICTION_TEXT_MAX_LENGTH, type ContractType, type JurisdictionCode } from "@clausewise/shared";
import { analyseJurisdictions } from "./analyse";
import { detectFindings } from "./detect";

export interface JurisdictionNote {
  jurisdiction: string;
  note: string;
}

const MAX_NOTES = 8;

/**
 * The jurisdiction notes of the analysis report: the provinces the contract itself names (governing law,
 * site), checked against the statute table. None when the contract names no Canadian jurisdiction.
 */
export function jurisdictionNotes(text: string, contractType: ContractType): JurisdictionNote[] {
  const contractText = text.slice(0, JURISDICTION_TEXT_MAX_LENGTH);
  const found = detectFindings(contractText);
  const codes = [...new Set<JurisdictionCode>([...(found.governingLaw ? [found.governingLaw.code] : []), ...found.siteLocations.map((s) => s.code)])];
  if (codes.length === 0 || contractText.trim() === "") return [];
  const result = analyseJurisdictions({ contractText, jurisdictions: codes, contractType });
  return [
    ...result.crossJurisdictionalIssues.map((note) => ({ jurisdiction: "Across jurisdictions", note })),
    ...result.complianceRisks.map((r) => ({ jurisdiction: r.jurisdiction, note: `${r.risk} ${r.mitigation}` })),
  ].slice(0, MAX_NOTES);
}
