/**
 * Splits contract plain text (one block per line, api/src/content/text.ts) into clauses: numbered
 * sections ("12.", "12.3", "12.3.1", "Article 7", "Section 4"), headed blocks and paragraphs. Lettered
 * and roman sub-items ("(a)", "ii.") and bullets stay in the clause they belong to.
 */
export interface ClauseSegment {
  /** The section number as written ("12.3", "Article 7"), null when the clause is not numbered. */
  section: string | null;
  heading: string | null;
  /** Offsets into the text, end exclusive; text === source.slice(start, end). */
  start: number;
  end: number;
  text: string;
}

/** A segment and what the detector needs around it. */
export interface Segment extends ClauseSegment {
  /** Headings of the enclosing articles, nearest last ("SCHEDULE AND DELAY" around 4.2). */
  parents: string[];
  /** The segment's own heading line or inline heading, when it has one (heading may be inherited). */
  ownHeading: string | null;
  /** A definition paragraph ("X" means …) or a clause under a Definitions/Interpretation heading. */
  definitional: boolean;
}

interface Line {
  start: number;
  end: number;
  text: string;
}

type Kind =
  | { kind: "heading"; section: string | null; key: string | null; heading: string | null; depth: number }
  | { kind: "numbered"; section: string; key: string; heading: string | null; depth: number }
  | { kind: "item" }
  | { kind: "para" };

const SMALL_WORDS = new Set(["a", "an", "and", "as", "at", "by", "for", "from", "in", "into", "of", "on", "or", "the", "to", "with", "upon", "under", "vs", "per", "its", "not"]);
const VERBS = /\b(shall|will|must|may|means|is|are|was|were|has|have|had|agrees?|warrants?|acknowledges?)\b/;

const WORD_NUMBER = /^(article|section|clause|part|schedule|exhibit|appendix|annex)\s+([0-9]+(?:\.[0-9]+)*|[ivxlc]+|[a-z])\b[.:]?/i;
const DOTTED_NUMBER = /^(\d{1,3}(?:\.\d{1,3}){0,4})(\.?)(?=\s|$)/;
const LETTER_HEADING = /^([A-Z])[.)]\s+/;
const ITEM = /^(?:\(?(?:[a-z]{1,2}|[ivxlc]{1,6}|\d{1,2})\)|[a-z]\.|[ivx]{1,5}\.|[•·▪‣◦*\-–—])\s*/i;
const DEFINITION = /^["“'‘][^"”'’]{1,80}["”'’]\s+(means|shall mean|has the meaning|have the meaning|includes|refers to|is defined)/i;
const DEFINITION_HEADING = /\b(definitions?|interpretation|defined terms|order of precedence|precedence|entire agreement|counterparts|table of contents|contents|recitals)\b/i;
/**
 * A heading of a part that defines or frames rather than binds ("1. DEFINITIONS", "RECITALS"). Only a
 * heading-like text counts: a flattened filing's first paragraph, taken whole as a heading, that
 * happens to contain "RECITALS" or "counterparts" does not make every clause after it a definition.
 */
const DEFINITION_HEADING_MAX = 60;
const isDefinitionHeading = (h: string) => h.length <= DEFINITION_HEADING_MAX && DEFINITION_HEADING.test(h);
/** The sentence that ends the recitals and starts the operative clauses. */
const OPERATIVE_START = /\b(?:now,? therefore|(?:hereby |do hereby )?agree(?:d)? as follows|the parties (?:hereto )?(?:hereby )?agree)\b/i;

/**
 * Page furniture a PDF or a filing leaves inside the text: "Page 28", "Page 2 of 4", "- 12 -", a lone
 * page number, a running footer ending "Page 71 of 75", a filing's "Source: ACME INC, 8-K, 12/3/2018".
 * It is no heading and no clause: a clause broken by a page goes on after it.
 */
const PAGE_FURNITURE = /^(?:page\s+\d{1,4}(?:\s+of\s+\d{1,4})?|[-–—]?\s*\d{1,4}\s*[-–—]?|.{0,100}\bpage\s+\d{1,4}\s+of\s+\d{1,4}|source:\s.{0,160}\d{1,2}\/\d{1,2}\/\d{2,4})$/i;

