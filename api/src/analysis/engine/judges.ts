import type { ClauseCode, ContractParty, PartySide } from "@clausewise/shared";
import type { JudgeContext, Names, Term } from "./judging/context";
import { indemnityTerms, limitationTerms, liquidatedDamagesTerms, performanceGuaranteeTerms, uncappedTerms } from "./judging/liability";
import { auditTerms, bondsTerms, holdbackTerms, insuranceTerms, minimumCommitmentTerms, paymentTerms, payWhenPaidTerms } from "./judging/money";
import { changeOrderTerms, environmentalTerms, forceMajeureTerms, noticeTerms, safetyTerms, scheduleTerms, siteConditionTerms, warrantyTerms } from "./judging/performance";
import { assignmentTerms, changeOfControlTerms, convenienceTerms, defaultTerms } from "./judging/termination";
import { confidentialityTerms, disputeTerms, exclusivityTerms, governingLawTerms, ipTerms, nonCompeteTerms } from "./judging/terms";
import { fold } from "./text";
import { isShortName } from "./parties";

/**
 * The judges: what an experienced contracts manager says about each clause type. Each reads the
 * clause's words (never follows them), needs the wording that makes a term what it is, and says whom
 * the term burdens and whom it favours (judging/context.ts); findings.ts then takes our side.
 */
const JUDGES: Record<ClauseCode, (ctx: JudgeContext) => Term[]> = {
  limitation_of_liability: limitationTerms,
  uncapped_liability: uncappedTerms,
  indemnity: indemnityTerms,
  liquidated_damages: liquidatedDamagesTerms,
  consequential_damages: (ctx) => limitationTerms(ctx, { aboutLiability: true }),
  termination_for_convenience: convenienceTerms,
  termination_for_default: defaultTerms,
  payment_terms: paymentTerms,
  pay_when_paid: payWhenPaidTerms,
  holdback: holdbackTerms,
  change_orders: changeOrderTerms,
  force_majeure: forceMajeureTerms,
  warranty: warrantyTerms,
  insurance: insuranceTerms,
  bonds_security: bondsTerms,
  performance_guarantee: performanceGuaranteeTerms,
  dispute_resolution: disputeTerms,
  governing_law: governingLawTerms,
  confidentiality: confidentialityTerms,
  ip_ownership: ipTerms,
  assignment: assignmentTerms,
  change_of_control: changeOfControlTerms,
  audit_rights: auditTerms,
  notice_requirements: noticeTerms,
  schedule_delay: scheduleTerms,
  site_conditions: siteConditionTerms,
  safety: safetyTerms,
  environmental: environmentalTerms,
  non_compete: nonCompeteTerms,
  exclusivity: exclusivityTerms,
  minimum_commitment: minimumCommitmentTerms,
};

export function judge(code: ClauseCode, ctx: JudgeContext): Term[] {
  return JUDGES[code](ctx);
}

/**
 * What the rules read: the folded clause with the dots of section numbers and common abbreviations
 * masked ("section 11.2", "e.g."), so a `[^.]` window does not stop inside a sentence. Same length.
 */
export function maskDots(folded: string): string {
  return folded.replace(/(\d)\.(?=\d)/g, "$1,").replace(/\b(e\.g|i\.e|no|nos|s|ss|cl|art|sec|inc|ltd|corp|co)\.(?= )/g, (m) => m.replace(/\./g, ","));
}

const GENERIC: Record<PartySide, string[]> = {
  customer: ["owner", "company", "client", "employer", "purchaser", "buyer", "customer", "principal"],
  provider: ["contractor", "subcontractor", "sub-contractor", "supplier", "consultant", "vendor", "seller", "service provider", "operator", "design-builder", "manufacturer"],
};

/**
 * The side each party is judged as: its own; else, of the first two parties, the opposite of the
 * other's, or (neither known: two short names with no telling duties) the first named as the customer
 * and the second as the provider. Judging neutrally only needs the two told apart, so each finding
 * names the party whose words the clause uses ("Cutanea indemnifies Ferrer") instead of roles the
 * contract never uses; the parties' shown sides stay unknown.
 */
export function judgingSides(parties: readonly ContractParty[]): (PartySide | null)[] {
  const sides = parties.map((p) => p.side);
  const [a, b] = sides;
  if (parties.length >= 2 && (a === null || b === null)) {
    if (a === null && b === null) [sides[0], sides[1]] = ["customer", "provider"];
    else if (a === null) sides[0] = b === "customer" ? "provider" : "customer";
    else sides[1] = a === "customer" ? "provider" : "customer";
  }
  return sides;
}

const FALLBACK_NAMES: Record<PartySide, string[]> = {
  customer: ["Owner", "Company", "Client", "Employer", "Purchaser", "Buyer", "Customer", "Principal"],
  provider: ["Contractor", "Supplier", "Consultant", "Vendor", "Seller", "Service Provider", "Operator", "Manufacturer"],
};

/**
 * The words that name each side: the contract's own roles (and the other names a definition gives
 * them) first, then generic words no party took for the other side. Without defined parties, a text
 * that speaks of a Subcontractor is a subcontract, where the Contractor pays. A side no party is on is
 * named by the generic role the text uses ("the Owner"), else, beside a named party, "the other party",
 * else "the customer" or "the provider".
 */
export function sideWords(parties: readonly ContractParty[], text = ""): { names: Names; words: Record<PartySide, string[]> } {
  const sides = judgingSides(parties);
  const own: Record<PartySide, string[]> = { customer: [], provider: [] };
  parties.forEach((p, i) => {
    const side = sides[i];
    if (side) own[side].push(...[p.role, ...(p.aliases ?? [])].map(fold));
  });
  if (own.customer.length === 0 && own.provider.length === 0 && /\bsub-?contractors?\b/i.test(text)) {
    own.customer.push("contractor");
    own.provider.push("subcontractor", "sub-contractor");
  }
  const taken = new Set([...own.customer, ...own.provider]);
  const words: Record<PartySide, string[]> = {
    customer: [...own.customer, ...GENERIC.customer.filter((w) => !taken.has(w))],
    provider: [...own.provider, ...GENERIC.provider.filter((w) => !taken.has(w))],
  };
  const party = (side: PartySide) => parties.find((_, i) => sides[i] === side);
  const uses = (w: string) => new RegExp(`\\b${w}\\b`).test(text);
  const fallback = (side: PartySide) => {
    const used = FALLBACK_NAMES[side].find((w) => !taken.has(fold(w)) && uses(w));
    if (used) return used;
    const opposite: PartySide = side === "customer" ? "provider" : "customer";
    if (party(opposite)) return "other party";
    // A text that speaks of the Contractor has an Owner, and the reverse; else the plain words.
    if (uses(opposite === "provider" ? "Contractor" : "Owner")) return side === "customer" ? "Owner" : "Contractor";
    return side;
  };
  const bare = (side: PartySide) => {
    const p = party(side);
    return p ? isShortName(p) : false;
  };
  const subcontract = own.customer[0] === "contractor" && parties.length === 0;
  return {
    names: {
      customer: subcontract ? "Contractor" : (party("customer")?.role ?? fallback("customer")),
      provider: subcontract ? "Subcontractor" : (party("provider")?.role ?? fallback("provider")),
      bare: subcontract ? {} : { customer: bare("customer"), provider: bare("provider") },
    },
    words,
  };
}

export type { JudgeContext, Term } from "./judging/context";
