import { amounts, percentages } from "../text";
import {
  actorAt,
  benefit,
  burden,
  find,
  found,
  mentions,
  money,
  other,
  pct,
  possessive,
  sentenceEnd,
  sentenceStart,
  the,
  The,
  whoName,
  type Cap,
  type JudgeContext,
  type Term,
  type Who,
} from "./context";
import { findLimit } from "./limits";

/** Whose liability a cap (or a carve-out) at `index` is about: "the Contractor's total liability" → the Contractor. */
function liabilityOf(ctx: JudgeContext, index: number): Who {
  const from = sentenceStart(ctx.t, index);
  const window = ctx.t.slice(from, Math.min(ctx.t.length, index + 1));
  // "each party's liability", "the Contractor's aggregate liability", "liability of the Contractor".
  for (const m of mentions(ctx, window)) {
    const owns = /^(?:'s|s')?\s+(?:total |aggregate |entire |maximum |cumulative |overall |combined )*(?:liabilit|obligations?|responsibilit)/.test(window.slice(m.end));
    const of = /\bliabilit\w* (?:\w+ ){0,2}of (?:the )?$/.test(window.slice(Math.max(0, m.at - 40), m.at));
    if (owns || of) return m.who;
  }
  return actorAt(ctx, index) ?? "both";
}

const CARVE_OUT =
  /(?:limitations?|limits?|caps?|exclusions?)\b[^.]{0,100}\b(?:shall not|will not|does not|do not) (?:apply|limit)|\b(?:excluded|exempt|carved out) from (?:the|any|this) (?:limitation|cap)|\bunlimited\b|\bwithout (?:any )?(?:monetary |financial )?(?:limit|cap)\b|(?<!\bbut |\bincluding )\bnot (?:be )?(?:limited|capped|subject to (?:the|any) (?:limitation|cap))\b(?! to\b)|\bnotwithstanding\b[^.]{0,100}\b(?:limitation|cap)\b|\b(?:except|other than|save) (?:for |in respect of |with respect to )?[^.]{0,160}\b(?:indemn\w+|gross(?:ly)? negligen\w*|wil+ful|fraud\w*|confidential\w*|third[- ]party|death|bodily injury|infring\w*)/;

/** A waiver of a kind of loss, and the words of an amount limit (a cap), as a clause's sentence says them. */
const CONSEQUENTIAL = /\b(?:consequential|indirect|special|punitive|exemplary|incidental)\b[^.]{0,80}\bdamages\b|\bloss of (?:profits?|revenue|production|use)\b/;
const CAP_WORDS = /\b(?:aggregate|total|cumulative|maximum) liabilit|\b(?:exceed|in excess of|capped|cap on|limitation of liability|limited to (?:the |an )?(?:amount|sum|fees|total))\b/;

const CARVED: [RegExp, string][] = [
  [/indemn/, "indemnities"],
  [/third[- ]party/, "third-party claims"],
  [/gross(ly)? negligen/, "gross negligence"],
  [/wil+ful (misconduct|default)|intentional/, "wilful misconduct"],
  [/fraud/, "fraud"],
  [/confidential/, "breach of confidentiality"],
  [/infring|intellectual property/, "IP infringement"],
  [/death|bodily injury|personal injury/, "death or injury"],
  [/abandon/, "abandonment"],
  [/environmental|contamination|spills?|pollution/, "environmental liabilities"],
];

function carvedItems(text: string): string[] {
  return CARVED.filter(([re]) => re.test(text)).map(([, label]) => label);
}

/** The cap a limitation clause sets, if it sets one with a number or formula (the pre-pass of findings.ts). */
export function capOf(ctx: JudgeContext, options: { aboutLiability?: boolean } = {}): Cap | null {
  const limit = findLimit(ctx.t, ctx.contractPrice);
  if (!limit) return null;
  if (options.aboutLiability && !/\bliab(?:ility|ilities|le)\b/.test(ctx.t.slice(sentenceStart(ctx.t, limit.at), sentenceEnd(ctx.t, limit.at)))) return null;
  return { protects: liabilityOf(ctx, limit.at), outside: carvedIndemnities(ctx) };
}

