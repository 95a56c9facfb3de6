import { z } from "zod";
import { CONTRACT_TYPES, RISK_LEVELS } from "../enums";

/** The thirteen provinces and territories, then federal law (spec §3 "Jurisdiction": code, name). */
export const JURISDICTION_CODES = ["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT", "FED"] as const;
export type JurisdictionCode = (typeof JURISDICTION_CODES)[number];

export const JURISDICTION_NAMES: Record<JurisdictionCode, string> = {
  AB: "Alberta",
  BC: "British Columbia",
  MB: "Manitoba",
  NB: "New Brunswick",
  NL: "Newfoundland and Labrador",
  NS: "Nova Scotia",
  NT: "Northwest Territories",
  NU: "Nunavut",
  ON: "Ontario",
  PE: "Prince Edward Island",
  QC: "Quebec",
  SK: "Saskatchewan",
  YT: "Yukon",
  FED: "Federal (Canada)",
};

export const CONTRACT_TYPE_LABELS: Record<(typeof CONTRACT_TYPES)[number], string> = {
  general: "General",
  energy: "Energy",
  mining: "Mining",
  renewable_energy: "Renewable Energy",
  infrastructure: "Infrastructure",
  construction: "Construction",
  facility_maintenance: "Facility Maintenance",
  environmental_remediation: "Environmental Remediation",
  operations_maintenance: "Operations & Maintenance",
};

/** GET /api/jurisdictions: one entry per code. */
export const jurisdiction = z.object({ code: z.enum(JURISDICTION_CODES), name: z.string() });
export type Jurisdiction = z.infer<typeof jurisdiction>;

/** Spec §5: the one validation message of the screen, shown as the toast title and returned by the API. */
export const CONTRACT_TEXT_REQUIRED = "Contract Text Required";
/** Room for a long EPC contract pasted whole; the analyser is linear in the text. */
export const JURISDICTION_TEXT_MAX_LENGTH = 300_000;

const jurisdictionCode = z
  .string({ message: "Each jurisdiction must be a code such as ON or QC" })
  .trim()
  .toUpperCase()
  .pipe(z.enum(JURISDICTION_CODES, { error: (issue) => `Unknown jurisdiction: ${String(issue.input)}` }));

/** POST /api/analyze-jurisdiction. */
export const jurisdictionAnalysisRequest = z.object({
  contractText: z
    .string({ message: CONTRACT_TEXT_REQUIRED })
    .trim()
    .min(1, CONTRACT_TEXT_REQUIRED)
    .max(JURISDICTION_TEXT_MAX_LENGTH, `The contract text must be at most ${JURISDICTION_TEXT_MAX_LENGTH.toLocaleString("en-CA")} characters`),
  jurisdictions: z
    .array(jurisdictionCode, { message: "Select at least one jurisdiction" })
    .min(1, "Select at least one jurisdiction")
    .max(JURISDICTION_CODES.length * 2, "Too many jurisdictions")
    .transform((codes) => [...new Set(codes)]),
  contractType: z.enum(CONTRACT_TYPES, { message: `contractType must be one of ${CONTRACT_TYPES.join(", ")}` }),
});
export type JurisdictionAnalysisRequest = z.input<typeof jurisdictionAnalysisRequest>;
export type ParsedJurisdictionAnalysisRequest = z.output<typeof jurisdictionAnalysisRequest>;

export const LEGISLATION_TOPICS = [
  "prompt_payment",
  "liens_holdback",
  "civil_law",
  "language",
  "occupational_health_safety",
  "workers_compensation",
  "environmental_assessment",
  "environmental_protection",
  "professional_licensing",
  "construction_labour",
  "energy_regulation",
  "mining",
  "public_procurement",
  "arbitration",
] as const;
export type LegislationTopic = (typeof LEGISLATION_TOPICS)[number];

const code = z.enum(JURISDICTION_CODES);

/** A jurisdiction the analysis rests on, and why (selected, named in the governing-law clause, site...). */
export const analysedJurisdiction = z.object({ code, name: z.string(), basis: z.string() });
export type AnalysedJurisdiction = z.infer<typeof analysedJurisdiction>;

export const complianceRisk = z.object({
  risk: z.string(),
  severity: z.enum(RISK_LEVELS),
  /** The jurisdiction's name, as the spec shows it. */
  jurisdiction: z.string(),
  jurisdictionCode: code,
  mitigation: z.string(),
  /** The contract passage the risk was found in; null when the risk is something missing. */
  excerpt: z.string().nullable(),
});
export type ComplianceRisk = z.infer<typeof complianceRisk>;

export const regulatoryRequirement = z.object({
  requirement: z.string(),
  act: z.string(),
  jurisdiction: z.string(),
  jurisdictionCode: code,
});
export type RegulatoryRequirement = z.infer<typeof regulatoryRequirement>;

export const recommendedClause = z.object({
  title: z.string(),
  /** Suggested wording, to be adapted by counsel. */
  text: z.string(),
  reason: z.string(),
});
export type RecommendedClause = z.infer<typeof recommendedClause>;

export const applicableAct = z.object({
  /** The statute's name as enacted. */
  act: z.string(),
  /** The official citation, where the table is sure of it. */
  citation: z.string().nullable(),
  jurisdiction: z.string(),
  jurisdictionCode: code,
  topic: z.enum(LEGISLATION_TOPICS),
  relevance: z.string(),
});
export type ApplicableAct = z.infer<typeof applicableAct>;

const placeFinding = z.object({ code, name: z.string(), excerpt: z.string() });

/** What the analyser read in the contract text; each finding quotes its passage. */
export const contractFindings = z.object({
  governingLaw: placeFinding.nullable(),
  siteLocations: z.array(placeFinding),
  arbitrationSeat: placeFinding.nullable(),
  paymentCondition: z.object({ kind: z.enum(["pay_when_paid", "pay_if_paid"]), excerpt: z.string() }).nullable(),
  holdback: z.object({ percent: z.number(), excerpt: z.string() }).nullable(),
  frenchLanguageClause: z.object({ excerpt: z.string() }).nullable(),
  /** The text itself reads as French. */
  writtenInFrench: z.boolean(),
  lienWaiver: z.object({ excerpt: z.string() }).nullable(),
  federalCrown: z.object({ excerpt: z.string() }).nullable(),
  indigenousReference: z.object({ excerpt: z.string() }).nullable(),
});
export type ContractFindings = z.infer<typeof contractFindings>;

/** Spec §3 "Jurisdiction analysis result", plus what the text showed and which engine answered. */
export const jurisdictionAnalysisResult = z.object({
  primaryJurisdiction: analysedJurisdiction,
  secondaryJurisdictions: z.array(analysedJurisdiction),
  epcSpecificConsiderations: z.array(z.string()),
  regulatoryRequirements: z.array(regulatoryRequirement),
  crossJurisdictionalIssues: z.array(z.string()),
  complianceRisks: z.array(complianceRisk),
  recommendedClauses: z.array(recommendedClause),
  applicableLegislation: z.array(applicableAct),
  contractType: z.enum(CONTRACT_TYPES),
  findings: contractFindings,
  engine: z.literal("local"),
});
export type JurisdictionAnalysisResult = z.infer<typeof jurisdictionAnalysisResult>;
