/**
 * Focus rings for those who need them: a keyboard user always sees where focus is; a mouse or touch
 * user does not get a heavy ring on what they just clicked (Chromium draws one whenever a component
 * moves focus by script, e.g. Radix tabs and menus, and on every select). The last kind of input is
 * kept on <html data-input="keyboard|pointer">; index.css hides the ring in pointer mode, except on
 * text fields, which keep their own light focus style.
 */
const NAVIGATION_KEYS = new Set(["Tab", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown", "Enter", " ", "Escape", "F6"]);

export function trackInputModality(root: HTMLElement = document.documentElement): () => void {
  const keyboard = (event: KeyboardEvent) => {
    if (NAVIGATION_KEYS.has(event.key) && !event.metaKey && !event.ctrlKey && !event.altKey) root.dataset.input = "keyboard";
  };
  const pointer = () => {
    root.dataset.input = "pointer";
  };
  root.ownerDocument.addEventListener("keydown", keyboard, true);
  root.ownerDocument.addEventListener("pointerdown", pointer, true);
  return () => {
    root.ownerDocument.removeEventListener("keydown", keyboard, true);
    root.ownerDocument.removeEventListener("pointerdown", pointer, true);
  };
}