/** Whose carved-out liabilities a carve-out names: "the Contractor's indemnity", or everyone's when it names none. */
function carvedOwner(ctx: JudgeContext, from: number, to: number): Who | null {
  const owners = new Set<Who>();
  for (const m of mentions(ctx, ctx.t.slice(from, to))) {
    const after = ctx.t.slice(from + m.end, from + m.end + 40);
    if (/'s$|s'$/.test(ctx.t.slice(from + m.at, from + m.end)) && /^\s+(?:\w+ ){0,2}(?:indemnit|environmental|liabilit)/.test(after)) owners.add(m.who);
  }
  return owners.size === 1 ? [...owners][0]! : null;
}

/** Whose indemnities a clause puts outside the cap (null: it puts none there). */
export function carvedIndemnities(ctx: JudgeContext): Who | null {
  const carve = CARVE_OUT.exec(ctx.t);
  if (!carve) return null;
  const from = Math.max(0, carve.index - 200);
  const to = Math.min(ctx.t.length, carve.index + 400);
  if (!/indemn|third[- ]party/.test(ctx.t.slice(from, to))) return null;
  return carvedOwner(ctx, from, to) ?? "both";
}

const EXCLUSION =
  /\b(?:not be (?:liable|responsible)|no liability|not (?:be )?liable|shall not be responsible|neither (?:party|of the parties)\b[^.]{0,60}\b(?:liable|responsible)|waives?|waived|releases?|exclud\w*|in no event)\b[^.]{0,200}\b(?:consequential|indirect|special|punitive|loss of (?:profits?|revenues?|production|use|business|opportunity|contracts?))/;
const EXCLUSION_AFTER = /\b(?:consequential|indirect)\b[^.]{0,120}\b(?:excluded|waived|not recoverable|shall not be recoverable)/;

export function consequentialTerms(ctx: JudgeContext): Term[] {
  const { t } = ctx;
  const assumedAt = find(t, /\b(?:shall|will) (?:be liable|indemnify|remain liable|be responsible)\b[^.]{0,120}\b(?:consequential|indirect|loss of (?:profit|production|revenue|use))/);
  // "Neither party shall be liable …" and "in no event shall …" exclude; they do not assume.
  const assumed = assumedAt >= 0 && /\b(?:neither|no|not|in no event|nor)\b[^.]{0,40}$/.test(t.slice(Math.max(0, assumedAt - 60), assumedAt)) ? -1 : assumedAt;
  const exclusion = find(t, EXCLUSION) >= 0 ? find(t, EXCLUSION) : find(t, EXCLUSION_AFTER);
  // "Neither Party shall be liable for any indirect … damages arising out of the suspension of its
  // obligations by reason of Force Majeure" is force majeure relief, not a waiver of a kind of loss.
  // In a force majeure clause the exclusion sits among the words about the event (a page break may cut
  // the sentence off from them).
  const forceMajeure =
    /\b(?:by reason of|because of|due to|resulting from|caused by|arising from) (?:the occurrence of )?(?:an event of |a |the |any )?force majeure\b/.test(t.slice(sentenceStart(t, exclusion), Math.min(t.length, exclusion + 400))) ||
    ((t.match(/\bforce majeure\b/g)?.length ?? 0) >= 2 && /\bforce majeure\b/.test(t.slice(Math.max(0, exclusion - 300), exclusion + 400)));
  if (exclusion >= 0 && forceMajeure) return [];
  if (exclusion < 0) {
    if (assumed < 0) return [];
    const who = actorAt(ctx, assumed) ?? "provider";
    return found([
      burden(who, "high", `${who === "both" ? "Each party is" : `${The(ctx, who)} is`} liable for consequential losses`, `${who === "both" ? "Each party answers" : `${The(ctx, who)} answers`} for indirect losses such as lost production or profit.`, assumed, {
        title: "Ask for a mutual waiver of consequential damages",
        description: "Each party should waive indirect and consequential losses, including loss of profit, production and use.",
      }),
    ]);
  }
  const except = /\b(?:except|other than|save|provided that|excluding)\b[^.]{0,160}/.exec(t.slice(exclusion));
  const exceptions = except ? carvedItems(except[0]).concat(/liquidated damages/.test(except[0]) ? ["liquidated damages"] : []) : [];
  const notCap = "It excludes a kind of loss, not an amount: it is not a cap on liability.";
  const withExceptions = exceptions.length > 0 ? ` Exceptions: ${exceptions.join(", ")}.` : "";
  // Who is protected: "neither party shall be liable", "the Contractor shall not be liable", "the Owner waives".
  const subject = actorAt(ctx, exclusion + 1) ?? actorAt(ctx, Math.min(t.length, exclusion + 30));
  const waives = /\b(?:waives?|releases?)\b/.test(t.slice(exclusion, exclusion + 30));
  if (subject === "both" || subject === null) {
    return found([benefit("both", "Mutual waiver of consequential damages", `Neither party can claim the other's indirect losses such as lost profit or production. ${notCap}${withExceptions}`, exclusion)]);
  }
  const protectedSide = waives ? other(subject) : subject;
  const exposed = other(protectedSide);
  return found([
    burden(exposed, "medium", `One-way waiver of consequential damages (protects ${the(ctx, protectedSide)})`, `Only ${the(ctx, protectedSide)} is shielded from indirect losses; ${the(ctx, exposed)} still answers for them. ${notCap}${withExceptions}`, exclusion, {
      title: "Make the consequential damages waiver mutual",
      description: "The waiver of indirect and consequential losses should bind both parties.",
    }),
  ]);
}

