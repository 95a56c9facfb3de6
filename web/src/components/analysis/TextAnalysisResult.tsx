import type { ReactNode } from "react";
import { CLAUSE_LABELS, type TextAnalysis } from "@clausewise/shared";
import { fullDateTime, timeAgo } from "../contract/format";
import { Badge } from "../ui/badge";
import { ANALYSIS_TYPE_LABELS, engineLabel, sectionLabel } from "./labels";
import { QuotedClause, type ShowInDocument } from "./QuotedClause";
import { RiskBadge } from "./RiskBadge";

function ResultList({ title, items, empty }: { title: string; items: readonly string[]; empty: string }) {
  return (
    <section className="space-y-1.5">
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      {items.length > 0 ? (
        <ul aria-label={title} className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          {items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">{empty}</p>
      )}
    </section>
  );
}

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-slate-700">{children}</dd>
    </>
  );
}

/** One analysis of selected text (POST /ai-analysis): the spec's four parts, and which engine answered. */
export function TextAnalysisResult({ result, onShowInDocument }: { result: TextAnalysis; onShowInDocument?: ShowInDocument }) {
  return (
    <div className="space-y-5">
      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <RiskBadge level={result.riskLevel} />
          <Badge tone="brand">{ANALYSIS_TYPE_LABELS[result.analysisType] ?? result.analysisType}</Badge>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
          <Meta label="Engine">{engineLabel(result.engine)}</Meta>
          <Meta label="Analysed">
            <time dateTime={result.createdAt} title={fullDateTime(result.createdAt)}>
              {timeAgo(result.createdAt)}
            </time>
          </Meta>
        </dl>
      </div>
      {result.context && (
        <section className="space-y-1.5">
          <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Read in its clause</h3>
          <p className="text-xs text-slate-600">
            The selection is part of {sectionLabel(result.context.section, result.context.heading) || "a longer clause"}; it was analysed with the whole clause:
          </p>
          <QuotedClause quote={result.context} onShow={onShowInDocument} label="The clause around the selection" />
        </section>
      )}
      <section className="space-y-1.5">
        <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Analysis</h3>
        <p className="text-sm whitespace-pre-line text-slate-800">{result.analysis}</p>
      </section>
      <ResultList title="Recommendations" items={result.recommendations} empty="No recommendations." />
      <ResultList title="Legal concerns" items={result.legalConcerns} empty="No legal concerns found." />
      {result.clauseCodes.length > 0 && (
        <section className="space-y-1.5">
          <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Clause types in the text</h3>
          <ul aria-label="Clause types in the text" className="flex flex-wrap gap-1.5">
            {result.clauseCodes.map((code) => (
              <li key={code}>
                <Badge>{CLAUSE_LABELS[code] ?? code}</Badge>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
