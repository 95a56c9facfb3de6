/**
 * The local analysis engine (DESIGN.md §5): deterministic, offline, every finding quoting its source.
 * Contract text is only ever matched against patterns and word lists, never followed as instructions.
 */
export { analyzeContract } from "./findings";
export { analyzeText } from "./text-analysis";
export { answerQuestion } from "./questions";
export { similarity } from "./similarity";
export { detectClauses } from "./detect";
export { detectContractType } from "./contract-type";
export { CLAUSE_STANDARDS, type ClauseStandard } from "./standards";
