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

const COUNTRIES: [string, RegExp][] = [
  ["England and Wales", /\b(?:england and wales|england|english law|laws of england)\b/],
  ["Scotland", /\b(?:scotland|scots law)\b/],
  ["Ireland", /\b(?:republic of ireland|ireland|irish law)\b/],
  ["Switzerland", /\b(?:switzerland|swiss law|swiss)\b/],
  ["Germany", /\b(?:germany|german law)\b/],
  ["France", /\b(?:france|french law)\b/],
  ["the Netherlands", /\b(?:the netherlands|netherlands|dutch law)\b/],
  ["Singapore", /\bsingapore\b/],
  ["Hong Kong", /\bhong kong\b/],
  ["Australia", /\b(?:australia|new south wales|queensland|victoria, australia|western australia)\b/],
  ["New Zealand", /\bnew zealand\b/],
  ["Mexico", /(?<!new )\bmexico\b/],
  ["Brazil", /\bbrazil\b/],
  ["Chile", /\bchile\b/],
  ["Peru", /\bperu\b/],
  ["Norway", /\bnorway\b/],
  ["Sweden", /\bsweden\b/],
  ["Japan", /\bjapan\b/],
  ["China", /\b(?:people's republic of china|china)\b/],
  ["India", /\bindia\b/],
  ["United Arab Emirates", /\b(?:united arab emirates|dubai|abu dhabi)\b/],
  ["Qatar", /\bqatar\b/],
  ["Saudi Arabia", /\bsaudi arabia\b/],
  ["Kazakhstan", /\bkazakhstan\b/],
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

/** Sentences (and lines) of the text with their offsets; "No.", "St." and initials do not end one. */
export function sentencesOf(text: string): Sentence[] {
  const out: Sentence[] = [];
  const re = /[^\n]+/g;
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
      out.push({ start, end: start + trimmed.length, text: trimmed, folded: fold(trimmed) });
    }
  }
  return out;
}

const GOVERNING = /\bgoverned by\b|\bgoverning law\b|\bconstrued (?:and (?:enforced|interpreted) )?(?:in accordance with|under)\b|\binterpreted (?:in accordance with|under)\b|\bsubject to the laws? of\b|\bproper law\b|\bloi applicable\b|\bregie? par les lois\b/;
const LAW_OF = /\blaws? (?:in force )?(?:of|in)\b|\b(?:swiss|english|german|french|dutch|irish|scots|new york|texas|delaware) law\b|\bsubstantive law\b/;

export interface Located {
  place: Place;
  sentence: Sentence;
}

/** The governing-law sentence and the place it names (the first after "laws of"). */
export function findGoverningLaw(sentences: readonly Sentence[]): Located | null {
  for (const s of sentences) {
    const keyword = GOVERNING.exec(s.folded);
    if (!keyword) continue;
    // "comply with the laws of Alberta" is a duty, not a choice of law: the keyword has to be there.
    const law = LAW_OF.exec(s.folded.slice(keyword.index)) ?? LAW_OF.exec(s.folded);
    if (!law) continue;
    const places = allPlaces(s.folded);
    const from = Math.min(keyword.index, s.folded.indexOf(law[0]));
    const place = places.find((p) => p.index >= from) ?? places[0];
    if (place) return { place, sentence: s };
  }
  return null;
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
