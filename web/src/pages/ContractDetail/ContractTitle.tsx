import { useEffect, useRef, useState } from "react";
import { Check, Pencil, X } from "lucide-react";
import { isTextLocked, type ContractDetail } from "@clausewise/shared";
import { errorText, isUnauthorizedError } from "../../api/client";
import { useSaveTitle } from "../../api/contract-document";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { toast } from "../../stores/toast";

const TITLE_MAX_LENGTH = 300;

/** The contract's title; editable in place for those who may edit the document, while it is not read-only (spec §5; locked by approval, issue 14). */
export function ContractTitle({ contract }: { contract: ContractDetail }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(contract.title);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveTitle(contract.id);
  const inputRef = useRef<HTMLInputElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (editing) inputRef.current?.select();
    else if (returnFocus.current) {
      returnFocus.current = false;
      editButtonRef.current?.focus();
    }
  }, [editing]);

  const stop = () => {
    returnFocus.current = true;
    setEditing(false);
    setError(null);
  };

  const submit = () => {
    const title = value.trim();
    if (!title) {
      setError("Title is required.");
      return;
    }
    if (title === contract.title) {
      stop();
      return;
    }
    save.mutate(title, {
      onSuccess: () => {
        toast({ title: "Document Saved", description: "The contract title has been updated." });
        stop();
      },
      // Stay in the field with what was typed, so nothing is lost.
      onError: (err) => {
        if (!isUnauthorizedError(err)) toast({ title: "Save Failed", description: errorText(err, "Failed to save document"), variant: "destructive" });
      },
    });
  };

  if (!editing) {
    return (
      <div className="flex min-w-0 items-start gap-1">
        <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900">{contract.title}</h1>
        {contract.abilities.edit && !isTextLocked(contract.status) && (
          <Button
            ref={editButtonRef}
            variant="ghost"
            size="icon"
            aria-label="Edit title"
            title="Edit title"
            className="mt-0.5 size-8 shrink-0 text-slate-500"
            onClick={() => {
              setValue(contract.title);
              setEditing(true);
            }}
          >
            <Pencil aria-hidden="true" />
          </Button>
        )}
      </div>
    );
  }

  return (
    <form
      className="flex min-w-0 flex-1 flex-wrap items-start gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h1 className="sr-only">{contract.title}</h1>
      <div className="min-w-64 flex-1">
        <Input
          ref={inputRef}
          aria-label="Contract title"
          value={value}
          maxLength={TITLE_MAX_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "title-error" : undefined}
          readOnly={save.isPending}
          className="text-lg font-semibold"
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.preventDefault();
              stop();
            }
          }}
        />
        {error && (
          <p id="title-error" className="mt-1 text-xs font-medium text-red-600">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" disabled={save.isPending}>
        <Check aria-hidden="true" />
        {save.isPending ? "Saving..." : "Save"}
      </Button>
      <Button variant="secondary" onClick={stop} disabled={save.isPending}>
        <X aria-hidden="true" />
        Cancel
      </Button>
    </form>
  );
}
