import { create } from "zustand";
import type { PresenceUser } from "../editor/collab/presence";

interface PresenceState {
  /** Who is viewing each open contract's live document now, the current user first. */
  byContract: Record<string, PresenceUser[]>;
  setViewers: (contractId: string, people: PresenceUser[]) => void;
  clear: (contractId: string) => void;
}

const NOBODY: PresenceUser[] = [];

export const usePresenceStore = create<PresenceState>()((set) => ({
  byContract: {},
  setViewers: (contractId, people) => set((s) => ({ byContract: { ...s.byContract, [contractId]: people } })),
  clear: (contractId) =>
    set((s) => {
      if (!(contractId in s.byContract)) return s;
      const rest = { ...s.byContract };
      delete rest[contractId];
      return { byContract: rest };
    }),
}));

export function useContractViewers(contractId: string): PresenceUser[] {
  return usePresenceStore((s) => s.byContract[contractId] ?? NOBODY);
}
