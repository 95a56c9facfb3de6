import { SPECIAL } from "./syntax";

/** pdfjs' content-stream operators (EvaluatorPreprocessor.opMap), which its lexer splits on greedily. */
const OPERATORS = new Set(
  (
    "w J j M d ri i gs q Q cm m l c v y h re S s f F f* B B* b b* n W W* BT ET Tc Tw Tz TL Tf Tr Ts Td TD Tm T* Tj TJ ' \" " +
    "d0 d1 CS cs SC SCN sc scn G g RG rg K k sh BI ID EI Do MP DP BMC BDC EMC BX EX BM BD"
  ).split(" "),
);
/** Also known to pdfjs' lexer (so they shape how a run splits) but not operators. */
const KEYWORDS = new Set(["true", "fa", "fal", "fals", "false", "nu", "nul", "null"]);
const known = (s: string) => OPERATORS.has(s) || KEYWORDS.has(s);
const LONGEST = 5;
const MAX_CARRY = 4096;

/** Characters a known command starts with: a run starting otherwise is one unknown command. */
const STARTS_COMMAND = new Uint8Array(256);
for (const word of [...OPERATORS, ...KEYWORDS]) STARTS_COMMAND[word.charCodeAt(0)] = 1;
const STARTS_NUMBER = new Uint8Array(256);
for (const c of "0123456789+-.") STARTS_NUMBER[c.charCodeAt(0)] = 1;

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const startsNumber = (c: number) => STARTS_NUMBER[c] === 1;

/**
 * Counts content-stream operators in any bytes, the way pdfjs' lexer would find them: runs of
 * regular characters, numbers split off, commands split greedily ("QQQ" is three operators). It does
 * not skip strings, comments or inline image data, so what pdfjs would run cannot hide from it; text
 * inside strings can only make the count a little higher. Feed it chunks; a run may span two.
 */
export class OperatorCounter {
  count = 0;
  /** The end of the last chunk when it stopped inside a run. */
  private carry: number[] = [];
  /** Whether that run is a name (it follows a `/`): one token in pdfjs, never a command. */
  private carryIsName = false;
  private slashBefore = false;

  push(chunk: Uint8Array): void {
    let i = 0;
    if (this.carry.length > 0 || (this.slashBefore && chunk.length > 0 && SPECIAL[chunk[0]!] === 0)) {
      if (this.carry.length === 0) this.carryIsName = this.slashBefore;
      while (i < chunk.length && SPECIAL[chunk[i]!] === 0) this.carry.push(chunk[i++]!);
      if (i === chunk.length) {
        // A run this long is not text; count it in pieces rather than keep it (at most one operator
        // per piece can be split in two).
        if (this.carry.length > MAX_CARRY) this.flushCarry();
        return;
      }
      this.flushCarry();
    }
    while (i < chunk.length) {
      while (i < chunk.length && SPECIAL[chunk[i]!] === 1) i++;
      const isName = i > 0 && chunk[i - 1] === 0x2f;
      const start = i;
      while (i < chunk.length && SPECIAL[chunk[i]!] === 0) i++;
      if (i === chunk.length) {
        this.carry = Array.from(chunk.subarray(start, i));
        this.carryIsName = isName;
      } else if (!isName) this.countRun(chunk, start, i);
    }
    this.slashBefore = chunk.length > 0 && chunk[chunk.length - 1] === 0x2f;
  }

  end(): number {
    this.flushCarry();
    return this.count;
  }

  private flushCarry(): void {
    if (this.carry.length > 0 && !this.carryIsName) this.countRun(this.carry, 0, this.carry.length);
    this.carry = [];
    this.carryIsName = false;
  }

  private countRun(run: ArrayLike<number>, from: number, to: number): void {
    let i = from;
    while (i < to) {
      const c = run[i]!;
      if (startsNumber(c)) {
        i = skipNumber(run, i, to);
        continue;
      }
      // pdfjs' lexer ends a command of one odd byte where a digit follows it.
      if ((c < 0x21 || c > 0x7f) && i + 1 < to && isDigit(run[i + 1]!)) {
        i++;
        continue;
      }
      // No known command starts so: pdfjs reads the rest of the run as one unknown command.
      if (STARTS_COMMAND[c] === 0) return;
      let str = String.fromCharCode(c);
      let isKnown = known(str);
      let j = i + 1;
      for (; j < to; j++) {
        const possible = str + String.fromCharCode(run[j]!);
        if (isKnown && !known(possible)) break;
        str = possible;
        isKnown = known(str);
        // No operator is this long, and an unknown command runs to the end of the run.
        if (!isKnown && str.length >= LONGEST) {
          j = to;
          break;
        }
      }
      if (OPERATORS.has(str)) this.count++;
      i = j;
    }
  }
}

/** Where pdfjs' getNumber would stop. */
function skipNumber(run: ArrayLike<number>, start: number, to: number): number {
  let i = start + 1;
  while (i < to) {
    const c = run[i]!;
    if (isDigit(c) || c === 0x2e || c === 0x2d) i++;
    else if ((c === 0x45 || c === 0x65) && i + 1 < to && startsNumber(run[i + 1]!) && run[i + 1] !== 0x2e) i += 2;
    else break;
  }
  return i;
}
