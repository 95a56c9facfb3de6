import { z } from "zod";
import { CONTRACT_ABILITIES } from "../abilities";
import { CONTRACT_STATUSES, CONTRACT_TYPES, PRIORITIES } from "../enums";

export const CONTRACT_SEARCH_MAX_LENGTH = 200;

export const contractSummary = z.object({
  id: z.string(),
  title: z.string(),
  client: z.string().nullable(),
  status: z.enum(CONTRACT_STATUSES),
  priority: z.enum(PRIORITIES),
  contractType: z.enum(CONTRACT_TYPES).nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
  createdAt: z.string(),
  /** Date-only, 'YYYY-MM-DD' (issue 17): show it with formatDateOnly, never through Date. */
  reviewDeadline: z.string().nullable(),
  /** Date-only, 'YYYY-MM-DD'. */
  approvalDeadline: z.string().nullable(),
  reviewerId: z.string().nullable(),
});
export type ContractSummary = z.infer<typeof contractSummary>;

/** Every ability of CONTRACT_ABILITIES, always present (the UI never guesses a missing one). */
export const contractAbilitiesSchema = z.record(z.enum(CONTRACT_ABILITIES), z.boolean());

export const contractDetail = contractSummary.extend({
  content: z.string(),
  storageConsent: z.boolean(),
  hasOriginalFile: z.boolean(),
  fileName: z.string().nullable(),
  submittedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** The party the company is in this contract, as chosen (PUT …/perspective); null: read from the company's name. */
  ourPartyRole: z.string().nullable(),
  /** The version the latest approval applies to (its text is locked while the contract is approved); null if never approved. */
  approvedVersion: z.number().int().nullable(),
  abilities: contractAbilitiesSchema,
});
export type ContractDetail = z.infer<typeof contractDetail>;

/** An empty form field means "no filter"; so does the status filter's "all" option. */
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

export const contractListQuery = z.object({
  search: z.preprocess(
    blankToUndefined,
    z.string().trim().max(CONTRACT_SEARCH_MAX_LENGTH, `Search text must be at most ${CONTRACT_SEARCH_MAX_LENGTH} characters`).optional(),
  ),
  status: z.preprocess(
    (value) => (value === "all" ? undefined : blankToUndefined(value)),
    z.enum(CONTRACT_STATUSES, { message: `Status must be one of: ${CONTRACT_STATUSES.join(", ")}` }).optional(),
  ),
});
export type ContractListQuery = z.infer<typeof contractListQuery>;

/** GET /api/contracts/{id}/text: the document as lines, with offsets into its plain text (the API's coordinate system). */
export const documentBlock = z.object({
  kind: z.enum(["heading", "paragraph", "listItem", "quote", "row", "code"]),
  level: z.number().int().optional(),
  text: z.string(),
  start: z.number().int(),
});
export type DocumentBlock = z.infer<typeof documentBlock>;
export const documentText = z.object({ contractId: z.string(), length: z.number().int(), blocks: z.array(documentBlock) });
export type DocumentText = z.infer<typeof documentText>;
