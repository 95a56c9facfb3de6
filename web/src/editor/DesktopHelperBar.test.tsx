// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { installDesktopBridge, useDesktopStore } from "../desktop/bridge";
import { openFromDisk, saveToDisk } from "../desktop/files";
import { useToastStore } from "../stores/toast";
import { CONTRACT_FILE_TYPES, FileDropZone } from "../components/upload/FileDropZone";
import { DesktopHelperBar } from "./DesktopHelperBar";
import { WORD_FILE_TYPES } from "./hooks/useDocumentFiles";

/** `matchMedia` as a browser gives it, with '(display-mode: standalone)' matching or not, switchable. */
function stubDisplayMode(standalone: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    media: "(display-mode: standalone)",
    matches: standalone,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal("matchMedia", (media: string) => (media === "(display-mode: standalone)" ? query : { media, matches: false, addEventListener() {}, removeEventListener() {} }));
  return {
    set(matches: boolean) {
      query.matches = matches;
      listeners.forEach((listener) => listener());
    },
  };
}

let stop: (() => void) | undefined;
beforeEach(() => {
  delete window.clausewiseDesktop;
  useDesktopStore.setState({ bridge: null });
  useToastStore.setState({ toasts: [] });
});
afterEach(() => {
  stop?.();
  cleanup();
  vi.unstubAllGlobals();
  delete (window as { showOpenFilePicker?: unknown }).showOpenFilePicker;
  delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
});

function renderBar(overrides: Partial<Parameters<typeof DesktopHelperBar>[0]> = {}) {
  const props = { canImport: true, onOpenWord: vi.fn(), onSaveWord: vi.fn(), exporting: false, fullscreen: false, onFullscreen: vi.fn(), ...overrides };
  render(<DesktopHelperBar {...props} />);
  return props;
}

const lastToast = () => useToastStore.getState().toasts[0];

describe("desktop bridge", () => {
  it("is not on the window in a browser tab, and the helper bar is not shown", () => {
    stubDisplayMode(false);
    stop = installDesktopBridge(window);
    expect(window.clausewiseDesktop).toBeUndefined();
    renderBar();
    expect(screen.queryByRole("toolbar", { name: "Desktop helper bar" })).toBeNull();
  });

  it("is on the window when the app runs installed, and comes and goes with the display mode", () => {
    const mode = stubDisplayMode(true);
    stop = installDesktopBridge(window);
    expect(window.clausewiseDesktop).toMatchObject({ version: 1, shell: "installed-web-app" });
    renderBar();
    expect(screen.getByRole("toolbar", { name: "Desktop helper bar" })).toBeTruthy();

    act(() => mode.set(false));
    expect(window.clausewiseDesktop).toBeUndefined();
    expect(screen.queryByRole("toolbar", { name: "Desktop helper bar" })).toBeNull();
    act(() => mode.set(true));
    expect(screen.getByRole("toolbar", { name: "Desktop helper bar" })).toBeTruthy();
  });
});

describe("desktop helper bar", () => {
  beforeEach(() => {
    stubDisplayMode(true);
    stop = installDesktopBridge(window);
  });

  it("offers Files, Fullscreen and the keyboard shortcuts, and no Minimize to tray", () => {
    const props = renderBar();
    const bar = screen.getByRole("toolbar", { name: "Desktop helper bar" });
    expect(within(bar).getByRole("button", { name: "Files" })).toBeTruthy();
    fireEvent.click(within(bar).getByRole("button", { name: "Fullscreen" }));
    expect(props.onFullscreen).toHaveBeenCalledTimes(1);
    expect(within(bar).queryByRole("button", { name: /tray/i })).toBeNull();

    const shortcuts = within(bar).getByRole("button", { name: "Keyboard shortcuts" });
    const panel = screen.getByRole("tooltip", { hidden: true });
    expect(shortcuts.getAttribute("aria-describedby")).toBe(panel.id);
    // The editor's real shortcuts (useEditorShortcuts and the toolbars).
    for (const keys of ["Ctrl+S", "Ctrl+F", "Ctrl+P", "F11", "Ctrl+K", "Ctrl+O", "Ctrl+B"]) expect(within(panel).getByText(keys)).toBeTruthy();
  });

  it("says Exit fullscreen while fullscreen", () => {
    renderBar({ fullscreen: true });
    expect(screen.getByRole("button", { name: "Exit fullscreen" }).getAttribute("aria-pressed")).toBe("true");
  });
});

