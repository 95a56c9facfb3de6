import type { ClauseCode, JurisdictionCode, PartySide, PlaceReading, RiskLevel } from "@clausewise/shared";
import { durations, inDays, type Duration } from "../text";

/**
 * What every judge works with, and the neutral form of what it finds. A judge says who a term puts at
 * risk and whom it favours, naming the parties by the roles the contract gives them; findings.ts turns
 * that into a risk or an advantage from our side (or, side unknown, names the party it burdens).
 */

export type Side = PartySide;
/** A side, or both of them (a mutual term). */
export type Who = Side | "both";

export interface Advice {
  title: string;
  description: string;
}

export interface Term {
  /** Whose position the term worsens; null: nobody's. */
  riskFor: Who | null;
  /** Whose position it improves; null: nobody's in particular. */
  favours: Who | null;
  /** How bad it is for the side at risk. */
  level: RiskLevel;
  title: string;
  description: string;
  /** Offset in the clause text of the words the term rests on (never -1: no wording, no term). */
  at: number;
  /** What the side at risk should ask for. */
  advice?: Advice;
  /** The clause type the term is about, when a judge of another type found it (a waiver inside a cap clause). */
  code?: ClauseCode;
}

/** The roles as the contract writes them ("Owner", "Company", "Contractor", or a short name: "AT&T"). */
export interface Names {
  customer: string;
  provider: string;
  /** Sides named by a short form of the party's own name, written without "the" ("AT&T's records"). */
  bare?: Partial<Record<Side, boolean>>;
}

/** "the Owner", "AT&T". */
export function nameOf(names: Names, side: Side, capital = false): string {
  return names.bare?.[side] ? names[side] : `${capital ? "The" : "the"} ${names[side]}`;
}

export interface Cap {
  /** Whose liability the cap limits. */
  protects: Who;
  /** Whose indemnities (or third-party claims) are carved out of it, if any are. */
  outside: Who | null;
}

export interface JudgeContext {
  /** The clause, folded (lower case, ASCII quotes) with the dots of numbers masked; same offsets as the clause. */
  t: string;
  names: Names;
  /** Folded words that name each side in this contract (its defined roles, then generic words left free). */
  words: Record<Side, string[]>;
  /** Canadian law governs or the work is in Canada: statute references apply. */
  canadian: boolean;
  /** The province whose statutes are cited, when known. */
  province: JurisdictionCode | null;
  governingLaw: PlaceReading | null;
  placeOfWork: PlaceReading | null;
  /** The contract price in dollars, when the contract states it. */
  contractPrice: number | null;
  /** The contract's liability cap, when it has one with a monetary or formula limit. */
  cap: Cap | null;
}

export const other = (side: Side): Side => (side === "customer" ? "provider" : "customer");
const otherWho = (who: Who): Who => (who === "both" ? "both" : other(who));

/** "the Owner", "the Contractor". */
export function the(ctx: JudgeContext, side: Side): string {
  return nameOf(ctx.names, side);
}
export function The(ctx: JudgeContext, side: Side): string {
  return nameOf(ctx.names, side, true);
}
/** "the Owner" or "each party". */
export function whoName(ctx: JudgeContext, who: Who): string {
  return who === "both" ? "each party" : the(ctx, who);
}
export function possessive(ctx: JudgeContext, who: Who): string {
  return who === "both" ? "each party's" : `${the(ctx, who)}'s`;
}

export function find(text: string, re: RegExp): number {
  const m = re.exec(text);
  return m ? m.index : -1;
}

/** A term that burdens `who` and so favours the other side. */
export function burden(who: Who, level: RiskLevel, title: string, description: string, at: number, advice?: Advice): Term {
  return { riskFor: who, favours: otherWho(who) === who ? null : otherWho(who), level, title, description, at, ...(advice ? { advice } : {}) };
}

/** A term that favours `who` and costs the other side nothing worth a finding. */
export function benefit(who: Who, title: string, description: string, at: number): Term {
  return { riskFor: null, favours: who, level: "low", title, description, at };
}

/** Keeps only the terms whose wording was found. */
export function found(terms: (Term | null | false | undefined)[]): Term[] {
  return terms.filter((t): t is Term => !!t && t.at >= 0);
}

export const MUTUAL = /\b(each party|either party|neither party|both parties|each of the parties|the parties (?:shall|will|each|mutually|agree)|a party|any party|mutual(?:ly)?|each other|one another)\b/g;

function wordsRe(words: string[]): RegExp {
  const alternation = [...words].sort((a, b) => b.length - a.length).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
  // "contractor" must not match inside "subcontractor" or "sub-contractor".
  return new RegExp(String.raw`(?<![\w-])(?:${alternation})(?:'s|s')?(?![\w-])`, "g");
}

interface Mention {
  at: number;
  end: number;
  who: Who;
}

const cache = new WeakMap<Record<Side, string[]>, Record<Side, RegExp>>();
function sideRes(ctx: JudgeContext): Record<Side, RegExp> {
  let res = cache.get(ctx.words);
  if (!res) {
    res = { customer: wordsRe(ctx.words.customer), provider: wordsRe(ctx.words.provider) };
    cache.set(ctx.words, res);
  }
  return res;
}

