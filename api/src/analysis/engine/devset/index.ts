import type { DevExample } from "./types";
import { COMMERCIAL_EXAMPLES } from "./commercial";
import { GENERAL_EXAMPLES } from "./general";
import { LIABILITY_EXAMPLES } from "./liability";
import { NEGATIVE_EXAMPLES } from "./negatives";
import { OPERATIONS_EXAMPLES } from "./operations";
import { PHRASING_EXAMPLES } from "./phrasings";
import { SECURITY_EXAMPLES } from "./security";

export type { DevExample } from "./types";
export { DEV_DOCUMENTS, type DevDocument, type SectionLabel } from "./documents";
export { evaluate, formatReport, type CodeScore, type QualityReport } from "./evaluate";
/** The held-out probe set: measured by bench:quality, never tuned on, never part of DEV_EXAMPLES. */
export { HELDOUT_EXAMPLES } from "./heldout";
export { HELDOUT_FRESH_EXAMPLES } from "./heldout-fresh";

/** Every labelled clause of the development set: positives by group, then hard negatives. */
export const DEV_EXAMPLES: DevExample[] = [
  ...LIABILITY_EXAMPLES,
  ...SECURITY_EXAMPLES,
  ...COMMERCIAL_EXAMPLES,
  ...OPERATIONS_EXAMPLES,
  ...GENERAL_EXAMPLES,
  ...PHRASING_EXAMPLES,
  ...NEGATIVE_EXAMPLES,
];
