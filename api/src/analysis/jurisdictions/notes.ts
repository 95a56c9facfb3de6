import { JURISDICTION_TEXT_MAX_LENGTH, type ContractType, type JurisdictionCode } from "@clausewise/shared";
import { analyseJurisdictions } from "./analyse";
import { findGoverningLaw, findPlaceOfWork, sentencesOf } from "./reading";

export interface JurisdictionNote {
  jurisdiction: string;
  note: string;
}

const MAX_NOTES = 8;

/**
 * The jurisdiction notes of the analysis report: the Canadian provinces the contract itself names as
 * its governing law or the place of the work, checked against the statute table. A contract under
 * foreign law for work outside Canada gets one note saying so instead of Canadian statutes (issue 13).
 */
export function jurisdictionNotes(text: string, contractType: ContractType): JurisdictionNote[] {
  const contractText = text.slice(0, JURISDICTION_TEXT_MAX_LENGTH);
  if (contractText.trim() === "") return [];
  const sentences = sentencesOf(contractText);
  const law = findGoverningLaw(sentences);
  const site = findPlaceOfWork(sentences);
  const codes = [...new Set([law, site].flatMap((found) => (found?.place.country === "Canada" && found.place.code ? [found.place.code as JurisdictionCode] : [])))];
  if (codes.length === 0) {
    const named = law ?? site;
    if (!named) return [];
    return [{ jurisdiction: named.place.name, note: `${law ? `Governed by the laws of ${law.place.name}` : `The work is in ${named.place.name}`}: Canadian statutes do not apply and were not checked.` }];
  }
  const result = analyseJurisdictions({ contractText, jurisdictions: codes, contractType });
  return [
    ...result.crossJurisdictionalIssues.map((note) => ({ jurisdiction: "Across jurisdictions", note })),
    ...result.complianceRisks.map((r) => ({ jurisdiction: r.jurisdiction, note: `${r.risk} ${r.mitigation}` })),
  ].slice(0, MAX_NOTES);
}