const OWN_FAULT =
  /\bregardless of (?:whether|any|the)\b|\beven if (?:caused|arising|attributable|contributed)\b|\bwhether or not (?:caused|arising)[^.]{0,60}negligen|\bincluding (?:the )?(?:sole |concurrent |partial )?negligence of (?:the )?(?:indemnified|indemnitee)/;
const PROPORTIONATE = /\bto the extent (?:caused|arising|resulting|attributable|that)\b|\bin proportion to\b|\bproportionate(?:ly)?\b|\b(?:caused|resulting|arising) (?:by|from) (?:the )?(?:negligen\w*|wil+ful|breach|fault)/;
const BROAD = /\b(?:indemnify|hold harmless|save harmless|defend)\b[^.]{0,200}\b(?:any and all|all) (?:claims|losses|liabilit|damages|demands|costs)/;
const CARVE_GNWM = /\b(?:except|excluding|other than|save|but not|unless)\b[^.]{0,140}\b(?:gross(?:ly)? negligen\w*|wil+ful (?:misconduct|default)|intentional)/;
const INDEMNIFY = /\b(?:indemnif(?:y|ies)|hold (?:\w+ )?harmless|save (?:\w+ )?harmless|defend, indemnify)\b/g;

/** Who gives the indemnities of a clause: one side, both, or (the clause does not say) null. */
function indemnitors(ctx: JudgeContext): { who: Who | null; at: number } {
  const givers = new Set<Who>();
  let first = -1;
  for (const m of ctx.t.matchAll(INDEMNIFY)) {
    if (first < 0) first = m.index;
    const who = actorAt(ctx, m.index);
    if (who) givers.add(who);
  }
  if (givers.has("both") || (givers.has("customer") && givers.has("provider"))) return { who: "both", at: first };
  const [only] = [...givers];
  return { who: only ?? null, at: first };
}

/** Whether the contract's cap covers the indemnities `g` gives (it protects them and does not carve them out). */
function capCovered(ctx: JudgeContext, g: Who): boolean {
  const cap = ctx.cap;
  const outside = cap !== null && cap.outside !== null && (cap.outside === "both" || g === "both" || cap.outside === g);
  return cap !== null && !outside && (cap.protects === "both" || cap.protects === g);
}

