import { useCallback, useState } from "react";
import type { EditorMode } from "../EditorStatus";

type TrackMode = Exclude<EditorMode, "view">;

const storageKey = (userId: string) => `clausewise.editor.track-changes.${userId}`;

function remembered(userId: string): TrackMode | null {
  try {
    const value = window.localStorage.getItem(storageKey(userId));
    return value === "suggest" || value === "edit" ? value : null;
  } catch {
    return null;
  }
}

/**
 * The editor's mode (Editing / Suggesting / Viewing). Whether this user edits or suggests is
 * remembered per user (this browser's storage, keyed by the user id), so an approver who prefers
 * tracked changes gets them in every contract; View Mode is not remembered, so the editor never
 * opens read-only by surprise. `modes` are what this user may choose (reviewers: suggest only).
 */
export function useEditorMode(userId: string, modes: readonly TrackMode[]) {
  const initial = (): EditorMode => {
    const saved = remembered(userId);
    if (saved && modes.includes(saved)) return saved;
    return modes[0] ?? "view";
  };
  const [mode, setModeState] = useState<EditorMode>(initial);
  const setMode = useCallback(
    (next: EditorMode) => {
      setModeState(next);
      // Only a choice is remembered: a reviewer's Suggesting is not one.
      if (next === "view" || modes.length < 2) return;
      try {
        window.localStorage.setItem(storageKey(userId), next);
      } catch {
        // Storage is a convenience here.
      }
    },
    [userId, modes.length],
  );
  return [mode, setMode] as const;
}
