import { z } from "zod";
import { CONTRACT_ABILITIES } from "../abilities";
import { CONTRACT_STATUSES, CONTRACT_TYPES, PRIORITIES, RISK_LEVELS, type ContractStatus } from "../enums";

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
  /** The overall risk of the latest finished analysis; null before one. */
  risk: z.enum(RISK_LEVELS).nullable(),
});
export type ContractSummary = z.infer<typeof contractSummary>;

/** Every ability of CONTRACT_ABILITIES, always present (the UI never guesses a missing one). */
export const contractAbilitiesSchema = z.record(z.enum(CONTRACT_ABILITIES), z.boolean());

export const contractDetail = contractSummary.omit({ risk: true }).extend({
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

/** GET /api/contracts: the columns the list sorts by (`-` before one, or `order=desc`, reverses it). */
export const CONTRACT_SORTS = ["title", "client", "status", "priority", "deadline", "risk", "updated"] as const;
export type ContractSort = (typeof CONTRACT_SORTS)[number];
export const CONTRACT_PAGE_MAX = 200;
/** Page size when a cursor or offset comes without a limit. */
export const CONTRACT_PAGE_DEFAULT = 50;
export const CONTRACT_OFFSET_MAX = 1_000_000;
export const CONTRACT_CURSOR_MAX_LENGTH = 1000;
export const CONTRACT_LIST_MESSAGES = {
  badCursor: "This page link is no longer valid for this list; start again from the first page.",
  cursorAndOffset: "Use either cursor or offset, not both.",
  sortConflict: "The sort says one direction and order the other; give only one.",
} as const;

/**
 * The deadline a contract is waiting on: the review deadline while under review, the approval
 * deadline while pending approval, none once decided. The list shows and sorts by this.
 */
export function openDeadline(contract: { status: ContractStatus; reviewDeadline: string | null; approvalDeadline: string | null }): string | null {
  if (contract.status === "under_review") return contract.reviewDeadline;
  if (contract.status === "pending_approval") return contract.approvalDeadline;
  return null;
}

const wholeNumber = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${name} must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be a whole number from ${min} to ${max}`);

export const contractListQuery = z.object({
  search: z.preprocess(
    blankToUndefined,
    z.string().trim().max(CONTRACT_SEARCH_MAX_LENGTH, `Search text must be at most ${CONTRACT_SEARCH_MAX_LENGTH} characters`).optional(),
  ),
  status: z.preprocess(
    (value) => (value === "all" ? undefined : blankToUndefined(value)),
    z.enum(CONTRACT_STATUSES, { message: `Status must be one of: ${CONTRACT_STATUSES.join(", ")}` }).optional(),
  ),
  /** Page size; without it (and without cursor or offset) every matching row is answered, as before. */
  limit: wholeNumber("limit", 1, CONTRACT_PAGE_MAX).optional(),
  /** The opaque key of the previous page's last row, from the `Link` header. */
  cursor: z.string().min(1, "cursor must not be empty").max(CONTRACT_CURSOR_MAX_LENGTH, "cursor is not valid").optional(),
  offset: wholeNumber("offset", 0, CONTRACT_OFFSET_MAX).optional(),
  sort: z
    .string()
    .refine((v) => (CONTRACT_SORTS as readonly string[]).includes(v.replace(/^-/, "")), `sort must be one of: ${CONTRACT_SORTS.join(", ")} (with - for descending)`)
    .optional(),
  order: z.enum(["asc", "desc"], { message: "order must be asc or desc" }).optional(),
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
