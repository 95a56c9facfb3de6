/** Word-level helpers shared by retrieval, similarity and the fact extractors. */

const STOPWORDS = new Set(
  (
    "a an and are as at be been being but by can could did do does for from had has have how i if in into is it its " +
    "may me might my no nor not of on or our ours shall should so such than that the their them then there these they " +
    "this those to under until up upon us was we were what when where whether which while who whom why will with " +
    "would you your any all each other its also about after before between both during more most own same some very " +
    "agreement contract subcontract party parties"
  ).split(" "),
);

/** A light suffix stripper: enough for "warranties"/"warranty", "terminated"/"terminate", "payments"/"payment". */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3) return w;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}i`;
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) w = w.slice(0, -1);
  if (w.endsWith("ing") && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith("ed") && w.length > 4) w = w.slice(0, -2);
  if (w.endsWith("y") && w.length > 3) w = `${w.slice(0, -1)}i`;
  if (w.endsWith("e") && w.length > 4) w = w.slice(0, -1);
  return w;
}

/** Lower-cased, stemmed content words (stopwords dropped); numbers are kept ("30", "10%"). */
export function tokens(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.toLowerCase().split(/[^\p{L}\p{N}%]+/u)) {
    if (raw.length === 0 || STOPWORDS.has(raw)) continue;
    if (raw.length === 1 && !/\d/.test(raw)) continue;
    out.push(stem(raw));
  }
  return out;
}

/** Typographic quotes, dashes and spaces folded to ASCII, lower case; same length as the input. */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u2032]/g, "'")
    .replace(/[\u201c\u201d\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/[\u00a0\u2007\u202f\t]/g, " ");
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, eighteen: 18, twenty: 20, thirty: 30, forty: 40, "forty-five": 45,
  sixty: 60, ninety: 90, "twenty-one": 21, "twenty-four": 24, "twenty-eight": 28, "thirty-six": 36, "forty-eight": 48,
  hundred: 100, "one hundred twenty": 120, "one hundred eighty": 180,
};

/** "thirty (30)", "30", "thirty" → 30. */
export function parseCount(raw: string): number | null {
  const digits = /(\d[\d,]*(?:\.\d+)?)/.exec(raw);
  if (digits) return Number(digits[1]!.replace(/,/g, ""));
  const word = raw.trim().toLowerCase().replace(/\s+/g, " ");
  return NUMBER_WORDS[word] ?? null;
}

const COUNT = String.raw`(?:\d[\d,]*(?:\.\d+)?|[a-z]+(?:[- ][a-z]+)?(?: hundred(?: [a-z]+(?:-[a-z]+)?)?)?)(?:\s*\(\d[\d,]*\))?`;

export interface Duration {
  value: number;
  unit: "hours" | "days" | "business_days" | "weeks" | "months" | "years";
  /** Offset of the match in the searched text. */
  index: number;
  raw: string;
}

const DURATION_RE = new RegExp(String.raw`\b(${COUNT})\s+(calendar\s+|business\s+|working\s+|clear\s+)?(hours?|days?|weeks?|months?|years?)\b`, "gi");

/** Every "N days/months/…" in the text, with "thirty (30) days" read once. */
export function durations(text: string): Duration[] {
  const out: Duration[] = [];
  for (const m of text.matchAll(DURATION_RE)) {
    const value = parseCount(m[1]!);
    if (value === null || value <= 0) continue;
    const qualifier = (m[2] ?? "").trim().toLowerCase();
    const base = m[3]!.toLowerCase().replace(/s$/, "");
    const unit: Duration["unit"] =
      base === "day" ? (qualifier === "business" || qualifier === "working" ? "business_days" : "days") : (`${base}s` as Duration["unit"]);
    out.push({ value, unit, index: m.index, raw: m[0] });
  }
  return out;
}

/** A duration in calendar days (business days × 7/5), for comparisons. */
export function inDays(d: Duration): number {
  switch (d.unit) {
    case "hours":
      return d.value / 24;
    case "days":
      return d.value;
    case "business_days":
      return (d.value * 7) / 5;
    case "weeks":
      return d.value * 7;
    case "months":
      return d.value * 30;
    case "years":
      return d.value * 365;
  }
}

/** Every percentage written as "10%", "ten percent (10%)" or "10 per cent", with its offset. */
export function percentages(text: string): { value: number; index: number }[] {
  const out: { value: number; index: number }[] = [];
  for (const m of text.matchAll(/(\d+(?:\.\d+)?)\s*(?:%|per ?cent\b)/gi)) out.push({ value: Number(m[1]), index: m.index });
  return out;
}

/** Dollar amounts ("$85,000", "$1.5 million"), in dollars. */
export function amounts(text: string): { value: number; index: number; raw: string }[] {
  const out: { value: number; index: number; raw: string }[] = [];
  for (const m of text.matchAll(/\$\s?(\d[\d,]*(?:\.\d+)?)(\s*(?:million|m\b|billion))?/gi)) {
    // The judges read text whose dots between digits are masked as commas (maskDots): "$1,000,000,00"
    // is one million and its cents, not a hundred million.
    const cents = /^(\d{1,3}(?:,\d{3})+),(\d{2})$/.exec(m[1]!);
    if (cents) {
      out.push({ value: Number(cents[1]!.replace(/,/g, "")) + Number(cents[2]) / 100, index: m.index, raw: `$${cents[1]}.${cents[2]}` });
      continue;
    }
    let value = Number(m[1]!.replace(/,/g, ""));
    const scale = (m[2] ?? "").trim().toLowerCase();
    if (scale === "million" || scale === "m") value *= 1_000_000;
    if (scale === "billion") value *= 1_000_000_000;
    out.push({ value, index: m.index, raw: m[0] });
  }
  return out;
}

const ABBREVIATIONS = /\b(?:no|nos|sec|ss|s|art|arts|inc|co|corp|e\.g|i\.e|r\.s\.o|s\.c|c|cl|para|vs|st)\.$/i;

/** Sentence spans of a passage (offsets relative to it); a line break also ends a sentence. */
export function sentences(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let start = 0;
  const push = (end: number) => {
    const chunk = text.slice(start, end);
    const lead = chunk.length - chunk.trimStart().length;
    const trimmed = chunk.trim();
    if (trimmed.length > 0) out.push({ start: start + lead, end: start + lead + trimmed.length });
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "\n") {
      push(i);
      start = i + 1;
    } else if ((ch === "." || ch === ";" || ch === "?" || ch === "!") && /\s/.test(text[i + 1] ?? " ")) {
      if (ch === "." && ABBREVIATIONS.test(text.slice(Math.max(start, i - 8), i + 1))) continue;
      push(i + 1);
      start = i + 1;
    }
  }
  push(text.length);
  return out;
}
