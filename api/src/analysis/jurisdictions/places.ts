import type { JurisdictionCode } from "@clausewise/shared";

/**
 * Names that place a passage in a province or territory. Patterns run on folded text (accents removed,
 * lower case, straight apostrophes: see `fold`), so "Québec" and "Quebec" read alike. Cities are the
 * ones EPC work commonly names; ambiguous names (London, Victoria, Sydney, Lloydminster on the AB/SK
 * border) are left out rather than guessed.
 */
const PLACE_PATTERNS: readonly (readonly [JurisdictionCode, RegExp])[] = [
  ["ON", /\bontario\b|\b(?:toronto|ottawa|hamilton|mississauga|sarnia|sudbury|thunder bay|timmins|kitchener|nanticoke|bruce county|pickering|darlington)\b/],
  ["QC", /\bquebec\b|\b(?:montreal|laval|gatineau|sherbrooke|trois-rivieres|saguenay|sept-iles|baie-comeau|becancour|rouyn-noranda|val-d'or|chibougamau)\b/],
  ["BC", /\bbritish columbia\b|\b(?:vancouver|burnaby|surrey|prince george|kitimat|fort st\. john|kelowna|prince rupert|squamish|kamloops)\b/],
  ["AB", /\balberta\b|\b(?:calgary|edmonton|fort mcmurray|red deer|lethbridge|grande prairie|fort saskatchewan|medicine hat|cold lake|wood buffalo)\b/],
  ["SK", /(?<!fort )\bsaskatchewan\b(?! river)|\b(?:regina|saskatoon|estevan|prince albert|belle plaine)\b/],
  ["MB", /\bmanitoba\b|\b(?:winnipeg|brandon)\b/],
  ["NS", /\bnova scotia\b|\b(?:halifax|dartmouth|point tupper|port hawkesbury)\b/],
  ["NB", /\bnew brunswick\b|\b(?:fredericton|moncton|belledune)\b|\bsaint john\b(?!'s)/],
  ["NL", /\bnewfoundland\b|\blabrador\b|\b(?:st\. john's|st john's|corner brook|long harbour|come by chance|goose bay)\b/],
  ["PE", /\bprince edward island\b|\bp\.e\.i\.|\b(?:charlottetown|summerside)\b/],
  ["YT", /\byukon\b|\b(?:whitehorse|dawson city)\b/],
  ["NT", /\bnorthwest territories\b|\bn\.w\.t\.|\b(?:yellowknife|inuvik|hay river)\b/],
  ["NU", /\bnunavut\b|\b(?:iqaluit|rankin inlet|baker lake|cambridge bay)\b/],
];

const FEDERAL_LAW = /\b(?:federal laws? of canada|laws? of canada|canadian federal law)\b/;

export interface PlaceMatch {
  code: JurisdictionCode;
  /** Where in the folded passage the name starts, to pick the nearest one to a keyword. */
  index: number;
}

/** Every province or territory named in a (folded) passage, first mention first, each once. */
export function placesIn(folded: string): PlaceMatch[] {
  const found: PlaceMatch[] = [];
  for (const [code, pattern] of PLACE_PATTERNS) {
    const match = pattern.exec(folded);
    if (match) found.push({ code, index: match.index });
  }
  return found.sort((a, b) => a.index - b.index);
}

export function namesFederalLaw(folded: string): boolean {
  return FEDERAL_LAW.test(folded);
}

const FOLD: Record<string, string> = {
  à: "a", â: "a", ä: "a", á: "a", ç: "c", é: "e", è: "e", ê: "e", ë: "e", î: "i", ï: "i", í: "i",
  ô: "o", ö: "o", ó: "o", ù: "u", û: "u", ü: "u", ú: "u", ÿ: "y", œ: "o", æ: "a",
  "’": "'", "‘": "'", "“": '"', "”": '"', "\u00a0": " ",
};

/** Lower case without accents, one character for one, so indices into the original stay valid. */
export function fold(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const lower = ch.toLowerCase();
    const one = lower.length === 1 ? lower : ch;
    out += FOLD[one] ?? one;
  }
  return out;
}
