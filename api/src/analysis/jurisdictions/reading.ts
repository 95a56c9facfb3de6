import { JURISDICTION_NAMES, type JurisdictionCode, type PlaceReading } from "@clausewise/shared";
import { fold, namesFederalLaw, placesIn } from "./places";

/**
 * Which law governs a contract and where its work is, read from the text with the sentence each rests
 * on (issue 13): Canadian statute checks apply only where one of them is Canadian. Places outside
 * Canada are named too, so a Texas-law agreement says "Texas" instead of falling back to a province.
 */

interface Place {
  name: string;
  country: string;
  code: JurisdictionCode | null;
  index: number;
}

const US_STATES = [
  "Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut", "Delaware", "Florida", "Hawaii", "Idaho",
  "Illinois", "Indiana", "Iowa", "Kansas", "Kentucky", "Louisiana", "Maine", "Maryland", "Massachusetts", "Michigan", "Minnesota",
  "Mississippi", "Missouri", "Montana", "Nebraska", "Nevada", "New Hampshire", "New Jersey", "New Mexico", "New York", "North Carolina",
  "North Dakota", "Ohio", "Oklahoma", "Oregon", "Pennsylvania", "Rhode Island", "South Carolina", "South Dakota", "Tennessee", "Texas",
  "Utah", "Vermont", "West Virginia", "Wisconsin", "Wyoming", "District of Columbia",
];
/** States whose names are also other places: only with "State of" or a US context. */
const US_AMBIGUOUS = ["Georgia", "Washington", "Virginia"];

