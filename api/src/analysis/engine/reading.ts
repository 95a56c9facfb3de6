import type { AnalysisPerspective, ContractParty, JurisdictionCode, PartySide, PlaceReading } from "@clausewise/shared";
import { findGoverningLaw, findPlaceOfWork, sentencesOf, toReading, type Located } from "../jurisdictions/reading";
import type { ClauseSegment } from "./segment";
import { isShortName, partyOfCompany, partyOfRole, plainlyProvider, readParties, roleRank, theParty } from "./parties";

/**
 * What the engines need to know before judging a contract: who the parties are and which one we are,
 * which law governs it and where the work is. Read by the local engine and attached to every result,
 * whichever engine judged (DESIGN.md §5), so the panel always says whose side it took and why.
 */
export interface ContractReading {
  parties: ContractParty[];
  perspective: AnalysisPerspective;
  governingLaw: PlaceReading | null;
  placeOfWork: PlaceReading | null;
  /** Canadian law governs or the work is in Canada: Canadian statute checks apply. */
  canadian: boolean;
  /** The province whose statutes are cited (the governing law's, else the site's). */
  province: JurisdictionCode | null;
  jurisdictionNote: string;
}

export interface PerspectiveInput {
  /** The party chosen for this contract (contracts.our_party_role), if any. */
  ourPartyRole?: string | null;
  /** The company's name, matched against the parties' names when nothing was chosen. */
  companyName?: string | null;
}

function sideOfRole(role: string, parties: readonly ContractParty[]): PartySide | null {
  const party = partyOfRole(parties, role);
  if (party) return party.side;
  const rank = roleRank(role);
  if (rank === null) return null;
  return rank === 0 ? "customer" : "provider";
}

export function resolvePerspective(parties: readonly ContractParty[], input: PerspectiveInput): AnalysisPerspective {
  const chosen = input.ourPartyRole?.trim();
  if (chosen) {
    const party = partyOfRole(parties, chosen);
    const role = party?.role ?? chosen;
    const side = sideOfRole(role, parties);
    const named = party?.name ? ` (${party.name})` : "";
    return {
      role,
      side,
      source: "chosen",
      note: side
        ? `Judged from ${theParty({ name: party?.name ?? null, role })}'s side${named}, as chosen for this contract.`
        : `Your company was set as ${theParty({ name: party?.name ?? null, role })}, but the contract does not say which side that party is on: findings name the party each term burdens.`,
    };
  }
  const match = partyOfCompany(parties, input.companyName);
  if (match) {
    return {
      role: match.role,
      side: match.side,
      source: "company_name",
      note: `Judged from ${theParty(match)}'s side: your company's name matches ${match.name}${isShortName(match) ? ` (${match.role})` : `, the ${match.role}`}. Change it if that is wrong.`,
    };
  }
  if (plainlyProvider(input.companyName)) {
    const contractor = parties.find((p) => p.side === "provider" && /contractor|builder|constructor|epc/i.test(p.role) && !/sub/i.test(p.role)) ?? parties.find((p) => p.side === "provider" && roleRank(p.role) === 2);
    if (contractor || parties.length === 0) {
      const role = contractor?.role ?? "Contractor";
      return {
        role,
        side: "provider",
        source: "assumed",
        note: `Judged from the ${role}'s side, assumed because your company's name says it builds and no party's name matches it. Choose your party to confirm.`,
      };
    }
  }
  return {
    role: null,
    side: null,
    source: "unknown",
    note: "Which party your company is in this contract is not known, so findings are neutral: each names the party it burdens. Choose your party to judge them from your side.",
  };
}

/** Whose side the analysis took, as a sentence names it: "the Owner", "AT&T", "the customer". */
export function ourSideName(perspective: AnalysisPerspective, parties: readonly ContractParty[]): string {
  if (!perspective.role) return `the ${perspective.side === "customer" ? "customer" : "provider"}`;
  const party = partyOfRole(parties, perspective.role);
  return theParty({ name: party?.name ?? null, role: perspective.role });
}

function sectionOf(segments: readonly ClauseSegment[], at: number): ClauseSegment | null {
  return segments.find((s) => at >= s.start && at < s.end) ?? null;
}