export function indemnityTerms(ctx: JudgeContext): Term[] {
  const { t } = ctx;
  const { who: giver, at } = indemnitors(ctx);
  if (at < 0) return [];
  const g: Who = giver ?? "provider";
  const receiver: Who = g === "both" ? "both" : other(g);
  const gives = g === "both" ? "Each party indemnifies the other" : `${The(ctx, g)} indemnifies ${the(ctx, receiver as "customer" | "provider")}`;
  const ownFault = find(t, OWN_FAULT);
  // "except to the extent caused by the Owner's gross negligence" is a carve-out, not a fault-based indemnity.
  const proportionate = [...t.matchAll(new RegExp(PROPORTIONATE.source, "g"))].find((m) => !/\b(?:except|excluding|other than|save|unless|but not)\b[^.,;]{0,20}$/.test(t.slice(Math.max(0, m.index - 30), m.index)))?.index ?? -1;
  const broad = find(t, BROAD);
  const gnwm = find(t, CARVE_GNWM);
  const carve = gnwm >= 0 ? ` It excludes losses caused by the indemnified party's ${carvedItems(t.slice(gnwm, gnwm + 200)).filter((c) => c === "gross negligence" || c === "wilful misconduct").join(" or ") || "gross negligence or wilful misconduct"}.` : "";
  const out: (Term | null)[] = [];
  if (ownFault >= 0) {
    out.push(
      burden(g, "critical", g === "both" ? "Indemnities cover the other party's own negligence" : `${The(ctx, g)}'s indemnity covers ${possessive(ctx, receiver)} own negligence`, `${gives} even for losses ${whoName(ctx, receiver)} causes: an uninsurable, open-ended exposure.${carve}`, ownFault, {
        title: "Limit the indemnity to the indemnifying party's own fault",
        description: "Make the indemnity apply 'to the extent caused by' the indemnifying party's negligence or breach, and mutual.",
      }),
    );
  } else if (proportionate >= 0) {
    out.push(benefit(g, "Fault-based indemnity", `${gives} only to the extent the indemnifying party caused the loss.${carve}`, proportionate));
  } else if (broad >= 0) {
    out.push(
      burden(g, "high", g === "both" ? "Broad-form mutual indemnities" : `Broad-form indemnity given by ${the(ctx, g)}`, `${gives} against 'any and all' claims without tying them to its own fault.${carve}${gnwm >= 0 ? ` Ordinary negligence of ${whoName(ctx, receiver)} stays covered.` : ""}`, broad, {
        title: "Make the indemnity fault-based",
        description: "Add 'to the extent caused by the negligent acts or omissions or breach of' the indemnifying party, and cap it.",
      }),
    );
  } else if (capCovered(ctx, g)) {
    // Uncapped, the "Uncapped indemnity" finding below says what matters; it would repeat this one.
    out.push(
      burden(g, "medium", g === "both" ? "Mutual indemnities" : `Indemnity given by ${the(ctx, g)}`, `${gives}; check its scope and whether the liability cap applies to it.${carve}`, at, {
        title: "Confirm the indemnity is fault-based and capped",
        description: "Each party should indemnify for its own fault, within the liability cap and the insurance carried.",
      }),
    );
  }
  const cap = ctx.cap;
  const outside = cap !== null && cap.outside !== null && (cap.outside === "both" || g === "both" || cap.outside === g);
  if (g === "both" && cap !== null && !outside && cap.protects !== "both") {
    // Mutual indemnities under a cap that protects one party: only the other's indemnity is uncapped.
    const open = other(cap.protects);
    out.push(
      burden(open, "high", `Uncapped indemnity given by ${the(ctx, open)}`, `${gives}, and the liability cap protects only ${whoName(ctx, cap.protects)}: ${possessive(ctx, open)} indemnity has no ceiling.`, at, {
        title: "Bring the indemnity under a cap",
        description: "Cap total liability (commonly at the contract price) and bring indemnities under it, or under a separate insurable super-cap.",
      }),
    );
  } else if (!capCovered(ctx, g)) {
    const why = cap === null ? "the contract sets no monetary cap on liability" : outside ? "its indemnities sit outside the liability cap" : `the liability cap protects only ${whoName(ctx, cap.protects)}`;
    out.push(
      burden(g, "high", g === "both" ? "Uncapped mutual indemnities" : `Uncapped indemnity given by ${the(ctx, g)}`, `${gives} and ${why}: the exposure has no ceiling.`, at, {
        title: "Bring the indemnity under a cap",
        description: "Cap total liability (commonly at the contract price) and bring indemnities under it, or under a separate insurable super-cap.",
      }),
    );
  }
  return found(out);
}

