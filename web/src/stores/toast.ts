import { create } from "zustand";
import { TOAST_LIMIT } from "@clausewise/shared";

export type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

interface ToastState {
  toasts: ToastItem[];
  show: (input: ToastInput) => number;
  dismiss: (id: number) => void;
  remove: (id: number) => void;
}

/** Time a closed toast stays mounted so its exit animation can run. */
const REMOVE_DELAY_MS = 200;
let nextId = 1;

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  show: (input) => {
    const id = nextId++;
    // Spec §9: at most one toast at a time; the newest wins.
    set((state) => ({ toasts: [{ ...input, id, open: true }, ...state.toasts].slice(0, TOAST_LIMIT) }));
    return id;
  },
  dismiss: (id) => {
    set((state) => ({ toasts: state.toasts.map((t) => (t.id === id ? { ...t, open: false } : t)) }));
    setTimeout(() => useToastStore.getState().remove(id), REMOVE_DELAY_MS);
  },
  remove: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
}));

/** Shows a toast from anywhere (components, query callbacks). */
export function toast(input: ToastInput): number {
  return useToastStore.getState().show(input);
}
