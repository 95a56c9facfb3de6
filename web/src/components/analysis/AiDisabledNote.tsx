import { ShieldOff } from "lucide-react";

/** The company turned AI review off: the server's words (where to turn it on), in place of the AI tools' results. */
export function AiDisabledNote({ message }: { message: string }) {
  return (
    <div role="note" className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-xs text-amber-900">
      <ShieldOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>{message}</p>
    </div>
  );
}