/**
 * The cap and the consequential-damages waiver of a clause. Read for a clause of another type (a
 * waiver the model filed as such, with "aggregate liability shall not exceed the fees paid" after
 * it), a limit counts as a cap only in a sentence about liability.
 */
export function limitationTerms(ctx: JudgeContext, options: { aboutLiability?: boolean } = {}): Term[] {
  const read = findLimit(ctx.t, ctx.contractPrice);
  const limit = read && (!options.aboutLiability || /\bliab(?:ility|ilities|le)\b/.test(ctx.t.slice(sentenceStart(ctx.t, read.at), sentenceEnd(ctx.t, read.at)))) ? read : null;
  const out: Term[] = [];
  if (limit) {
    const protects = liabilityOf(ctx, limit.at);
    const of = limit.quantum;
    if (limit.blank) {
      out.push(
        burden("both", "medium", "Liability cap amount left blank", `${protects === "both" ? "Each party's liability" : `The liability of ${the(ctx, protects)}`} is capped, but at ${of}: until it is filled in, no one can tell what the cap protects or how it compares with the contract price and the insurance.`, limit.at, {
          title: "Fill in the liability cap",
          description: "State the cap as an amount or a formula (commonly 100% of the contract price), and check it against the insurance carried.",
        }),
      );
    } else if (limit.percentOfPrice !== null && limit.percentOfPrice > 100) {
      out.push(
        burden(protects, "medium", `High liability cap (${of})`, `Liability${protects === "both" ? "" : ` of ${the(ctx, protects)}`} is capped, but at ${of}: more than the contract is worth.`, limit.at, {
          title: "Bring the liability cap down to the contract price or less",
          description: "A balanced cap is 100% of the contract price or less, with only fraud and wilful misconduct outside it.",
        }),
      );
    } else if (protects === "both") {
      out.push(benefit("both", "Liability is capped", `Each party's total liability is limited to ${of}: the worst case is known and insurable.`, limit.at));
    } else {
      const low = limit.percentOfPrice !== null && limit.percentOfPrice < 100;
      out.push({
        riskFor: other(protects),
        favours: protects,
        level: low ? "medium" : "low",
        title: `${The(ctx, protects)}'s liability is capped (${of})`,
        description: `Only ${possessive(ctx, protects)} liability is limited, to ${of}; losses above it stay with ${the(ctx, other(protects))}.`,
        at: limit.at,
        advice: { title: "Make the liability cap mutual", description: `Cap ${possessive(ctx, other(protects))} liability on the same terms, or raise the cap${low ? " to at least the contract price" : ""}.` },
      });
    }
  }
  if (/\b(?:consequential|indirect|loss of (?:profit|revenue|production|use))\b/.test(ctx.t)) out.push(...consequentialTerms(ctx).map((term) => ({ ...term, code: "consequential_damages" as const })));
  return found(out);
}

