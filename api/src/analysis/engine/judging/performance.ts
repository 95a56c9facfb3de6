import { JURISDICTION_PROFILES } from "../../jurisdictions/statutes";
import {
  actorAt,
  actorOf,
  benefit,
  burden,
  describeDays,
  find,
  found,
  mentions,
  other,
  partyAfter,
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

/** The party doing the work: the actor of the clause's main duty, the provider when it does not say. */
function performer(ctx: JudgeContext, re: RegExp): Who {
  return actorOf(ctx, re, "provider").who ?? "provider";
}

/** Words that make a period a ceiling: "no warranty period extends beyond", "in no event longer than". */
const CEILING = /\b(?:extends? beyond|beyond|exceed(?:ing)?|more than|longer than|later than|maximum (?:of|period of)|in no event[^.]{0,40})\s*(?:a (?:total |period )?of\s*)?$/;
/** Repaired work warranted anew: "a new warranty period", "warranted for twelve months after the correction". */
const RESTART =
  /\b(?:new|further|fresh|renewed|restart|recommence|re-commence|begin again)\b[^.]{0,60}\bwarranty period\b|\bwarranty period\b[^.]{0,60}\b(?:restart|recommence|begin again|extended)\b|\b(?:repaired|replaced|corrected|re-performed)\b[^.]{0,80}\bwarranted\b[^.]{0,60}\b(?:after|from) (?:the )?(?:correction|repair|replacement|re-performance)\b/;

export function warrantyTerms(ctx: JudgeContext): Term[] {
  const { t } = ctx;
  const w = performer(ctx, /\b(?:warrants?|guarantees?|shall (?:correct|repair|remedy|re-perform|replace))\b/);
  const out: (Term | null)[] = [];
  // "provided that no warranty period extends beyond thirty-six (36) months": a ceiling on extensions
  // for repaired work, not the warranty period.
  const all = periods(t, 90, 3650);
  const ceilings = all.filter((p) => CEILING.test(t.slice(Math.max(0, p.index - 60), p.index)));
  // "Work that is repaired … is warranted for twelve (12) months after the correction": the period of
  // repaired work, not the warranty period (said below as a restart).
  const restart = find(t, RESTART);
  const restartSentence = restart >= 0 ? [sentenceStart(t, restart), sentenceEnd(t, restart)] : null;
  const spans = all.filter((p) => !ceilings.includes(p) && !(restartSentence && p.index >= restartSentence[0]! && p.index < restartSentence[1]!));
  const longest = spans.length > 0 ? spans.reduce((a, b) => (a.days >= b.days ? a : b)) : null;
  if (longest && longest.days > 730)
    out.push(
      burden(w, "high", `Long warranty period (${longest.raw})`, `Defects must be corrected by ${whoName(ctx, w)} for ${describeDays(longest.days)}, well beyond the usual 12 months.`, longest.index, {
        title: "Shorten the warranty period",
        description: "A balanced warranty runs 12 months from substantial completion, with extensions on repaired work capped at 24 months in total.",
      }),
    );
  else if (longest && longest.days > 400)
    out.push(burden(w, "medium", `Warranty of ${longest.raw}`, `Defects must be corrected by ${whoName(ctx, w)} for ${describeDays(longest.days)}.`, longest.index, { title: "Price the longer warranty or shorten it", description: "Twelve months from substantial completion is the market norm." }));
  else if (longest) out.push(benefit(w, `Standard warranty period (${longest.raw})`, "The defects period is in line with the market.", longest.index));
  const fitness = find(t, /\bfit(?:ness)? for (?:its |the |their )?(?:intended |particular )?purposes?\b/);
  if (fitness >= 0)
    out.push(
      burden(w, "high", "Fitness-for-purpose warranty", `${w === "both" ? "Each party warrants" : `${The(ctx, w)} warrants`} that the result suits its purpose: a strict obligation beyond reasonable skill and care, often uninsurable.`, fitness, {
        title: "Replace fitness for purpose with a skill-and-care standard",
        description: "Warrant conformity with the specifications and professional skill and care, not fitness for purpose.",
      }),
    );
  const ceiling = ceilings.length > 0 ? ceilings.reduce((a, b) => (a.days >= b.days ? a : b)) : null;
  if (restart >= 0)
    out.push(
      burden(w, "medium", ceiling ? `Warranty restarts on repaired work (up to ${ceiling.raw})` : "Warranty restarts on repaired work", `Each repair starts a new warranty period for the repaired part${ceiling ? `, for at most ${describeDays(ceiling.days)} in all` : ""}.`, restart, {
        title: "Cap warranty extensions",
        description: "Limit extended warranties on repaired work to a total of 24 months from substantial completion.",
      }),
    );
  const exclusive = find(t, /\bin lieu of all other warrant|\bexclusive remedy\b|\bsole remedy\b|\bdisclaims? (?:all )?(?:other|implied)\b/);
  if (exclusive >= 0 && w !== "both")
    out.push({
      riskFor: other(w),
      favours: w,
      level: "low",
      title: "Warranty is the exclusive remedy",
      description: `Other warranties and remedies for defects are excluded: ${the(ctx, other(w))} has only the repair warranty of ${the(ctx, w)}.`,
      at: exclusive,
    });
  return found(out);
}

export function scheduleTerms(ctx: JudgeContext): Term[] {
  const { t } = ctx;
  const out: (Term | null)[] = [];
  const noDamages = find(t, /\bno damages for delay\b|\b(?:not be entitled to|no) (?:any )?(?:compensation|damages|payment|costs?)\b[^.]{0,40}\b(?:for|arising from|on account of) (?:any )?(?:delay|disruption|suspension)\b/);
  if (noDamages >= 0) {
    const w = actorAt(ctx, noDamages) ?? "provider";
    out.push(
      burden(w, "high", "No damages for delay", `${w === "both" ? "Each party gets" : `${The(ctx, w)} gets`} time but no money for delays, even those the other party causes.`, noDamages, {
        title: "Recover costs for delay caused by the other party",
        description: "Delay caused by the other party or its consultants should extend time and pay the reasonable costs it causes.",
      }),
    );
  }
  const essence = find(t, /\btime (?:is|shall be) of the essence\b/);
  const w = performer(ctx, /\b(?:shall|will|must) (?:complete|achieve|perform|commence|deliver)\b/);
  // Whose time: "Developer acknowledges that time is of the essence", "… of the essence with respect
  // to AT&T's approval rights"; else whoever must complete.
  const named = essence >= 0 ? ((/^[^.;]{0,40}\bwith respect to\b/.test(t.slice(essence)) ? partyAfter(ctx, essence, 120) : null) ?? actorAt(ctx, essence)) : null;
  const late: Who = named && named !== "both" ? named : w;
  if (essence >= 0) out.push(burden(late, "medium", "Time is of the essence", `Any lateness by ${whoName(ctx, late)} may be treated as a fundamental breach.`, essence, { title: "Remove 'time is of the essence'", description: "Rely on LDs and extensions of time instead." }));
  const accelerate = find(t, /\baccelerat/);
  if (accelerate >= 0 && /\b(?:own|its) (?:cost|expense)\b|\bno additional (?:cost|compensation)\b|\bwithout (?:additional )?(?:cost|compensation)\b/.test(t))
    out.push(burden(w, "medium", `Acceleration at ${possessive(ctx, w)} cost`, `${w === "both" ? "Each party" : The(ctx, w)} must recover lost time at its own expense.`, accelerate, { title: "Pay for directed acceleration", description: "Acceleration ordered to recover excusable delay should be a change." }));
  const eot = find(t, /\bextension of (?:the )?(?:time|contract time|completion date|schedule)\b|\bextend(?:ed)? (?:the )?(?:contract time|time for completion|completion date|schedule)\b/);
  if (eot >= 0) out.push(benefit(w, "Extension of time for excusable delay", `Delays outside ${possessive(ctx, w)} control extend the completion date.`, eot));
  return found(out);
}

export function forceMajeureTerms(ctx: JudgeContext): Term[] {
  const { t } = ctx;
  const relief = find(t, /\bforce majeure\b|\bbeyond (?:the|its|their) (?:reasonable )?control\b|\bexcused\b/);
  if (relief < 0) return [];
  const excusedAt = find(t, /\b(?:not be (?:liable|responsible|in (?:default|breach))|be excused|is excused|shall be excused)\b/);
  const relieved: Who = (excusedAt >= 0 ? actorAt(ctx, excusedAt) : null) ?? "both";
  const out: (Term | null)[] = [];
  const time = find(t, /\bextension of (?:time|the (?:schedule|completion date|contract time))\b|\bextend(?:ed)? (?:the )?(?:contract time|time|schedule|completion date)\b|\b(?:time|schedule|completion date)\b[^.]{0,60}\b(?:shall|will|may) be (?:equitably )?extended\b|\bexcused\b/);
  const who = relieved === "both" ? "" : ` (for ${the(ctx, relieved)})`;
  if (time >= 0) out.push(benefit(relieved, `Force majeure excuses delay${who}`, "Events beyond the parties' control extend the time for performance.", time));
  else out.push(benefit(relieved, `Force majeure relief${who}`, "Events beyond the parties' control excuse performance.", relief));
  const pandemic = find(t, /\bpandemic\b|\bepidemic\b/);
  if (pandemic >= 0) out.push(benefit(relieved, "Pandemics are force majeure", "Epidemics and pandemics are listed events.", pandemic));
  const noCost = find(t, /\b(?:not be entitled to|no) (?:any )?(?:additional )?(?:compensation|payment|costs?|reimbursement)\b|\b(?:at|for) (?:its|their) own (?:cost|expense)\b/);
  if (noCost >= 0) {
    const bears = relieved === "both" ? (actorAt(ctx, noCost) ?? "provider") : relieved;
    out.push(
      burden(bears, "medium", "No cost relief for force majeure", `Time may be extended, but ${whoName(ctx, bears)} carries its own standby and delay costs.`, noCost, {
        title: "Share force majeure standby costs",
        description: "Ask for recovery of demobilization and standby costs, and a right to terminate after a prolonged event (e.g. 90 days).",
      }),
    );
  }
  return found(out);
}

export function siteConditionTerms(ctx: JudgeContext): Term[] {
  const { t } = ctx;
  const out: (Term | null)[] = [];
  const relief = find(t, /\b(?:differing|changed|concealed|unforeseen|unknown|unanticipated) (?:site |subsurface |physical |ground )?conditions?\b[^.]{0,200}\b(?:adjust|compensat|extension|change|increase|entitled)|\b(?:adjust|compensat|extension|increase)\w*\b[^.]{0,200}\b(?:differing|concealed|unforeseen|unknown) (?:site |subsurface |physical )?conditions?\b/);
  const assumes = find(t, /\bdeemed to have (?:satisfied|inspected|examined|visited|knowledge)\b|\bsatisfied (?:itself|himself|themselves)\b|\baccepts? the site\b|\b(?:sole|own) risk\b[^.]{0,80}\b(?:site|ground|subsurface)\b|\bno (?:claim|adjustment|extension)\b[^.]{0,80}\b(?:site|ground|subsurface|conditions)\b|\b(?:site|ground|subsurface)\b[^.]{0,80}\b(?:shall not|will not|not be) entitle/);
  const w = performer(ctx, /\b(?:deemed to have|has inspected|has examined|accepts|shall (?:bear|assume))\b/);
  if (assumes >= 0 && relief < 0)
    out.push(
      burden(w, "high", `${w === "both" ? "Each party bears" : `${The(ctx, w)} bears`} site condition risk`, `Unexpected ground or site conditions are ${possessive(ctx, w)} problem, with no change in price or time.`, assumes, {
        title: "Add a differing site conditions clause",
        description: ctx.canadian ? "Conditions materially different from the reports or reasonable expectation should adjust price and time (CCDC 2 GC 6.4 style)." : "Conditions materially different from the reports or reasonable expectation should adjust price and time.",
      }),
    );
  if (relief >= 0) out.push(benefit(w === "both" ? "provider" : w, "Differing site conditions relief", "Unforeseen site conditions adjust the price or time.", relief));
  return found(out);
}

export function changeOrderTerms(ctx: JudgeContext): Term[] {
  const { t } = ctx;
  const out: (Term | null)[] = [];
  const w = performer(ctx, /\b(?:shall|will) (?:perform|proceed|carry out|execute)\b/);
  const strict = find(t, /\b(?:no|not be entitled to|shall not be (?:paid|entitled)|will not be (?:paid|compensated))\b[^.]{0,120}\b(?:unless|without|except)\b[^.]{0,60}\b(?:written|in writing|change order|signed)\b|\b(?:waive[sd]?|forfeit)\b[^.]{0,80}\b(?:change|extra|additional)\b/);
  const proceed = find(t, /\bproceed (?:with|diligently)\b[^.]{0,80}\b(?:pending|notwithstanding|despite)\b|\bchange directive\b|\bunilateral(?:ly)?\b/);
  const adjust = find(t, /\b(?:adjust(?:ment)?|equitabl[ey] adjust\w*)\b[^.]{0,60}\b(?:contract price|price|schedule|time|completion date)\b|\b(?:contract price|price) and (?:the )?(?:schedule|time|contract time)\b/);
  if (strict >= 0)
    out.push(
      burden(w, "medium", "Strict written change order requirement", `Extra work done by ${whoName(ctx, w)} without a signed change order may not be paid.`, strict, {
        title: "Provide for changes directed in emergencies or by conduct",
        description: "Allow written directives to be confirmed later and keep a right to payment for work the other party instructed.",
      }),
    );
  if (proceed >= 0)
    out.push(
      burden(w, "medium", `${w === "both" ? "The parties" : The(ctx, w)} must proceed with disputed changes`, "Changes must be performed before price and time are agreed.", proceed, {
        title: "Secure interim payment for directed changes",
        description: "Work under a change directive should be paid on a cost-plus basis until the change is valued.",
      }),
    );
  if (adjust >= 0) out.push(benefit(w, "Changes adjust price and schedule", "Changes come with an adjustment of the contract price and time.", adjust));
  return found(out);
}

const TIME_BAR =
  /\b(?:fail(?:s|ure|ing)?|not (?:give|provide|submit))\b[^.]{0,100}\bnotice\b[^.]{0,160}\b(?:waive|barred|forfeit|deemed|shall not be entitled|will not be entitled|no (?:further )?(?:claim|entitlement|right))|\bnotice\b[^.]{0,160}\b(?:failing which|otherwise)\b[^.]{0,80}\b(?:waive|barred|forfeit|deemed|not be entitled)|\b(?:claim|entitlement)\b[^.]{0,60}\b(?:shall|will|is) (?:be )?(?:deemed )?(?:to have been )?(?:waived|barred|forfeited|released)|\bcondition precedent\b/;

export function noticeTerms(ctx: JudgeContext): Term[] {
  const { t } = ctx;
  const bar = find(t, TIME_BAR);
  if (bar < 0) return [];
  // The claimant named in the same sentence; a bar on "any claim" binds whoever claims.
  const from = sentenceStart(t, bar);
  const claimant: Who = mentions(ctx, t.slice(from, sentenceEnd(t, bar))).find((m) => m.who !== "both")?.who ?? "both";
  const window = periods(t, 1, 120)[0];
  const short = window !== undefined && window.days <= 14;
  return found([
    burden(claimant, short ? "high" : "medium", window ? `Claims time bar (${window.raw})` : "Claims time bar", `A claim${claimant === "both" ? "" : ` by ${the(ctx, claimant)}`} not notified ${window ? `within ${window.raw}` : "in time"} is lost.`, bar, {
      title: "Relax the notice time bar",
      description: "Ask for 21–28 days from when the claimant knew or ought to have known of the event, and no forfeiture where the other party was not prejudiced by late notice.",
    }),
  ]);
}

export function safetyTerms(ctx: JudgeContext): Term[] {
  const { t } = ctx;
  const role = ctx.canadian && ctx.province ? JURISDICTION_PROFILES[ctx.province].ohsSiteRole : null;
  const constructor = find(t, /\b(?:constructor|prime contractor|principal contractor)\b/);
  const siteWide = find(t, /\b(?:responsible|responsibility) for (?:the )?(?:health and )?safety\b|\bsafety of (?:all )?(?:persons|workers)\b[^.]{0,60}\b(?:site|work)/);
  const at = constructor >= 0 ? constructor : siteWide;
  if (at < 0) return [];
  const who = actorAt(ctx, at) ?? mentions(ctx, t.slice(Math.max(0, at - 80), at)).at(-1)?.who ?? "provider";
  if (who === "both") return [];
  return found([
    burden(
      who,
      "medium",
      constructor >= 0 ? `${The(ctx, who)} takes the ${ctx.canadian ? "constructor" : "site safety"} role` : `${The(ctx, who)} answers for site safety`,
      ctx.canadian
        ? `Under provincial occupational health and safety law the ${role ?? "'constructor' or 'prime contractor'"} answers for the whole site.`
        : `${The(ctx, who)} is responsible for safety on the whole site, including other contractors' workers.`,
      at,
      {
        title: "Price and staff the site safety role",
        description: "Confirm who is responsible for each area and period, and that other contractors follow the site safety program.",
      },
    ),
  ]);
}

export function environmentalTerms(ctx: JudgeContext): Term[] {
  const { t } = ctx;
  const preExisting = find(t, /\bpre-?existing\b|\bexisting (?:contamination|hazardous|environmental)\b|\b(?:prior to|before) the (?:commencement|start|date|effective date)\b|\bpresent (?:at|on) the site\b/);
  const keepsAt = find(t, /\b(?:shall|will) (?:be responsible|remain responsible|retain|indemnify|bear)\b/);
  const keeper = keepsAt >= 0 ? actorAt(ctx, keepsAt) : null;
  const allAt = find(t, /\b(?:responsible|liable)\b[^.]{0,80}\b(?:all|any) (?:environmental|contamination|hazardous|pollution|spills?)\b/);
  // "all spills … caused by the Contractor" is fault-based: its own contamination, not all of it.
  const ownOnly = allAt >= 0 && /\b(?:caused by|arising from|attributable to|resulting from)\b/.test(t.slice(allAt, allAt + 200));
  const carrier = allAt >= 0 && !ownOnly ? actorAt(ctx, allAt) : null;
  if (preExisting >= 0 && keeper && keeper !== "both")
    return found([benefit(other(keeper), `${The(ctx, keeper)} keeps pre-existing contamination`, `Contamination present before the work stays ${possessive(ctx, keeper)} responsibility.`, preExisting)]);
  if (allAt >= 0 && carrier && carrier !== "both")
    return found([
      burden(carrier, "high", `${The(ctx, carrier)} carries all environmental liability`, `${The(ctx, carrier)} answers for any contamination, including what it did not cause.`, allAt, {
        title: "Exclude pre-existing contamination",
        description: "Each party should answer for contamination it causes; pre-existing conditions and undisclosed hazardous materials stay with the site's owner.",
      }),
    ]);
  return [];
}

