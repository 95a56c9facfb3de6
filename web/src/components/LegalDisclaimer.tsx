import clsx from "clsx";

/** Spec §1: output is informational and not legal advice. */
export function LegalDisclaimer({ className }: { className?: string }) {
  return (
    <p className={clsx("text-xs leading-relaxed text-slate-500", className)}>
      ClauseWise provides AI-assisted analysis for informational purposes only. It is not legal advice and does not
      replace review by qualified legal counsel.
    </p>
  );
}