/**
 * "Section 12.1 (Governing Law)": the sentence's own number when it starts with one (in a filing
 * flattened to one line the segment may be an earlier section), and the segment's heading only when
 * it is that section's and reads as a heading (not an address block that happened to stand alone).
 */
function placeLabel(seg: ClauseSegment | null, sentence: string): { label: string; section: string | null } {
  const own = /^(\d+(?:\.\d+)*)\.?\s/.exec(sentence)?.[1] ?? null;
  const section = own ?? seg?.section ?? null;
  const where = section ? `${/^[a-z]/i.test(section) ? "" : "Section "}${section}` : "";
  const headingFits = seg?.heading && (own === null || own === seg.section) && seg.heading.length <= 60 && !/\d/.test(seg.heading);
  const heading = headingFits ? `${where ? " " : ""}(${seg.heading})` : "";
  return { label: `${where}${heading}`.trim(), section };
}

function lawReading(found: Located | null, segments: readonly ClauseSegment[]): PlaceReading | null {
  if (!found) return null;
  const { label, section } = placeLabel(sectionOf(segments, found.sentence.start), found.sentence.text);
  const name = found.place.code === "FED" ? "Canada (federal law only)" : found.place.name;
  return toReading(found, `${label ? `${label} says` : "The contract says"} it is governed by the laws of ${name}.`, section);
}

function siteReading(found: Located | null, segments: readonly ClauseSegment[]): PlaceReading | null {
  if (!found) return null;
  const { label, section } = placeLabel(sectionOf(segments, found.sentence.start), found.sentence.text);
  return toReading(found, `${label ? `${label} places` : "The contract places"} the work in ${found.place.name}${found.place.country !== found.place.name && found.place.country !== "Canada" ? `, ${found.place.country}` : ""}.`, section);
}

function noteFor(law: PlaceReading | null, site: PlaceReading | null): string {
  const lawName = law ? (law.jurisdictionCode === "FED" ? "Canada" : law.name) : null;
  if (law?.canadian && (!site || site.canadian))
    return `Canadian statute checks apply: the contract is governed by the laws of ${lawName}${site && site.name !== law.name ? ` and the work is in ${site.name}` : ""}.`;
  if (law?.canadian && site && !site.canadian)
    return `The contract is governed by the laws of ${lawName} while the work is in ${site.name}: Canadian statutes were checked for the contract, but the site's own law (${site.country}) also applies to the work there and was not.`;
  if (law && site?.canadian)
    return `The contract chooses the laws of ${lawName}, but the work is in ${site.name}: ${site.name}'s lien, payment and safety statutes apply to the work whatever the contract says, so they were checked.`;
  if (law)
    return `Governed by the laws of ${lawName}${site ? `, with the work in ${site.name}` : ""}: Canadian statutes do not apply, so this is a generic analysis without Canadian statute checks. Have it reviewed under ${lawName} law.`;
  if (site?.canadian) return `No governing-law clause was found; the work is in ${site.name}, so its statutes were checked.`;
  if (site) return `No governing-law clause was found and the work is in ${site.name}: Canadian statutes were not applied; this is a generic analysis.`;
  return "The contract names neither its governing law nor where the work is: Canadian statute checks were not applied. Say where the work is performed and which law governs.";
}

export function readContract(text: string, segments: readonly ClauseSegment[], input: PerspectiveInput = {}): ContractReading {
  const parties = readParties(text);
  const sentences = sentencesOf(text);
  const governingLaw = lawReading(findGoverningLaw(sentences), segments);
  const placeOfWork = siteReading(findPlaceOfWork(sentences), segments);
  const canadian = Boolean(governingLaw?.canadian || placeOfWork?.canadian);
  const provincial = (r: PlaceReading | null) => (r?.canadian && r.jurisdictionCode && r.jurisdictionCode !== "FED" ? r.jurisdictionCode : null);
  return {
    parties,
    perspective: resolvePerspective(parties, input),
    governingLaw,
    placeOfWork,
    canadian,
    province: provincial(placeOfWork) ?? provincial(governingLaw),
    jurisdictionNote: noteFor(governingLaw, placeOfWork),
  };
}
