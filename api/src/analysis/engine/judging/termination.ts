import {
  actorAt,
  benefit,
  burden,
  find,
  found,
  mentions,
  other,
  periods,
  possessive,
  sentenceEnd,
  sentenceStart,
  The,
  the,
  whoName,
  type JudgeContext,
  type Term,
  type Who,
} from "./context";

const CONVENIENCE = /\b(?:for (?:its |their )?(?:own )?convenience|for any reason(?: or no reason)?|without cause|at (?:its|their) (?:sole )?(?:discretion|option)|at any time[^.]{0,40}\bon\b[^.]{0,30}\bnotice)\b/;
/** A "may not", "shall not", "no right to" before the convenience words in their sentence. */
const NEGATED = /\b(?:may not|shall not|cannot|can not|will not|is not entitled|are not entitled|no right|not be entitled|neither party (?:may|shall|has))\b[^.;]{0,120}\b(?:convenience|without cause|for any reason)\b/;
const MAY_TERMINATE = /\b(?:may|can|shall (?:have|be entitled to)|is entitled to|reserves the right to|has the right to)\b[^.]{0,80}\bterminat\w*/g;

/** Who may terminate for convenience: the actor of the "may terminate" nearest the convenience words. */
function terminatorOf(ctx: JudgeContext, near: number): { who: Who | null; at: number } {
  let best: { who: Who | null; at: number } = { who: null, at: -1 };
  for (const m of ctx.t.matchAll(MAY_TERMINATE)) {
    const who = actorAt(ctx, m.index);
    if (best.at < 0 || Math.abs(m.index - near) < Math.abs(best.at - near)) best = { who, at: m.index };
  }
  return best;
}

/**
 * "At its option … terminate … for any one or more of the following causes: (a) the other party
 * defaults …", "at any time on notice if the other party breaches": an option to terminate for cause.
 * Only "for convenience", "without cause" and "for any reason" say so whatever follows.
 */
const FOR_CAUSE = /\b(?:following (?:causes|events|reasons)|for (?:cause|default|breach)|if (?:the other|either|such other|any) party|in the event (?:of|that)|upon the occurrence|defaults?|breach\w*|insolv\w*|bankrupt\w*)\b/;

function convenienceAt(t: string): number {
  for (const m of t.matchAll(new RegExp(CONVENIENCE.source, "g"))) {
    if (/convenience|without cause|for any reason/.test(m[0])) return m.index;
    if (!FOR_CAUSE.test(t.slice(sentenceStart(t, m.index), sentenceEnd(t, m.index)))) return m.index;
  }
  return -1;
}

export function convenienceTerms(ctx: JudgeContext): Term[] {
  const { t } = ctx;
  const at = convenienceAt(t);
  if (at < 0) return [];
  // "may not be terminated by either Party at any time for its own convenience": the opposite term.
  const sentenceStart = Math.max(t.lastIndexOf(". ", at), t.lastIndexOf("\n", at)) + 1;
  const stop = t.slice(at).search(/\.(?:\s|$)|\n/);
  if (NEGATED.test(t.slice(sentenceStart, stop < 0 ? t.length : at + stop)))
    return found([benefit("both", "No termination for convenience", "Neither party can end the contract at will: the commitment holds for its term.", at)]);
  const { who } = terminatorOf(ctx, at);
  const terminator: Who = who ?? "customer";
  const noProfit = find(t, /\b(?:no|not be entitled to|shall not (?:be entitled to|recover)|excluding|exclusive of|without|not (?:be )?(?:paid|compensated) for)\b[^.]{0,80}\b(?:anticipated |prospective |lost |loss of )?(?:profits?|overhead)\b/);
  const paysProfit = /\breasonable profit\b|\bprofit on (?:the )?work performed\b|\btermination fee\b/.test(t);
  const paid = find(t, /\bdemobili[sz]ation\b|\breasonable profit\b|\bprofit on (?:the )?work performed\b|\btermination (?:fee|payment)\b|\bcosts? (?:reasonably )?incurred\b|\bwork (?:properly )?(?:performed|completed)\b/);
  if (terminator === "both") {
    return found([
      burden("both", "medium", "Either party may terminate for convenience", "The contract can be ended by either party without fault; a long-term commitment is not secured.", at, {
        title: "Set a notice period and compensation for termination for convenience",
        description: "Ask for a meaningful notice period and payment of work done, committed costs and demobilization.",
      }),
    ]);
  }
  const target = other(terminator);
  const out: (Term | null)[] = [];
  if (noProfit >= 0 && !paysProfit)
    out.push(
      burden(target, "high", `${The(ctx, terminator)} may terminate for convenience without paying lost profit`, `${The(ctx, terminator)} can end the contract at will and pay nothing for ${possessive(ctx, target)} profit on the work not yet done.`, noProfit, {
        title: "Secure compensation on termination for convenience",
        description: "Ask for payment of work done, committed costs, demobilization and a reasonable profit on the unperformed work (or a termination fee).",
      }),
    );
  else
    out.push(
      burden(target, "medium", `${The(ctx, terminator)} may terminate for convenience`, `${The(ctx, terminator)} can end the contract without fault; what ${the(ctx, target)} recovers depends on the compensation terms.`, at, {
        title: "Define what is paid on termination for convenience",
        description: "Work performed, committed costs, demobilization and a reasonable profit.",
      }),
    );
  if (paid >= 0) out.push(benefit(target, `${The(ctx, target)} is paid its costs on termination for convenience`, `Work performed and costs incurred are paid when ${the(ctx, terminator)} terminates for convenience.`, paid));
  return found(out);
}

