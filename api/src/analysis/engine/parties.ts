import type { ContractParty, PartySide } from "@clausewise/shared";
import { fold } from "./text";

/**
 * The parties of a contract and the roles it defines for them, read from the preamble ("BETWEEN
 * WAPITI RIDGE MIDSTREAM LTD., a corporation … (the "Owner"), AND …"), "hereinafter" phrases and the
 * definitions ("Contractor" means …). Which side each party is on follows from its role: the one that
 * orders and pays is the customer, the one that performs the work is the provider (in a subcontract
 * the Contractor is the customer). Text is only matched, never followed.
 */

/** How far into the text a preamble may run. */
const PREAMBLE_CHARS = 8_000;
const ROLE_MAX = 40;

/**
 * Roles and how far toward "performs the work" each sits: 0 orders and pays; higher performs. Between
 * two parties the lower is the customer ("Contractor" 2 against "Subcontractor" 4).
 */
const ROLE_RANKS: [RegExp, number][] = [
  [/^(owner|company|client|employer|purchaser|buyer|customer|principal|licensee|sublicensee|lessee|tenant|developer|authority|city|municipality|crown|utility|sponsor|project company|host|shipper|franchisee|reseller|fund|trust|advertiser)$/, 0],
  [/^(general contractor|prime contractor|epc contractor|contractor|design-builder|design builder|constructor|builder|manager|construction manager)$/, 2],
  [/^(consultant|engineer|operator|service provider|provider|licensor|lessor|landlord|contractor's representative|agent|servicer|o&m contractor|maintenance contractor|transporter|carrier|franchisor|adviser|advisor|investment adviser|investment advisor|sub-adviser|sub-advisor|subadviser|subadvisor|administrator|custodian|transfer agent|sales agent|marketing agent|hosting provider|processor|packager|endorser|talent)$/, 3],
  [/^(subcontractor|sub-contractor|subconsultant|sub-consultant|supplier|vendor|seller|manufacturer|fabricator|installer|distributor|trade contractor|sub-subcontractor)$/, 4],
];

/** Words that name a party's role (anything else defined in parentheses is a thing: "Facility", "Effective Date"). */
export function roleRank(role: string): number | null {
  const key = fold(role).replace(/\s+/g, " ").trim();
  for (const [re, rank] of ROLE_RANKS) if (re.test(key)) return rank;
  return null;
}

const CORPORATE = /\b(inc|incorporated|ltd|limited|llc|l\.l\.c|llp|lp|l\.p|corp|corporation|co|company|plc|ulc|gmbh|ag|aktiengesellschaft|s\.a|sa|sas|s\.p\.a|spa|s\.r\.l|srl|b\.v|bv|n\.v|nv|pty|pte|kk|k\.k|oy|ab|as|a\/s|partnership|trust|bank|university|association|institute|ltee|ltée|s\.e\.n\.c|inc\.)\.?(?=\W|$)/i;

/** Defined terms that are things, never parties, even after a capitalised name ("THIS SUPPLY AGREEMENT ("Agreement")"). */
const THING = /^(?:this )?(?:[\w-]+ ){0,3}(?:agreement|contract|subcontract|amendment|addendum|date|term|territory|products?|services?|work|project|plan|parties|party|schedule|exhibit|program|license|business|property|facility|site|effective date|act|specifications?|commission|rules|code|regulations?)$/i;

/**
 * `(the "Owner")`, `("Contractor")`, `(hereinafter referred to as the "Operator")`, `(collectively
 * and hereinafter referred to as "AT&T")`, `(each and both of them "Recipient")`, `hereinafter called "Company"`,
 * `(on behalf of itself and its Affiliates, individually and collectively referred to as "Bellicum")`,
 * and two names for one party: `(hereinafter indistinctly referred to as "Ferrer" and/or "Supplier")`.
 */
const DEFINED = /\(\s*(?:together with [^()]{0,80}?,\s*)?(?:[a-z][^()"“”]{0,110}?\s+)?["“'‘]([^"”'’()]{1,40})["”'’](?:\s*(?:,|and\/or|or|and)\s*(?:the\s+)?["“'‘]([^"”'’()]{1,40})["”'’])?\s*\)|\bhereinafter\s+(?:referred\s+to\s+as\s+|called\s+)?(?:the\s+)?["“'‘]([^"”'’]{1,40})["”'’](?:\s*(?:and\/or|or)\s*(?:the\s+)?["“'‘]([^"”'’()]{1,40})["”'’])?/gi;
const BETWEEN = /\b(?:by and between|between|among|amongst|entered into by|made by)\b/i;
const NAME_STOP = /,\s*(?:a|an|the|having|with|whose|organi[sz]ed|incorporated|existing|duly|acting|registered|hereinafter|located)\b|\s+\((?:the\s+|hereinafter)|\s+(?:having|with (?:its|an?)|whose|located at)\b|,?\s+an?\s+(?:[\p{Lu}][\p{L}.]*\s+){0,3}(?:corporation|company|limited|partnership|llc|business|body|public|private|non-profit|not-for-profit|general|national|state|federal|savings)\b/iu;
const NAME_LEAD = /^(?:[\s,;:]*(?:and|by and between|between|among|amongst|entered into by|made by|of|the first part|the second part|party of)\b)+[\s,;:]*/i;

function titleOf(role: string): string {
  return role.replace(/\s+/g, " ").trim();
}

/** Small words a proper name may hold in lower case ("Bank of Montreal", "Savings and Loan"). */
const NAME_JOINERS = new Set(["of", "and", "the", "for", "de", "du", "des", "la", "le", "del", "da", "van", "von", "und", "et", "y", "in", "on", "&"]);

/** Every word capitalised (or a joiner): "Joseph Theismann", "Tsinghua Unigroup", not "the Company has filed with". */
function properName(name: string): boolean {
  return name.split(/\s+/).every((w) => !/\p{L}/u.test(w) || /^[^\p{L}]*[\p{Lu}\d]/u.test(w) || NAME_JOINERS.has(w.toLowerCase()));
}

/**
 * The name at the end of a phrase that runs into it: "KNOW ALL MEN BY THESE PRESENTS, dated as of
 * January 1, 2004, that FEDERATED INVESTMENT MANAGEMENT COMPANY", "does hereby appoint FEDERATED
 * ADVISORY SERVICES COMPANY" → the company. Only a tail of two words or more, or a corporate one; else
 * the phrase as it was (and the checks below refuse it).
 */
function properTail(phrase: string): string {
  const words = phrase.split(" ");
  let from = -1;
  words.forEach((w, i) => {
    const letters = w.replace(/[^\p{L}]/gu, "");
    if (letters.length >= 2 && /^\p{Ll}+$/u.test(letters) && !NAME_JOINERS.has(letters) && !CORPORATE.test(w)) from = i;
  });
  if (from < 0) return phrase;
  const tail = words.slice(from + 1).join(" ").replace(/^[^\p{L}\d]+/u, "");
  return tail.split(" ").length >= 2 || CORPORATE.test(tail) ? tail : phrase;
}

/**
 * The name written before a definition: "WAPITI RIDGE MIDSTREAM LTD., a corporation existing …" →
 * "WAPITI RIDGE MIDSTREAM LTD.". Parentheses in between ("on behalf of its Affiliates (as defined
 * herein)") are skipped; a line break inside the name (fixed-width filings) is a space.
 */
function nameBefore(text: string, from: number, to: number): string | null {
  // Parenthesised asides blanked, same length, so offsets stay those of the text.
  let chunk = text.slice(from, to).replace(/\([^()]*\)/g, (m) => " ".repeat(m.length));
  // Start after the last semicolon, paragraph break or "between" before the definition.
  let cut = 0;
  // ", and" too: "Newegg Inc. ("Newegg"), a Delaware corporation, and Allied Esports International, Inc.".
  for (const m of chunk.matchAll(/;|\n\s*\n(?=\s*[\p{Lu}\d"“])|,\s*and\s|\b(?:BETWEEN|Between|between|among|AMONG)\b/gu)) cut = m.index + m[0].length;
  chunk = chunk.slice(cut).replace(/\s+/g, " ");
  chunk = chunk.replace(NAME_LEAD, "");
  const stop = NAME_STOP.exec(chunk);
  if (stop) chunk = chunk.slice(0, stop.index);
  const name = properTail(chunk.replace(/[\s,:;]+$/, "").replace(/^[^\p{L}\d]+/u, "").trim());
  if (name.length < 2 || name.length > 120 || !/\p{L}/u.test(name)) return null;
  // A name is a proper name: a capital letter or digit first, and not a sentence.
  if (!/^[\p{Lu}\d]/u.test(name) || /\b(shall|will|means|is|are|has|have|was|were|wishes|desires|agrees?)\b/.test(name)) return null;
  if (!CORPORATE.test(name) && !properName(name)) return null;
  return name;
}

interface Found {
  name: string | null;
  role: string;
  /** Other names the contract gives the party in the same definition ("Supplier" beside "Ferrer"). */
  aliases?: string[];
  start: number;
  end: number;
}

/** A party's rank: its role's, else an alias's ("Ferrer" and/or "Supplier"); "Company" yields to a more telling alias. */
function rankOf(party: { role: string; aliases?: readonly string[] }): number | null {
  const names = [party.role, ...(party.aliases ?? [])].sort((a, b) => Number(/^company$/i.test(a)) - Number(/^company$/i.test(b)));
  for (const name of names) {
    const rank = roleRank(name);
    if (rank !== null) return rank;
  }
  return null;
}

/** Where the name starts in the text (its spaces may be line breaks there). */
function startOfName(text: string, from: number, to: number, name: string): number {
  const words = name.split(" ").map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const re = new RegExp(words.join("\\s+"), "g");
  let at = -1;
  for (const m of text.slice(from, to).matchAll(re)) at = from + m.index;
  return at >= 0 ? at : to;
}

function definitionsIn(text: string, from: number, to: number, requireName: boolean, inPreamble = false): Found[] {
  const out: Found[] = [];
  const slice = text.slice(from, to);
  let last = 0;
  for (const m of slice.matchAll(DEFINED)) {
    const [role = "", ...aliases] = [m[1] ?? m[3], m[2] ?? m[4]].filter((r): r is string => !!r).map(titleOf).filter((r) => r.length <= ROLE_MAX && !THING.test(r));
    const at = from + m.index;
    const last0 = last;
    const name = nameBefore(text, from + last, at);
    last = m.index + m[0].length;
    if (!role) continue;
    const isRole = rankOf({ role, aliases }) !== null;
    const corporate = name !== null && CORPORATE.test(name);
    // A defined thing ("Facility") is not a party; a company given a short name ("ABC") is, and in the
    // sentence naming the parties so is a person ("Joseph Theismann ("Theismann")").
    if (!isRole && !corporate && !(inPreamble && name !== null)) continue;
    if (requireName && !name) continue;
    out.push({ name, role, aliases, start: name ? startOfName(text, from + last0, at, name) : at, end: at + m[0].length });
  }
  return out;
}

/** `"Contractor" means Demo EPC Ltd. and its permitted successors` in the definitions. */
function definedByMeaning(text: string): Found[] {
  const out: Found[] = [];
  for (const m of text.matchAll(/(^|\n)\s*["“]([^"”\n]{1,40})["”]\s+(?:means|shall mean|refers to)\s+([^\n.;]{1,160})/g)) {
    const role = titleOf(m[2]!);
    if (roleRank(role) === null) continue;
    const body = m[3]!.trim();
    const name = /^(?:the\s+)?(?:party|person|entity|corporation|company|firm)\b/i.test(body) ? null : (/^[\p{Lu}\d][^,(]*/u.exec(body)?.[0].trim() ?? null);
    const start = m.index + m[1]!.length;
    out.push({ name: name && CORPORATE.test(name) ? name : null, role, start, end: start + m[0].length - m[1]!.length });
  }
  return out;
}

/** Capitalised role words used as names ("the Owner shall"), most used first: parties when nothing defines them. */
function rolesByUse(text: string): Found[] {
  const counts = new Map<string, { n: number; at: number; raw: string }>();
  for (const m of text.matchAll(/\bthe ((?:[A-Z][a-z]+[- ]?){1,2})\b/g)) {
    const role = m[1]!.trim();
    if (roleRank(role) === null) continue;
    const seen = counts.get(role);
    if (seen) seen.n++;
    else counts.set(role, { n: 1, at: m.index + 4, raw: role });
  }
  return [...counts.values()]
    .filter((c) => c.n >= 3)
    .sort((a, b) => b.n - a.n)
    .slice(0, 2)
    .map((c) => ({ name: null, role: c.raw, start: c.at, end: c.at + c.raw.length }));
}

function uniqueByRole(found: Found[]): Found[] {
  const seen = new Set<string>();
  return found.filter((f) => {
    const key = fold(f.role);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Sides from roles: the lowest-ranked role orders and pays, the others perform (0 is always the customer). */
function assignSides(found: Found[]): (PartySide | null)[] {
  const ranks = found.map(rankOf);
  const known = ranks.filter((r): r is number => r !== null);
  const hasCustomerWord = known.includes(0);
  const low = known.length > 0 ? Math.min(...known) : null;
  const high = known.length > 0 ? Math.max(...known) : null;
  return ranks.map((rank) => {
    if (rank === null) {
      // A party known only by a short name: the opposite of the other one, when there are two.
      if (found.length === 2 && known.length === 1) return known[0] === 0 ? "provider" : "customer";
      return null;
    }
    if (rank === 0) return "customer";
    if (hasCustomerWord) return "provider";
    if (low !== null && high !== null && low !== high) return rank === low ? "customer" : "provider";
    // The only role word among two parties ("Vendor" beside "AT&T"): it performs, the other orders.
    return found.length === 1 || (found.length === 2 && known.length === 1) ? "provider" : null;
  });
}

const DUTY_LEAD = String.raw`(?:'s)?\s+(?:(?:shall|will|must|agrees? to|hereby agrees? to|undertakes? to|covenants? to)\s+(?:(?:promptly|also|timely|then|thereafter|directly|exclusively|only)\s+)?)`;
/** The party that orders and pays: "Shipper shall pay", "CUTANEA agrees to purchase", "Licensee shall reimburse". */
const PAYS = new RegExp(String.raw`^${DUTY_LEAD}(?:pay|reimburse|purchase|buy|order|compensate|remit)\b`);
/** The party that performs: "Ferrer shall manufacture and supply", "Transporter shall transport". */
const PERFORMS = new RegExp(String.raw`^${DUTY_LEAD}(?:supply|deliver|manufacture|provide|perform|sell|render|transport|ship|develop|design|install|furnish|construct|build|produce|invoice|grant|license|fabricate|operate|maintain)\b`);
/** Paid to a party: "pay to Ferrer", "payable to the Adviser", "shall pay Ferrer". */
const PAID_TO = /\b(?:pay|payable|paid|remit|reimburse)\s+(?:to\s+)?(?:the\s+)?$/;

/**
 * Sides from what the contract makes each of two parties do, when their roles do not tell (two short
 * names: "CUTANEA" and "Ferrer"; "Subcontractor" beside "Manufacturer"): the one that pays, purchases
 * and is invoiced is the customer, the one that supplies, performs and is paid the provider. Decided
 * only on a clear balance of such duties; otherwise the sides stay unknown.
 */
function sidesFromDuties(text: string, parties: readonly Found[]): [PartySide, PartySide] | null {
  const folded = fold(text.slice(0, 400_000));
  const evidence = parties.map((p) => {
    const words = [p.role, ...(p.aliases ?? [])].map((w) => fold(w).replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    const re = new RegExp(String.raw`(?<![\w-])(?:the\s+)?(?:${words.join("|")})(?![\w-])`, "g");
    let pays = 0;
    let performs = 0;
    for (const m of folded.matchAll(re)) {
      const after = folded.slice(m.index + m[0].length, m.index + m[0].length + 80);
      if (PAYS.test(after)) pays++;
      else if (PERFORMS.test(after)) performs++;
      if (PAID_TO.test(folded.slice(Math.max(0, m.index - 30), m.index))) performs++;
    }
    return pays - performs;
  });
  const [a, b] = evidence as [number, number];
  // The first orders and pays when it pays more and performs less than the second, by a clear margin.
  if (a - b >= 3) return ["customer", "provider"];
  if (b - a >= 3) return ["provider", "customer"];
  return null;
}

export function readParties(text: string): ContractParty[] {
  const preambleEnd = Math.min(text.length, PREAMBLE_CHARS);
  let found: Found[] = [];
  const between = BETWEEN.exec(text.slice(0, preambleEnd));
  if (between) {
    // The passage that names the parties, up to the recitals, which define others ("the Owner" of a
    // prime contract); a party after the passage's first paragraph counts only while fewer than two are known.
    const window = text.slice(between.index, Math.min(text.length, between.index + 2_000));
    const recitals = /\b(?:WHEREAS|Whereas|RECITALS?|Recitals?|BACKGROUND|W\s?I\s?T\s?N\s?E\s?S\s?S\s?E\s?T\s?H|NOW,? THEREFORE|IN CONSIDERATION)\b/.exec(window);
    const until = between.index + (recitals ? recitals.index : window.length);
    const paragraph = /[.:]\s*\n|\n\s*\n/.exec(text.slice(between.index, until));
    const paragraphEnd = paragraph ? between.index + paragraph.index : until;
    found = definitionsIn(text, between.index, until, false, true).filter((f, i) => f.start < paragraphEnd || i < 2);
  }
  if (found.length < 2) found = uniqueByRole([...found, ...definitionsIn(text, 0, preambleEnd, true)]).slice(0, Math.max(2, found.length));
  if (found.length < 2) found = uniqueByRole([...found, ...definedByMeaning(text)]);
  if (found.length < 2) found = uniqueByRole([...found, ...rolesByUse(text)]);
  found = uniqueByRole(found);
  let sides = assignSides(found);
  if (found.length === 2 && sides[0] === null && sides[1] === null) sides = sidesFromDuties(text, found) ?? sides;
  return found.map((f, i) => ({
    name: f.name,
    role: f.role,
    ...(f.aliases && f.aliases.length > 0 ? { aliases: f.aliases } : {}),
    side: sides[i] ?? null,
    excerpt: text.slice(f.start, f.end),
    start: f.start,
    end: f.end,
  }));
}

/**
 * A party known by a short form of its own name ("AT&T" for AT&T Mobility LLC, "Newegg", "NTL") rather
 * than by a role ("the Vendor"): it is written without "the".
 */
export function isShortName(party: Pick<ContractParty, "name" | "role">): boolean {
  const role = party.role.trim();
  if (roleRank(role) !== null) return false;
  if (/[&\d]/.test(role) || (/\p{Lu}{2}/u.test(role) && !/\p{Ll}/u.test(role))) return true;
  if (!party.name) return false;
  const name = ` ${fold(party.name).replace(/[^a-z0-9&]+/g, " ")} `;
  const words = fold(role).replace(/[^a-z0-9&]+/g, " ").trim().split(" ");
  return words.every((w) => w.length > 0 && name.includes(` ${w} `));
}

/** "the Owner", "AT&T": a party as a sentence names it. */
export function theParty(party: Pick<ContractParty, "name" | "role">, capital = false): string {
  return isShortName(party) ? party.role : `${capital ? "The" : "the"} ${party.role}`;
}

const LEGAL_WORDS = new Set(["inc", "incorporated", "ltd", "limited", "llc", "llp", "lp", "corp", "corporation", "co", "company", "plc", "ulc", "gmbh", "ag", "sa", "sas", "bv", "nv", "pty", "the", "ltee"]);

/** "Demo EPC Ltd." and "DEMO EPC LTD" and "Demo E.P.C. Limited" → "demo epc". */
export function normaliseCompanyName(name: string): string {
  return fold(name)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, " and ")
    .replace(/\b([a-z])\.(?=[a-z]\.)/g, "$1")
    .replace(/[^a-z0-9]+/g, " ")
    .split(" ")
    .filter((w) => w !== "" && !LEGAL_WORDS.has(w))
    .join(" ");
}

/** The same company, ignoring case, punctuation and legal suffixes; a longer name may add words at the end ("Demo EPC" ~ "Demo EPC Canada"). */
export function sameCompany(a: string, b: string): boolean {
  const x = normaliseCompanyName(a);
  const y = normaliseCompanyName(b);
  if (x === "" || y === "") return false;
  if (x === y) return true;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  return short.length >= 5 && short.split(" ").length >= 2 && (long.startsWith(`${short} `) || long.endsWith(` ${short}`));
}

/** The party a company is, by name. */
export function partyOfCompany(parties: readonly ContractParty[], companyName: string | null | undefined): ContractParty | null {
  if (!companyName) return null;
  return parties.find((p) => p.name !== null && sameCompany(p.name, companyName)) ?? null;
}

/**
 * The party a person means by a role they chose: its role, another name its definition gives it
 * ("Supplier" for "Ferrer" and/or "Supplier"), or its own name ("Ferrer International S.A.").
 */
export function partyOfRole(parties: readonly ContractParty[], role: string): ContractParty | null {
  const key = fold(role).replace(/\s+/g, " ").trim();
  if (key === "") return null;
  const sameWord = (w: string) => fold(w).replace(/\s+/g, " ").trim() === key;
  return (
    parties.find((p) => sameWord(p.role)) ??
    parties.find((p) => (p.aliases ?? []).some(sameWord)) ??
    parties.find((p) => p.name !== null && (sameWord(p.name) || sameCompany(p.name, role))) ??
    null
  );
}

/** A company whose name says it builds or supplies (the product's users are EPC companies). */
export function plainlyProvider(companyName: string | null | undefined): boolean {
  if (!companyName) return false;
  return /\b(epc|construct\w*|contracting|contractors?|builders?|engineering|engineers|fabricat\w*|mechanical|electrical|industrial services|installations?|erectors?|drilling|pipeline services|maintenance services)\b/i.test(companyName);
}