export function uncappedTerms(ctx: JudgeContext): Term[] {
  const carve = CARVE_OUT.exec(ctx.t);
  if (!carve) return [];
  const items = carvedItems(ctx.t.slice(Math.max(0, carve.index - 200), carve.index + 300));
  // "… do not apply … to the Contractor's indemnity": the carved-out liabilities are the Contractor's.
  const whose: Who = carvedOwner(ctx, Math.max(0, carve.index - 200), Math.min(ctx.t.length, carve.index + 400)) ?? liabilityOf(ctx, carve.index);
  const standard = items.length > 0 && items.every((i) => ["gross negligence", "wilful misconduct", "fraud", "death or injury", "abandonment"].includes(i));
  const listed = items.length > 0 ? items.join(", ") : "some liabilities";
  const indemnities = items.includes("indemnities") || items.includes("third-party claims");
  const forWhom = whose === "both" ? "For each party" : `For ${the(ctx, whose)}`;
  // "Except for its indemnity obligations, neither party shall be liable for consequential damages": the
  // exceptions are to the waiver of a kind of loss, not to a cap (a contract without any cap has none).
  const sentence = ctx.t.slice(sentenceStart(ctx.t, carve.index), sentenceEnd(ctx.t, carve.index));
  // In a contract without a cap, the carve-outs of a consequential-damages clause ("nothing in this
  // Section shall limit the amounts payable under the indemnities; the foregoing limitation of
  // liability shall not apply to gross negligence") are exceptions to that waiver: there is no cap.
  const ofWaiver = ctx.cap === null ? CONSEQUENTIAL.test(ctx.t) : CONSEQUENTIAL.test(sentence) && !CAP_WORDS.test(sentence);
  if (ofWaiver) {
    // The waiver is judged as what it is; the usual exceptions (fraud, gross negligence, wilful
    // misconduct) are its own finding's to name.
    const waiver = consequentialTerms(ctx).map((term) => ({ ...term, code: "consequential_damages" as const }));
    if (standard) return waiver;
    return [...waiver, ...found([
      burden(whose, "medium", indemnities ? "Indemnities outside the consequential-damages waiver" : "Exceptions to the consequential-damages waiver", `${forWhom}, ${listed} are excepted from the waiver of consequential damages: lost profit and other indirect losses stay recoverable for what they cover.`, carve.index, {
        title: "Narrow the exceptions to the consequential-damages waiver",
        description: "Keep only fraud, wilful misconduct and third-party claims (where insured) outside the waiver, so indirect losses between the parties stay excluded.",
      }),
    ]).map((term) => ({ ...term, code: "consequential_damages" as const }))];
  }
  // "Except for …, neither party shall be liable for [redacted]": an exception to an exclusion the
  // text does not show, not to a cap (the cap's own carve-outs say "the Liability Cap will not apply").
  if (/^(?:except|other than|save)\b/.test(carve[0]) && !CAP_WORDS.test(sentence) && !/\blimit|\bcap\b|\b(?:more|greater) than\b|\bbeyond\b/.test(sentence)) return [];
  if (standard) {
    return found([burden(whose, "low", "Standard carve-outs from the liability cap", `Only ${listed} sit outside the cap${whose === "both" ? " for both parties" : ` of ${the(ctx, whose)}`}: the usual position.`, carve.index)]);
  }
  return found([
    burden(whose, "high", indemnities ? "Indemnities sit outside the liability cap" : "Carve-outs from the liability cap", `${forWhom}, ${listed} sit outside any cap: exposure is unlimited for what they cover.`, carve.index, {
      title: "Narrow the carve-outs from the liability cap",
      description: "Keep only fraud, wilful misconduct and (where insured) third-party bodily injury outside the cap; put indemnities under the cap or a separate, insurable super-cap.",
    }),
  ]);
}

const LD_WORDING = /\bliquidated damages\b|\bpre-estimate\b|\bdelay damages\b|\bdamages for delay\b|\bdelay (?:ld|lds|liquidated)\b/;
const RATE = /(?:\$\s?\d[\d,]*(?:\.\d+)?(?:\s*(?:million|m\b))?|\b\d+(?:\.\d+)?\s*(?:%|per ?cent\b|percent\b)[^.]{0,60}?)[^.]{0,40}?\b(?:per|for each|for every|a|each) (?:calendar |working |business )?(day|week|month)\b/;

/** Damages for lateness: the usual EPC liquidated damages, accruing by the day or week until completion. */
const DELAY = /\bdelay|\blate(?:ness)?\b|\bcompletion\b|\bschedul\w*|\bmilestone dates?\b|\bbehind\b|\b(?:per|for each|for every|each) (?:calendar |working |business )?(?:day|week)\b/;
const OPERATIVE = /\b(?:shall|will|must|pay|pays|paid|payable|entitled|agrees?|owe|deduct\w*|withh[eo]ld\w*|reduc\w*)\b/;

