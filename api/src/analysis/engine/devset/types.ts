import type { ClauseCode } from "@clausewise/shared";

/**
 * One labelled clause of the development set. `codes` are all the clause types the passage truly
 * carries; `also` are types a reasonable reviewer might tag either way (never counted right or wrong).
 */
export interface DevExample {
  text: string;
  codes: ClauseCode[];
  also?: ClauseCode[];
}

export function ex(codes: ClauseCode[], text: string, also?: ClauseCode[]): DevExample {
  return also ? { text, codes, also } : { text, codes };
}
