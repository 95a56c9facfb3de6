import { useCallback } from "react";
import { useSearchParams } from "react-router-dom";

/** The tabs of the contract workspace's right rail, in their order (issue 17). */
export const RAIL_TABS = ["analysis", "markups", "questions", "exhibits", "approval", "activity"] as const;
export type RailTab = (typeof RAIL_TABS)[number];

export const RAIL_TAB_LABELS: Record<RailTab, string> = {
  analysis: "Analysis",
  markups: "Markups & Changes",
  questions: "Questions",
  exhibits: "Exhibits",
  approval: "Approval",
  activity: "Activity",
};

export const RAIL_TAB_STORAGE_KEY = "clausewise.contract-detail.rail-tab";
const DEFAULT_TAB: RailTab = "analysis";

export const isRailTab = (value: unknown): value is RailTab => typeof value === "string" && (RAIL_TABS as readonly string[]).includes(value);

function storedTab(): RailTab | null {
  try {
    const value = window.localStorage.getItem(RAIL_TAB_STORAGE_KEY);
    return isRailTab(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The open rail tab: `?tab=` first (so a link, a notification, can open Exhibits or Approval), else
 * the last tab this browser chose, else Analysis. Choosing one writes both (the URL replaced, not
 * pushed: switching tabs is not navigation to go Back through).
 */
export function useRailTab() {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get("tab");
  const tab: RailTab = isRailTab(fromUrl) ? fromUrl : (storedTab() ?? DEFAULT_TAB);
  const setTab = useCallback(
    (next: RailTab) => {
      try {
        window.localStorage.setItem(RAIL_TAB_STORAGE_KEY, next);
      } catch {
        // Storage is a convenience; the URL still holds the choice.
      }
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set("tab", next);
          return updated;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [tab, setTab] as const;
}
