import { JURISDICTION_TEXT_MAX_LENGTH, type AnalysisFinding, type ClauseCode, type ComplianceRisk, type ContractType, type JurisdictionCode } from "@clausewise/shared";
import { analyseJurisdictions } from "../jurisdictions/analyse";
import type { ContractReading } from "./reading";

/**
 * The Canadian statute checks of the jurisdictional engine (curated statute table), added to a
 * contract's analysis only where Canadian law governs or the work is in Canada (issue 13). Payment
 * conditions are left to the pay-when-paid judge, which cites the same act, so nothing is counted twice.
 */

const TOPICS: [RegExp, string, ClauseCode | "general"][] = [
  [/holds back|holdback/, "Statutory holdback", "holdback"],
  [/waive lien|lien rights|construction security rights/, "Advance lien waiver", "holdback"],
  [/governing-law clause|governed by the laws of|chooses the laws of/, "Governing law and the site's statutes", "governing_law"],
  [/french|charter of the french language/i, "French-language requirement", "general"],
];

function topicOf(risk: ComplianceRisk): { title: string; code: ClauseCode | "general" } {
  for (const [re, title, code] of TOPICS) if (re.test(risk.risk)) return { title: `${title} (${risk.jurisdiction})`, code };
  return { title: `Statute check (${risk.jurisdiction})`, code: "general" };
}

/** Offsets of a statute excerpt (whitespace collapsed, perhaps cut with "…") in the text. */
function locate(text: string, excerpt: string): { start: number; end: number } | null {
  const probe = excerpt.replace(/…$/, "").trim();
  if (probe.length < 12) return null;
  const at = text.indexOf(probe);
  if (at >= 0) return { start: at, end: at + probe.length };
  const head = probe.slice(0, 60);
  const near = text.indexOf(head);
  return near >= 0 ? { start: near, end: Math.min(text.length, near + probe.length) } : null;
}

export function statuteFindings(text: string, reading: ContractReading, contractType: ContractType): { risks: AnalysisFinding[]; advice: AnalysisFinding[] } {
  const codes = [reading.placeOfWork, reading.governingLaw]
    .filter((r) => r?.canadian && r.jurisdictionCode)
    .map((r) => r!.jurisdictionCode as JurisdictionCode);
  if (codes.length === 0) return { risks: [], advice: [] };
  const result = analyseJurisdictions({ contractText: text.slice(0, JURISDICTION_TEXT_MAX_LENGTH), jurisdictions: [...new Set(codes)], contractType });
  const risks: AnalysisFinding[] = [];
  const advice: AnalysisFinding[] = [];
  for (const r of result.complianceRisks) {
    if (/pay-when-paid|pay-if-paid/.test(r.risk)) continue;
    const { title, code } = topicOf(r);
    const at = r.excerpt ? locate(text, r.excerpt) : null;
    // A risk about words in the text must quote them; one about something missing says what is missing.
    if (r.excerpt && !at) continue;
    const quote = at ? { excerpt: text.slice(at.start, at.end), start: at.start, end: at.end } : { excerpt: "", start: 0, end: 0 };
    risks.push({ title, description: r.risk, category: code, riskLevel: r.severity, section: null, ...quote });
    advice.push({ title: `${title}: what to change`, description: r.mitigation, category: code, riskLevel: r.severity, section: null, ...quote });
  }
  return { risks, advice };
}