const DEFAULTS = /\b(?:fails?|failure|defaults?|is in default|breach\w*|becomes? insolvent|bankrupt\w*|abandons?|neglects?)\b/;

const INSOLVENCY = /\b(?:bankrupt\w*|insolven\w*|receiver\w*|receivership|benefit of (?:its )?creditors|winding[- ]up|wound up|liquidat(?:ion|or)|dissolution|moratorium|relief (?:from|of) creditors|arrangement with (?:its )?creditors)\b/;
const BREACH = /\b(?:fail\w*|breach\w*|default\w*|neglect\w*|abandon\w*|violat\w*|non-?perform\w*)\b/;

/** Immediate termination whose triggers (the rest of its sentence and the list after it) are only insolvency events. */
function insolvencyOnly(t: string, at: number): boolean {
  const from = sentenceStart(t, at);
  const to = Math.min(t.length, t.indexOf(".", at) < 0 ? t.length : t.indexOf(".", at) + 1);
  const triggers = t.slice(from, Math.max(to, sentenceEnd(t, at)));
  return INSOLVENCY.test(triggers) && !BREACH.test(triggers);
}

export function defaultTerms(ctx: JudgeContext): Term[] {
  const { t } = ctx;
  const defaultAt = find(t, DEFAULTS);
  const terminateAt = find(t, /\bterminat\w*/);
  if (terminateAt < 0 && defaultAt < 0) return [];
  // "If the Contractor fails …" names the party in default; "either party" defaults are mutual.
  const named = defaultAt >= 0 ? mentions(ctx, t.slice(Math.max(0, defaultAt - 60), defaultAt)).at(-1)?.who : undefined;
  const terminator = terminateAt >= 0 ? actorAt(ctx, terminateAt) : null;
  const defaulter: Who = named ?? (terminator && terminator !== "both" ? other(terminator) : terminator === "both" ? "both" : "provider");
  const out: (Term | null)[] = [];
  // A cure period is a period the text gives to cure: not any period of the clause (notice of a
  // lender's default "within 1 business day" is no cure period).
  // "… and such default continues for a period of thirty (30) days after written notice" is a cure period too.
  const CURE_WORDS = /\bcur(?:e|ed|es|ing)\b|\bremed(?:y|ied|ies)\b|\brectif|\bcorrect(?:ed)?\b|\b(?:default|breach|failure)\w* (?:continues|continuing|remains|persists)\b|\bcontinues (?:unremedied|uncured)\b/;
  const cures = periods(t, 1, 90).filter((p) => CURE_WORDS.test(t.slice(Math.max(0, p.index - 160), p.index + 80)));
  const cure = cures.length > 0 ? cures.reduce((a, b) => (a.days <= b.days ? a : b)) : null;
  // "Immediately" about the termination itself, not "notice immediately upon receipt of a demand".
  const immediate = find(t, /\bterminat\w*\b[^.;]{0,100}\b(?:immediately|forthwith|without (?:prior )?notice|at once)\b|\b(?:immediately|forthwith)\b[^.;]{0,40}\bterminat/);
  const party = defaulter === "both" ? "either party" : the(ctx, defaulter);
  if (cure && cure.days < 7)
    out.push(
      burden(defaulter, "high", `Short cure period (${cure.raw})`, `A default by ${party} must be cured within ${cure.raw} before the contract can be terminated.`, cure.index, {
        title: "Lengthen the cure period",
        description: "Ask for at least 10–15 days to cure, or to start curing and proceed diligently where a cure takes longer.",
      }),
    );
  else if (!cure && immediate >= 0 && !CURE_WORDS.test(t) && insolvencyOnly(t, immediate))
    out.push(burden(defaulter, "low", "Immediate termination on insolvency", `The contract can be ended at once if ${party} becomes insolvent or bankrupt: the usual position, since insolvency cannot be cured.`, immediate));
  else if (!cure && immediate >= 0 && !CURE_WORDS.test(t))
    out.push(
      burden(defaulter, "high", "Termination for default without a cure period", `The contract can be terminated for a default by ${party} without a chance to put it right.`, immediate, {
        title: "Add notice and a cure period",
        description: "Termination should follow written notice of the default and a reasonable period (10–15 days) to cure it.",
      }),
    );
  else if (cure && cure.days >= 10) out.push(benefit(defaulter, `Reasonable cure period (${cure.raw})`, `A default by ${party} can be put right before termination.`, cure.index));
  const completion = find(t, /\b(?:complete|finish|take over)\b[^.]{0,120}\b(?:cost|expense|account)\b|\bexcess (?:cost|expense)\b|\badditional cost of completion\b|\bcost of completion\b/);
  if (completion >= 0 && defaulter !== "both")
    out.push(
      burden(defaulter, "medium", `Completion at ${possessive(ctx, defaulter)} cost`, `After termination ${the(ctx, other(defaulter))} may finish the work and recover the extra cost from ${the(ctx, defaulter)}.`, completion, {
        title: "Limit recovery of completion costs",
        description: "Recovery should be limited to reasonable, documented excess costs and count toward the liability cap.",
      }),
    );
  return found(out);
}

