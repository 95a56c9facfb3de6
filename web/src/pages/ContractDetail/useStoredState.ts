import { useEffect, useState } from "react";

function read<T>(storage: Storage | undefined, key: string, fallback: T, valid: (value: unknown) => value is T): T {
  try {
    const raw = storage?.getItem(key);
    if (raw == null) return fallback;
    const parsed: unknown = JSON.parse(raw);
    return valid(parsed) ? parsed : fallback;
  } catch {
    return fallback;
  }
}

/**
 * State kept in web storage under `key`: localStorage for preferences (panel layout), sessionStorage
 * for drafts, so what someone typed survives a reload of the tab. Storage errors (private mode, full)
 * only cost the memory, never the state.
 */
export function useStoredState<T>(kind: "local" | "session", key: string, fallback: T, valid: (value: unknown) => value is T) {
  const storage = typeof window === "undefined" ? undefined : kind === "local" ? window.localStorage : window.sessionStorage;
  const [state, setState] = useState<T>(() => read(storage, key, fallback, valid));
  useEffect(() => {
    try {
      storage?.setItem(key, JSON.stringify(state));
    } catch {
      // Storage is a convenience here.
    }
  }, [storage, key, state]);
  return [state, setState] as const;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

export interface PanelState {
  left: boolean;
  right: boolean;
}

export const isPanelState = (value: unknown): value is PanelState => isObject(value) && typeof value.left === "boolean" && typeof value.right === "boolean";

/** Collapsible side panels of the contract page, remembered across contracts and visits. */
export function usePanels() {
  return useStoredState<PanelState>("local", "clausewise.contract-detail.panels", { left: true, right: true }, isPanelState);
}

/** "Show analysis highlights" in the Document Viewer: on until turned off, remembered like the panels. */
export function useAnalysisHighlights() {
  return useStoredState<boolean>("local", "clausewise.contract-detail.analysis-highlights", true, (value): value is boolean => typeof value === "boolean");
}
