import { useRef, useState } from "react";
import { FileDiff } from "lucide-react";
import { isTextLocked, type ContractDetail, type RedlineImportResult } from "@clausewise/shared";
import { errorText, isUnauthorizedError } from "../../api/client";
import { useImportRedline } from "../../api/redline";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Dialog } from "../../components/ui/dialog";
import { toast } from "../../stores/toast";

const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function redlineSummary(result: RedlineImportResult): string {
  if (result.suggestions + result.comments === 0) {
    return result.alreadyPresent > 0 ? "Nothing new: the contract already has every tracked change and comment of this file." : "Nothing could be imported from this file.";
  }
  const from = result.authors.length > 0 ? ` from ${result.authors.join(", ")}` : "";
  const already = result.alreadyPresent > 0 ? ` ${plural(result.alreadyPresent, "item was", "items were")} already in the contract.` : "";
  return `${plural(result.suggestions, "suggestion", "suggestions")} and ${plural(result.comments, "comment", "comments")}${from}.${already}`;
}

/**
 * "Import redline" (issue 14): the other side's Word file, with Track Changes and comments, comes in
 * as suggestions and comments under their Word authors' names. For those who may edit the document;
 * nothing is accepted by importing. What did not come in is listed after the import.
 */
export function ImportRedlineButton({ contract }: { contract: ContractDetail }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<RedlineImportResult | null>(null);
  const importRedline = useImportRedline(contract.id);
  if (!contract.abilities.edit || isTextLocked(contract.status)) return null;

  const choose = (chosen: File) => {
    if (chosen.type !== DOCX_MIME && !/\.docx$/i.test(chosen.name.trim())) {
      toast({ title: "Invalid File", description: "Please select a Word document (.docx).", variant: "destructive" });
      return;
    }
    setFile(chosen);
  };

  const run = (chosen: File) =>
    importRedline.mutate(chosen, {
      onSuccess: (imported) => {
        setFile(null);
        toast({ title: "Redline Imported", description: redlineSummary(imported) });
        if (imported.warnings.length > 0) setResult(imported);
      },
      onError: (error) => {
        setFile(null);
        if (!isUnauthorizedError(error)) toast({ title: "Import Failed", description: errorText(error, "The redline could not be imported. Please try again."), variant: "destructive" });
      },
    });

  return (
    <>
      <Button variant="secondary" onClick={() => input.current?.click()} disabled={importRedline.isPending}>
        <FileDiff aria-hidden="true" />
        {importRedline.isPending ? "Importing..." : "Import redline"}
      </Button>
      <input
        ref={input}
        type="file"
        accept={`.docx,${DOCX_MIME}`}
        hidden
        data-testid="redline-import-input"
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          e.target.value = "";
          if (chosen) choose(chosen);
        }}
      />
      <ConfirmDialog
        open={file !== null}
        onOpenChange={(open) => !open && !importRedline.isPending && setFile(null)}
        title="Import the other side's redline?"
        description={
          <>
            <span className="block font-medium text-slate-800">“{file?.name}”</span>
            <span className="mt-2 block">
              Its tracked changes become suggestions and its comments become comments, each under its author&apos;s name in Word. Nothing is accepted: every change is decided as usual.
            </span>
          </>
        }
        confirmLabel="Import redline"
        pending={importRedline.isPending}
        onConfirm={() => file && run(file)}
      />
      <Dialog
        open={result !== null}
        onOpenChange={(open) => !open && setResult(null)}
        title="Redline imported"
        description={result ? redlineSummary(result) : undefined}
        footer={<Button onClick={() => setResult(null)}>Close</Button>}
      >
        <p className="text-sm font-medium text-slate-800">Not everything came in as it was in Word:</p>
        <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm text-slate-700">
          {result?.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      </Dialog>
    </>
  );
}
