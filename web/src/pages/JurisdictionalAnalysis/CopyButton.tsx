import { useEffect, useState } from "react";
import { Check, Copy } from "lucide-react";
import { Button } from "../../components/ui/button";
import { toast } from "../../stores/toast";

const COPIED_MS = 2000;

/** Copies a section's text; the button reads "Copied" for a moment and a toast confirms it. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast({ title: "Copied", description: `${label} copied to the clipboard.` });
    } catch {
      toast({ title: "Copy Failed", description: "Your browser did not allow copying. Select the text and copy it instead.", variant: "destructive" });
    }
  };

  return (
    <Button variant="ghost" size="sm" onClick={() => void copy()} aria-label={copied ? `${label} copied` : `Copy ${label}`}>
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      <span aria-hidden="true">{copied ? "Copied" : "Copy"}</span>
    </Button>
  );
}
