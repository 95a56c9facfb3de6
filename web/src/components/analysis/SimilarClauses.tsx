import { Link } from "react-router-dom";
import { CLAUSE_LABELS, type ClauseCode } from "@clausewise/shared";
import { isAiDisabledError, useSimilarClauses, type SimilarClauseMatch } from "../../api/analysis";
import { errorText } from "../../api/client";
import { EmptyNote, PanelSubsection } from "../contract/PanelSection";
import { ListSkeleton, LoadError } from "../contract/QueryState";
import { Badge } from "../ui/badge";
import { AiDisabledNote } from "./AiDisabledNote";
import { percent, sectionLabel } from "./labels";
import { QuotedClause, type ShowInDocument } from "./QuotedClause";

function MatchItem({ match }: { match: SimilarClauseMatch }) {
  const where = sectionLabel(match.section, match.heading);
  return (
    <article aria-label={match.contractTitle} className="space-y-1.5 rounded-md border border-slate-200 p-2.5">
      <div className="flex items-start justify-between gap-2">
        <Link
          to={`/contracts/${encodeURIComponent(match.contractId)}`}
          className="min-w-0 flex-1 text-sm font-medium text-brand-700 hover:text-brand-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {match.contractTitle}
        </Link>
        <Badge tone="brand" title="How close the wording is to this contract's clause">
          {percent(match.score)}
          <span className="sr-only"> similar</span>
        </Badge>
      </div>
      {where && <p className="text-[0.7rem] font-medium tracking-wide text-slate-500 uppercase">{where}</p>}
      <QuotedClause quote={match} label={match.contractTitle} />
    </article>
  );
}

/**
 * "Find Similar Clauses": this contract's clause of the chosen type, then the same type in the
 * company's other analysed contracts, best match first (GET /similar-clauses ranks them).
 */
export function SimilarClauses({ contractId, code, onShowInDocument }: { contractId: string; code: ClauseCode; onShowInDocument?: ShowInDocument }) {
  const similar = useSimilarClauses(contractId, code);
  const label = CLAUSE_LABELS[code] ?? code;
  if (similar.isPending) return <ListSkeleton label="Finding similar clauses" />;
  if (similar.isError) {
    if (isAiDisabledError(similar.error)) return <AiDisabledNote message={errorText(similar.error, "")} />;
    return <LoadError what="Similar clauses" error={similar.error} onRetry={() => void similar.refetch()} />;
  }
  const { reference, matches } = similar.data;
  const ranked = [...matches].sort((a, b) => b.score - a.score);
  return (
    <div className="space-y-5">
      <PanelSubsection title="In this contract">
        {reference ? (
          <div className="space-y-1">
            {sectionLabel(reference.section, reference.heading) && (
              <p className="text-[0.7rem] font-medium tracking-wide text-slate-500 uppercase">{sectionLabel(reference.section, reference.heading)}</p>
            )}
            <QuotedClause quote={reference} onShow={onShowInDocument} label={`${label} in this contract`} />
          </div>
        ) : (
          <p className="text-xs text-slate-500">No {label.toLowerCase()} clause was detected in this contract; matches are ranked against the industry standard instead.</p>
        )}
      </PanelSubsection>
      <PanelSubsection title="In your other contracts" count={ranked.length}>
        {ranked.length === 0 ? (
          <EmptyNote>None of your company&rsquo;s other analysed contracts has a {label.toLowerCase()} clause.</EmptyNote>
        ) : (
          <ol aria-label={`Similar ${label.toLowerCase()} clauses, best match first`} className="space-y-2">
            {ranked.map((match) => (
              <li key={`${match.contractId}:${match.start}`}>
                <MatchItem match={match} />
              </li>
            ))}
          </ol>
        )}
      </PanelSubsection>
    </div>
  );
}