/** A line that reads as a heading: short, no sentence punctuation at its end, Title Case or ALL CAPS. */
export function isHeadingLike(raw: string): boolean {
  const text = raw.trim();
  if (text.length < 2 || text.length > 100) return false;
  if (/[.;,:]$/.test(text) && !/\b(?:no|inc|ltd|corp)\.$/i.test(text)) return false;
  if (!/\p{L}/u.test(text)) return false;
  if (/^[(["“'‘]/.test(text)) return false;
  const words = text.split(/\s+/);
  if (words.length > 14) return false;
  const letters = text.replace(/[^\p{L}]/gu, "");
  const upper = text.replace(/[^\p{Lu}]/gu, "");
  if (letters.length >= 3 && upper.length / letters.length > 0.8) return true;
  if (VERBS.test(text)) return false;
  const significant = words.filter((w) => /\p{L}/u.test(w) && !SMALL_WORDS.has(w.toLowerCase().replace(/[^\p{L}]/gu, "")));
  if (significant.length === 0) return false;
  if (!/^[\p{Lu}\d]/u.test(words[0]!.replace(/^[^\p{L}\d]+/u, ""))) return false;
  const capitalised = significant.filter((w) => /^[^\p{L}]*[\p{Lu}\d]/u.test(w)).length;
  return capitalised / significant.length >= 0.75;
}

/**
 * A clause that is only a heading: "11. Indemnification." or "13. WARRANTIES." on a line of its own. It
 * names the article's type without being a clause of it: the model does not classify it (a unit of it
 * would become the type's surest clause and be quoted instead of the clauses under it) and answers do
 * not quote it.
 */
export function isHeadingOnly(text: string): boolean {
  const bare = text.replace(/^\s*(?:(?:article|section|clause)\s+)?[\divxlc]+(?:\.\d+)*\.?\s*/i, "").replace(/\s*[.:]\s*$/, "");
  return bare.length < 60 && !/[.;:]/.test(bare) && bare.split(/\s+/).length <= 8 && isHeadingLike(bare);
}

/** "Warranty. The Contractor…", "WARRANTY PERIOD The Contractor…", "Warranty: The…" → "Warranty". */
function inlineHeading(body: string): string | null {
  const punct = /^([^.:;]{2,70}?)\s*(?:[.:]|\s[-–—])\s+(?=[\p{Lu}(“"])/u.exec(body);
  if (punct && isHeadingLike(punct[1]!) && punct[1]!.split(/\s+/).length <= 8) return punct[1]!.trim();
  const caps = /^((?:[\p{Lu}][\p{Lu}'’&-]*\s+){0,6}[\p{Lu}][\p{Lu}'’&-]+)\s+(?=[\p{Lu}][\p{Ll}])/u.exec(body);
  if (caps && caps[1]!.replace(/[^\p{L}]/gu, "").length >= 4) return caps[1]!.trim();
  return null;
}

function classify(text: string): Kind {
  const word = WORD_NUMBER.exec(text);
  if (word) {
    const rest = text.slice(word[0].length).replace(/^\s*[-–—:.]?\s*/, "");
    const section = word[0].replace(/[.:]$/, "").trim();
    const key = word[2]!;
    const label = word[1]!.toLowerCase();
    const depth = key.includes(".") ? key.split(".").length : label === "part" ? 0 : 1;
    if (/^(schedule|exhibit|appendix|annex)$/.test(label)) {
      // "EXHIBIT A DEFINITIONS", "Schedule 2 – Prices": a heading. A flattened filing's whole first page
      // on one line ("Exhibit 10.22 SUPPLY AGREEMENT This Agreement is made … 2.1 Term …") is body text,
      // not a heading to drop.
      if (rest === "" || isHeadingLike(rest) || text.length <= 100) return { kind: "heading", section: null, key: null, heading: text.trim(), depth: 0 };
      return { kind: "para" };
    }
    if (rest === "" || isHeadingLike(rest)) return { kind: "heading", section, key, heading: rest === "" ? null : rest, depth };
    return { kind: "numbered", section, key, heading: inlineHeading(rest), depth };
  }
  const dotted = DOTTED_NUMBER.exec(text);
  if (dotted && Number(dotted[1]!.split(".")[0]) > 0) {
    const key = dotted[1]!;
    const rest = text.slice(dotted[0].length).trim();
    const hasDot = key.includes(".") || dotted[2] === ".";
    const depth = key.split(".").length;
    if (rest === "" && hasDot) return { kind: "heading", section: key, key, heading: null, depth };
    if (isHeadingLike(rest)) return { kind: "heading", section: key, key, heading: rest, depth };
    if (hasDot && rest !== "" && !/^(?:%|per cent|percent|days?|months?|years?)\b/i.test(rest)) {
      return { kind: "numbered", section: key, key, heading: inlineHeading(rest), depth };
    }
  }
  const letter = LETTER_HEADING.exec(text);
  if (letter && isHeadingLike(text.slice(letter[0].length)) && text.slice(letter[0].length).trim().length > 3) {
    return { kind: "heading", section: letter[1]!, key: letter[1]!, heading: text.slice(letter[0].length).trim(), depth: 1 };
  }
  if (ITEM.test(text) && !/^[-–—]{2,}/.test(text)) return { kind: "item" };
  if (isHeadingLike(text)) return { kind: "heading", section: null, key: null, heading: text.trim(), depth: 0 };
  return { kind: "para" };
}

function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let pos = 0;
  while (pos <= text.length) {
    let nl = text.indexOf("\n", pos);
    if (nl === -1) nl = text.length;
    const lineEnd = nl > pos && text[nl - 1] === "\r" ? nl - 1 : nl;
    const raw = text.slice(pos, lineEnd);
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed.length > 0) lines.push({ start: pos + lead, end: pos + lead + trimmed.length, text: trimmed });
    pos = nl + 1;
  }
  return lines;
}

/** A long section is split at a paragraph boundary so a clause quote stays readable. */
const SPLIT_AT = 1500;
const SPLIT_ITEMS_AT = 3000;

interface Open {
  section: string | null;
  ownHeading: string | null;
  inherited: string | null;
  parents: string[];
  start: number;
  end: number;
  bodyLines: number;
  numbered: boolean;
  definitional: boolean;
}

/** Segments with their context (what detection uses). */
export function segmentText(text: string): Segment[] {
  const out: Segment[] = [];
  const stack: { key: string; section: string; heading: string | null; depth: number }[] = [];
  let free: string | null = null;
  let open: Open | null = null;
  /** A heading line waiting for its body (dropped if another heading comes first). */
  let pending: Open | null = null;

  const close = () => {
    if (open && open.bodyLines > 0) {
      out.push({
        section: open.section,
        heading: open.ownHeading ?? open.inherited,
        start: open.start,
        end: open.end,
        text: text.slice(open.start, open.end),
        parents: open.parents,
        ownHeading: open.ownHeading,
        definitional: open.definitional,
      });
    }
    open = null;
  };

  const ancestors = (key: string | null): { section: string; heading: string | null }[] => {
    if (!key) return [];
    return stack.filter((s) => s.key !== key && key.startsWith(`${s.key}.`));
  };

  const context = (key: string | null, depth: number) => {
    while (stack.length > 0 && stack.at(-1)!.depth >= depth && key !== null) stack.pop();
    const chain = ancestors(key);
    const parents = [free, ...chain.map((a) => a.heading)].filter((h): h is string => !!h);
    const inherited = chain.length > 0 ? (chain.at(-1)!.heading ?? null) : free;
    return { parents, inherited };
  };

  for (const line of splitLines(text)) {
    if (PAGE_FURNITURE.test(line.text)) continue;
    const kind = classify(line.text);
    if (kind.kind === "heading") {
      close();
      if (kind.section === null) {
        if (pending && pending.section !== null && pending.ownHeading === null) {
          pending.ownHeading = kind.heading;
          pending.end = line.end;
          const top = stack.at(-1);
          if (top && top.section === pending.section) top.heading = kind.heading;
          continue;
        }
        free = kind.heading;
        pending = { section: null, ownHeading: kind.heading, inherited: null, parents: [], start: line.start, end: line.end, bodyLines: 0, numbered: false, definitional: isDefinitionHeading(kind.heading ?? "") };
        continue;
      }
      if (kind.depth <= 1) free = null;
      const { parents } = context(kind.key, kind.depth);
      stack.push({ key: kind.key!, section: kind.section, heading: kind.heading, depth: kind.depth });
      const definitional = [kind.heading ?? "", ...parents].some((h) => isDefinitionHeading(h));
      pending = { section: kind.section, ownHeading: kind.heading, inherited: null, parents, start: line.start, end: line.end, bodyLines: 0, numbered: true, definitional };
      continue;
    }
    if (kind.kind === "numbered") {
      close();
      pending = null;
      const { parents, inherited } = context(kind.key, kind.depth);
      const definitional = [kind.heading ?? "", ...parents].some((h) => isDefinitionHeading(h));
      open = { section: kind.section, ownHeading: kind.heading, inherited, parents, start: line.start, end: line.end, bodyLines: 1, numbered: true, definitional };
      continue;
    }
    const isDefinition = kind.kind === "para" && DEFINITION.test(line.text);
    // "NOW, THEREFORE, the parties agree as follows": the recitals (or a table of contents) end here;
    // what follows binds, whatever heading came before it.
    const framing = (free !== null && isDefinitionHeading(free)) || (open as Open | null)?.definitional === true || pending?.definitional === true;
    if (kind.kind === "para" && !isDefinition && framing && OPERATIVE_START.test(line.text) && line.text.length <= 600) {
      close();
      pending = null;
      free = null;
      open = { section: null, ownHeading: null, inherited: null, parents: [], start: line.start, end: line.end, bodyLines: 1, numbered: false, definitional: false };
      continue;
    }
    if (pending) {
      open = { ...pending, end: line.end, bodyLines: 1, definitional: pending.definitional || isDefinition };
      if (isDefinition && pending.ownHeading) {
        // A definitions list: the heading stays context, every definition is its own clause.
        open = { ...pending, start: line.start, end: line.end, bodyLines: 1, ownHeading: null, inherited: pending.ownHeading, parents: [...pending.parents, pending.ownHeading], definitional: true };
      }
      pending = null;
      continue;
    }
    const cur = open as Open | null;
    // "Set-off. The Contractor may…": a paragraph with an inline heading is a clause of its own (its
    // number was often lost with the word processor's automatic numbering).
    const inline = kind.kind === "para" && !isDefinition ? inlineHeading(line.text) : null;
    if (inline) {
      const parents = cur ? (cur.ownHeading ? [...cur.parents, cur.ownHeading] : cur.parents) : free ? [free] : [];
      const definitional = (cur?.definitional ?? false) || [inline, ...parents].some((h) => isDefinitionHeading(h));
      close();
      open = { section: cur?.section ?? null, ownHeading: inline, inherited: null, parents, start: line.start, end: line.end, bodyLines: 1, numbered: cur?.numbered ?? false, definitional };
      continue;
    }
    const tooLong = cur !== null && cur.end - cur.start > (kind.kind === "item" ? SPLIT_ITEMS_AT : SPLIT_AT);
    const continues = cur !== null && !tooLong && !isDefinition && (kind.kind === "item" || (cur.numbered && !cur.definitional) || cur.bodyLines === 0);
    if (cur && continues) {
      cur.end = line.end;
      cur.bodyLines++;
      continue;
    }
    const section = cur?.section ?? null;
    const heading = cur ? (cur.ownHeading ?? cur.inherited) : free;
    const parents = cur ? (cur.ownHeading ? [...cur.parents, cur.ownHeading] : cur.parents) : free ? [free] : [];
    const definitional = isDefinition || (cur?.definitional ?? false) || parents.some((h) => isDefinitionHeading(h));
    close();
    open = { section, ownHeading: null, inherited: heading, parents, start: line.start, end: line.end, bodyLines: 1, numbered: cur?.numbered ?? false, definitional };
  }
  close();
  return out;
}

/** The public shape: { section, heading, start, end, text } per clause, in document order. */
export function segmentClauses(text: string): ClauseSegment[] {
  return segmentText(text).map(({ section, heading, start, end, text: body }) => ({ section, heading, start, end, text: body }));
}
