import { useCallback, useEffect, useState } from "react";

/**
 * Fullscreen editing: the page goes fullscreen through the Fullscreen API and the editor covers it
 * (a CSS overlay), so dialogs, menus and toasts, which render at the end of <body>, stay visible.
 * Where the API is missing or refused, the CSS overlay alone still gives the editor the window.
 */
export function useFullscreen() {
  const [active, setActive] = useState(false);

  useEffect(() => {
    const onChange = () => {
      if (!document.fullscreenElement) setActive(false);
    };
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);

  useEffect(() => {
    if (!active) return;
    document.documentElement.classList.add("cw-editor-fullscreen");
    return () => document.documentElement.classList.remove("cw-editor-fullscreen");
  }, [active]);

  const exit = useCallback(() => {
    setActive(false);
    if (document.fullscreenElement && typeof document.exitFullscreen === "function") void document.exitFullscreen().catch(() => undefined);
  }, []);

  const enter = useCallback(() => {
    setActive(true);
    const root = document.documentElement;
    if (document.fullscreenEnabled && typeof root.requestFullscreen === "function" && !document.fullscreenElement) {
      // Refused (no user gesture, policy): the CSS overlay stays.
      void root.requestFullscreen().catch(() => undefined);
    }
  }, []);

  const toggle = useCallback(() => (active ? exit() : enter()), [active, enter, exit]);
  return { active, toggle, exit };
}
