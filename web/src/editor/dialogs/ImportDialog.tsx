import { useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";

export type ImportPlacement = "replace" | "insert";

interface ImportDialogProps {
  fileName: string;
  busy: boolean;
  onConfirm: (placement: ImportPlacement) => void;
  onClose: () => void;
}

/** Asks before a Word import changes the shared document, and where its content goes. */
export function ImportDialog({ fileName, busy, onConfirm, onClose }: ImportDialogProps) {
  const [placement, setPlacement] = useState<ImportPlacement>("replace");
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Import Word document"
      description={`Import “${fileName}” into this contract? Everyone in the document sees the change at once. It is one edit: Undo (Ctrl+Z) reverts it.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => onConfirm(placement)} disabled={busy}>
            {busy ? "Importing..." : "Import"}
          </Button>
        </>
      }
    >
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">Where should the imported content go?</legend>
        {(
          [
            { value: "replace", label: "Replace the whole document", hint: "The current text is replaced by the Word document." },
            { value: "insert", label: "Insert at the cursor", hint: "The Word document's content is added where the cursor is." },
          ] as const
        ).map((option) => (
          <label key={option.value} className="flex cursor-pointer items-start gap-2.5 rounded-md border border-slate-200 p-3 has-checked:border-brand-600 has-checked:bg-brand-50">
            <input type="radio" name="cw-import-placement" value={option.value} checked={placement === option.value} onChange={() => setPlacement(option.value)} className="mt-0.5 accent-brand-700" />
            <span className="text-sm">
              <span className="block font-medium text-slate-800">{option.label}</span>
              <span className="block text-slate-600">{option.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}
