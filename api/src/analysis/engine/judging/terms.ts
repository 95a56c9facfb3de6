import { findGoverningLaw, sentencesOf } from "../../jurisdictions/reading";
import {
  actorAt,
  benefit,
  burden,
  find,
  findWhere,
  found,
  mentions,
  other,
  periods,
  possessive,
  The,
  the,
  whoName,
  type JudgeContext,
  type Side,
  type Term,
  type Who,
} from "./context";

const DISPUTE_WORDS = /\b(?:disputes?|controvers\w*|disagreements?|differences?|claims?)\b/;

export function disputeTerms(ctx: JudgeContext): Term[] {
  const { t } = ctx;
  const out: (Term | null)[] = [];
  const finalAt = find(t, /(?:'s)? (?:decision|determination|interpretation)\b[^.]{0,40}\b(?:shall be|is|will be) (?:final|conclusive|binding)\b/);
  if (finalAt >= 0) {
    const decider = mentions(ctx, t.slice(Math.max(0, finalAt - 40), finalAt + 3)).at(-1)?.who;
    const engineer = /\b(?:engineer|consultant|architect|owner's representative)\b/.test(t.slice(Math.max(0, finalAt - 40), finalAt + 3));
    const side: Who | undefined = decider ?? (engineer ? "customer" : undefined);
    if (side && side !== "both")
      out.push(
        burden(other(side), "high", `${The(ctx, side)}'s side decides disputes`, `A decision by ${the(ctx, side)} or its representative is final: there is no independent forum.`, finalAt, {
          title: "Provide for independent dispute resolution",
          description: "Negotiation, then mediation, then arbitration or the courts; statutory adjudication where the law provides it.",
        }),
      );
  }
  // Steps and adjudication count where the sentence is about disputes ("good faith negotiations" of a
  // price, "a court or other neutral adjudicator" deciding a share are not a dispute process).
  const steps = findWhere(t, /\bnegotiat|\bsenior (?:executives|representatives|management)\b|\bmediat/, DISPUTE_WORDS);
  if (steps >= 0) out.push(benefit("both", "Stepped dispute resolution", "Disputes go through negotiation or mediation before a binding forum.", steps));
  const arbitration = find(t, /\barbitrat/);
  if (arbitration >= 0) out.push(benefit("both", "Arbitration", "Disputes are decided privately by arbitration.", arbitration));
  const adjudication = findWhere(t, /\badjudicat/, /\bdisputes?\b|\bpayment\b|\bconstruction act\b|\brefer(?:red|ral)?\b|\bsubmit/);
  if (adjudication >= 0) out.push(benefit("both", "Adjudication available", "Interim adjudication can resolve payment disputes quickly.", adjudication));
  if (ctx.placeOfWork?.canadian) {
    const seat = find(t, /\b(?:new york|london|singapore|paris|geneva|zurich|houston|hong kong|icc|lcia|stockholm)\b/);
    if (seat >= 0)
      out.push(burden("both", "medium", "Disputes resolved outside Canada", "The forum or seat is abroad for work in Canada, adding cost and foreign procedure.", seat, { title: "Seat disputes in the project's province", description: "Choose a Canadian seat and rules (e.g. ADR Institute of Canada)." }));
  }
  return found(out);
}

export function governingLawTerms(ctx: JudgeContext): Term[] {
  const law = findGoverningLaw(sentencesOf(ctx.t));
  if (!law) return [];
  const at = law.sentence.start;
  const site = ctx.placeOfWork;
  if (law.place.country !== "Canada" && site?.canadian)
    return found([
      burden("both", "high", `Foreign governing law (${law.place.name}) for work in Canada`, `The contract is governed by the law of ${law.place.name}, but the work is in ${site.name}: ${site.name}'s lien, payment and safety statutes apply to the site anyway.`, at, {
        title: "Choose the law of the project's province",
        description: "Aligning the governing law with the site avoids two bodies of law applying to the same work.",
      }),
    ]);
  if (law.place.country === "Canada" && law.place.code !== "FED")
    return found([benefit("both", `Canadian governing law (${law.place.name})`, `The contract is governed by the law of ${law.place.name}${site && !site.canadian ? `, though the work is in ${site.name}` : ""}.`, at)]);
  return [];
}

/** A duty both owe: "each party", or the roles a mutual clause gives them ("the Receiving Party"). */
const MUTUAL_CONFIDENCE = /\b(?:each party|either party|neither party|mutual (?:confidentiality|non-?disclosure|obligations? of confidence)|(?:the )?receiving party|(?:the )?disclosing party)\b/;

export function confidentialityTerms(ctx: JudgeContext): Term[] {
  const { t } = ctx;
  const duty = find(t, /\b(?:shall|will|must|agrees? to) (?:keep|hold|maintain|treat|not disclose)\b[^.]{0,60}\bconfiden|\bshall not disclose\b|\bshall (?:be kept|be held|remain) (?:strictly )?confidential\b/);
  // Mutual only where the sentence that says "each party" or "the Receiving Party" is about confidence
  // (not "either party may terminate" in a clause that mentions confidential information in passing).
  const mutualAt = findWhere(t, MUTUAL_CONFIDENCE, /\bconfiden|\bdisclos/);
  const bound: Who = (duty >= 0 ? actorAt(ctx, duty) : null) ?? (mutualAt >= 0 ? "both" : "provider");
  const out: (Term | null)[] = [];
  let perpetual = find(t, /\bperpetu|\bindefinite|\bin perpetuity\b|\bwithout (?:limit|limitation) (?:in|as to) time\b|\bsurvive\b[^.]{0,40}\b(?:indefinitely|forever)\b/);
  // A fixed term with only trade secrets kept confidential for good is the usual position, not a perpetual duty.
  const fixedTerm = /\b(?:for a period of|for)\s+(?:\w+\s+)?\(?\d+\)?\s+(?:years?|months?)\b|\b\d+\)?\s+(?:years?|months?) (?:after|following|from)\b/.test(t);
  if (perpetual >= 0 && fixedTerm && /\btrade secrets?\b/.test(t.slice(Math.max(0, perpetual - 200), perpetual + 200))) perpetual = -1;
  if (perpetual >= 0)
    out.push(burden(bound, "medium", "Perpetual confidentiality", `The confidentiality duty of ${whoName(ctx, bound)} never ends.`, perpetual, { title: "Limit confidentiality to a fixed term", description: "Three to five years after completion is typical, longer only for trade secrets." }));
  if (bound === "both") out.push(benefit("both", "Mutual confidentiality", "Both parties protect each other's information.", duty >= 0 ? duty : mutualAt));
  return found(out);
}

export function ipTerms(ctx: JudgeContext): Term[] {
  const { t } = ctx;
  const out: (Term | null)[] = [];
  const vest = find(t, /\b(?:vest(?:s|ed)? in|belong(?:s)? to|become(?:s)? the (?:sole |exclusive )?property of|(?:is |are |be )?owned by|assigns? (?:to|all)|property of)\b/);
  if (vest < 0) return [];
  const named = mentions(ctx, t.slice(vest, vest + 120)).find((m) => m.who !== "both")?.who;
  if (!named || named === "both") return [];
  const owner: Side = named;
  const creator = other(owner);
  const background = find(t, /\bpre-?existing\b|\bbackground (?:ip|intellectual)\b|\b(?:previously|already) (?:owned|developed)\b/);
  const licence = find(t, /\blicen[cs]e/);
  if (background >= 0 && licence < 0)
    out.push(
      burden(creator, "high", `Background IP passes to ${the(ctx, owner)}`, `${possessive(ctx, creator).replace(/^./, (c) => c.toUpperCase())} pre-existing know-how may pass to ${the(ctx, owner)}.`, background, {
        title: "Keep background IP and license it",
        description: "Pre-existing IP should stay with its owner, with a licence to use it for the project.",
      }),
    );
  else
    out.push(
      burden(creator, "medium", `${The(ctx, owner)} owns the work product`, `Designs and deliverables become ${possessive(ctx, owner)} property.`, vest, {
        title: "Keep a right to reuse general know-how",
        description: "Exclude background IP and standard details, and keep a licence to reuse them.",
      }),
    );
  if (licence >= 0 && background >= 0) out.push(benefit(creator, `${The(ctx, creator)} keeps its background IP`, "Pre-existing IP stays with its owner under a licence.", licence));
  return found(out);
}

export function nonCompeteTerms(ctx: JudgeContext): Term[] {
  const { t } = ctx;
  const at = find(t, /\b(?:compet\w*|solicit\w*)\b/);
  if (at < 0) return [];
  const bound = actorAt(ctx, at) ?? "provider";
  const term = periods(t, 30, 3650)[0];
  return found([
    burden(bound, term && term.days > 365 ? "high" : "medium", "Non-compete restriction", `${bound === "both" ? "Each party" : The(ctx, bound)} may not compete or solicit${term ? ` for ${term.raw}` : ""}.`, term?.index ?? at, {
      title: "Narrow or remove the non-compete",
      description: ctx.canadian ? "Limit it to named projects or customers and a short period; Canadian courts read broad restraints of trade narrowly." : "Limit it to named projects or customers, a defined area and a short period.",
    }),
  ]);
}

const EXCLUSIVE_DEALING =
  /\bexclusivity\b|\bexclusive (?:and \w+ )?(?:rights?|licen[cs]e\w*|distribut\w*|suppl\w*|providers?|basis|dealing|arrangement|relationship|agen\w*|resellers?|marketing|sales|sell\w*|partners?|territory|customers?|purchas\w*|vendors?|sources?|manufactur\w*|representatives?)\b|\bexclusively (?:from|to|with|through|by|for)\b(?! (?:the |this |any )?(?:terms?|provisions?|laws?|courts?|agreement|purposes?)\b)|\bsole (?:and exclusive )?(?:supplier|provider|source|distributor|vendor)\b/;

export function exclusivityTerms(ctx: JudgeContext): Term[] {
  const { t } = ctx;
  // Exclusive dealing, not "subject exclusively to the terms of this Agreement" or an exclusive remedy.
  const at = find(t, EXCLUSIVE_DEALING);
  if (at < 0) return [];
  // "the Owner shall purchase exclusively from the Supplier": the buyer is bound; "the exclusive supplier" binds whoever buys.
  const subject = actorAt(ctx, at);
  const bound: Who = subject ?? "both";
  return found([
    burden(bound, "medium", "Exclusivity", `${bound === "both" ? "One party" : The(ctx, bound)} must deal only with the other for the covered work or supply.`, at, {
      title: "Limit exclusivity in scope and time",
      description: "Tie exclusivity to defined scope, territory and term, with an exit if the other side fails to perform.",
    }),
  ]);
}
