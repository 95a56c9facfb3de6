import { useEffect, useRef, type RefObject } from "react";

export interface ShortcutActions {
  /** Ctrl+S: a version checkpoint (absent: the browser's own Save is still blocked). */
  save?: () => void;
  /** Ctrl+F */
  find: () => void;
  /** Ctrl+P */
  print: () => void;
  /** F11 */
  toggleFullscreen: () => void;
  /** Escape, while fullscreen is the CSS overlay only (the Fullscreen API handles its own Escape). */
  exitCssFullscreen?: () => void;
  /** Ctrl+K */
  link?: () => void;
  /** Ctrl+\ */
  clearFormatting?: () => void;
  /** Ctrl+O: a Word document from disk (the desktop app; in a browser tab it says so). */
  openFromDisk?: () => void;
}

/**
 * Spec §9 shortcuts beyond the editor's own (Ctrl+Z/Y/B/I/U live in TipTap): they apply while the
 * focus is in the editor, or nowhere in particular (the page body), never inside other dialogs.
 */
export function useEditorShortcuts(root: RefObject<HTMLElement | null>, actions: ShortcutActions): void {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as Node | null;
      if (!(target && root.current?.contains(target)) && target !== document.body) return;
      const a = latest.current;
      const mod = (event.ctrlKey || event.metaKey) && !event.altKey;
      const key = event.key.toLowerCase();
      let run: (() => void) | undefined;
      if (mod && key === "s") run = a.save ?? (() => undefined);
      else if (mod && !event.shiftKey && key === "f") run = a.find;
      else if (mod && !event.shiftKey && key === "p") run = a.print;
      else if (event.key === "F11") run = a.toggleFullscreen;
      else if (mod && key === "k") run = a.link;
      else if (mod && event.key === "\\") run = a.clearFormatting;
      else if (mod && !event.shiftKey && key === "o") run = a.openFromDisk;
      else if (event.key === "Escape" && !document.fullscreenElement && !event.defaultPrevented) {
        a.exitCssFullscreen?.();
        return;
      }
      if (!run) return;
      event.preventDefault();
      run();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [root]);
}