/** Where the clause imposes the damages: the first mention in a sentence that does something, not a heading ("14.3 Liquidated Damages."). */
function operativeMention(t: string): number {
  let first = -1;
  let inText = -1;
  for (const m of t.matchAll(new RegExp(LD_WORDING.source, "g"))) {
    if (first < 0) first = m.index;
    const sentence = t.slice(sentenceStart(t, m.index), sentenceEnd(t, m.index));
    if (OPERATIVE.test(sentence)) return m.index;
    if (inText < 0 && sentence.trim().split(/\s+/).length > 6) inText = m.index;
  }
  return inText >= 0 ? inText : first;
}

/**
 * Who pays the liquidated damages: the one that "shall pay" them; else the one whose failure triggers
 * them ("If the Supplier conceals …, then as liquidated damages …"); else the one they are "payable by".
 * "The royalty rate payable by the Buyer shall be reduced" names who pays royalties, not the damages.
 */
function ldPayer(ctx: JudgeContext, wording: number): Who {
  const { t } = ctx;
  const pays = find(t, /\b(?:shall|will|must) (?:pay|be liable (?:to pay|for)|owe)\b/);
  const payer = pays >= 0 ? actorAt(ctx, pays) : null;
  if (payer) return payer;
  const sentence = t.slice(sentenceStart(t, wording), sentenceEnd(t, wording));
  const condition = /\b(?:if|in the event(?: that)?|where|should|upon)\s+/.exec(sentence);
  const trigger = condition ? mentions(ctx, sentence.slice(condition.index + condition[0].length, condition.index + condition[0].length + 60))[0]?.who : undefined;
  if (trigger) return trigger;
  const payable = /\b(?:liquidated damages|lds)\b[^.]{0,40}\bpayable by\b/.exec(t);
  return (payable ? mentions(ctx, t.slice(payable.index + payable[0].length, payable.index + payable[0].length + 40))[0]?.who : undefined) ?? "provider";
}

/**
 * A clause that only refers to liquidated damages set elsewhere: "except that liquidated damages under
 * Section 3.2 … are recoverable" (a consequential-damages clause), "other than liquidated damages".
 */
function referenceOnly(t: string): boolean {
  const mentions = [...t.matchAll(new RegExp(LD_WORDING.source, "g"))];
  return (
    mentions.length > 0 &&
    mentions.every((m) => {
      const after = t.slice(m.index + m[0].length, m.index + m[0].length + 60);
      const before = t.slice(Math.max(0, m.index - 60), m.index);
      return (
        /^\s*(?:\w+\s+){0,2}(?:under|pursuant to|in accordance with|set (?:out|forth) in|referred to in|described in|payable under)\s+(?:this\s+)?(?:section|article|clause|schedule|paragraph|subsection|exhibit)\b/.test(after) ||
        /\b(?:except(?: for| that)?|other than|excluding|save for|but not)\s+(?:\w+\s+){0,3}$/.test(before)
      );
    })
  );
}

