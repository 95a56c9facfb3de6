/**
 * The editor's keyboard shortcuts, as the desktop helper bar's hover panel lists them: the ones
 * of useEditorShortcuts.ts and those the toolbars declare (TipTap's own keys).
 */
export interface ShortcutGroup {
  title: string;
  items: { keys: string; action: string }[];
}

export const EDITOR_SHORTCUTS: ShortcutGroup[] = [
  {
    title: "Document",
    items: [
      { keys: "Ctrl+S", action: "Save a version" },
      { keys: "Ctrl+F", action: "Find and replace" },
      { keys: "Ctrl+P", action: "Print" },
      { keys: "Ctrl+O", action: "Open a Word document from disk" },
      { keys: "F11", action: "Fullscreen" },
      { keys: "Esc", action: "Leave fullscreen" },
    ],
  },
  {
    title: "Editing",
    items: [
      { keys: "Ctrl+Z", action: "Undo" },
      { keys: "Ctrl+Y", action: "Redo" },
      { keys: "Ctrl+K", action: "Insert link" },
      { keys: "Ctrl+\\", action: "Clear formatting" },
    ],
  },
  {
    title: "Formatting",
    items: [
      { keys: "Ctrl+B", action: "Bold" },
      { keys: "Ctrl+I", action: "Italic" },
      { keys: "Ctrl+U", action: "Underline" },
      { keys: "Ctrl+Shift+S", action: "Strikethrough" },
      { keys: "Ctrl+,", action: "Subscript" },
      { keys: "Ctrl+.", action: "Superscript" },
      { keys: "Ctrl+Shift+B", action: "Quote" },
      { keys: "Ctrl+Alt+C", action: "Code block" },
      { keys: "Ctrl+Shift+8", action: "Bulleted list" },
      { keys: "Ctrl+Shift+7", action: "Numbered list" },
      { keys: "Ctrl+[", action: "Decrease indent" },
      { keys: "Ctrl+]", action: "Increase indent" },
      { keys: "Ctrl+Shift+L / E / R / J", action: "Align left, center, right, justify" },
    ],
  },
];
