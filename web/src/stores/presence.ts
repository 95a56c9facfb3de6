import { create } from "zustand";
import type { ContractPresence } from "@clausewise/shared";
import type { PresenceUser } from "../editor/collab/presence";

export type ContractViewer = ContractPresence["viewers"][number];

interface PresenceState {
  /** Who has each contract open (its page), from the push socket's `presence:contract`. */
  viewing: Record<string, ContractViewer[]>;
  /** Who is in each contract's live document now, from the editor's awareness, the current user first. */
  inDocument: Record<string, PresenceUser[]>;
  setViewing: (contractId: string, viewers: ContractViewer[]) => void;
  /** The contract's room was left or the socket lost: what it said is no longer known. */
  forgetViewing: (contractId?: string) => void;
  setInDocument: (contractId: string, people: PresenceUser[]) => void;
  forgetInDocument: (contractId: string) => void;
}

const NOBODY: never[] = [];

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  const rest = { ...record };
  delete rest[key];
  return rest;
}

export const usePresenceStore = create<PresenceState>()((set) => ({
  viewing: {},
  inDocument: {},
  setViewing: (contractId, viewers) => set((s) => ({ viewing: { ...s.viewing, [contractId]: viewers } })),
  forgetViewing: (contractId) => set((s) => ({ viewing: contractId === undefined ? {} : without(s.viewing, contractId) })),
  setInDocument: (contractId, people) => set((s) => ({ inDocument: { ...s.inDocument, [contractId]: people } })),
  forgetInDocument: (contractId) => set((s) => (contractId in s.inDocument ? { inDocument: without(s.inDocument, contractId) } : s)),
}));

export function useContractViewing(contractId: string): ContractViewer[] {
  return usePresenceStore((s) => s.viewing[contractId] ?? NOBODY);
}

export function useDocumentPresence(contractId: string): PresenceUser[] {
  return usePresenceStore((s) => s.inDocument[contractId] ?? NOBODY);
}
