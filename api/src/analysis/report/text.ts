/**
 * pdfkit's standard fonts (Helvetica…) encode text as WinAnsi: Latin-1 plus a few typographic
 * characters (“ ” ‘ ’ – — … • € ™ Œ œ Š š Ž ž Ÿ ƒ † ‡ ‰ ‹ › ˆ ˜). Anything else would print as
 * garbage, so it is replaced here: by a close equivalent, by its letters without accents, or by "?".
 */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

const REPLACEMENTS: Record<string, string> = {
  "\u2010": "-", // hyphen
  "\u2011": "-", // non-breaking hyphen
  "\u2012": "–", // figure dash
  "\u2015": "—", // horizontal bar
  "\u2212": "-", // minus
  "\u2032": "'", // prime
  "\u2033": '"', // double prime
  "\u201b": "'",
  "\u201f": '"',
  "\u2023": "•",
  "\u25cf": "•",
  "\u25aa": "•",
  "\u2043": "-",
  "\u2192": "->",
  "\u2190": "<-",
  "\u2264": "<=",
  "\u2265": ">=",
  "\u2260": "!=",
  "\u2248": "~",
  "\u2116": "No.",
  "\u00a0": " ",
  "\u202f": " ", // narrow no-break space (French typography)
  "\u2009": " ",
  "\u2007": " ",
  "\u200b": "",
  "\u200d": "",
  "\ufeff": "",
  "\u00ad": "", // soft hyphen: invisible unless at a break
  // Letters that do not decompose into a base letter and an accent.
  "Ł": "L",
  "ł": "l",
  "Đ": "D",
  "đ": "d",
  "ı": "i",
};

function encodable(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code === 0x0a || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
}

export function toWinAnsi(text: string): string {
  let out = "";
  for (const char of text.normalize("NFC").replace(/\r\n?/g, "\n").replace(/\t/g, "    ")) {
    if (encodable(char)) {
      out += char;
      continue;
    }
    if (/\p{Cc}/u.test(char)) {
      out += " ";
      continue;
    }
    const replacement = REPLACEMENTS[char];
    if (replacement !== undefined) {
      out += replacement;
      continue;
    }
    const stripped = char.normalize("NFKD").replace(/\p{M}/gu, "");
    out += stripped.length > 0 && [...stripped].every(encodable) ? stripped : "?";
  }
  return out;
}
