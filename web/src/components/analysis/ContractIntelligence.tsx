import { useId, useState } from "react";
import { BookOpenCheck, FileChartColumn, Lightbulb, Scale, SearchCode } from "lucide-react";
import { CLAUSE_CODES, CLAUSE_LABELS, type ClauseCode, type ContractDetail } from "@clausewise/shared";
import { useContractAnalysis } from "../../api/analysis";
import { PanelSection } from "../contract/PanelSection";
import { Button } from "../ui/button";
import { Label } from "../ui/field";
import { NativeSelect } from "../ui/native-select";
import { SideSheet } from "../ui/side-sheet";
import { Spinner } from "../ui/spinner";
import { ClauseStandardView, type StandardFocus } from "./ClauseStandardView";
import { downloadReportWithToasts } from "./report-download";
import type { ShowInDocument } from "./QuotedClause";
import { SimilarClauses } from "./SimilarClauses";

type View = { kind: "similar"; code: ClauseCode } | { kind: StandardFocus; code: ClauseCode };

const VIEW_TITLES: Record<View["kind"], string> = {
  similar: "Similar Clauses",
  standards: "Industry Standards",
  practices: "Best Practices",
};

/** The clause types this contract's analysis detected, in the order they appear, without repeats. */
function detectedCodes(codes: readonly ClauseCode[]): ClauseCode[] {
  return [...new Set(codes)];
}

/**
 * Spec §2 "contract intelligence buttons" (Find Similar Clauses, Industry Standards, Best Practices,
 * Export Analysis Report), made real: the first three work on one clause type, picked here (this
 * contract's detected types first), and open beside the document; the last downloads the PDF report.
 */
export function ContractIntelligence({ contract, onShowInDocument }: { contract: ContractDetail; onShowInDocument?: ShowInDocument }) {
  const analysis = useContractAnalysis(contract.id);
  const detected = detectedCodes(analysis.data?.status === "done" ? analysis.data.clauses.map((clause) => clause.code) : []);
  const others = CLAUSE_CODES.filter((code) => !detected.includes(code));
  const [picked, setPicked] = useState<ClauseCode | null>(null);
  const code = picked ?? detected[0] ?? CLAUSE_CODES[0];
  const [view, setView] = useState<View | null>(null);
  const [exporting, setExporting] = useState(false);
  const selectId = useId();

  const exportReport = async () => {
    setExporting(true);
    try {
      await downloadReportWithToasts(contract.id);
    } finally {
      setExporting(false);
    }
  };

  return (
    <PanelSection title="Contract Intelligence" icon={BookOpenCheck}>
      <div className="space-y-1.5">
        <Label htmlFor={selectId}>Clause type</Label>
        <NativeSelect id={selectId} value={code} onChange={(e) => setPicked(e.target.value as ClauseCode)}>
          {detected.length > 0 && (
            <optgroup label="In this contract">
              {detected.map((c) => (
                <option key={c} value={c}>
                  {CLAUSE_LABELS[c]}
                </option>
              ))}
            </optgroup>
          )}
          <optgroup label={detected.length > 0 ? "Other clause types" : "Clause types"}>
            {others.map((c) => (
              <option key={c} value={c}>
                {CLAUSE_LABELS[c]}
              </option>
            ))}
          </optgroup>
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Button variant="secondary" size="sm" className="justify-start" onClick={() => setView({ kind: "similar", code })}>
          <SearchCode aria-hidden="true" />
          Find Similar Clauses
        </Button>
        <Button variant="secondary" size="sm" className="justify-start" onClick={() => setView({ kind: "standards", code })}>
          <Scale aria-hidden="true" />
          Industry Standards
        </Button>
        <Button variant="secondary" size="sm" className="justify-start" onClick={() => setView({ kind: "practices", code })}>
          <Lightbulb aria-hidden="true" />
          Best Practices
        </Button>
        <Button variant="secondary" size="sm" className="justify-start" disabled={exporting} onClick={() => void exportReport()}>
          {exporting ? <Spinner className="size-4 text-current" /> : <FileChartColumn aria-hidden="true" />}
          Export Analysis Report
        </Button>
      </div>
      <SideSheet
        open={view !== null}
        onOpenChange={(open) => !open && setView(null)}
        title={view ? `${VIEW_TITLES[view.kind]}: ${CLAUSE_LABELS[view.code]}` : ""}
        description={view?.kind === "similar" ? `${CLAUSE_LABELS[view.code]} clauses across your company's analysed contracts.` : undefined}
      >
        {view?.kind === "similar" && <SimilarClauses contractId={contract.id} code={view.code} onShowInDocument={onShowInDocument} />}
        {(view?.kind === "standards" || view?.kind === "practices") && <ClauseStandardView code={view.code} focus={view.kind} />}
      </SideSheet>
    </PanelSection>
  );
}
