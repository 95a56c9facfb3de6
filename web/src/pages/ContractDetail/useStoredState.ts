import { useCallback, useEffect, useState } from "react";

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

const isBoolean = (value: unknown): value is boolean => typeof value === "boolean";

/** The workspace's right rail, shown or collapsed (spec §2: collapsible panels), remembered across contracts and visits. */
export function useRailOpen() {
  return useStoredState<boolean>("local", "clausewise.contract-detail.rail-open", true, isBoolean);
}

function localStore(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export const analysisHighlightsKey = (userId: string) => `clausewise.contract-detail.analysis-highlights.${userId}`;

/**
 * "Show analysis highlights" in the Document Viewer (issue 17): off until this user turns it on,
 * remembered per user in this browser (someone else signing in here starts with their own choice).
 */
export function useAnalysisHighlights(userId: string) {
  const key = analysisHighlightsKey(userId);
  const [state, setState] = useState(() => ({ key, show: read(localStore(), key, false, isBoolean) }));
  // Another user (a sign-in on the same tab): their own choice, read again.
  const current = state.key === key ? state : { key, show: read(localStore(), key, false, isBoolean) };
  if (current !== state) setState(current);
  const setShow = useCallback(
    (show: boolean) => {
      setState({ key, show });
      try {
        localStore()?.setItem(key, JSON.stringify(show));
      } catch {
        // Storage is a convenience here.
      }
    },
    [key],
  );
  return [current.show, setShow] as const;
}

