import { useState } from "react";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { validateLink } from "../lib/link";
import { FormDialog } from "../../components/ui/form-dialog";

interface LinkDialogProps {
  initial: { url: string; text: string; editing: boolean };
  onSubmit: (href: string, text: string) => void;
  onRemove: () => void;
  onClose: () => void;
}

/** Spec §5: a link needs its URL and its text (http, https or mailto). */
export function LinkDialog({ initial, onSubmit, onRemove, onClose }: LinkDialogProps) {
  const [url, setUrl] = useState(initial.url);
  const [text, setText] = useState(initial.text);
  const [errors, setErrors] = useState<{ url?: string; text?: string }>({});

  const submit = () => {
    const result = validateLink({ url, text });
    if (result.ok) onSubmit(result.href, result.text);
    else setErrors(result.errors);
  };

  return (
    <FormDialog
      id="cw-link-form"
      title={initial.editing ? "Edit link" : "Insert link"}
      description="Links can point to web pages (https://) or e-mail addresses (mailto:)."
      submitLabel={initial.editing ? "Update link" : "Insert link"}
      onSubmit={submit}
      onClose={onClose}
      extraActions={
        initial.editing && (
          <Button variant="ghost" className="mr-auto" onClick={onRemove}>
            Remove link
          </Button>
        )
      }
    >
      <div className="space-y-4">
        <TextField label="URL" type="url" inputMode="url" autoComplete="off" placeholder="https://example.com" autoFocus value={url} error={errors.url} onChange={(e) => setUrl(e.target.value)} />
        <TextField label="Link text" autoComplete="off" value={text} error={errors.text} onChange={(e) => setText(e.target.value)} />
      </div>
    </FormDialog>
  );
}
