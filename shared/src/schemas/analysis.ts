import { z } from "zod";
import { ANALYSIS_TYPES, CONTRACT_TYPES, RISK_LEVELS } from "../enums";
import { JURISDICTION_CODES } from "./jurisdiction";

/**
 * Contract intelligence (DESIGN.md §5): the machine-readable clause codes the engines detect, and the
 * shapes every engine (local or OpenAI-compatible) must produce. Offsets are into the contract's plain
 * text (GET /api/contracts/{id}/text, end exclusive), the same coordinates as markups and changes.
 */
export const CLAUSE_CODES = [
  "limitation_of_liability",
  "uncapped_liability",
  "indemnity",
  "liquidated_damages",
  "consequential_damages",
  "termination_for_convenience",
  "termination_for_default",
  "payment_terms",
  "pay_when_paid",
  "holdback",
  "change_orders",
  "force_majeure",
  "warranty",
  "insurance",
  "bonds_security",
  "performance_guarantee",
  "dispute_resolution",
  "governing_law",
  "confidentiality",
  "ip_ownership",
  "assignment",
  "change_of_control",
  "audit_rights",
  "notice_requirements",
  "schedule_delay",
  "site_conditions",
  "safety",
  "environmental",
  "non_compete",
  "exclusivity",
  "minimum_commitment",
] as const;
export type ClauseCode = (typeof CLAUSE_CODES)[number];

export const CLAUSE_LABELS: Record<ClauseCode, string> = {
  limitation_of_liability: "Limitation of liability",
  uncapped_liability: "Uncapped liability",
  indemnity: "Indemnity",
  liquidated_damages: "Liquidated damages",
  consequential_damages: "Consequential damages",
  termination_for_convenience: "Termination for convenience",
  termination_for_default: "Termination for default",
  payment_terms: "Payment terms",
  pay_when_paid: "Pay-when-paid",
  holdback: "Holdback",
  change_orders: "Change orders",
  force_majeure: "Force majeure",
  warranty: "Warranty and defects",
  insurance: "Insurance",
  bonds_security: "Bonds and security",
  performance_guarantee: "Performance guarantee",
  dispute_resolution: "Dispute resolution",
  governing_law: "Governing law",
  confidentiality: "Confidentiality",
  ip_ownership: "Intellectual property",
  assignment: "Assignment",
  change_of_control: "Change of control",
  audit_rights: "Audit rights",
  notice_requirements: "Notice requirements",
  schedule_delay: "Schedule and delay",
  site_conditions: "Site conditions",
  safety: "Health and safety",
  environmental: "Environmental",
  non_compete: "Non-compete",
  exclusivity: "Exclusivity",
  minimum_commitment: "Minimum commitment",
};

export const ANALYSIS_ENGINES = ["local", "openai"] as const;
export type AnalysisEngine = (typeof ANALYSIS_ENGINES)[number];

export const ANALYSIS_STATUSES = ["queued", "analysing", "done", "failed"] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];

/** A passage of the contract a finding rests on: quoted, with its offsets. */
const quoted = {
  /** The quoted source text ("" for a missing protection, which has nothing to quote). */
  excerpt: z.string(),
  start: z.number().int().min(0),
  end: z.number().int().min(0),
};

/** One detected clause. */
export const detectedClause = z.object({
  code: z.enum(CLAUSE_CODES),
  /** The section number as written ("12.3", "Article 7"), null when the clause is not numbered. */
  section: z.string().nullable(),
  /** The clause's heading, when it has one. */
  heading: z.string().nullable(),
  ...quoted,
});
export type DetectedClause = z.infer<typeof detectedClause>;

/** A risk, advantage or recommendation about the whole contract. */
export const analysisFinding = z.object({
  title: z.string(),
  description: z.string(),
  /** The clause code it is about, or "general" (e.g. overall balance). */
  category: z.union([z.enum(CLAUSE_CODES), z.literal("general")]),
  riskLevel: z.enum(RISK_LEVELS),
  section: z.string().nullable(),
  ...quoted,
});
export type AnalysisFinding = z.infer<typeof analysisFinding>;

/**
 * Which side of the deal a party is on: the customer orders and pays for the work (owner, company,
 * client, purchaser; the contractor in a subcontract), the provider performs it (contractor,
 * subcontractor, supplier, consultant, operator). Findings are judged from one side (issue 13).
 */
