import type { ClauseCode, RiskLevel } from "@clausewise/shared";
import { amounts, durations, inDays, percentages, type Duration } from "./text";

/**
 * What an experienced EPC contracts manager says about one clause, read from the contractor's side
 * (ClauseWise's users build the work; docs/DECISIONS.md). Each judge reads the clause's folded text
 * (lower case, ASCII quotes, same offsets as the original) and returns what it found, each tied to the
 * offset of the words it rests on so the finding quotes them.
 */
export interface Judgement {
  kind: "risk" | "advantage";
  level: RiskLevel;
  title: string;
  description: string;
  /** Offset in the clause text of the words the judgement rests on. */
  at: number;
  /** What to ask for, for risks worth negotiating. */
  advice?: { title: string; description: string };
}

type Judge = (text: string) => Judgement[];

/** The offset of the first match, or -1. */
function find(text: string, re: RegExp): number {
  const m = re.exec(text);
  return m ? m.index : -1;
}

const risk = (level: RiskLevel, title: string, description: string, at: number, advice?: Judgement["advice"]): Judgement => ({
  kind: "risk",
  level,
  title,
  description,
  at: Math.max(0, at),
  ...(advice ? { advice } : {}),
});
const advantage = (title: string, description: string, at: number): Judgement => ({ kind: "advantage", level: "low", title, description, at: Math.max(0, at) });

const UNIT_WORDS: Record<Duration["unit"], string> = { hours: "hour", days: "day", business_days: "business day", weeks: "week", months: "month", years: "year" };

/** Durations (labelled "30 days", whatever the wording) between `min` and `max` days, in days, with their offsets. */
function periods(text: string, min: number, max: number): { days: number; index: number; raw: string }[] {
  return durations(text)
    .map((d) => ({ days: inDays(d), index: d.index, raw: `${d.value} ${UNIT_WORDS[d.unit]}${d.value === 1 ? "" : "s"}` }))
    .filter((d) => d.days >= min && d.days <= max);
}

function describeDays(days: number): string {
  if (days >= 365 && days % 365 === 0) return `${days / 365} year${days === 365 ? "" : "s"}`;
  if (days >= 30 && days % 30 === 0) return `${days / 30} months`;
  return `${Math.round(days)} days`;
}

const OWNER = String.raw`(?:owner|company|client|employer|purchaser|buyer|customer|principal)`;
const CONTRACTOR = String.raw`(?:contractor|subcontractor|supplier|consultant|vendor|seller|service provider|design-builder|epc contractor)`;
const MUTUAL = /\b(each party|either party|neither party|both parties|the parties (shall|will|each|mutually)|mutual(ly)?)\b/;
const FOREIGN_LAW = /\b(new york|delaware|texas|california|illinois|florida|england|english law|england and wales|united states|u\.s\.|singapore|hong kong|switzerland|france|germany)\b/;
const CANADIAN_PLACE = /\b(ontario|quebec|québec|british columbia|alberta|saskatchewan|manitoba|nova scotia|new brunswick|newfoundland|prince edward island|yukon|northwest territories|nunavut|canada)\b/;