export function liquidatedDamagesTerms(ctx: JudgeContext): Term[] {
  const { t } = ctx;
  const wording = operativeMention(t);
  if (wording < 0 || referenceOnly(t)) return [];
  const payer = ldPayer(ctx, wording);
  const receiver = payer === "both" ? "both" : other(payer);
  // Liquidated damages are not always for delay: "as liquidated damages for the breaches described in
  // (a) or (b)" (concealing data) is a fixed remedy for a breach, and calling it delay damages misleads.
  const forDelay = DELAY.test(t);
  const rateMatch = RATE.exec(t);
  let rate: string | null = null;
  let ratePct: number | null = null;
  if (rateMatch) {
    const amount = amounts(rateMatch[0])[0];
    const percent = percentages(rateMatch[0])[0];
    const unit = rateMatch[1]!;
    if (amount) {
      rate = `${money(amount.value)} per ${unit}`;
      if (ctx.contractPrice) ratePct = (amount.value / ctx.contractPrice) * 100;
    } else if (percent) {
      rate = `${pct(percent.value)} of the price per ${unit}`;
      ratePct = percent.value;
    }
    if (ratePct !== null) rate += ctx.contractPrice && amount ? ` (${pct(ratePct)} of the contract price)` : "";
  }
  const limit = findLimit(t, ctx.contractPrice, Math.max(0, wording - 200));
  const payerName = whoName(ctx, payer);
  const out: (Term | null)[] = [];
  if (!limit && (forDelay || rateMatch)) {
    out.push(
      burden(payer, "high", "Uncapped liquidated damages", `${forDelay ? "Delay damages" : "Liquidated damages"}${rate ? ` of ${rate}` : ""}, payable by ${payerName}, run without a maximum.`, rateMatch?.index ?? wording, {
        title: "Cap liquidated damages",
        description: forDelay ? "Ask for a cap (commonly 5–10% of the contract price) and for LDs to be the sole remedy for delay." : "Ask for a cap on the total and for the liquidated damages to be the sole remedy for the breach they cover.",
      }),
    );
  } else if (!limit) {
    // A pre-set remedy for a breach, neither accruing by the day nor capped: what it costs is in the clause.
    out.push(
      burden(payer, "medium", payer === "both" ? "Liquidated damages payable by either party" : `Liquidated damages payable by ${the(ctx, payer)}`, `A breach by ${payerName} described in this clause carries a pre-set remedy as liquidated damages, whatever the actual loss.`, wording, {
        title: "Check the liquidated damages against the likely loss",
        description: "Liquidated damages should be a genuine pre-estimate of the loss the breach causes, and the sole remedy for it.",
      }),
    );
  } else {
    const capPct = limit.percentOfPrice;
    const level = capPct === null ? "medium" : capPct > 20 ? "high" : capPct > 10 ? "medium" : "low";
    const reached = ratePct !== null && capPct !== null && ratePct > 0 && rateMatch ? ` The cap is reached after about ${Math.ceil(capPct / ratePct)} ${rateMatch[1]}s of delay.` : "";
    out.push(
      burden(payer, level, `Liquidated damages${forDelay ? " for delay" : ""}${rate ? ` (${rate.replace(/ \(.*\)$/, "")})` : ""}, capped at ${limit.quantum}`, `${forDelay ? "Delay costs" : "Liquidated damages cost"} ${payerName} ${rate ?? "a fixed rate"}, up to ${limit.quantum}${capPct !== null && capPct > 10 ? ", above the 5–10% of the contract price that is usual" : ""}.${reached}`, rateMatch?.index ?? limit.at, {
        title: "Check the LD rate and cap against the margin",
        description: forDelay ? "Balanced positions cap delay LDs at about 10% of the contract price and make them the sole remedy for delay." : "Balanced positions cap liquidated damages well below the contract price and make them the sole remedy for the breach they cover.",
      }),
    );
  }
  const sole = find(t, /\bsole and exclusive remedy\b|\bsole remedy\b|\bexclusive remedy\b|\bin full satisfaction\b/);
  if (sole >= 0) {
    const what = forDelay ? "delay" : "the breach";
    out.push(benefit(payer, `LDs are the sole remedy for ${what}`, `Once LDs are paid, ${whoName(ctx, receiver)} cannot claim its actual ${forDelay ? "delay " : ""}losses as well.`, sole));
  }
  return found(out);
}

export function performanceGuaranteeTerms(ctx: JudgeContext): Term[] {
  const { t } = ctx;
  const at = find(t, /\b(?:guarantee[sd]?|warrants?)\b[^.]{0,100}\b(?:output|capacity|efficiency|availability|performance|heat rate|throughput|production|yield|consumption)\b|\bperformance (?:guarantee|test|liquidated damages|ld)s?\b/);
  if (at < 0) return [];
  const giver = actorAt(ctx, at) ?? "provider";
  const limit = findLimit(t, ctx.contractPrice);
  return found([
    burden(giver, limit ? "medium" : "high", limit ? "Performance guarantees (capped)" : "Performance guarantees", `${giver === "both" ? "Each party guarantees" : `${The(ctx, giver)} guarantees`} output, efficiency or availability${limit ? `; damages for a shortfall are capped at ${limit.quantum}` : ", with no stated cap on the damages for a shortfall"}.`, at, {
      title: "Cap performance damages and define the tests",
      description: "Tie guarantees to clear test procedures and tolerances, allow remedial work before damages apply, and cap performance LDs.",
    }),
  ]);
}