export const PARTY_SIDES = ["customer", "provider"] as const;
export type PartySide = (typeof PARTY_SIDES)[number];
export const PARTY_SIDE_LABELS: Record<PartySide, string> = {
  customer: "orders and pays for the work",
  provider: "performs the work",
};

/** Defined roles people choose from when the contract's own parties were not found. */
export const COMMON_PARTY_ROLES = ["Owner", "Contractor", "Subcontractor", "Supplier", "Consultant", "Operator", "Company", "Client", "Purchaser", "Vendor"] as const;

export const PARTY_ROLE_MAX_LENGTH = 60;

/** A party to the contract, as its preamble or definitions name it. */
export const contractParty = z.object({
  /** The party's name as written ("Wapiti Ridge Midstream Ltd."), null when only the role is defined. */
  name: z.string().nullable(),
  /** The role the contract defines for it ("Owner", "Contractor"). */
  role: z.string(),
  /** Other names the same definition gives it ("Supplier" for a party defined as "Ferrer" and/or "Supplier"). */
  aliases: z.array(z.string()).optional(),
  side: z.enum(PARTY_SIDES).nullable(),
  /** Where the contract names it. */
  ...quoted,
});
export type ContractParty = z.infer<typeof contractParty>;

/**
 * Whose side the findings take. `chosen`: a person set it on the contract; `company_name`: the
 * company's name matches a party; `assumed`: no match, but the company plainly builds or supplies;
 * `unknown`: findings are phrased neutrally, naming the party each term burdens.
 */
export const PERSPECTIVE_SOURCES = ["chosen", "company_name", "assumed", "unknown"] as const;
export type PerspectiveSource = (typeof PERSPECTIVE_SOURCES)[number];
export const analysisPerspective = z.object({
  /** Our party's role as the contract defines it ("Owner"), or null when unknown. */
  role: z.string().nullable(),
  side: z.enum(PARTY_SIDES).nullable(),
  source: z.enum(PERSPECTIVE_SOURCES),
  /** One sentence: whose side the findings take and why. */
  note: z.string(),
});
export type AnalysisPerspective = z.infer<typeof analysisPerspective>;

/** Where a law or a place was read from: the name, whether it is Canadian, and the sentence it rests on. */
export const placeReading = z.object({
  /** "Alberta", "Texas", "England and Wales". */
  name: z.string(),
  /** "Canada", "United States", "United Kingdom". */
  country: z.string(),
  canadian: z.boolean(),
  /** The province or territory (or FED) when Canadian. */
  jurisdictionCode: z.enum(JURISDICTION_CODES).nullable(),
  /** Why the engine believes it, naming the clause. */
  reason: z.string(),
  section: z.string().nullable(),
  ...quoted,
});
export type PlaceReading = z.infer<typeof placeReading>;

/** What an engine produces for a whole contract. */
export const contractAnalysisResult = z.object({
  contractType: z.enum(CONTRACT_TYPES),
  overallRisk: z.enum(RISK_LEVELS),
  /** Two or three sentences for the top of the report. */
  summary: z.string(),
  riskItems: z.array(analysisFinding),
  advantages: z.array(analysisFinding),
  recommendations: z.array(analysisFinding),
  clauses: z.array(detectedClause),
  /*
   * Read from the text by the local reader whichever engine judged (older stored results lack them).
   */
  parties: z.array(contractParty).optional(),
  perspective: analysisPerspective.optional(),
  governingLaw: placeReading.nullable().optional(),
  placeOfWork: placeReading.nullable().optional(),
  /** Whether Canadian statute checks were applied, and why (or why not). */
  jurisdictionNote: z.string().optional(),
});
export type ContractAnalysisResult = z.infer<typeof contractAnalysisResult>;

/** GET /api/contracts/{id}/analysis: the state of the contract's analysis and, once done, its result. */
export const contractAnalysis = contractAnalysisResult.partial().extend({
  contractId: z.string(),
  status: z.enum(ANALYSIS_STATUSES),
  /** 0-100. */
  progress: z.number().int().min(0).max(100),
  /** Why it failed (status failed). */
  error: z.string().nullable(),
  engine: z.enum(ANALYSIS_ENGINES).nullable(),
  /** The model, for the OpenAI-compatible engine. */
  model: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  riskItems: z.array(analysisFinding),
  advantages: z.array(analysisFinding),
  recommendations: z.array(analysisFinding),
  clauses: z.array(detectedClause),
  /** The analysed text changed since (an approved change, a live or REST edit): offsets may have moved. */
  stale: z.boolean(),
  /** When a re-analysis of the changed text will start by itself (edits settle first), if one is planned. */
  refreshAt: z.string().nullable(),
});
export type ContractAnalysis = z.infer<typeof contractAnalysis>;

