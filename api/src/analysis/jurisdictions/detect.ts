import { JURISDICTION_NAMES, type ContractFindings, type JurisdictionCode } from "@clausewise/shared";
import { fold, namesFederalLaw, placesIn } from "./places";

/**
 * Reads the contract text for what decides its jurisdictional exposure: governing law, where the
 * work is, the arbitration seat, conditional payment, holdback, language and lien waivers. The text
 * is data only: it is matched against fixed patterns and quoted back, never interpreted as directions.
 */

interface Passage {
  /** The passage as written, whitespace collapsed: what the result quotes. */
  text: string;
  /** The same passage folded (lower case, no accents) for matching. */
  folded: string;
}

const EXCERPT_MAX = 280;

/**
 * Paragraphs, then sentences. A full stop after a one- or two-letter word ("St.", "No.", "c.",
 * "R.S.O.") does not end a sentence, so citations and place names stay whole.
 */
function passages(text: string): Passage[] {
  const out: Passage[] = [];
  for (const paragraph of text.split(/\n\s*\n|\r?\n/)) {
    for (const sentence of paragraph.split(/(?<!\b[A-Za-z][a-z]?\.)(?<=[.;!?])\s+(?=[A-Z0-9("“])/)) {
      const clean = sentence.replace(/\s+/g, " ").trim();
      if (clean) out.push({ text: clean, folded: fold(clean) });
    }
  }
  return out;
}

function excerpt(passage: Passage): string {
  return passage.text.length <= EXCERPT_MAX ? passage.text : `${passage.text.slice(0, EXCERPT_MAX - 1).trimEnd()}…`;
}

/** The place named nearest after `from` in the passage (or the first one named before it). */
function placeAfter(folded: string, from: number): JurisdictionCode | null {
  const places = placesIn(folded);
  const after = places.find((p) => p.index >= from);
  return (after ?? places[0])?.code ?? null;
}

function placeFinding(code: JurisdictionCode, passage: Passage) {
  return { code, name: JURISDICTION_NAMES[code], excerpt: excerpt(passage) };
}

const GOVERNING_LAW = /governed by|governing law|construed (?:and (?:enforced|interpreted) )?in accordance with|laws? (?:in force )?(?:of|in) the province of|applicable law|loi applicable|regie? par les lois/;
const NOTICE_OR_ADDRESS = /\b(?:notices?|attention|attn|address|head office|registered office|mailing)\b/;
const SITE = /\b(?:site|jobsite|located|location|situated|facility|plant|premises|lands?|project|mine|pipeline|work shall be (?:performed|carried out))\b/;
const ARBITRATION = /arbitrat|arbitrage/;

function findGoverningLaw(all: Passage[]): ContractFindings["governingLaw"] {
  for (let i = 0; i < all.length; i++) {
    const passage = all[i]!;
    const keyword = GOVERNING_LAW.exec(passage.folded);
    if (!keyword) continue;
    const code = placeAfter(passage.folded, keyword.index);
    if (code) return placeFinding(code, passage);
    // A heading ("14. Governing Law") whose clause follows in the next passage.
    const next = all[i + 1];
    const nextCode = next ? placesIn(next.folded)[0]?.code : undefined;
    if (next && nextCode && passage.text.length < 60) return placeFinding(nextCode, next);
    if (namesFederalLaw(passage.folded)) return placeFinding("FED", passage);
  }
  return null;
}

function findSites(all: Passage[]): ContractFindings["siteLocations"] {
  const seen = new Map<JurisdictionCode, Passage>();
  for (const passage of all) {
    const { folded } = passage;
    if (!SITE.test(folded) || GOVERNING_LAW.test(folded) || NOTICE_OR_ADDRESS.test(folded) || ARBITRATION.test(folded)) continue;
    for (const place of placesIn(folded)) if (!seen.has(place.code)) seen.set(place.code, passage);
  }
  return [...seen].map(([code, passage]) => placeFinding(code, passage));
}

function findArbitrationSeat(all: Passage[]): ContractFindings["arbitrationSeat"] {
  for (const passage of all) {
    const keyword = ARBITRATION.exec(passage.folded);
    if (!keyword) continue;
    const seat = /\bseat\b|\bplace of (?:the )?arbitration|\bvenue\b|\bheld in\b|\btake place in\b|\bconducted in\b|\bsiege\b/.exec(passage.folded);
    const code = placeAfter(passage.folded, (seat ?? keyword).index);
    if (code) return placeFinding(code, passage);
  }
  return null;
}

const CONDITIONAL_PAYMENT = [
  /pay[- ]when[- ]paid|pay[- ]if[- ]paid/,
  // The condition is the payer being paid: "receipt of notice" or "condition precedent to payment" (a time bar) is not.
  /condition precedent[^.]{0,80}\b(?:receipt of (?:payment|funds)|being paid|payment (?:from|by) (?:the )?(?:owner|client|employer|customer))|(?:receipt of|receiving) payment[^.]{0,80}condition precedent/,
  /(?:conditional|contingent|dependent) (?:up)?on [^.]{0,80}(?:receipt of (?:payment|funds)|receiving payment|received payment|being paid|payment from)/,
  /no (?:obligation|liability) to (?:make )?pay\w* [^.]{0,100}(?:until|unless)/,
  /(?:not|never) be (?:obliged|obligated|required|liable) to (?:make )?pay\w* [^.]{0,100}(?:until|unless)/,
  /only (?:after|when|upon|if|once) [^.]{0,80}(?:has |have )?(?:received|receives|receipt of) [^.]{0,40}payment/,
];
const PAY_IF_PAID = /pay[- ]if[- ]paid|condition precedent|\bunless\b|\bif and only if\b|\bonly if\b|\bto the extent\b/;

function findPaymentCondition(all: Passage[]): ContractFindings["paymentCondition"] {
  for (const passage of all) {
    if (!CONDITIONAL_PAYMENT.some((pattern) => pattern.test(passage.folded))) continue;
    const kind = PAY_IF_PAID.test(passage.folded) && !/pay[- ]when[- ]paid/.test(passage.folded) ? "pay_if_paid" : "pay_when_paid";
    return { kind, excerpt: excerpt(passage) };
  }
  return null;
}

const HOLDBACK = /hold ?back|retainage|retention|\bretain(?:ed|s)?\b|withh[oe]ld/;
const NOT_HOLDBACK = /\b(?:interest|liquidated|per annum|insurance|deductible|limit of liability|aggregate liability)\b/;
const PERCENT = /(\d{1,2}(?:\.\d{1,2})?)\s*(?:%|per ?cent\b)/;
const PERCENT_WORDS: Record<string, number> = { five: 5, "seven and a half": 7.5, "seven and one-half": 7.5, ten: 10, fifteen: 15, twenty: 20 };
const PERCENT_WORD = /\b(five|seven and a half|seven and one-half|ten|fifteen|twenty) (?:per ?cent|percent)\b/;

function findHoldback(all: Passage[]): ContractFindings["holdback"] {
  for (const passage of all) {
    const { folded } = passage;
    const keyword = HOLDBACK.exec(folded);
    if (!keyword) continue;
    if (!/hold ?back/.test(folded) && NOT_HOLDBACK.test(folded)) continue;
    const tail = folded.slice(keyword.index);
    const digits = PERCENT.exec(tail) ?? PERCENT.exec(folded);
    if (digits) return { percent: Number(digits[1]), excerpt: excerpt(passage) };
    const words = PERCENT_WORD.exec(tail) ?? PERCENT_WORD.exec(folded);
    if (words) return { percent: PERCENT_WORDS[words[1]!]!, excerpt: excerpt(passage) };
  }
  return null;
}

const LANGUAGE_CLAUSE = [
  /\bcharter of the french language\b|\bcharte de la langue francaise\b/,
  /\bfrench\b[^.]{0,120}\b(?:language|version|translation|translated)\b|\b(?:language|version|translation)\b[^.]{0,120}\bfrench\b/,
  /\bparties\b[^.]{0,120}\b(?:required|requested|agreed|exige|wish)\b[^.]{0,120}\b(?:drawn up|drafted|written|redige)[^.]{0,40}\b(?:english|anglais)\b/,
];

function findFirst(all: Passage[], patterns: readonly RegExp[]): { excerpt: string } | null {
  const passage = all.find((p) => patterns.some((pattern) => pattern.test(p.folded)));
  return passage ? { excerpt: excerpt(passage) } : null;
}

const FRENCH_WORDS = /\b(?:le|la|les|des|du|et|est|aux|une|dans|pour|sur|par|entrepreneur|ouvrage|contrat)\b/g;
const ENGLISH_WORDS = /\b(?:the|and|of|to|shall|is|for|with|by|contractor|work|contract)\b/g;

/** A contract mostly in French already meets the Charter's French-version rule. */
function readsAsFrench(folded: string): boolean {
  const sample = folded.slice(0, 20_000);
  const french = sample.match(FRENCH_WORDS)?.length ?? 0;
  const english = sample.match(ENGLISH_WORDS)?.length ?? 0;
  return french >= 10 && french > english * 1.2;
}

const LIEN_WAIVER = [
  /waives?\b[^.]{0,100}\b(?:right|rights) to (?:file|register|claim|preserve|assert)[^.]{0,60}\blien/,
  /\bwaives?\b[^.]{0,60}\b(?:lien|hypothec) rights?\b/,
  /no (?:builders' |construction |mechanics' )?liens? (?:shall|will|may) be (?:filed|registered|claimed|preserved)/,
  /(?:shall|will) not (?:file|register|claim|preserve) (?:a |any )?(?:builders' |construction |mechanics' )?liens?\b/,
];
/** Releases given for amounts already paid are ordinary; an advance waiver is what lien statutes void. */
const PAID_RELEASE = /upon payment|on payment|amounts? (?:already )?paid|received payment|statutory declaration/;

function findLienWaiver(all: Passage[]): ContractFindings["lienWaiver"] {
  const passage = all.find((p) => LIEN_WAIVER.some((pattern) => pattern.test(p.folded)) && !PAID_RELEASE.test(p.folded));
  return passage ? { excerpt: excerpt(passage) } : null;
}

const FEDERAL_CROWN = [
  /(?:his|her) majesty the (?:king|queen) in right of canada|\bcrown in right of canada\b/,
  /public services and procurement canada|defence construction canada|department of national defence|government of canada|federal real property/,
];

const INDIGENOUS = [/\bfirst nations?\b|\bindigenous\b|\bmetis\b|\binuit\b|impact benefit agreement/];

export function detectFindings(contractText: string): ContractFindings {
  const all = passages(contractText);
  return {
    governingLaw: findGoverningLaw(all),
    siteLocations: findSites(all),
    arbitrationSeat: findArbitrationSeat(all),
    paymentCondition: findPaymentCondition(all),
    holdback: findHoldback(all),
    frenchLanguageClause: findFirst(all, LANGUAGE_CLAUSE),
    writtenInFrench: readsAsFrench(fold(contractText)),
    lienWaiver: findLienWaiver(all),
    federalCrown: findFirst(all, FEDERAL_CROWN),
    indigenousReference: findFirst(all, INDIGENOUS),
  };
}
