import { JURISDICTION_PROFILES } from "../../jurisdictions/statutes";
import { amounts, percentages } from "../text";
import {
  actorAt,
  actorOf,
  benefit,
  burden,
  describeDays,
  find,
  findWhere,
  found,
  mentions,
  other,
  periods,
  sentenceStart,
  The,
  the,
  whoName,
  type JudgeContext,
  type Term,
  type Who,
} from "./context";

/** Who pays under a clause ("the Owner shall pay"), the customer when it does not say. */
function payerOf(ctx: JudgeContext): Who {
  const { who } = actorOf(ctx, /\b(?:shall|will|must|agrees? to) (?:pay|make payment|remit)\b/, "customer");
  return who ?? "customer";
}

const payee = (payer: Who): Who => (payer === "both" ? "both" : other(payer));

/** The prompt-payment statute of the province, when Canadian law or a Canadian site brings it in. */
function promptPaymentAct(ctx: JudgeContext): string | null {
  if (!ctx.canadian || !ctx.province) return null;
  return JURISDICTION_PROFILES[ctx.province].promptPayment?.act ?? null;
}

/**
 * A payment period: "pay each proper invoice within 28 days of receipt", "due 45 days after the
 * invoice date", "net 30". A deadline for something else ("within 60 days after receipt of notice
 * from Owner", a cure or suspension period) is not one.
 */
function paymentPeriod(t: string): { days: number; index: number; raw: string } | null {
  for (const p of periods(t, 5, 180)) {
    const before = t.slice(Math.max(0, p.index - 120), p.index);
    const after = t.slice(p.index, p.index + 120);
    const pays = /\b(?:pay|paid|payment|payable|due|remit)\w*\b[^.;]*$/.test(before) || /^\S+ \S+ (?:net|after which payment)/.test(after);
    const ofInvoice = /\b(?:(?:receipt|submission|date) of (?:a |the |each |an |its )?(?:proper |approved |undisputed |correct |valid )?(?:invoice|application for payment|payment application|progress claim|statement|certificate)|invoice (?:date|is received)|(?:proper |approved )?invoices?\b|application for payment|payment certificate)/.test(`${before.slice(-80)} ${after}`);
    const forSomethingElse = /^[^.;]{0,30}\b(?:after|of|from|following) (?:receipt of |the date of |delivery of )?(?:written )?(?:notice|demand|a notice|the notice)\b/.test(after) || /\b(?:suspend|terminat|cure|remedy|rectify|object|dispute)\w*\b[^.;]{0,60}$/.test(before);
    if (pays && ofInvoice && !forSomethingElse) return p;
    if (/^\S+ \S+$/.test(p.raw) && /\bnet\s*$/.test(before)) return p;
  }
  return null;
}

export function paymentTerms(ctx: JudgeContext): Term[] {
  const { t } = ctx;
  const payer = payerOf(ctx);
  const paid = payee(payer);
  const statute = promptPaymentAct(ctx);
  const term = paymentPeriod(t);
  const out: (Term | null)[] = [];
  if (term && term.days > 30) {
    const high = term.days > 45;
    out.push(
      burden(paid, high ? "high" : "medium", high ? `Long payment period (${term.raw})` : `Payment period of ${term.raw}`, `Invoices are paid ${term.raw} after submission${high ? ": a heavy financing burden" : ""}${statute ? `, slower than ${statute} allows where it applies` : ""}.`, term.index, {
        title: high ? "Shorten the payment period" : "Align payment timing with the market",
        description: statute ? `Ask for payment within 28 days of a proper invoice, as ${statute} requires where it applies.` : "Ask for payment within 30 days of a proper invoice, with interest on late payment.",
      }),
    );
  } else if (term) {
    out.push(benefit(paid, `Prompt payment (${term.raw})`, `Invoices are paid within ${term.raw}.`, term.index));
  }
  const interest = find(t, /\binterest (?:on|at|shall accrue|will accrue|is payable)\b|\blate payment (?:interest|charge)/);
  if (interest >= 0) out.push(benefit(paid, "Interest on late payment", "Late payments carry interest.", interest));
  // A payment clause may carry the condition itself, whatever type the classifier gave it.
  out.push(...payWhenPaidTerms(ctx).map((term) => ({ ...term, code: "pay_when_paid" as const })));
  const setOffAt = find(t, /\bset[- ]?off\b|\bwithhold (?:any|payment|amounts|from)\b|\bback[- ]?charge/);
  if (setOffAt >= 0) {
    const who = actorAt(ctx, setOffAt) ?? payer;
    if (who !== "both")
      out.push(
        burden(other(who), "medium", `${The(ctx, who)} may set off or withhold`, `${The(ctx, who)} can withhold or set off amounts against payments due to ${the(ctx, other(who))}.`, setOffAt, {
          title: "Limit set-off to undisputed, liquidated amounts",
          description: "Withholding should require written notice with reasons and apply only to amounts actually owed under this contract.",
        }),
      );
  }
  return found(out);
}