/** PUT /api/contracts/{id}/perspective: which party the company is in this contract (null: decide from the company name). */
export const perspectiveRequest = z.object({
  ourPartyRole: z
    .string({ message: "ourPartyRole must be a party's role, such as Owner or Contractor, or null" })
    .trim()
    .min(1, "Choose the party your company is, or null to decide from the company name")
    .max(PARTY_ROLE_MAX_LENGTH, `A party role can be at most ${PARTY_ROLE_MAX_LENGTH} characters`)
    .regex(/^[\p{L}][\p{L}\p{N} .&'’-]*$/u, "A party role is a word or two, such as Owner or Contractor")
    .nullable(),
});
export type PerspectiveRequest = z.infer<typeof perspectiveRequest>;

export const perspectiveResponse = z.object({
  contractId: z.string(),
  ourPartyRole: z.string().nullable(),
  /** A re-analysis from the new side was queued (false while the company's AI switch is off). */
  reanalysisQueued: z.boolean(),
});
export type PerspectiveResponse = z.infer<typeof perspectiveResponse>;

export const AI_TEXT_MAX_LENGTH = 20_000;
export const AI_PROMPT_MAX_LENGTH = 2_000;

/** POST /api/contracts/{id}/ai-analysis. */
export const textAnalysisRequest = z
  .object({
    text: z
      .string({ message: "Please select text in the contract to analyze." })
      .trim()
      .min(1, "Please select text in the contract to analyze.")
      .max(AI_TEXT_MAX_LENGTH, `The selected text must be at most ${AI_TEXT_MAX_LENGTH.toLocaleString("en-CA")} characters`),
    analysisType: z.enum(ANALYSIS_TYPES, { message: `analysisType must be one of ${ANALYSIS_TYPES.join(", ")}` }),
    prompt: z.string().trim().max(AI_PROMPT_MAX_LENGTH, `A prompt must be at most ${AI_PROMPT_MAX_LENGTH} characters`).optional().nullable(),
    /** Where the selection is in the plain text (GET /text offsets), to find the clause around it. */
    start: z.number({ message: "start must be an offset into the contract text" }).int().min(0).optional().nullable(),
    end: z.number({ message: "end must be an offset into the contract text" }).int().min(0).optional().nullable(),
  })
  .superRefine((value, ctx) => {
    if (value.analysisType === "custom" && !value.prompt) ctx.addIssue({ code: "custom", path: ["prompt"], message: "Please enter a prompt for the custom analysis." });
    if (value.start != null && value.end != null && value.end < value.start) ctx.addIssue({ code: "custom", path: ["end"], message: "end must not come before start." });
  });
export type TextAnalysisRequest = z.infer<typeof textAnalysisRequest>;

/** What an engine produces for selected text. */
export const textAnalysisResult = z.object({
  analysis: z.string(),
  riskLevel: z.enum(RISK_LEVELS),
  recommendations: z.array(z.string()),
  legalConcerns: z.array(z.string()),
  /** The clause types found in the text. */
  clauseCodes: z.array(z.enum(CLAUSE_CODES)),
  /** The whole clause a partial selection was read in (absent when the selection is the clause, or not found). */
  context: z.object({ section: z.string().nullable(), heading: z.string().nullable(), ...quoted }).nullable().optional(),
});
export type TextAnalysisResult = z.infer<typeof textAnalysisResult>;

export const textAnalysis = textAnalysisResult.extend({
  id: z.string(),
  analysisType: z.enum(ANALYSIS_TYPES),
  engine: z.enum(ANALYSIS_ENGINES),
  createdAt: z.string(),
});
export type TextAnalysis = z.infer<typeof textAnalysis>;

/** A clause an answer quotes. */
export const answerCitation = z.object({ section: z.string().nullable(), heading: z.string().nullable(), ...quoted });
export type AnswerCitation = z.infer<typeof answerCitation>;

/** What an engine produces for a question about a contract. */
export const questionAnswerResult = z.object({
  /** The answer, quoting the clauses it relies on with their section numbers. */
  answer: z.string(),
  /** false when the contract does not address the question. */
  addressed: z.boolean(),
  /** The clauses the answer rests on, most relevant first. */
  citations: z.array(answerCitation),
});
export type QuestionAnswerResult = z.infer<typeof questionAnswerResult>;
