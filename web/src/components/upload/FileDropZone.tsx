import { useRef, useState, type DragEvent } from "react";
import clsx from "clsx";
import { FileText, UploadCloud, X } from "lucide-react";
import { useDesktopBridge } from "../../desktop/bridge";
import { openFromDisk } from "../../desktop/files";
import { formatFileSize } from "../../lib/file-size";
import { Button } from "../ui/button";
import { FILE_ACCEPT } from "./rules";

/** The upload's file types as the desktop app's open dialog offers them. */
export const CONTRACT_FILE_TYPES = {
  description: "Contract (PDF, Word or text)",
  accept: {
    "application/pdf": [".pdf"],
    "application/msword": [".doc"],
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": [".docx"],
    "text/plain": [".txt"],
  },
};

interface FileDropZoneProps {
  file: File | null;
  /** Called with the chosen or dropped file, or null when the user removes it. */
  onChange: (file: File | null) => void;
  disabled?: boolean;
  /** Ids of the texts that describe the control (hint, error). */
  describedBy?: string;
  labelledBy: string;
}

function hasFiles(event: DragEvent) {
  return Array.from(event.dataTransfer.types).includes("Files");
}

/**
 * One file, picked with the button or dropped on the zone. The native input stays out of the tab
 * order and out of sight; the button is its keyboard and screen-reader face. The input is emptied
 * after every pick, so what counts is the `file` the form holds (and picking the same file again,
 * after removing it, still reports a change).
 */
export function FileDropZone({ file, onChange, disabled, describedBy, labelledBy }: FileDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragDepth, setDragDepth] = useState(0);
  const dragging = dragDepth > 0 && !disabled;

  // In the desktop app the file comes through the File System Access API (issue 17); in a tab, the input.
  const bridge = useDesktopBridge();
  const pick = () => {
    if (!bridge?.fileSystemAccess) return inputRef.current?.click();
    void openFromDisk(bridge, CONTRACT_FILE_TYPES).then((picked) => picked && onChange(picked));
  };

  const take = (files: FileList | null | undefined) => {
    const picked = files?.[0];
    if (inputRef.current) inputRef.current.value = "";
    if (picked) onChange(picked);
  };

  return (
    <div
      role="group"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onDragEnter={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        setDragDepth((d) => d + 1);
      }}
      onDragOver={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = disabled ? "none" : "copy";
      }}
      onDragLeave={(e) => {
        if (!hasFiles(e)) return;
        setDragDepth((d) => Math.max(0, d - 1));
      }}
      onDrop={(e) => {
        e.preventDefault();
        setDragDepth(0);
        if (!disabled) take(e.dataTransfer.files);
      }}
      className={clsx(
        "rounded-lg border-2 border-dashed p-4 transition-colors",
        dragging ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-slate-50/60",
        disabled && "opacity-60",
      )}
    >
      <input
        ref={inputRef}
        type="file"
        accept={FILE_ACCEPT}
        aria-label="Select contract file"
        // The "Choose file" button is this input's face for keyboards and screen readers alike.
        aria-hidden="true"
        tabIndex={-1}
        className="sr-only"
        disabled={disabled}
        onChange={(e) => take(e.target.files)}
      />
      {file ? (
        <div className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-brand-100 text-brand-700">
            <FileText aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-slate-900" title={file.name}>
              {file.name}
            </p>
            <p className="text-xs text-slate-500">{formatFileSize(file.size)}</p>
          </div>
          <Button variant="secondary" size="sm" disabled={disabled} onClick={pick}>
            Replace
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove ${file.name}`}
            disabled={disabled}
            onClick={() => onChange(null)}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      ) : (
        <div className="flex flex-col items-center py-3 text-center">
          <UploadCloud aria-hidden="true" className={clsx("size-8", dragging ? "text-brand-600" : "text-slate-500")} />
          <p className="mt-2 text-sm text-slate-700">
            {dragging ? "Drop the file to add it" : "Drag and drop your contract here, or"}
          </p>
          <Button variant="secondary" size="sm" className="mt-2" disabled={disabled} onClick={pick}>
            Choose file
          </Button>
        </div>
      )}
    </div>
  );
}