/**
 * Pay-when-paid needs the payer's own receipt of payment from someone upstream as the trigger or the
 * condition. "Within 60 days after receipt of notice from Owner", a confidentiality exception for
 * information "received from a third party" and an ordinary payment period are not.
 */
const WHEN_PAID = [
  /\bpay[- ]when[- ]paid\b/,
  /\b(?:after|following|upon|on|within [^.;]{0,40}(?:after|of|following)) (?:the )?(?:\w+'s )?(?:actual )?(?:receipt|receiving) of (?:the )?(?:corresponding |related |applicable |full )?(?:payment|funds|monies|moneys)\b[^.;]{0,80}\b(?:from|by) (?:the )?\w+/,
  /\b(?:when|after|once|until|as) (?:and to the extent )?(?:the )?\w+ (?:has been|is|have been) paid\b[^.;]{0,60}\bby (?:the )?\w+/,
  /\b(?:has|have) (?:actually )?received (?:the )?(?:corresponding |related )?payment\b[^.;]{0,60}\bfrom\b/,
];
const IF_PAID = [
  /\bpay[- ]if[- ]paid\b/,
  /\bcondition precedent\b[^.;]{0,120}\b(?:payment|paid|receipt of (?:payment|funds))\b/,
  /\b(?:receipt of payment|payment (?:from|by) the \w+|being paid)\b[^.;]{0,100}\bcondition precedent\b/,
  /\b(?:conditional|contingent|dependent) (?:up)?on\b[^.;]{0,80}\b(?:receipt of (?:payment|funds)|receiving payment|being paid|payment (?:from|by) (?:the )?\w+)/,
  /\b(?:unless and until|only if|only when|only to the extent that|if and only if)\b[^.;]{0,80}\b(?:received? (?:payment|funds)|receipt of (?:payment|funds)|has been paid|have been paid|is paid)\b/,
  /\bno (?:obligation|liability) to pay\b[^.;]{0,120}\b(?:until|unless)\b[^.;]{0,80}\b(?:received?|paid|payment)\b/,
];

/** The party whose own receipt of payment is the condition: "receipt by the Owner of payment", "the Contractor's receipt of payment", "payment to the Subcontractor". */
function conditionedPayer(ctx: JudgeContext, at: number): Who | null {
  const span = ctx.t.slice(Math.max(0, sentenceStart(ctx.t, at)), Math.min(ctx.t.length, at + 240));
  const first = (re: RegExp): Who | null => {
    const m = re.exec(span);
    if (!m) return null;
    return mentions(ctx, span.slice(m.index, m.index + m[0].length)).find((x) => x.who !== "both")?.who ?? null;
  };
  const receiver =
    first(/\breceipt by (?:the )?[\w-]+/) ??
    first(/\b[\w-]+(?:'s|s') (?:actual )?receipt of (?:the )?(?:corresponding |related )?(?:payment|funds)/) ??
    first(/\b(?:until|unless|when|after|once|if|as) (?:and to the extent )?(?:the )?[\w-]+ (?:has|have|is|are) (?:actually )?(?:been )?(?:paid|received)/) ??
    first(/\b(?:the )?[\w-]+ (?:has|have) (?:actually )?received (?:the )?(?:corresponding |related )?payment/);
  if (receiver) return receiver;
  const payeeNamed = first(/\bpayments? (?:due )?to (?:the )?[\w-]+/);
  return payeeNamed && payeeNamed !== "both" ? other(payeeNamed) : null;
}

export function payWhenPaidTerms(ctx: JudgeContext): Term[] {
  const { t } = ctx;
  const ifAt = IF_PAID.map((re) => find(t, re)).filter((i) => i >= 0).sort((a, b) => a - b)[0] ?? -1;
  const whenAt = WHEN_PAID.map((re) => find(t, re)).filter((i) => i >= 0).sort((a, b) => a - b)[0] ?? -1;
  const at = ifAt >= 0 ? ifAt : whenAt;
  if (at < 0) return [];
  const payer = conditionedPayer(ctx, at) ?? payerOf(ctx);
  const paid = payee(payer);
  const statute = promptPaymentAct(ctx);
  const conditional = ifAt >= 0;
  const upstream = mentions(ctx, t.slice(at, at + 200)).find((m) => m.who !== payer && m.who !== paid)?.who;
  const from = upstream ? ` (${whoName(ctx, upstream)})` : "";
  return found([
    burden(
      paid,
      conditional ? "critical" : "high",
      conditional ? "Pay-if-paid: payment depends on the payer being paid" : "Pay-when-paid",
      conditional
        ? `${The(ctx, payer === "both" ? "customer" : payer)} pays ${whoName(ctx, paid)} only if it is paid itself${from}: if payment upstream never comes, neither does this one.`
        : `${The(ctx, payer === "both" ? "customer" : payer)} pays ${whoName(ctx, paid)} after it is paid itself${from}: the upstream party's credit risk moves down the chain.`,
      at,
      {
        title: "Replace pay-when-paid with fixed payment dates",
        description: statute
          ? `${statute} restricts pay-when-paid terms; ask for payment within a fixed period of a proper invoice regardless of upstream payment.`
          : "Ask for payment within a fixed period of a proper invoice regardless of upstream payment.",
      },
    ),
  ]);
}

export function holdbackTerms(ctx: JudgeContext): Term[] {
  const { t } = ctx;
  const wording = find(t, /\bhold ?back\b|\bretain(?:age|ed)?\b|\bretention\b/);
  if (wording < 0) return [];
  const holder = actorAt(ctx, wording) ?? "customer";
  const paid = payee(holder);
  const percent = percentages(t).find((p) => Math.abs(p.index - wording) < 250);
  const statutory = ctx.canadian && ctx.province ? JURISDICTION_PROFILES[ctx.province].holdbackPercent : null;
  const word = ctx.canadian ? "holdback" : "retention";
  const out: (Term | null)[] = [];
  if (percent && percent.value > (statutory ?? 10)) {
    out.push(
      burden(paid, "high", `${word === "holdback" ? "Holdback" : "Retention"} above ${statutory ?? 10}% (${percent.value}%)`, `${The(ctx, holder === "both" ? "customer" : holder)} keeps ${percent.value}% of each payment${statutory ? `, more than the statutory ${statutory}% holdback` : ""}.`, percent.index, {
        title: `Reduce the ${word} to ${statutory ?? 10}%`,
        description: statutory ? `The provincial lien statute sets a ${statutory}% holdback; retention above it ties up working capital without legal need.` : "Retention above 5–10% ties up working capital; ask for a lower rate or a retention bond.",
      }),
    );
  } else if (percent) {
    out.push(
      burden(paid, "low", `${word === "holdback" ? "Holdback" : "Retention"} of ${percent.value}%`, `Part of each payment is held back${ctx.canadian ? " until the lien period ends" : ""}; check when and how it is released.`, percent.index, {
        title: `Tie ${word} release to a fixed event`,
        description: ctx.canadian ? "Ask for release as soon as the statutory lien period after substantial performance expires." : "Ask for release at completion (half) and at the end of the defects period (the rest), or a retention bond.",
      }),
    );
  }
  const release = find(t, /\breleas\w*\b|\bpaid out\b|\bpayable (?:upon|on|after)\b/);
  if (release >= 0 && percent) out.push(benefit(paid, `${word === "holdback" ? "Holdback" : "Retention"} release is defined`, "The clause says when the amount held back is paid out.", release));
  return found(out);
}

export function bondsTerms(ctx: JudgeContext): Term[] {
  const { t } = ctx;
  const at = find(t, /\b(?:performance|payment|labour and material|advance payment|warranty) bonds?\b|\bletters? of credit\b|\bparent (?:company )?guarantee\b|\bsecurity\b/);
  if (at < 0) return [];
  const { who: giverWho } = actorOf(ctx, /\b(?:shall|will|must) (?:provide|furnish|deliver|post|obtain|maintain|procure)\b[^.]{0,80}\b(?:bonds?|letters? of credit|guarantee|security)\b/, "provider");
  const giver = giverWho ?? "provider";
  const onDemand = find(t, /\bon[- ]demand\b|\bunconditional\b|\birrevocable (?:standby )?letter of credit\b|\bwithout (?:proof|reference to)\b/);
  const share = percentages(t).find((p) => /bond|security|letter of credit|guarantee/.test(t.slice(Math.max(0, p.index - 150), p.index + 150)));
  const out: (Term | null)[] = [];
  if (onDemand >= 0)
    out.push(
      burden(giver, "high", "On-demand security", `The security ${whoName(ctx, giver)} provides can be called without proving a default.`, onDemand, {
        title: "Make the security conditional",
        description: ctx.canadian ? "Ask for surety bonds (CCDC 221/222 style) rather than on-demand letters of credit, or limit calls to amounts finally determined as owed." : "Ask for surety bonds rather than on-demand instruments, or limit calls to amounts finally determined as owed.",
      }),
    );
  if (share && share.value >= 100)
    out.push(burden(giver, "high", `Security of ${share.value}% of the contract price`, "Full-value security ties up bonding capacity.", share.index, { title: "Reduce the security amount", description: ctx.canadian ? "Performance and payment bonds of 50% of the contract price are the Canadian norm." : "Security of 10–50% of the contract price is usual." }));
  else if (share) out.push(burden(giver, "low", `Security of ${share.value}% of the contract price`, `${The(ctx, giver === "both" ? "provider" : giver)} must furnish security; its cost belongs in the price.`, share.index));
  return found(out);
}

export function auditTerms(ctx: JudgeContext): Term[] {
  const { t } = ctx;
  const at = find(t, /\baudit\w*\b|\binspect\w* (?:the )?(?:books|records|accounts)\b/);
  if (at < 0) return [];
  // "open to audit by the Owner", "the Owner may audit": the auditor; the other party is audited.
  const by = /\b(?:audit\w*|inspect\w*)\b[^.]{0,40}?\bby (?:the )?/.exec(t.slice(at));
  const byWho = by ? mentions(ctx, t.slice(at + by.index + by[0].length, at + by.index + by[0].length + 40))[0] : undefined;
  const mayAudit = /\b(?:may|shall have the right to|is entitled to|has the right to|reserves the right to)\b[^.]{0,30}\b(?:audit|inspect)/.exec(t);
  // Whoever must keep the records is the one audited ("Vendor shall maintain complete records … AT&T and
  // its auditors shall have the right to review such records"); otherwise the other side of the auditor.
  const keeper = actorOf(ctx, /\b(?:shall|will|must|agrees? to) (?:keep|maintain|retain|preserve)\b[^.]{0,60}\b(?:records|books|accounts)\b/, null).who;
  const kept = keeper === "customer" || keeper === "provider" ? keeper : null;
  const auditor: Who | null = kept ? other(kept) : ((byWho && byWho.at === 0 ? byWho.who : null) ?? (mayAudit ? actorAt(ctx, mayAudit.index) : null));
  const audited: Who = kept ?? (auditor && auditor !== "both" ? other(auditor) : "provider");
  const out: (Term | null)[] = [];
  const years = periods(t, 365, 7300).find((p) => /retain|keep|maintain|records|period/.test(t.slice(Math.max(0, p.index - 150), p.index + 150)));
  if (years && years.days > 7 * 365)
    out.push(burden(audited, "medium", `Long record retention (${years.raw})`, `Records must be kept for ${describeDays(years.days)}.`, years.index, { title: "Shorten the retention period", description: ctx.canadian ? "Six or seven years after final payment matches Canadian tax and limitation periods." : "Six or seven years after final payment is usual." }));
  const lumpSum = find(t, /\blump[- ]sum\b|\bfixed[- ]price\b|\bstipulated price\b|\b(?:make[- ]?up|composition) of (?:the )?(?:price|rates)\b|\bprofit\b/);
  if (lumpSum >= 0) out.push(burden(audited, "medium", "Audit reaches fixed-price components", `The audit may look into how ${possessiveOf(ctx, audited)} fixed prices or margins were built up.`, lumpSum, { title: "Exclude fixed prices and margins from audit", description: "Limit audits to cost-reimbursable work, changes and claims." }));
  if (out.length === 0) out.push(burden(audited, "low", `Audit rights over ${possessiveOf(ctx, audited)} records`, `${auditor && auditor !== "both" ? The(ctx, auditor) : "The other party"} may inspect and audit ${possessiveOf(ctx, audited)} records.`, at));
  return found(out);
}

function possessiveOf(ctx: JudgeContext, who: Who): string {
  return who === "both" ? "each party's" : `${the(ctx, who)}'s`;
}

export function minimumCommitmentTerms(ctx: JudgeContext): Term[] {
  const { t } = ctx;
  const takeOrPay = find(t, /\btake[- ]or[- ]pay\b|\bshortfall (?:payment|fee)\b|\bpay for (?:any|the) shortfall\b/);
  // A minimum someone must buy or pay, not one merely referred to ("credited against any Minimum Purchase Commitment").
  const minimum = findWhere(
    t,
    /\bminimum (?:purchase|order|volume|quantity|commitment|spend|annual|monthly|fee|payment)\w*\b/,
    /\b(?:shall|will|must|agrees? to|commits? to|undertakes? to|(?:is|be) (?:obligated|required) to)\s+(?:\w+\s+){0,3}(?:purchase|order|buy|pay|take|procure|acquire|meet|achieve|maintain)\b|\bnot less than\b|\bat least\b/,
  );
  const at = takeOrPay >= 0 ? takeOrPay : minimum;
  if (at < 0) return [];
  const committed = actorAt(ctx, at) ?? "customer";
  return found([
    burden(committed, takeOrPay >= 0 ? "high" : "medium", takeOrPay >= 0 ? "Take-or-pay commitment" : "Minimum commitment", `${committed === "both" ? "Each party" : The(ctx, committed)} must pay for a minimum volume or spend whether or not it is used.`, at, {
      title: "Link the minimum to actual demand",
      description: "Reduce or remove the minimum when the project is delayed, suspended or terminated.",
    }),
  ]);
}

export function insuranceTerms(ctx: JudgeContext): Term[] {
  const { t } = ctx;
  const out: (Term | null)[] = [];
  const waiver = find(t, /\bwaiver of subrogation\b|\bwaive[sd]? (?:all |any )?(?:rights of )?subrogation\b/);
  if (waiver >= 0) out.push(benefit("both", "Waiver of subrogation", "Insurers cannot pursue the parties covered by the waiver.", waiver));
  const project = find(t, /\b(?:shall|will) (?:obtain|maintain|procure|provide|carry|purchase)\b[^.]{0,80}\b(?:builder'?s risk|course of construction|wrap[- ]?up|project insurance|owner controlled insurance)/);
  if (project >= 0) {
    const carrier = actorAt(ctx, project);
    if (carrier && carrier !== "both") out.push(benefit(other(carrier), `${The(ctx, carrier)} provides project insurance`, `${The(ctx, carrier)} carries the builder's risk or wrap-up policy that covers the work.`, project));
  }
  const high = amounts(t).find((a) => a.value >= 25_000_000);
  if (high) {
    const carrier = actorAt(ctx, high.index) ?? "provider";
    out.push(
      burden(carrier, "medium", `High insurance limits (${high.raw.trim()})`, `Limits at this level may exceed ${possessiveOf(ctx, carrier)} insurance program; check availability and cost.`, high.index, {
        title: "Match insurance limits to the existing program",
        description: "Confirm with the broker before signing, and price any additional cover.",
      }),
    );
  }
  return found(out);
}