/** Every mention of a party (or of both: "each party") in `text`, in order. */
export function mentions(ctx: JudgeContext, text: string): Mention[] {
  const out: Mention[] = [];
  const res = sideRes(ctx);
  for (const side of ["customer", "provider"] as const) {
    for (const m of text.matchAll(res[side])) out.push({ at: m.index, end: m.index + m[0].length, who: side });
  }
  for (const m of text.matchAll(MUTUAL)) out.push({ at: m.index, end: m.index + m[0].length, who: "both" });
  return out.sort((a, b) => a.at - b.at);
}

/** Where the sentence holding `index` starts (a full stop, semicolon, colon or line break before it). */
export function sentenceStart(t: string, index: number): number {
  let at = 0;
  for (const m of t.slice(0, index).matchAll(/[.;:\n](?=\s)|\n/g)) at = m.index + 1;
  return at;
}

export function sentenceEnd(t: string, index: number): number {
  const m = /[.;\n](?=\s|$)/.exec(t.slice(index));
  return m ? index + m.index + 1 : t.length;
}

/** The first match of `re` whose sentence also says `about` (that it is about disputes, an obligation…), or -1. */
export function findWhere(t: string, re: RegExp, about: RegExp): number {
  const all = new RegExp(re.source, re.flags.includes("g") ? re.flags : `${re.flags}g`);
  for (const m of t.matchAll(all)) {
    if (about.test(t.slice(sentenceStart(t, m.index), sentenceEnd(t, m.index)))) return m.index;
  }
  return -1;
}

const MODAL = /^\s*(?:,[^,]{0,80},\s*)?(?:shall|will|may|must|agrees?|hereby|is|are|can|undertakes|covenants|has|have|warrants|guarantees|indemnifies|waives|releases|assumes|acknowledges|retains)\b/;

/**
 * The party that acts at `index`: the last party named before it in its sentence and followed by a
 * verb ("the Owner may, by notice to the Contractor, terminate" → the Owner), else the last named.
 */
export function actorAt(ctx: JudgeContext, index: number): Who | null {
  const from = sentenceStart(ctx.t, index);
  const window = ctx.t.slice(from, index);
  const named = mentions(ctx, window);
  // The verb may be the words at `index` themselves ("the Contractor | shall proceed").
  const subjects = named.filter((m) => MODAL.test(ctx.t.slice(from + m.end, from + m.end + 100)));
  const pick = subjects.at(-1) ?? named.at(-1);
  if (pick) return pick.who;
  // Passive: "… shall be indemnified by the Contractor".
  const after = /^[^.;]{0,60}?\bby (?:the )?/.exec(ctx.t.slice(index));
  if (after) {
    const next = mentions(ctx, ctx.t.slice(index + after[0].length, index + after[0].length + 40))[0];
    if (next && next.at === 0) return next.who;
  }
  return null;
}

/** The first party named in `t` after `index`, within its sentence. */
export function partyAfter(ctx: JudgeContext, index: number, span = 160): Who | null {
  const end = Math.min(sentenceEnd(ctx.t, index), index + span);
  return mentions(ctx, ctx.t.slice(index, end))[0]?.who ?? null;
}

/** The actor at the first match of `re`, or `fallback` when the clause does not say. */
export function actorOf(ctx: JudgeContext, re: RegExp, fallback: Who | null): { who: Who | null; at: number } {
  const at = find(ctx.t, re);
  if (at < 0) return { who: fallback, at };
  return { who: actorAt(ctx, at) ?? fallback, at };
}

const UNIT_WORDS: Record<Duration["unit"], string> = { hours: "hour", days: "day", business_days: "business day", weeks: "week", months: "month", years: "year" };

/** Durations between `min` and `max` days, with their offsets and their words. */
export function periods(text: string, min: number, max: number): { days: number; index: number; raw: string }[] {
  return durations(text)
    .map((d) => ({ days: inDays(d), index: d.index, raw: `${d.value} ${UNIT_WORDS[d.unit]}${d.value === 1 ? "" : "s"}` }))
    .filter((d) => d.days >= min && d.days <= max);
}

export function describeDays(days: number): string {
  if (days >= 365 && days % 365 === 0) return `${days / 365} year${days === 365 ? "" : "s"}`;
  if (days >= 30 && days % 30 === 0) return `${days / 30} months`;
  return `${Math.round(days)} days`;
}

export function money(value: number): string {
  if (value >= 1_000_000) return `$${(value / 1_000_000).toLocaleString("en-CA", { maximumFractionDigits: 2 })} million`;
  return `$${value.toLocaleString("en-CA", { maximumFractionDigits: 2 })}`;
}

/** A percentage with at most one decimal ("12.5%", "0.1%"). */
export function pct(value: number): string {
  return `${value >= 10 ? Math.round(value * 10) / 10 : Math.round(value * 100) / 100}%`;
}