const JUDGES: Record<ClauseCode, Judge> = {
  limitation_of_liability(t) {
    const out: Judgement[] = [];
    const pct = percentages(t).find((p) => /contract (price|sum|value)|fees|compensation/.test(t.slice(p.index, p.index + 80)));
    if (pct && pct.value > 100) {
      out.push(
        risk("medium", `High liability cap (${pct.value}% of the contract price)`, `Liability is capped, but at ${pct.value}% of the contract price: more than the work is worth to the contractor.`, pct.index, {
          title: "Bring the liability cap down to the contract price or less",
          description: "A balanced EPC cap is 100% of the contract price or less, with only fraud and wilful misconduct outside it.",
        }),
      );
    } else {
      const at = find(t, /not (in (the )?aggregate )?exceed|limited to|capped at|in no event/);
      out.push(advantage("Liability is capped", `Total liability is limited${pct ? ` to ${pct.value}% of the contract price` : ""}${MUTUAL.test(t) ? ", for both parties" : ""}: the worst case is known and insurable.`, at));
    }
    if (/\b(consequential|indirect|loss of (profit|revenue|production|use))\b/.test(t) && MUTUAL.test(t))
      out.push(advantage("Indirect losses excluded", "The clause excludes indirect and consequential losses for both parties.", find(t, /consequential|indirect/)));
    return out;
  },

  uncapped_liability(t) {
    const at = find(t, /unlimited|uncapped|without (any )?(monetary |financial )?(limit|cap)|not (be )?(limited|capped|subject to)|do(es)? not apply|notwithstanding|except/);
    const indemnity = /indemnit/.test(t);
    return [
      risk("high", indemnity ? "Indemnities sit outside the liability cap" : "Uncapped liability", `This clause leaves ${indemnity ? "indemnity claims" : "some liabilities"} outside any cap: exposure is unlimited for what it covers.`, at, {
        title: "Narrow the carve-outs from the liability cap",
        description: "Keep only fraud, wilful misconduct and (where insured) third-party bodily injury outside the cap; put indemnities under the cap or a separate, insurable super-cap.",
      }),
    ];
  },

  indemnity(t) {
    const out: Judgement[] = [];
    const ownFault = find(t, /regardless of (whether|any|the)|even if (caused|arising|attributable)|whether or not (caused|arising)[^.]{0,60}negligen|including (the )?(sole |concurrent )?negligence of (the )?(owner|indemnified|company|client)/);
    const proportionate = find(t, /to the extent (caused|arising|resulting|attributable|that)|in proportion to|proportionate/);
    const broad = find(t, /(indemnify|hold harmless|save harmless|defend)[^.]{0,200}\b(any and all|all) (claims|losses|liabilit|damages|demands|costs)/);
    if (ownFault >= 0)
      out.push(
        risk("critical", "Indemnity covers the owner's own negligence", "The contractor indemnifies even for losses the owner causes: an uninsurable, open-ended exposure.", ownFault, {
          title: "Limit the indemnity to the contractor's own fault",
          description: "Make the indemnity apply 'to the extent caused by' the contractor's negligence or breach, and mutual.",
        }),
      );
    else if (proportionate >= 0) out.push(advantage("Fault-based indemnity", "The indemnity applies only to the extent the indemnifying party caused the loss.", proportionate));
    else if (broad >= 0)
      out.push(
        risk("high", "Broad-form indemnity", "The indemnity covers 'any and all' claims without tying them to the contractor's fault.", broad, {
          title: "Make the indemnity fault-based",
          description: "Add 'to the extent caused by the negligent acts or omissions or breach of' the indemnifying party, and cap it.",
        }),
      );
    else
      out.push(
        risk("medium", "Indemnity obligation", "The contractor gives an indemnity; check its scope, whether it is mutual and whether the liability cap applies to it.", find(t, /indemnif/), {
          title: "Confirm the indemnity is mutual and capped",
          description: "Each party should indemnify for its own fault, within the liability cap and the insurance carried.",
        }),
      );
    if (MUTUAL.test(t) && ownFault < 0) out.push(advantage("Mutual indemnities", "Both parties indemnify each other.", find(t, MUTUAL)));
    return out;
  },

  liquidated_damages(t) {
    const out: Judgement[] = [];
    const cap = find(t, /(shall not|will not|not to|do not|does not) (in (the )?aggregate )?exceed|maximum (aggregate )?(amount|liability)|capped at|limited to|\bcap(ped)?\b|in aggregate/);
    const rate = amounts(t)[0];
    if (cap >= 0) {
      const pct = percentages(t.slice(cap)).at(0);
      out.push(
        risk("medium", "Liquidated damages for delay", `Delay costs the contractor ${rate ? `${rate.raw} per period` : "a fixed rate"}, capped${pct ? ` at ${pct.value}%` : ""}.`, rate?.index ?? cap, {
          title: "Check the LD rate and cap against the margin",
          description: "Balanced EPC positions cap delay LDs at about 10% of the contract price and make them the owner's sole remedy for delay.",
        }),
      );
    } else {
      out.push(
        risk("high", "Uncapped liquidated damages", `Delay damages${rate ? ` of ${rate.raw}` : ""} run without a maximum.`, rate?.index ?? find(t, /liquidated/), {
          title: "Cap liquidated damages",
          description: "Ask for a cap (commonly 5–10% of the contract price) and for LDs to be the sole remedy for delay.",
        }),
      );
    }
    const sole = find(t, /sole and exclusive remedy|sole remedy|exclusive remedy|in full satisfaction/);
    if (sole >= 0) out.push(advantage("LDs are the sole remedy for delay", "Once LDs are paid the owner cannot claim its actual delay losses as well.", sole));
    return out;
  },

  consequential_damages(t) {
    const oneSided = find(t, new RegExp(String.raw`${CONTRACTOR} (shall|will) (be liable|indemnify|remain liable)[^.]{0,120}(consequential|indirect|loss of (profit|production|revenue|use))`));
    if (oneSided >= 0)
      return [
        risk("high", "Contractor liable for consequential losses", "The contractor answers for indirect losses such as the owner's lost production or profit.", oneSided, {
          title: "Ask for a mutual waiver of consequential damages",
          description: "Each party should waive indirect and consequential losses, including loss of profit, production and use.",
        }),
      ];
    if (MUTUAL.test(t)) return [advantage("Mutual waiver of consequential damages", "Neither party can claim the other's indirect losses such as lost profit or production.", find(t, MUTUAL))];
    const contractorOnly = find(t, new RegExp(String.raw`${CONTRACTOR} (hereby )?(waives|releases)`));
    if (contractorOnly >= 0)
      return [
        risk("high", "One-sided waiver of consequential damages", "Only the contractor gives up indirect losses; the owner keeps its claims.", contractorOnly, {
          title: "Make the waiver mutual",
          description: "The waiver of consequential damages should bind both parties.",
        }),
      ];
    return [advantage("Consequential damages excluded", "Indirect and consequential losses are excluded.", find(t, /consequential|indirect/))];
  },

  termination_for_convenience(t) {
    const out: Judgement[] = [];
    const noProfit = find(t, /(no|not be entitled to|shall not (be entitled to|recover)|excluding|exclusive of|without)[^.]{0,80}(anticipated |prospective |lost )?(profits?|overhead)( on| for)? (the )?(unperformed|uncompleted|remaining|balance)?/);
    const paid = find(t, /demobili[sz]ation|reasonable profit|profit on (the )?work performed|termination (fee|payment)|costs? (reasonably )?incurred|work (performed|completed) (up )?to the (date|effective date)/);
    const at = find(t, /convenience|for any reason|without cause|at any time/);
    if (noProfit >= 0 && !/reasonable profit|profit on (the )?work performed/.test(t))
      out.push(
        risk("high", "Termination for convenience without lost profit", "The owner can end the contract at will and pay nothing for the profit on the work not yet done.", noProfit, {
          title: "Secure compensation on termination for convenience",
          description: "Ask for payment of work done, committed costs, demobilization and a reasonable profit on the unperformed work (or a termination fee).",
        }),
      );
    else
      out.push(
        risk("medium", "Owner may terminate for convenience", "The contract can be ended without fault; the contractor's recovery depends on the compensation terms.", at, {
          title: "Define what is paid on termination for convenience",
          description: "Work performed, committed costs, demobilization and a reasonable profit.",
        }),
      );
    if (paid >= 0) out.push(advantage("Costs paid on termination for convenience", "Work performed and costs incurred are paid when the owner terminates for convenience.", paid));
    return out;
  },

  termination_for_default(t) {
    const out: Judgement[] = [];
    const cures = periods(t, 1, 90);
    const immediate = find(t, /immediately|forthwith|without (prior )?notice|at once/);
    const cure = cures.length > 0 ? cures.reduce((a, b) => (a.days <= b.days ? a : b)) : null;
    if (cure && cure.days < 7)
      out.push(
        risk("high", `Short cure period (${cure.raw})`, `A default must be cured within ${cure.raw} before the contract can be terminated.`, cure.index, {
          title: "Lengthen the cure period",
          description: "Ask for at least 10–15 days to cure, or to start curing and proceed diligently where a cure takes longer.",
        }),
      );
    else if (!cure && immediate >= 0 && !/\bcure|remedy|rectify|correct\b/.test(t))
      out.push(
        risk("high", "Termination for default without a cure period", "The contract can be terminated for default without a chance to put it right.", immediate, {
          title: "Add notice and a cure period",
          description: "Termination should follow written notice of the default and a reasonable period (10–15 days) to cure it.",
        }),
      );
    else if (cure && cure.days >= 10) out.push(advantage(`Reasonable cure period (${cure.raw})`, "A default can be put right before termination.", cure.index));
    const completion = find(t, /(complete|finish|take over) the (work|works)[^.]{0,120}(cost|expense|account)|excess (cost|expense)|additional cost of completion/);
    if (completion >= 0)
      out.push(
        risk("medium", "Owner completes at the contractor's cost", "After termination the owner may finish the work and recover the extra cost from the contractor.", completion, {
          title: "Limit recovery of completion costs",
          description: "Recovery should be limited to reasonable, documented excess costs and count toward the liability cap.",
        }),
      );
    return out;
  },

  payment_terms(t) {
    const out: Judgement[] = [];
    const terms = periods(t, 5, 180).filter((p) => /invoice|payment|paid|pay\b|receipt|billing|application/.test(t.slice(Math.max(0, p.index - 120), p.index + 120)));
    const term = terms[0];
    if (term && term.days > 45)
      out.push(
        risk("high", `Long payment period (${term.raw})`, `Invoices are paid ${term.raw} after submission: a heavy financing burden, and longer than prompt-payment laws allow in several provinces.`, term.index, {
          title: "Shorten the payment period",
          description: "Ask for payment within 28–30 days of a proper invoice, in line with provincial prompt-payment legislation where it applies.",
        }),
      );
    else if (term && term.days > 30)
      out.push(
        risk("medium", `Payment period of ${term.raw}`, `Invoices are paid ${term.raw} after submission.`, term.index, {
          title: "Align payment timing with prompt-payment law",
          description: "Where a provincial prompt-payment act applies (e.g. Ontario: 28 days from a proper invoice), the contract should not be slower.",
        }),
      );
    else if (term) out.push(advantage(`Prompt payment (${term.raw})`, `Invoices are paid within ${term.raw}.`, term.index));
    const interest = find(t, /interest (on|at|shall accrue|will accrue|is payable)|late payment (interest|charge)/);
    if (interest >= 0) out.push(advantage("Interest on late payment", "Late payments carry interest.", interest));
    const setOff = find(t, /set[- ]?off|withhold (any|payment|amounts|from)|back[- ]?charge/);
    if (setOff >= 0)
      out.push(
        risk("medium", "Owner may set off or withhold", "The owner can withhold or set off amounts against payments due.", setOff, {
          title: "Limit set-off to undisputed, liquidated amounts",
          description: "Withholding should require written notice with reasons and apply only to amounts actually owed under this contract.",
        }),
      );
    return out;
  },

  pay_when_paid(t) {
    const ifPaid = find(t, /condition precedent|pay[- ]if[- ]paid|only (if|when|upon|to the extent)[^.]{0,60}(receive|paid|payment)|unless and until[^.]{0,60}(receive|paid)/);
    return [
      risk(ifPaid >= 0 ? "critical" : "high", ifPaid >= 0 ? "Pay-if-paid: payment depends on the owner paying" : "Pay-when-paid", ifPaid >= 0 ? "Payment is conditional on the paying party being paid upstream: if the owner never pays, neither does this contract." : "Payment waits for payment from upstream, shifting the owner's credit risk down the chain.", ifPaid >= 0 ? ifPaid : find(t, /paid|payment/), {
        title: "Replace pay-when-paid with fixed payment dates",
        description: "Prompt-payment statutes (e.g. Ontario's Construction Act) restrict pay-when-paid terms; ask for payment within a fixed period of a proper invoice regardless of upstream payment.",
      }),
    ];
  },

  holdback(t) {
    const pct = percentages(t)[0];
    if (pct && pct.value > 10)
      return [
        risk("high", `Holdback above 10% (${pct.value}%)`, `The contract retains ${pct.value}% of each payment, more than the statutory 10% holdback.`, pct.index, {
          title: "Reduce the holdback to the statutory 10%",
          description: "Provincial construction and lien acts set a 10% holdback; retention above it ties up working capital without legal need.",
        }),
      ];
    const release = find(t, /releas|paid out|payable (upon|on|after)/);
    return [
      risk("low", `Holdback${pct ? ` of ${pct.value}%` : ""}`, "Part of each payment is held back until the lien period ends; check when and how it is released.", pct?.index ?? find(t, /holdback|retain|retention/), {
        title: "Tie holdback release to the statutory lien period",
        description: "Ask for release as soon as the lien period after substantial performance expires, with annual or phased release on long projects where the province allows it.",
      }),
      ...(release >= 0 ? [advantage("Holdback release is defined", "The clause says when the holdback is paid out.", release)] : []),
    ];
  },

  change_orders(t) {
    const out: Judgement[] = [];
    const strict = find(t, /(no|not be entitled to|shall not be (paid|entitled)|will not be (paid|compensated))[^.]{0,120}(unless|without|except)[^.]{0,60}(written|in writing|change order|signed)|(waive[sd]?|forfeit)[^.]{0,80}(change|extra|additional)/);
    const proceed = find(t, /proceed (with|diligently)[^.]{0,80}(pending|notwithstanding|despite)|change directive|unilateral(ly)?/);
    const adjust = find(t, /(adjust(ment)?|equitabl[ey] adjust)[^.]{0,60}(contract price|price|schedule|time|completion date)|(contract price|price) and (the )?(schedule|time|contract time)/);
    if (strict >= 0)
      out.push(
        risk("medium", "Strict written change order requirement", "Extra work done without a signed change order may not be paid.", strict, {
          title: "Provide for changes directed in emergencies or by conduct",
          description: "Allow written directives to be confirmed later and keep a right to payment for work the owner instructed.",
        }),
      );
    if (proceed >= 0)
      out.push(
        risk("medium", "Contractor must proceed with disputed changes", "The contractor must perform changes before price and time are agreed.", proceed, {
          title: "Secure interim payment for directed changes",
          description: "Work under a change directive should be paid on a cost-plus basis until the change is valued.",
        }),
      );
    if (adjust >= 0) out.push(advantage("Changes adjust price and schedule", "Changes come with an adjustment of the contract price and time.", adjust));
    return out;
  },

  force_majeure(t) {
    const out: Judgement[] = [];
    const noCost = find(t, /(not be entitled to|no) (any )?(additional )?(compensation|payment|costs?|reimbursement)|(at|for) (its|their) own (cost|expense)/);
    const time = find(t, /extension of (time|the (schedule|completion date|contract time))|extend(ed)? (the )?(contract time|time|schedule|completion date)|(time|schedule|completion date)[^.]{0,60}(shall|will|may) be (equitably )?extended|excused/);
    const pandemic = find(t, /pandemic|epidemic/);
    if (time >= 0) out.push(advantage("Force majeure excuses delay", "Events beyond the parties' control extend the time for performance.", time));
    else out.push(advantage("Force majeure relief", "Events beyond the parties' control excuse performance.", find(t, /force majeure|beyond (the|its|their) (reasonable )?control/)));
    if (pandemic >= 0) out.push(advantage("Pandemics are force majeure", "Epidemics and pandemics are listed events.", pandemic));
    if (noCost >= 0)
      out.push(
        risk("medium", "No cost relief for force majeure", "Time may be extended but the contractor carries its own standby and delay costs.", noCost, {
          title: "Share force majeure standby costs",
          description: "Ask for recovery of demobilization and standby costs, and a right to terminate after a prolonged event (e.g. 90 days).",
        }),
      );
    return out;
  },

  warranty(t) {
    const out: Judgement[] = [];
    const spans = periods(t, 90, 3650);
    const longest = spans.length > 0 ? spans.reduce((a, b) => (a.days >= b.days ? a : b)) : null;
    if (longest && longest.days > 730)
      out.push(
        risk("high", `Long warranty period (${longest.raw})`, `Defects must be corrected for ${describeDays(longest.days)}, well beyond the usual 12 months.`, longest.index, {
          title: "Shorten the warranty period",
          description: "A balanced EPC warranty runs 12 months from substantial performance, with extensions on repaired work capped at 24 months in total.",
        }),
      );
    else if (longest && longest.days > 400)
      out.push(
        risk("medium", `Warranty of ${longest.raw}`, `Defects must be corrected for ${describeDays(longest.days)}.`, longest.index, {
          title: "Price the longer warranty or shorten it",
          description: "Twelve months from substantial performance is the market norm.",
        }),
      );
    else if (longest) out.push(advantage(`Standard warranty period (${longest.raw})`, "The defects period is in line with the market.", longest.index));
    const fitness = find(t, /fit(ness)? for (its |the |their )?(intended )?purpose/);
    if (fitness >= 0)
      out.push(
        risk("high", "Fitness-for-purpose warranty", "The contractor warrants the result suits its purpose, a strict obligation beyond reasonable skill and care and often uninsurable.", fitness, {
          title: "Replace fitness for purpose with a skill-and-care standard",
          description: "Warrant conformity with the specifications and professional skill and care, not fitness for purpose.",
        }),
      );
    const restart = find(t, /(new|further|fresh|renewed|restart|recommence|re-commence|begin again)[^.]{0,60}warranty period|warranty period[^.]{0,60}(restart|recommence|begin again|extended)/);
    if (restart >= 0)
      out.push(
        risk("medium", "Warranty restarts on repaired work", "Each repair starts a new warranty period for the repaired part.", restart, {
          title: "Cap warranty extensions",
          description: "Limit extended warranties on repaired work to a total of 24 months from substantial performance.",
        }),
      );
    const exclusive = find(t, /in lieu of all other warrant|exclusive remedy|sole remedy|disclaims? (all )?(other|implied)/);
    if (exclusive >= 0) out.push(advantage("Warranty is the exclusive remedy", "Other warranties and remedies for defects are excluded.", exclusive));
    return out;
  },

  insurance(t) {
    const out: Judgement[] = [];
    const waiver = find(t, /waiver of subrogation|waive[sd]? (all |any )?(rights of )?subrogation/);
    if (waiver >= 0) out.push(advantage("Waiver of subrogation", "Insurers cannot pursue the parties covered by the waiver.", waiver));
    const owner = find(t, /(owner|company|client) (shall|will) (obtain|maintain|procure|provide|carry)[^.]{0,80}(builder'?s risk|course of construction|wrap[- ]?up|project insurance)/);
    if (owner >= 0) out.push(advantage("Owner provides project insurance", "The owner carries the builder's risk or wrap-up policy.", owner));
    const high = amounts(t).find((a) => a.value >= 25_000_000);
    if (high)
      out.push(
        risk("medium", `High insurance limits (${high.raw})`, "Limits at this level may exceed the contractor's program; check availability and cost.", high.index, {
          title: "Match insurance limits to the existing program",
          description: "Confirm with the broker before signing, and price any additional cover.",
        }),
      );
    return out;
  },

  bonds_security(t) {
    const out: Judgement[] = [];
    const onDemand = find(t, /on[- ]demand|unconditional|irrevocable (standby )?letter of credit|without (proof|reference to)/);
    const pct = percentages(t).find((p) => /bond|security|letter of credit|guarantee/.test(t.slice(Math.max(0, p.index - 150), p.index + 150)));
    if (onDemand >= 0)
      out.push(
        risk("high", "On-demand security", "The security can be called without proving a default.", onDemand, {
          title: "Make the security conditional",
          description: "Ask for surety bonds (CCDC 221/222 style) rather than on-demand letters of credit, or limit calls to amounts finally determined as owed.",
        }),
      );
    if (pct && pct.value >= 100)
      out.push(risk("high", `Security of ${pct.value}% of the contract price`, "Full-value security ties up bonding capacity.", pct.index, { title: "Reduce the security amount", description: "Performance and payment bonds of 50% of the contract price are the Canadian norm." }));
    else if (pct) out.push(risk("low", `Security of ${pct.value}% of the contract price`, "Bonds or security must be provided; their cost belongs in the price.", pct.index));
    else if (onDemand < 0) out.push(risk("low", "Bonds or security required", "The contractor must furnish security; its cost belongs in the price.", find(t, /bond|security|letter of credit|guarantee/)));
    return out;
  },

  performance_guarantee(t) {
    const cap = find(t, /(shall not|will not|not to) exceed|maximum|capped|limited to/);
    const at = find(t, /guarantee|warrant|performance test|output|efficiency|capacity|availability/);
    return [
      risk(cap >= 0 ? "medium" : "high", cap >= 0 ? "Performance guarantees (capped)" : "Performance guarantees", `The contractor guarantees output, efficiency or availability${cap >= 0 ? "; the damages are capped" : ", with no stated cap on the damages for shortfall"}.`, at, {
        title: "Cap performance damages and define the tests",
        description: "Tie guarantees to clear test procedures and tolerances, allow remedial work before damages apply, and cap performance LDs.",
      }),
    ];
  },

  dispute_resolution(t) {
    const out: Judgement[] = [];
    const finalSay = find(t, new RegExp(String.raw`(${OWNER}|engineer|consultant|architect)'?s? (decision|determination|interpretation)[^.]{0,40}(shall be|is|will be) (final|conclusive|binding)`));
    if (finalSay >= 0)
      out.push(
        risk("high", "The owner's side decides disputes", "A decision by the owner or its consultant is final: there is no independent forum.", finalSay, {
          title: "Provide for independent dispute resolution",
          description: "Negotiation, then mediation, then arbitration or the courts; statutory adjudication where the province provides it.",
        }),
      );
    const steps = find(t, /negotiat|senior (executives|representatives|management)|mediat/);
    if (steps >= 0) out.push(advantage("Stepped dispute resolution", "Disputes go through negotiation or mediation before a binding forum.", steps));
    const arbitration = find(t, /arbitrat/);
    if (arbitration >= 0) out.push(advantage("Arbitration", "Disputes are decided privately by arbitration.", arbitration));
    const adjudication = find(t, /adjudicat/);
    if (adjudication >= 0) out.push(advantage("Adjudication available", "Interim adjudication can resolve payment disputes quickly.", adjudication));
    const seat = find(t, /\b(new york|london|singapore|paris|geneva|houston|hong kong|icc|lcia)\b/);
    if (seat >= 0)
      out.push(risk("medium", "Disputes resolved outside Canada", "The forum or seat is abroad, adding cost and foreign procedure.", seat, { title: "Seat disputes in the project's province", description: "Choose a Canadian seat and rules (e.g. ADR Institute of Canada)." }));
    return out;
  },

  governing_law(t) {
    const foreign = find(t, FOREIGN_LAW);
    if (foreign >= 0 && !CANADIAN_PLACE.test(t.slice(foreign - 80 < 0 ? 0 : foreign - 80, foreign)))
      return [
        risk("high", "Foreign governing law", "The contract is governed by a law outside Canada, for work done in Canada.", foreign, {
          title: "Choose the law of the project's province",
          description: "Canadian lien, holdback, prompt-payment and safety statutes apply to the site anyway; aligning the governing law avoids conflicts.",
        }),
      ];
    const place = /\b(ontario|quebec|québec|british columbia|alberta|saskatchewan|manitoba|nova scotia|new brunswick|newfoundland and labrador|prince edward island|yukon|northwest territories|nunavut)\b/.exec(t);
    if (place) return [advantage(`Canadian governing law (${place[1]!.replace(/\b\w/g, (c) => c.toUpperCase())})`, "The contract is governed by Canadian provincial law.", place.index)];
    return [];
  },

  confidentiality(t) {
    const out: Judgement[] = [];
    const perpetual = find(t, /perpetu|indefinite|in perpetuity|without (limit|limitation) (in|as to) time|survive[^.]{0,40}(indefinitely|forever)/);
    if (perpetual >= 0)
      out.push(risk("medium", "Perpetual confidentiality", "The confidentiality duty never ends.", perpetual, { title: "Limit confidentiality to a fixed term", description: "Three to five years after completion is typical, longer only for trade secrets." }));
    if (MUTUAL.test(t)) out.push(advantage("Mutual confidentiality", "Both parties protect each other's information.", find(t, MUTUAL)));
    return out;
  },

  ip_ownership(t) {
    const out: Judgement[] = [];
    const background = find(t, /pre-?existing|background (ip|intellectual)|(previously|already) (owned|developed)/);
    const toOwner = find(t, new RegExp(String.raw`(vest|belong|become the (sole |exclusive )?property|owned by|assign(s|ed)?)[^.]{0,80}${OWNER}`));
    const licence = find(t, /licen[cs]e/);
    if (background >= 0 && toOwner >= 0 && licence < 0)
      out.push(
        risk("high", "Background IP transferred to the owner", "The contractor's pre-existing know-how may pass to the owner.", background, {
          title: "Keep background IP and license it",
          description: "The contractor should keep pre-existing IP and grant the owner a licence to use it for the project.",
        }),
      );
    else if (toOwner >= 0)
      out.push(risk("medium", "Owner owns the work product", "Designs and deliverables become the owner's property.", toOwner, { title: "Keep a right to reuse general know-how", description: "Exclude background IP and standard details, and keep a licence to reuse them." }));
    if (licence >= 0 && background >= 0) out.push(advantage("Contractor keeps its background IP", "Pre-existing IP stays with its owner under a licence.", licence));
    return out;
  },

  assignment(t) {
    const out: Judgement[] = [];
    const ownerFree = find(t, new RegExp(String.raw`${OWNER} may[^.]{0,60}assign[^.]{0,120}without (the )?(prior )?(written )?(consent|approval)`));
    if (ownerFree >= 0)
      out.push(risk("medium", "Owner may assign without consent", "The owner can transfer the contract to another party, whose credit the contractor has not checked.", ownerFree, { title: "Require consent or a guarantee for assignment", description: "Ask for consent (not unreasonably withheld) or for the assignor to remain liable for payment." }));
    const reasonable = find(t, /not (to )?be unreasonably withheld|unreasonably (withhold|withheld)/);
    if (reasonable >= 0) out.push(advantage("Consent not unreasonably withheld", "Assignment needs consent that cannot be refused without reason.", reasonable));
    else if (/neither party|either party/.test(t)) out.push(advantage("Assignment restricted for both parties", "Neither party can assign without the other's consent.", find(t, /neither party|either party/)));
    return out;
  },

  change_of_control(t) {
    const terminate = find(t, /terminat/);
    return [
      risk("medium", terminate >= 0 ? "Termination on change of control" : "Change of control restrictions", "A change in who controls the contractor triggers the other party's rights under the contract.", terminate >= 0 ? terminate : find(t, /change (of|in) control|control/), {
        title: "Carve out internal reorganisations",
        description: "Exclude transfers within the same corporate group and public share trading; require notice rather than consent.",
      }),
    ];
  },

  audit_rights(t) {
    const out: Judgement[] = [];
    const years = periods(t, 365, 7300).find((p) => /retain|keep|maintain|records|period/.test(t.slice(Math.max(0, p.index - 150), p.index + 150)));
    if (years && years.days > 7 * 365)
      out.push(risk("medium", `Long record retention (${years.raw})`, `Records must be kept for ${describeDays(years.days)}.`, years.index, { title: "Shorten the retention period", description: "Six or seven years after final payment matches Canadian tax and limitation periods." }));
    const lumpSum = find(t, /lump[- ]sum|fixed[- ]price|stipulated price|(make[- ]?up|composition) of (the )?(price|rates)|profit/);
    if (lumpSum >= 0)
      out.push(risk("medium", "Audit reaches fixed-price components", "The owner may audit how fixed prices or margins were built up.", lumpSum, { title: "Exclude fixed prices and margins from audit", description: "Limit audits to cost-reimbursable work, changes and claims." }));
    if (out.length === 0) out.push(risk("low", "Owner audit rights", "The owner may inspect and audit the contractor's records.", find(t, /audit|inspect/)));
    return out;
  },

  notice_requirements(t) {
    const bar = find(
      t,
      /(fail(s|ure|ing)?|not (give|provide|submit))[^.]{0,100}notice[^.]{0,160}(waive|barred|forfeit|deemed|shall not be entitled|will not be entitled|no (further )?(claim|entitlement|right))|notice[^.]{0,160}(failing which|otherwise)[^.]{0,80}(waive|barred|forfeit|deemed|not be entitled)|(claim|entitlement)[^.]{0,60}(shall|will|is) (be )?(deemed )?(to have been )?(waived|barred|forfeited|released)|condition precedent/,
    );
    if (bar < 0) return [];
    const window = periods(t, 1, 120)[0];
    const short = window !== undefined && window.days <= 14;
    return [
      risk(short ? "high" : "medium", window ? `Claims time bar (${window.raw})` : "Claims time bar", `A claim not notified ${window ? `within ${window.raw}` : "in time"} is lost.`, bar, {
        title: "Relax the notice time bar",
        description: "Ask for 21–28 days from when the contractor knew or ought to have known of the event, and no forfeiture where the owner was not prejudiced by late notice.",
      }),
    ];
  },

  schedule_delay(t) {
    const out: Judgement[] = [];
    const noDamages = find(t, /no damages for delay|(not be entitled to|no) (any )?(compensation|damages|payment|costs?)[^.]{0,40}(for|arising from|on account of) (any )?(delay|disruption|suspension)/);
    if (noDamages >= 0)
      out.push(
        risk("high", "No damages for delay", "The contractor gets time but no money for delays, even those the owner causes.", noDamages, {
          title: "Recover costs for owner-caused delay",
          description: "Delay caused by the owner or its consultants should extend time and pay the contractor's reasonable costs.",
        }),
      );
    const essence = find(t, /time (is|shall be) of the essence/);
    if (essence >= 0)
      out.push(risk("medium", "Time is of the essence", "Any lateness may be treated as a fundamental breach.", essence, { title: "Remove 'time is of the essence'", description: "Rely on LDs and extensions of time instead." }));
    const accelerate = find(t, /accelerat/);
    if (accelerate >= 0 && /(own|its) (cost|expense)|no additional (cost|compensation)|without (additional )?(cost|compensation)/.test(t))
      out.push(risk("medium", "Acceleration at the contractor's cost", "The contractor must recover lost time at its own expense.", accelerate, { title: "Pay for directed acceleration", description: "Acceleration ordered to recover excusable delay should be a change." }));
    const eot = find(t, /extension of (the )?(time|contract time|completion date|schedule)|extend(ed)? (the )?(contract time|time for completion|completion date|schedule)/);
    if (eot >= 0) out.push(advantage("Extension of time for excusable delay", "Delays outside the contractor's control extend the completion date.", eot));
    return out;
  },

  site_conditions(t) {
    const out: Judgement[] = [];
    const relief = find(t, /(differing|changed|concealed|unforeseen|unknown|unanticipated) (site |subsurface |physical |ground )?conditions?[^.]{0,200}(adjust|compensat|extension|change|increase|entitled)|(adjust|compensat|extension|increase)[^.]{0,200}(differing|concealed|unforeseen|unknown) (site |subsurface |physical )?conditions?/);
    const assumes = find(t, /deemed to have (satisfied|inspected|examined|visited|knowledge)|satisfied (itself|himself|themselves)|accepts? the site|(sole|own) risk[^.]{0,80}(site|ground|subsurface)|no (claim|adjustment|extension)[^.]{0,80}(site|ground|subsurface|conditions)|(site|ground|subsurface)[^.]{0,80}(shall not|will not|not be) entitle/);
    if (assumes >= 0 && relief < 0)
      out.push(
        risk("high", "Contractor bears site condition risk", "Unexpected ground or site conditions are the contractor's problem, with no change in price or time.", assumes, {
          title: "Add a differing site conditions clause",
          description: "Conditions materially different from the owner's reports or reasonable expectation should adjust price and time (CCDC 2 GC 6.4 style).",
        }),
      );
    if (relief >= 0) out.push(advantage("Differing site conditions relief", "Unforeseen site conditions adjust the price or time.", relief));
    return out;
  },

  safety(t) {
    const constructor = find(t, /\b(constructor|prime contractor)\b/);
    if (constructor >= 0)
      return [
        risk("medium", "Contractor takes the constructor role", "Under provincial occupational health and safety law the 'constructor' or 'prime contractor' answers for the whole site.", constructor, {
          title: "Price and staff the constructor role",
          description: "Confirm who is constructor for each area and period, and that other owner contractors follow the site safety program.",
        }),
      ];
    return [];
  },

  environmental(t) {
    const preExisting = find(t, /pre-?existing|existing (contamination|hazardous|environmental)|prior to the (commencement|start|date)|(was|were) present (at|on) the site/);
    const ownerKeeps = new RegExp(String.raw`${OWNER} (shall|will) (be responsible|remain responsible|retain|indemnify|bear)`).test(t);
    const contractorAll = find(t, new RegExp(String.raw`${CONTRACTOR}[^.]{0,60}(responsible|liable)[^.]{0,80}(all|any) (environmental|contamination|hazardous|pollution|spills?)`));
    if (preExisting >= 0 && ownerKeeps) return [advantage("Owner keeps pre-existing contamination", "Contamination present before the work stays the owner's responsibility.", preExisting)];
    if (contractorAll >= 0)
      return [
        risk("high", "Contractor carries all environmental liability", "The contractor answers for any contamination, including what it did not cause.", contractorAll, {
          title: "Exclude pre-existing contamination",
          description: "The contractor should answer for contamination it causes; the owner keeps pre-existing conditions and hazardous materials it did not disclose.",
        }),
      ];
    return [];
  },

  non_compete(t) {
    const term = periods(t, 30, 3650)[0];
    return [
      risk(term && term.days > 365 ? "high" : "medium", "Non-compete restriction", `The contractor may not work for competitors or in the area${term ? ` for ${term.raw}` : ""}.`, term?.index ?? find(t, /compet|solicit/), {
        title: "Narrow or remove the non-compete",
        description: "Limit it to named projects or customers and a short period; Canadian courts read broad restraints of trade narrowly.",
      }),
    ];
  },

  exclusivity(t) {
    return [
      risk("medium", "Exclusivity", "One party must deal only with the other for the covered work or supply.", find(t, /exclusiv|sole (supplier|provider|source)/), {
        title: "Limit exclusivity in scope and time",
        description: "Tie exclusivity to defined scope, territory and term, with an exit if the other side fails to perform.",
      }),
    ];
  },

  minimum_commitment(t) {
    const takeOrPay = find(t, /take[- ]or[- ]pay|shortfall (payment|fee)|pay for (any|the) shortfall/);
    return [
      risk(takeOrPay >= 0 ? "high" : "medium", takeOrPay >= 0 ? "Take-or-pay commitment" : "Minimum commitment", "A minimum volume or spend must be paid for whether or not it is used.", takeOrPay >= 0 ? takeOrPay : find(t, /minimum/), {
        title: "Link the minimum to actual demand",
        description: "Reduce or remove the minimum when the project is delayed, suspended or terminated.",
      }),
    ];
  },
};

export function judge(code: ClauseCode, folded: string): Judgement[] {
  return JUDGES[code](folded);
}
