import {
  CONTRACT_STATUSES,
  CONTRACT_TYPES,
  PRIORITIES,
  RISK_LEVELS,
  type ContractAbilities,
  type ContractDetail,
  type ContractSummary,
} from "@clausewise/shared";
import type { ContractRow, ContractSummaryRow } from "../loaders/contract";

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.find((v) => v === value) ?? fallback;
}

/* Commands write statuses, priorities and types from the shared enums; the fallbacks only keep one
 * malformed row from breaking a whole list. */
export function presentContractSummary(row: ContractSummaryRow): ContractSummary {
  return { ...presentContractFields(row), risk: RISK_LEVELS.find((r) => r === row.overallRisk) ?? null };
}

function presentContractFields(row: Omit<ContractSummaryRow, "overallRisk">): Omit<ContractSummary, "risk"> {
  return {
    id: row.id,
    title: row.title,
    client: row.client,
    status: oneOf(CONTRACT_STATUSES, row.status, "under_review"),
    priority: oneOf(PRIORITIES, row.priority, "medium"),
    contractType: CONTRACT_TYPES.find((t) => t === row.contractType) ?? null,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    reviewDeadline: row.reviewDeadline,
    approvalDeadline: row.approvalDeadline,
    reviewerId: row.reviewerId,
  };
}

/** GET /api/contracts/{id}: the document body and the caller's abilities on it; never plain text or file bytes. */
export function presentContractDetail(row: ContractRow, extra: { abilities: ContractAbilities; hasOriginalFile: boolean }): ContractDetail {
  return {
    ...presentContractFields(row),
    content: row.content,
    storageConsent: row.storageConsent,
    hasOriginalFile: extra.hasOriginalFile,
    fileName: row.fileName,
    submittedAt: iso(row.submittedAt),
    completedAt: iso(row.completedAt),
    ourPartyRole: row.ourPartyRole,
    approvedVersion: row.approvedVersion,
    abilities: extra.abilities,
  };
}
