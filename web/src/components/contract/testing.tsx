import { CONTRACT_ABILITIES, type ContractAbility, type ContractDetail } from "@clausewise/shared";
import { useToastStore } from "../../stores/toast";

/** Test support for the contract panels (imported by *.test.tsx only). */

/** A contract as GET /api/contracts/{id} answers it, with only the given abilities granted. */
export function makeContract(overrides: Partial<ContractDetail> = {}, granted: readonly ContractAbility[] = ["read"]): ContractDetail {
  const abilities = Object.fromEntries(CONTRACT_ABILITIES.map((a) => [a, granted.includes(a)])) as ContractDetail["abilities"];
  return {
    id: "c-1",
    title: "EPC Agreement - Wapiti Ridge Gas Processing Plant",
    client: "Wapiti Midstream Ltd.",
    status: "under_review",
    priority: "high",
    contractType: "energy",
    version: 3,
    updatedAt: "2026-11-21T15:00:00.000Z",
    createdAt: "2026-11-01T15:00:00.000Z",
    reviewDeadline: null,
    approvalDeadline: null,
    reviewerId: null,
    content: "<p>Text</p>",
    storageConsent: true,
    hasOriginalFile: true,
    fileName: "wapiti.pdf",
    submittedAt: null,
    completedAt: null,
    ourPartyRole: null,
    approvedVersion: null,
    abilities,
    ...overrides,
  };
}

export const REVIEWER_ABILITIES: ContractAbility[] = ["read", "comment", "suggest", "analyze", "submitForApproval", "manageExhibits", "reviewExhibits"];
export const APPROVER_ABILITIES: ContractAbility[] = [...REVIEWER_ABILITIES, "edit", "decideChanges", "approve", "grantAccess"];


/** The toast on screen (spec §9: one at a time), as the store holds it. */
export function currentToast() {
  const [toast] = useToastStore.getState().toasts;
  return toast ? { title: toast.title, description: toast.description, variant: toast.variant } : undefined;
}
