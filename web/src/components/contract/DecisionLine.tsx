import { format } from "date-fns";

/** "28 Nov 2026 14:05" in the reader's own time zone: when a decision was made (an instant, not a date-only value). */
export function decisionTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : format(date, "d MMM yyyy HH:mm");
}

/** The text of a decision line: "Approved by Jane Doe · 28 Nov 2026 14:05" (either part left out when unknown). */
export function decisionText(verb: string, name: string | null | undefined, iso: string | null | undefined): string {
  const when = decisionTime(iso);
  return [name ? `${verb} by ${name}` : verb, when].filter(Boolean).join(" · ");
}

/**
 * Who decided and when (issue 17: decisions are attributable), for approval-pipeline steps and
 * proposed changes alike. The time is a <time> element carrying the exact instant.
 */
export function DecisionLine({ verb, name, at, className }: { verb: string; name: string | null | undefined; at: string | null | undefined; className?: string }) {
  const when = decisionTime(at);
  return (
    <span className={className} data-testid="decision-line">
      {verb}
      {name && (
        <>
          {" by "}
          <span className="font-medium text-slate-800">{name}</span>
        </>
      )}
      {when && at && (
        <>
          {" · "}
          <time dateTime={at}>{when}</time>
        </>
      )}
    </span>
  );
}