export function changeOfControlTerms(ctx: JudgeContext): Term[] {
  const { t } = ctx;
  const at = find(t, /\bchange (?:of|in) (?:the )?(?:control|ownership)\b|\bmerger\b|\bacquisition of\b/);
  if (at < 0) return [];
  const controlled = mentions(ctx, t.slice(at, at + 80))[0]?.who ?? mentions(ctx, t.slice(Math.max(0, at - 80), at)).at(-1)?.who ?? "provider";
  const terminate = find(t, /\bterminat/);
  return found([
    burden(controlled, "medium", terminate >= 0 ? "Termination on change of control" : "Change of control restrictions", `A change in who controls ${whoName(ctx, controlled)} triggers the other party's rights under the contract.`, terminate >= 0 ? terminate : at, {
      title: "Carve out internal reorganisations",
      description: "Exclude transfers within the same corporate group and public share trading; require notice rather than consent.",
    }),
  ]);
}

export function assignmentTerms(ctx: JudgeContext): Term[] {
  const { t } = ctx;
  const out: (Term | null)[] = [];
  const free = find(t, /\bmay\b[^.]{0,60}\bassign\b[^.]{0,120}\bwithout (?:the )?(?:prior )?(?:written )?(?:consent|approval)\b/);
  if (free >= 0) {
    const assignor = actorAt(ctx, free);
    if (assignor && assignor !== "both")
      out.push(
        burden(other(assignor), "medium", `${The(ctx, assignor)} may assign without consent`, `${The(ctx, assignor)} can transfer the contract to another party whose standing ${the(ctx, other(assignor))} has not checked.`, free, {
          title: "Require consent or a guarantee for assignment",
          description: "Ask for consent (not unreasonably withheld) or for the assignor to remain liable.",
        }),
      );
  }
  const reasonable = find(t, /\bnot (?:to )?be unreasonably withheld\b|\bunreasonably (?:withhold|withheld)\b/);
  if (reasonable >= 0) out.push(benefit("both", "Consent not unreasonably withheld", "Assignment needs consent that cannot be refused without reason.", reasonable));
  else if (/\b(?:neither party|either party)\b/.test(t) && free < 0) out.push(benefit("both", "Assignment restricted for both parties", "Neither party can assign without the other's consent.", find(t, /\b(?:neither party|either party)\b/)));
  return found(out);
}
