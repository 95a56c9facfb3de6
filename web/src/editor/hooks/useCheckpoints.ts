import { useCallback, useEffect, useRef, useState } from "react";
import { errorText } from "../../api/client";
import { useCreateVersion, useVersions, versionSavedToast } from "../../api/versions";
import { toast } from "../../stores/toast";
import type { CollabSession } from "../collab/session";
import { AUTO_SAVE_INTERVAL_MS } from "../lib/constants";

const AUTO_SAVE_KEY = "clausewise.editor.autoSave";
/** How long Save waits for edits still on their way to the server before giving up. */
const DELIVERY_WAIT_MS = 5000;

function storedAutoSave(): boolean {
  try {
    return window.localStorage.getItem(AUTO_SAVE_KEY) !== "off";
  } catch {
    return true;
  }
}

/**
 * Save = a version checkpoint (POST /api/contracts/{id}/versions, count + 1, isActive 'true'): edits
 * themselves are stored live as they are made. Auto-save (on by default, spec §9) makes a
 * checkpoint every 30 s when this user's edits changed the document since the last one and no
 * save is running. A checkpoint waits until those edits reached the server, so it contains them.
 */
export function useCheckpoints(contractId: string, session: CollabSession | null, enabled: boolean) {
  const versions = useVersions(contractId);
  const createVersion = useCreateVersion(contractId);
  const [autoSave, setAutoSaveState] = useState(storedAutoSave);
  const [saving, setSaving] = useState(false);
  const [lastSavedAt, setLastSavedAt] = useState<Date | null>(null);
  const running = useRef(false);
  const savedEdits = useRef(0);
  const failedQuietly = useRef(false);
  const count = versions.data?.length ?? 0;
  const { mutateAsync } = createVersion;

  // A new session (reload) counts its edits from zero.
  useEffect(() => {
    savedEdits.current = 0;
  }, [session]);

  const checkpoint = useCallback(
    async (source: "manual" | "auto"): Promise<void> => {
      if (!session || !enabled || running.current) return;
      running.current = true;
      setSaving(true);
      try {
        const edits = session.localEditCount;
        const delivered = await session.whenSaved(DELIVERY_WAIT_MS);
        if (!delivered) {
          if (source === "manual") {
            toast({
              title: "Save Failed",
              description: "Your latest edits have not reached the server yet. They stay in this tab and are sent when the connection returns; save again then.",
              variant: "destructive",
            });
          }
          return;
        }
        const version = await mutateAsync(count);
        savedEdits.current = edits;
        failedQuietly.current = false;
        setLastSavedAt(new Date());
        if (source === "manual") toast(versionSavedToast(version));
      } catch (error) {
        // Auto-save tries again every 30 s; one message until it works again is enough.
        if (source === "manual" || !failedQuietly.current) {
          toast({ title: "Save Failed", description: errorText(error, "Failed to save document"), variant: "destructive" });
        }
        if (source === "auto") failedQuietly.current = true;
      } finally {
        running.current = false;
        setSaving(false);
      }
    },
    [session, enabled, mutateAsync, count],
  );

  useEffect(() => {
    if (!autoSave || !enabled || !session) return;
    const timer = setInterval(() => {
      if (session.localEditCount !== savedEdits.current) void checkpoint("auto");
    }, AUTO_SAVE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [autoSave, enabled, session, checkpoint]);

  const setAutoSave = useCallback((on: boolean) => {
    setAutoSaveState(on);
    try {
      window.localStorage.setItem(AUTO_SAVE_KEY, on ? "on" : "off");
    } catch {
      // private mode: the choice lasts for this page only
    }
  }, []);

  return { save: () => checkpoint("manual"), saving, autoSave, setAutoSave, lastSavedAt };
}
