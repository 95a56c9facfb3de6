import { create } from "zustand";

/**
 * The desktop bridge (spec §4: "Desktop mode is detected by a desktop bridge on the window"). The
 * desktop app is this web build installed from Chromium (manifest + service worker, issue 17); when
 * it runs installed (`display-mode: standalone`), `window.clausewiseDesktop` is set, and the editor
 * shows its helper bar. In a browser tab the bridge is absent.
 */
export interface FileTypes {
  description: string;
  accept: Record<string, string[]>;
}

export interface ClausewiseDesktop {
  readonly version: 1;
  /** The installed web app: native features (a tray) are not available (docs/DECISIONS.md). */
  readonly shell: "installed-web-app";
  /** The File System Access API is there (Chromium): open and save straight from and to disk. */
  readonly fileSystemAccess: boolean;
  /** A file chosen on disk, or null when the user cancelled. */
  openFile(types: FileTypes): Promise<File | null>;
  /** Writes the blob to a file the user names; false when the user cancelled. */
  saveFile(blob: Blob, suggestedName: string, types: FileTypes): Promise<boolean>;
  toggleFullscreen(): Promise<void>;
}

declare global {
  interface Window {
    clausewiseDesktop?: ClausewiseDesktop;
  }
}

export const STANDALONE_QUERY = "(display-mode: standalone)";

/** The File System Access API as far as the bridge uses it (Chromium; not in TypeScript's DOM lib). */
interface PickerWindow {
  showOpenFilePicker?: (options: { types: { description: string; accept: Record<string, string[]> }[]; multiple?: boolean; excludeAcceptAllOption?: boolean }) => Promise<{ getFile(): Promise<File> }[]>;
  showSaveFilePicker?: (options: { suggestedName: string; types: { description: string; accept: Record<string, string[]> }[] }) => Promise<{
    createWritable(): Promise<{ write(data: Blob): Promise<void>; close(): Promise<void> }>;
  }>;
}

/** The user closed a picker: not an error. */
export function isCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

export function createBridge(win: Window): ClausewiseDesktop {
  const pickers = win as unknown as PickerWindow;
  return {
    version: 1,
    shell: "installed-web-app",
    fileSystemAccess: typeof pickers.showOpenFilePicker === "function" && typeof pickers.showSaveFilePicker === "function",
    async openFile(types) {
      if (!pickers.showOpenFilePicker) throw new Error("File System Access API unavailable");
      try {
        const [handle] = await pickers.showOpenFilePicker({ types: [types], multiple: false, excludeAcceptAllOption: true });
        return handle ? await handle.getFile() : null;
      } catch (error) {
        if (isCancelled(error)) return null;
        throw error;
      }
    },
    async saveFile(blob, suggestedName, types) {
      if (!pickers.showSaveFilePicker) throw new Error("File System Access API unavailable");
      try {
        const handle = await pickers.showSaveFilePicker({ suggestedName, types: [types] });
        const writable = await handle.createWritable();
        await writable.write(blob);
        await writable.close();
        return true;
      } catch (error) {
        if (isCancelled(error)) return false;
        throw error;
      }
    },
    async toggleFullscreen() {
      const doc = win.document;
      if (doc.fullscreenElement) await doc.exitFullscreen();
      else await doc.documentElement.requestFullscreen();
    },
  };
}

interface DesktopState {
  bridge: ClausewiseDesktop | null;
  set: (bridge: ClausewiseDesktop | null) => void;
}

/** The bridge as React sees it (components re-render when the app is installed or leaves it). */
export const useDesktopStore = create<DesktopState>()((set) => ({ bridge: null, set: (bridge) => set({ bridge }) }));

export function useDesktopBridge(): ClausewiseDesktop | null {
  return useDesktopStore((s) => s.bridge);
}

/**
 * Puts the bridge on `window` while the app runs installed (and takes it away when the window
 * leaves standalone mode); returns the function that stops watching.
 */
export function installDesktopBridge(win: Window): () => void {
  const query = typeof win.matchMedia === "function" ? win.matchMedia(STANDALONE_QUERY) : null;
  const apply = () => {
    const installed = Boolean(query?.matches);
    if (installed && !win.clausewiseDesktop) win.clausewiseDesktop = createBridge(win);
    if (!installed) delete win.clausewiseDesktop;
    useDesktopStore.getState().set(win.clausewiseDesktop ?? null);
  };
  apply();
  query?.addEventListener?.("change", apply);
  return () => query?.removeEventListener?.("change", apply);
}
