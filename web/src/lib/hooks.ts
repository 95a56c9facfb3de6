import { useSearchParams } from "react-router-dom";
import { safeNextPath } from "./next-path";
import { useEffect, useState } from "react";

export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ClauseWise` : "ClauseWise";
  }, [title]);
}

/** The `next` query parameter, made safe (see safeNextPath). */
export function useNextPath(): string {
  const [params] = useSearchParams();
  return safeNextPath(params.get("next"));
}
