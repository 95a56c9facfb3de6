import { amounts, fold, percentages } from "../text";
import { money, pct, sentenceEnd } from "./context";

/**
 * A cap is a cap only with a number or a formula behind it (issue 13): "shall not exceed 100% of the
 * Contract Price", "limited to the fees paid in the preceding 12 months", "$5,000,000". "In no event
 * shall either party be liable for consequential damages" limits a kind of loss, not an amount.
 */
const LIMIT =
  /\b(?:(?:shall|will|does|do|is|are) not (?:in (?:the )?aggregate |in total |cumulatively )?(?:exceed|be more than|be greater than)|not to exceed|limited (?:in (?:the )?aggregate |in total )?to|capped at|(?:maximum|aggregate|total|entire|cumulative|overall) (?:aggregate )?(?:amount of )?liability\b[^.]{0,80}?\b(?:is|shall be|will be|of)\b|cap (?:on|of)|in excess of|exceeding|exceed|(?:be |is |for )?no (?:greater|more) than|not (?:be )?(?:greater|more) than|\bfor (?:an |any )?amounts? (?:greater|more) than)/g;

const QUANTUM =
  /\$\s?\d|\b(?:usd|cad|us\$|c\$|eur|chf)\s?\d|\b\d+(?:\.\d+)?\s*(?:%|per ?cent\b|percent\b)|\b(?:sub)?contract (?:price|sum|value)\b|\b(?:fees|charges|amounts?|compensation|remuneration|commissions?|revenues?|royalt(?:y|ies)|price|consideration|sums?|payments?)\b[^.]{0,60}?\b(?:paid|payable|received|earned|due|owed|owing|incurred)\b|\b(?:purchase|sales?|license|licence) (?:price|fees?)\b|\b(?:annual|monthly|basic|maintenance|service|subscription|support) (?:\w+ )?(?:payments?|fees|charges)\b|\b(?:cost|price|value) of the (?:products?|goods|services|work|deliverables|equipment|software|materials)\b|\bpurchase price\b|\bvalue of (?:the|this) (?:contract|agreement|order|purchase order|work|subcontract)\b|\b(?:insurance )?proceeds\b|\blimits? of (?:the )?(?:insurance|coverage)|\binsurance (?:limits|coverage)\b|\b(?:one|two|three|\d+) times\b|\btwice\b/;

/**
 * An amount left out of the text: redacted in a filing ("[***]", "[REDACTED]") or blank in a draft
 * ("[●]", "$[__]", "[insert amount]"). The limit is there; what it is, the text does not say.
 */
const BLANK = /(?:\$\s?)?\[\s*(?:\*[\s*]*|[●•·]+|_+|x{2,}|\.{3}|…|(?:insert|amount|redacted|confidential|omitted|tbd|tbc)\b[^\]]{0,40}|\s)?\s*\]|\$\s?_{2,}|_{4,}/;

export interface Limit {
  /** Where the limiting words are. */
  at: number;
  /** "100% of the Contract Price", "$5 million", "the fees paid". */
  quantum: string;
  /** The limit as a percentage of the contract price, when it can be told. */
  percentOfPrice: number | null;
  /** The amount is blank or redacted ("[***]"): a limit of an unknown amount. */
  blank?: true;
}

/** `skip`: the limiting words themselves ("liable … for an amount greater than"), where the quantum's words are not looked for. */
function describeQuantum(t: string, from: number, to: number, contractPrice: number | null, skip = 0): { quantum: string; percentOfPrice: number | null } {
  const window = t.slice(from, to);
  const percent = percentages(window)[0];
  if (percent) {
    // "ten percent (10%) of the price of the Shutdown Work Order": what the percentage is of, as written.
    const of = /^[^.;]*?\bof (?:the )?((?:[a-z'-]+ ){0,6}?(?:(?:sub)?contract (?:price|sum|value)|price|fees|compensation|charges|amounts?|value)(?: of (?:the |this |that |each |any )?(?:[a-z'-]+ ){0,4}?[a-z'-]+)?)(?=$|[.,;)]| (?:and|or|whichever|for|in|under|during|payable|paid|as)\b)/.exec(window.slice(percent.index));
    if (of) {
      const base = of[1]!.trim();
      const onPrice = /^(?:the )?(?:sub)?contract (?:price|sum|value)$|^purchase price$/.test(base);
      return { quantum: `${pct(percent.value)} of the ${base}`, percentOfPrice: onPrice ? percent.value : null };
    }
  }
  const amount = amounts(window)[0];
  if (amount) return { quantum: money(amount.value), percentOfPrice: contractPrice ? (amount.value / contractPrice) * 100 : null };
  const price = /\b(?:the )?(sub)?contract (price|sum|value)\b/.exec(window);
  if (price) return { quantum: `the ${price[0].replace(/^the /, "").replace(/\b\w/g, (c) => c.toUpperCase())}`, percentOfPrice: 100 };
  const found = QUANTUM.exec(window.slice(skip));
  const words = found ? { index: found.index + skip } : null;
  // "one half of the amount paid", "the total fees paid": the words before the quantum belong to it.
  const lead = words ? (/(?:(?:\b(?:one[- ]half|half|twice|[a-z]+ \(\d+\) times|[a-z]+ times)|(?:\[[^\]]{0,12}\]\s*)+times)\s+(?:of\s+)?)?(?:\bthe |\ban? |\ball )?(?:total |aggregate |actual )?$/.exec(window.slice(0, words.index))?.[0].length ?? 0) : 0;
  const phrase = words ? window.slice(words.index - lead, sentenceEnd(window, words.index)).replace(/[.;]$/, "").trim() : "a stated amount";
  return { quantum: phrase.length > 80 ? `${phrase.slice(0, 79)}…` : phrase, percentOfPrice: null };
}

/** The first monetary or formula limit in the clause (after `from`), or null. */
export function findLimit(t: string, contractPrice: number | null, from = 0): Limit | null {
  LIMIT.lastIndex = from;
  for (const m of t.matchAll(LIMIT)) {
    if (m.index < from) continue;
    const end = Math.min(sentenceEnd(t, m.index), m.index + 240);
    const tail = t.slice(m.index, end);
    const q = QUANTUM.exec(tail);
    if (q) return { at: m.index, ...describeQuantum(t, m.index, end, contractPrice, m[0].length) };
    const blank = BLANK.exec(tail);
    if (blank && blank.index <= 160) return { at: m.index, quantum: `an amount left blank in this text (${blank[0].trim()})`, percentOfPrice: null, blank: true };
  }
  return null;
}

/** The contract price, from the sentence that states it ("The Contract Price is $48,500,000"). */
export function contractPriceOf(text: string): number | null {
  const folded = fold(text);
  const stated = /\b(?:(?:sub)?contract (?:price|sum)|total (?:contract )?price|purchase price|agreement price)\b[^.\n]{0,140}?\$\s?\d[\d,]*(?:\.\d+)?(?:\s*(?:million|m\b))?/g;
  for (const m of folded.matchAll(stated)) {
    const amount = amounts(m[0]).at(-1);
    if (amount && amount.value >= 1_000) return amount.value;
  }
  const defined = /\$\s?\d[\d,]*(?:\.\d+)?(?:\s*(?:million|m\b))?[^.\n]{0,40}\((?:the )?"(?:sub)?contract (?:price|sum)"\)/.exec(folded);
  const amount = defined ? amounts(defined[0])[0] : undefined;
  return amount && amount.value >= 1_000 ? amount.value : null;
}
