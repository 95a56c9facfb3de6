import { forwardRef, type ReactNode } from "react";
import type { JurisdictionAnalysisResult, RiskLevel } from "@clausewise/shared";
import { LegalDisclaimer } from "../../components/LegalDisclaimer";
import { Badge, type BadgeTone } from "../../components/ui/badge";
import { Card } from "../../components/ui/card";
import { CopyButton } from "./CopyButton";
import { resultSections, type ResultSection } from "./format";

const SEVERITY_TONE: Record<RiskLevel, BadgeTone> = { low: "success", medium: "warning", high: "danger", critical: "danger" };
const SEVERITY_LABEL: Record<RiskLevel, string> = { low: "Low", medium: "Medium", high: "High", critical: "Critical" };

function Section({ section, children }: { section: ResultSection; children: ReactNode }) {
  const headingId = `jurisdiction-${section.id}`;
  return (
    <Card className="p-5">
      <section aria-labelledby={headingId}>
        <div className="mb-3 flex items-center justify-between gap-3">
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            {section.title}
          </h3>
          <CopyButton text={section.text} label={section.title} />
        </div>
        {children}
      </section>
    </Card>
  );
}

function Items<T>({ items, render }: { items: T[]; render: (item: T) => ReactNode }) {
  if (items.length === 0) return <p className="text-sm text-slate-500">None identified.</p>;
  return (
    <ul className="space-y-2 text-sm text-slate-700">
      {items.map((item, index) => (
        <li key={index} className="rounded-md bg-slate-50 px-3 py-2">
          {render(item)}
        </li>
      ))}
    </ul>
  );
}

function Quote({ children }: { children: ReactNode }) {
  return <blockquote className="mt-1.5 border-l-2 border-slate-300 pl-3 text-xs text-slate-500 italic">{children}</blockquote>;
}

/** The result in the spec's order; every section can be copied on its own. Text from the contract is shown as text only. */
export const AnalysisResults = forwardRef<HTMLHeadingElement, { result: JurisdictionAnalysisResult }>(function AnalysisResults({ result }, headingRef) {
  const sections = Object.fromEntries(resultSections(result).map((s) => [s.id, s])) as Record<string, ResultSection>;
  return (
    <div className="space-y-4">
      <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
        Analysis Results
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <Section section={sections.primary!}>
          <p className="text-sm font-medium text-slate-900">{result.primaryJurisdiction.name}</p>
          <p className="text-sm text-slate-600">{result.primaryJurisdiction.basis}</p>
        </Section>
        <Section section={sections.secondary!}>
          <Items
            items={result.secondaryJurisdictions}
            render={(j) => (
              <>
                <span className="font-medium text-slate-900">{j.name}</span> <span className="text-slate-600">({j.basis})</span>
              </>
            )}
          />
        </Section>
      </div>
      <Section section={sections.risks!}>
        <Items
          items={result.complianceRisks}
          render={(r) => (
            <>
              <div className="mb-1 flex flex-wrap items-center gap-2">
                <Badge tone={SEVERITY_TONE[r.severity]}>{SEVERITY_LABEL[r.severity]}</Badge>
                <span className="text-xs font-medium text-slate-600">{r.jurisdiction}</span>
              </div>
              <p>{r.risk}</p>
              {r.excerpt ? <Quote>{r.excerpt}</Quote> : null}
              <p className="mt-1.5">
                <span className="font-medium text-slate-900">Mitigation: </span>
                {r.mitigation}
              </p>
            </>
          )}
        />
      </Section>
      <Section section={sections.epc!}>
        <Items items={result.epcSpecificConsiderations} render={(text) => text} />
      </Section>
      <Section section={sections.regulatory!}>
        <Items
          items={result.regulatoryRequirements}
          render={(r) => (
            <>
              <span className="font-medium text-slate-900">{r.jurisdiction}: </span>
              {r.requirement} <span className="text-slate-500">({r.act})</span>
            </>
          )}
        />
      </Section>
      <Section section={sections.cross!}>
        <Items items={result.crossJurisdictionalIssues} render={(text) => text} />
      </Section>
      <Section section={sections.clauses!}>
        <Items
          items={result.recommendedClauses}
          render={(c) => (
            <>
              <p className="font-medium text-slate-900">{c.title}</p>
              <Quote>{c.text}</Quote>
              <p className="mt-1.5 text-xs text-slate-500">{c.reason}</p>
            </>
          )}
        />
      </Section>
      <Section section={sections.legislation!}>
        <Items
          items={result.applicableLegislation}
          render={(a) => (
            <>
              <p>
                <span className="font-medium text-slate-900">{a.act}</span>
                {a.citation ? <span className="text-slate-500">, {a.citation}</span> : null}
                <span className="text-xs text-slate-500"> · {a.jurisdiction}</span>
              </p>
              <p className="text-slate-600">{a.relevance}</p>
            </>
          )}
        />
      </Section>
      <LegalDisclaimer />
    </div>
  );
});
