import type { ClauseCode } from "@clausewise/shared";
import { isAiDisabledError, useClauseStandard, type ClauseStandard } from "../../api/analysis";
import { errorText } from "../../api/client";
import { ListSkeleton, LoadError } from "../contract/QueryState";
import { AiDisabledNote } from "./AiDisabledNote";

/** What the two intelligence buttons put first: the positions (Industry Standards) or the practices (Best Practices). */
export type StandardFocus = "standards" | "practices";

const FIELD_LABELS: Record<string, string> = {
  summary: "Summary",
  balancedPosition: "Balanced position",
  ownerFavourable: "Owner-favourable position",
  contractorFavourable: "Contractor-favourable position",
  bestPractices: "Best practices",
  negotiationTips: "Negotiation tips",
  watchFor: "Watch for",
};
/** Known fields in reading order; anything else the library sends follows in its own order. */
const FIELD_ORDER = Object.keys(FIELD_LABELS);

function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field.replace(/[_-]+/g, " ").replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type Part = { field: string; label: string } & ({ kind: "text"; text: string } | { kind: "list"; items: string[] });

/** The entry's displayable fields: non-blank strings and lists of strings, never the code or label. */
export function standardParts(standard: ClauseStandard): Part[] {
  const fields = Object.keys(standard)
    .filter((field) => field !== "code" && field !== "label")
    .sort((a, b) => {
      const rank = (field: string) => (FIELD_ORDER.includes(field) ? FIELD_ORDER.indexOf(field) : FIELD_ORDER.length);
      return rank(a) - rank(b);
    });
  const parts: Part[] = [];
  for (const field of fields) {
    const value = standard[field];
    if (typeof value === "string" && value.trim()) parts.push({ field, label: fieldLabel(field), kind: "text", text: value });
    else if (Array.isArray(value)) {
      const items = value.filter((item): item is string => typeof item === "string" && item.trim() !== "");
      if (items.length > 0) parts.push({ field, label: fieldLabel(field), kind: "list", items });
    }
  }
  return parts;
}

function PartView({ part }: { part: Part }) {
  return (
    <section className="space-y-1.5">
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{part.label}</h3>
      {part.kind === "text" ? (
        <p className="text-sm whitespace-pre-line text-slate-800">{part.text}</p>
      ) : (
        <ul aria-label={part.label} className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          {part.items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The curated library entry for a clause type (GET /api/clause-standards/{code}), positions or practices first. */
export function ClauseStandardView({ code, focus }: { code: ClauseCode; focus: StandardFocus }) {
  const standard = useClauseStandard(code);
  if (standard.isPending) return <ListSkeleton label="Loading the industry standard" />;
  if (standard.isError) {
    if (isAiDisabledError(standard.error)) return <AiDisabledNote message={errorText(standard.error, "")} />;
    return <LoadError what="The industry standard" error={standard.error} onRetry={() => void standard.refetch()} />;
  }
  const parts = standardParts(standard.data);
  const first = parts.filter((part) => (focus === "practices" ? part.kind === "list" : part.kind === "text"));
  const then = parts.filter((part) => !first.includes(part));
  return (
    <div className="space-y-5">
      {focus === "practices" && first.length === 0 && <p className="text-sm text-slate-500">The library has no best practices for this clause type yet.</p>}
      {[...first, ...then].map((part) => (
        <PartView key={part.field} part={part} />
      ))}
    </div>
  );
}