/** Countries whose law a contract may choose, with the other names contracts give them. */
const COUNTRIES: [string, RegExp][] = [
  ["England and Wales", /\b(?:england and wales|england|english law|laws of england)\b/],
  ["Scotland", /\b(?:scotland|scots law)\b/],
  ["Northern Ireland", /\bnorthern ireland\b/],
  ["Ireland", /\b(?:republic of ireland|(?<!northern )ireland|irish law)\b/],
  ["the United Kingdom", /\b(?:united kingdom|u\.k\.)(?!\w)/],
  ["Switzerland", /\b(?:switzerland|swiss law|swiss)\b/],
  ["Germany", /\b(?:germany|german law)\b/],
  ["France", /\b(?:france|french law)\b/],
  ["the Netherlands", /\b(?:the netherlands|netherlands|dutch law)\b/],
  ["Belgium", /\bbelgium\b/],
  ["Luxembourg", /\bluxembourg\b/],
  ["Spain", /\bspain\b|\bspanish law\b/],
  ["Portugal", /\bportugal\b/],
  ["Italy", /\bitaly\b|\bitalian law\b/],
  ["Austria", /\baustria\b/],
  ["Denmark", /\bdenmark\b/],
  ["Norway", /\bnorway\b/],
  ["Sweden", /\bsweden\b/],
  ["Finland", /\bfinland\b/],
  ["Iceland", /\biceland\b/],
  ["Poland", /\bpoland\b/],
  ["the Czech Republic", /\bczech republic\b|\bczechia\b/],
  ["Hungary", /\bhungary\b/],
  ["Romania", /\bromania\b/],
  ["Greece", /\bgreece\b/],
  ["Cyprus", /\bcyprus\b/],
  ["Malta", /\bmalta\b/],
  ["Turkey", /\bturkey\b|\bturkiye\b/],
  ["Russia", /\brussian federation\b|\brussia\b/],
  ["Ukraine", /\bukraine\b/],
  ["Kazakhstan", /\bkazakhstan\b/],
  ["Israel", /\bisrael\b/],
  ["Egypt", /\begypt\b/],
  ["South Africa", /\bsouth africa\b/],
  ["Nigeria", /\bnigeria\b/],
  ["Kenya", /\bkenya\b/],
  ["United Arab Emirates", /\b(?:united arab emirates|u\.a\.e\.|dubai|abu dhabi)/],
  ["Qatar", /\bqatar\b/],
  ["Saudi Arabia", /\bsaudi arabia\b/],
  ["Kuwait", /\bkuwait\b/],
  ["Oman", /\boman\b/],
  ["Bahrain", /\bbahrain\b/],
  ["India", /\bindia\b/],
  ["Pakistan", /\bpakistan\b/],
  ["China", /\b(?:people's republic of china|people s republic of china|mainland china|china|prc|p\.r\.c\.)(?!\w)/],
  ["Hong Kong", /\bhong kong\b/],
  ["Macau", /\bmaca[uo]\b/],
  ["Taiwan", /\btaiwan\b|\brepublic of china\b(?<!people's republic of china)/],
  ["Japan", /\bjapan\b/],
  ["South Korea", /\b(?:republic of korea|south korea|korea)\b/],
  ["Singapore", /\bsingapore\b/],
  ["Malaysia", /\bmalaysia\b/],
  ["Indonesia", /\bindonesia\b/],
  ["Thailand", /\bthailand\b/],
  ["Vietnam", /\bviet ?nam\b/],
  ["the Philippines", /\bphilippines\b/],
  ["Australia", /\b(?:australia|new south wales|queensland|western australia)\b/],
  ["New Zealand", /\bnew zealand\b/],
  ["Papua New Guinea", /\bpapua new guinea\b/],
  ["Mexico", /(?<!new )\bmexico\b/],
  ["Brazil", /\bbrazil\b/],
  ["Argentina", /\bargentina\b/],
  ["Chile", /\bchile\b/],
  ["Peru", /\bperu\b/],
  ["Colombia", /\bcolombia\b(?<!british colombia)/],
  ["Bermuda", /\bbermuda\b/],
  ["the Cayman Islands", /\bcayman islands\b/],
  ["the British Virgin Islands", /\bbritish virgin islands\b/],
  ["the Bahamas", /\bbahamas\b/],
  ["Puerto Rico", /\bpuerto rico\b/],
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const US_RE = new RegExp(String.raw`\b(${US_STATES.map((s) => escape(s.toLowerCase())).join("|")})\b`, "g");
const US_AMBIGUOUS_RE = new RegExp(String.raw`\b(?:state|commonwealth) of (${US_AMBIGUOUS.map((s) => s.toLowerCase()).join("|")})\b`, "g");
const US_FEDERAL = /\b(?:united states|u\.s\.a?\.|federal laws? of the united states)\b/;

const capital = (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase()).replace(/\bOf\b/g, "of");

/** Every place named in a folded passage, in order: provinces (and Canada), US states, other countries. */
function allPlaces(folded: string): Place[] {
  const out: Place[] = placesIn(folded).map((p) => ({ name: JURISDICTION_NAMES[p.code], country: "Canada", code: p.code, index: p.index }));
  if (namesFederalLaw(folded) || /\bcanada\b/.test(folded)) {
    const at = folded.search(/\bcanada\b/);
    if (at >= 0 && !out.some((p) => p.index <= at)) out.push({ name: "Canada", country: "Canada", code: "FED", index: at });
  }
  for (const m of folded.matchAll(US_RE)) {
    // "New Mexico" is a state; "Ontario, California" is not for us to untangle: the first mention decides.
    out.push({ name: capital(m[1]!), country: "United States", code: null, index: m.index });
  }
  for (const m of folded.matchAll(US_AMBIGUOUS_RE)) out.push({ name: capital(m[1]!), country: "United States", code: null, index: m.index });
  for (const [name, re] of COUNTRIES) {
    const m = re.exec(folded);
    if (m) out.push({ name, country: name === "England and Wales" || name === "Scotland" ? "United Kingdom" : name, code: null, index: m.index });
  }
  const us = US_FEDERAL.exec(folded);
  if (us && !out.some((p) => p.country === "United States")) out.push({ name: "the United States", country: "United States", code: null, index: us.index });
  return out.sort((a, b) => a.index - b.index);
}

export interface Sentence {
  start: number;
  end: number;
  text: string;
  folded: string;
}

/**
 * Sentences (and lines) of the text with their offsets; "No.", "St." and initials do not end one. A
 * line that stops mid-sentence and goes on in lower case on the next ("governed by, the\nlaws of
 * the State of Georgia", as in text taken from fixed-width filings, even across a page break) is one
 * sentence.
 */
export function sentencesOf(text: string): Sentence[] {
  const out: Sentence[] = [];
  const re = /(?:[^\n]*[^\n.;:!?][ \t]*\n(?:[ \t]*\n){0,6}[ \t]*(?=[a-z]))*[^\n]+/g;
  for (const line of text.matchAll(re)) {
    const body = line[0];
    let from = 0;
    const parts = body.split(/(?<!\b[A-Za-z][a-z]?\.)(?<=[.;!?])\s+(?=[A-Z0-9("“])/);
    for (const part of parts) {
      const at = body.indexOf(part, from);
      from = at + part.length;
      const lead = part.length - part.trimStart().length;
      const trimmed = part.trim();
      if (!trimmed) continue;
      const start = line.index + at + lead;
      // Runs of spaces (EDGAR texts are full of them) read as one, so the patterns need not care.
      out.push({ start, end: start + trimmed.length, text: trimmed, folded: fold(trimmed).replace(/\s+/g, " ") });
    }
  }
  return out;
}

/** The verbs of a choice of law: "governed by", "construed in accordance with", "the laws of X shall govern". */
const CHOOSES = /\bgovern(?:ed|s|ing)?\b|\bconstrued?\b|\binterpreted\b|\benforced\b|\bcontrolled\b|\bdetermined in accordance with\b|\bapplied in accordance with\b|\bin accordance with the laws? of\b|\bsubject to the laws?\b|\bproper law\b|\bapplicable law\b|\bloi applicable\b|\bregie? par les lois\b/;
/** A body of law named: "the laws of", "the law in force in", "laws thereof", "PRC laws", "Swiss law". */
const LAW_OF = /\blaws?,?(?: and (?:judicial )?decisions)?(?: in force)?(?: \([^)]{0,80}\))?,? (?:of|in)\b|\blaws? (?:and regulations )?thereof\b|\b(?:swiss|english|german|french|dutch|irish|scots|japanese|chinese|prc|israeli|new york|texas|delaware|california) laws?\b|\b(?:substantive|internal|domestic) laws?\b|\bregulations of\b|\blaws?, other than [^,]{0,40}, of\b/;
/** What the choice is about: this agreement, disputes under it, the parties' rights. */
const SUBJECT = /\bthis (?:[a-z&-]+ ){0,3}(?:agreement|oma|contract|subcontract|amendment|manual|addendum|instrument|guarantee|order)\b|\bthe (?:agreement|contract)\b|\bhere(?:under|of|to|in)\b|\b(?:rights|obligations|disputes?|claims?|controvers(?:y|ies)) (?:of|between|arising)\b/;
/** A heading that announces the clause, at the start of the sentence or as the line just before it. */
const HEADING = /^(?:(?:section|article|clause)\s+)?(?:[\d.()a-z]{1,8}\s+)?(?:governing laws?|jurisdiction and governing laws?|governing laws? and (?:jurisdiction|venue|disputes)|applicable laws?|choice of laws?|law and (?:jurisdiction|forum)|proper law|loi applicable|droit applicable)\b/;
/** Sentences that name a law without choosing it: an opinion, a party's incorporation, a duty to comply. */
const NOT_CHOICE = /\bopinion\b|\bcomply\b|\bcompliance\b|\b(?:organi[sz]ed|incorporated|existing|formed) (?:and existing )?under\b|\bcorporation subject to\b|\bexport\b|\bregistered (?:under|in)\b/;

export interface Located {
  place: Place;
  sentence: Sentence;
}

/**
 * The governing-law sentence and the place it names. Every sentence that chooses a body of law and
 * names a place is a candidate; the one that most plainly chooses the law of the agreement wins (a
 * "Governing Law" heading, "governed by", "this Agreement"), and the first of equals. A sentence that
 * only mentions laws (a legal opinion, a party "organized under the laws of Delaware", a duty to
 * comply with the laws of Alberta) is not one.
 */
export function findGoverningLaw(sentences: readonly Sentence[]): Located | null {
  let best: { found: Located; score: number } | null = null;
  sentences.forEach((s, i) => {
    const previous = sentences[i - 1];
    const heading = HEADING.test(s.folded) || (previous !== undefined && previous.text.length <= 80 && HEADING.test(previous.folded));
    const verb = CHOOSES.exec(s.folded);
    if (!verb && !heading) return;
    // "governed by the laws of a state other than North Dakota" names no law; a later mention may.
    const law = [...s.folded.matchAll(new RegExp(LAW_OF.source, "g"))].find((m) => !/^ an? (?:state|jurisdiction|country) other than\b/.test(s.folded.slice(m.index + m[0].length)));
    if (!law) return;
    const places = allPlaces(s.folded);
    if (places.length === 0) return;
    let score = 0;
    if (heading) score += 3;
    if (/\bgovern/.test(s.folded)) score += 2;
    else if (verb) score += 1;
    // "shall be governed by the laws of": the choice itself, whatever it is about.
    if (/\b(?:governed|construed|interpreted)(?:,? (?:exclusively|solely|in all respects|and construed|and interpreted))* (?:by|under|in accordance with),? (?:the )?(?:substantive |internal |domestic )?laws?\b/.test(s.folded)) score += 1;
    if (SUBJECT.test(s.folded)) score += 2;
    if (NOT_CHOICE.test(s.folded)) score -= 4;
    if (score < 3) return;
    // The place named after "laws of" (or after the verb); "laws thereof" points back to the place before.
    const from = /\bthereof\b/.test(law[0]) ? 0 : Math.min(law.index, verb?.index ?? law.index);
    const place = places.find((p) => p.index >= from) ?? places[0]!;
    if (!best || score > best.score) best = { found: { place, sentence: s }, score };
  });
  return (best as { found: Located } | null)?.found ?? null;
}

const SITE = /\b(?:site|jobsite|work ?site|located|situated|facility|plant|mill|mine|refinery|terminal|station|premises|project|wind farm|solar farm|pipeline|work(?:s)? (?:shall|will) be (?:performed|carried out|executed))\b/;
const NOT_SITE = /\b(?:notices?|attention|attn|address|head office|registered office|mailing|governed by|governing law|arbitrat\w*|laws? of|existing under|incorporated|organi[sz]ed under|registered to carry on|courts? of|jurisdiction)\b/;

/** Where the work is: the first sentence that places the site, project or facility. */
export function findPlaceOfWork(sentences: readonly Sentence[]): Located | null {
  for (const s of sentences) {
    if (!SITE.test(s.folded) || NOT_SITE.test(s.folded)) continue;
    const place = allPlaces(s.folded).find((p) => p.code !== "FED") ?? allPlaces(s.folded)[0];
    if (place) return { place, sentence: s };
  }
  return null;
}

export function toReading(found: Located, reason: string, section: string | null): PlaceReading {
  const { place, sentence } = found;
  return {
    name: place.name,
    country: place.country,
    canadian: place.country === "Canada",
    jurisdictionCode: place.code,
    reason,
    section,
    excerpt: sentence.text,
    start: sentence.start,
    end: sentence.end,
  };
}
