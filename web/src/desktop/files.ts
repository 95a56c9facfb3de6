import { toast } from "../stores/toast";
import type { ClausewiseDesktop, FileTypes } from "./bridge";

/** Spec §8, the editor's messages for files on disk. */
export const DESKTOP_ONLY_TOAST = { title: "Desktop Feature", description: "File system access is only available in the desktop app" } as const;
export const FILE_SYSTEM_ERROR_TOAST = { title: "Error", description: "Failed to access file system", variant: "destructive" } as const;

/**
 * A file chosen on disk through the desktop bridge, or null (cancelled, or refused with a toast:
 * in a browser tab 'Desktop Feature', when the disk cannot be read 'Error').
 */
export async function openFromDisk(bridge: ClausewiseDesktop | null, types: FileTypes): Promise<File | null> {
  if (!bridge?.fileSystemAccess) {
    toast(DESKTOP_ONLY_TOAST);
    return null;
  }
  try {
    return await bridge.openFile(types);
  } catch {
    toast(FILE_SYSTEM_ERROR_TOAST);
    return null;
  }
}

/**
 * Saves a file through the desktop bridge's save dialog: "saved", "cancelled", or "failed" (with
 * the 'Error' toast). Without the bridge: "unavailable", and the caller downloads it instead.
 */
export async function saveToDisk(bridge: ClausewiseDesktop | null, blob: Blob, suggestedName: string, types: FileTypes): Promise<"saved" | "cancelled" | "failed" | "unavailable"> {
  if (!bridge?.fileSystemAccess) return "unavailable";
  try {
    return (await bridge.saveFile(blob, suggestedName, types)) ? "saved" : "cancelled";
  } catch {
    toast(FILE_SYSTEM_ERROR_TOAST);
    return "failed";
  }
}