describe("files on disk", () => {
  it("in a browser tab: 'Desktop Feature: File system access is only available in the desktop app'", async () => {
    stubDisplayMode(false);
    stop = installDesktopBridge(window);
    expect(await openFromDisk(useDesktopStore.getState().bridge, WORD_FILE_TYPES)).toBeNull();
    expect(lastToast()).toMatchObject({ title: "Desktop Feature", description: "File system access is only available in the desktop app" });
    // Saving falls back to a download there, without a message.
    expect(await saveToDisk(null, new Blob(["x"]), "contract.docx", WORD_FILE_TYPES)).toBe("unavailable");
  });

  it("installed: opens a Word document through the open picker, and a cancelled picker says nothing", async () => {
    const file = new File(["docx"], "Amended.docx");
    const picker = vi.fn().mockResolvedValueOnce([{ getFile: () => Promise.resolve(file) }]).mockRejectedValueOnce(new DOMException("The user aborted a request.", "AbortError"));
    Object.assign(window, { showOpenFilePicker: picker, showSaveFilePicker: vi.fn() });
    stubDisplayMode(true);
    stop = installDesktopBridge(window);
    const bridge = useDesktopStore.getState().bridge;
    expect(bridge?.fileSystemAccess).toBe(true);
    expect(await openFromDisk(bridge, WORD_FILE_TYPES)).toBe(file);
    expect(picker).toHaveBeenCalledWith(expect.objectContaining({ types: [WORD_FILE_TYPES], multiple: false }));
    expect(await openFromDisk(bridge, WORD_FILE_TYPES)).toBeNull();
    expect(lastToast()).toBeUndefined();
  });

  it("installed: saves the export through the save picker, and says 'Error: Failed to access file system' when the disk refuses", async () => {
    const written: Blob[] = [];
    const save = vi
      .fn()
      .mockResolvedValueOnce({ createWritable: () => Promise.resolve({ write: (b: Blob) => Promise.resolve(void written.push(b)), close: () => Promise.resolve() }) })
      .mockRejectedValueOnce(new DOMException("Not allowed", "NotAllowedError"));
    Object.assign(window, { showOpenFilePicker: vi.fn(), showSaveFilePicker: save });
    stubDisplayMode(true);
    stop = installDesktopBridge(window);
    const bridge = useDesktopStore.getState().bridge;
    const blob = new Blob(["docx"]);
    expect(await saveToDisk(bridge, blob, "contract.docx", WORD_FILE_TYPES)).toBe("saved");
    expect(written).toEqual([blob]);
    expect(save).toHaveBeenCalledWith({ suggestedName: "contract.docx", types: [WORD_FILE_TYPES] });
    expect(await saveToDisk(bridge, blob, "contract.docx", WORD_FILE_TYPES)).toBe("failed");
    expect(lastToast()).toMatchObject({ title: "Error", description: "Failed to access file system", variant: "destructive" });
  });
});

describe("the upload dialog's file choice", () => {
  it("installed: Choose file opens the system's picker through the bridge and takes the file", async () => {
    const file = new File(["%PDF-1.7"], "Wapiti EPC.pdf", { type: "application/pdf" });
    const picker = vi.fn().mockResolvedValue([{ getFile: () => Promise.resolve(file) }]);
    Object.assign(window, { showOpenFilePicker: picker, showSaveFilePicker: vi.fn() });
    stubDisplayMode(true);
    stop = installDesktopBridge(window);
    const onChange = vi.fn();
    render(<FileDropZone file={null} onChange={onChange} labelledBy="x" />);
    fireEvent.click(screen.getByRole("button", { name: "Choose file" }));
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledWith(file));
    expect(picker).toHaveBeenCalledWith(expect.objectContaining({ types: [CONTRACT_FILE_TYPES] }));
  });

  it("in a browser tab: Choose file opens the page's file input, not the picker", () => {
    const picker = vi.fn();
    Object.assign(window, { showOpenFilePicker: picker, showSaveFilePicker: vi.fn() });
    stubDisplayMode(false);
    stop = installDesktopBridge(window);
    const inputClick = vi.spyOn(HTMLInputElement.prototype, "click").mockImplementation(() => undefined);
    render(<FileDropZone file={null} onChange={vi.fn()} labelledBy="x" />);
    fireEvent.click(screen.getByRole("button", { name: "Choose file" }));
    expect(inputClick).toHaveBeenCalledTimes(1);
    expect(picker).not.toHaveBeenCalled();
    inputClick.mockRestore();
  });
});
