import { useEffect, useRef, useState, type FormEvent } from "react";
import { Scale } from "lucide-react";
import { CONTRACT_TEXT_REQUIRED, CONTRACT_TYPES, CONTRACT_TYPE_LABELS, type ContractType, type JurisdictionCode } from "@clausewise/shared";
import { isAiDisabledError } from "../../api/analysis";
import { isUnauthorizedError } from "../../api/client";
import { useAnalyzeJurisdiction, useJurisdictions } from "../../api/jurisdictions";
import { isPlanUpgradeError, PlanUpgradeNotice } from "../../components/PlanUpgradeNotice";
import { PageScaffold } from "../../components/PageScaffold";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Checkbox } from "../../components/ui/checkbox";
import { Field } from "../../components/ui/field";
import { NativeSelect } from "../../components/ui/native-select";
import { Spinner } from "../../components/ui/spinner";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../stores/toast";
import { AnalysisResults } from "./AnalysisResults";

const JURISDICTIONS_REQUIRED = "Select at least one jurisdiction.";

export function JurisdictionalAnalysisPage() {
  const jurisdictions = useJurisdictions();
  const analysis = useAnalyzeJurisdiction();
  const [contractText, setContractText] = useState("");
  const [selected, setSelected] = useState<JurisdictionCode[]>([]);
  const [contractType, setContractType] = useState<ContractType>("general");
  const [jurisdictionError, setJurisdictionError] = useState<string | null>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  // Once a result arrives, take keyboard and screen-reader users to it.
  useEffect(() => {
    if (analysis.data) resultsHeading.current?.focus();
  }, [analysis.data]);

  const toggle = (code: JurisdictionCode, checked: boolean) => {
    setJurisdictionError(null);
    setSelected((current) => (checked ? [...current, code] : current.filter((c) => c !== code)));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (contractText.trim() === "") {
      toast({ title: CONTRACT_TEXT_REQUIRED, description: "Paste the contract text to analyze.", variant: "destructive" });
      return;
    }
    if (selected.length === 0) {
      setJurisdictionError(JURISDICTIONS_REQUIRED);
      return;
    }
    analysis.mutate(
      { contractText, jurisdictions: selected, contractType },
      {
        onSuccess: () => toast({ title: "Analysis Complete", description: "The jurisdictional analysis is ready below." }),
        onError: (error) => {
          if (isUnauthorizedError(error) || isPlanUpgradeError(error)) return;
          // With the company's AI switch off, the server's message says where to turn it on.
          const description = isAiDisabledError(error) ? error.serverMessage : "Failed to complete jurisdictional analysis. Please try again.";
          toast({ title: "Analysis Failed", description, variant: "destructive" });
        },
      },
    );
  };

  return (
    <PageScaffold
      title="Jurisdictional Analysis"
      description="Check contract text against Canadian federal, provincial and territorial requirements for EPC work."
    >
      <div className="space-y-6">
        {isPlanUpgradeError(analysis.error) && <PlanUpgradeNotice error={analysis.error} feature="jurisdictionalAnalysis" />}
        <Card className="p-5">
          <form onSubmit={submit} noValidate className="space-y-5" aria-label="Jurisdictional analysis">
            <Field label="Contract text" hint="Paste the contract, or the clauses to check. It is analysed, not stored.">
              {({ id, describedBy }) => (
                <Textarea
                  id={id}
                  aria-describedby={describedBy}
                  rows={12}
                  value={contractText}
                  onChange={(e) => setContractText(e.target.value)}
                  placeholder="This Agreement shall be governed by the laws of the Province of..."
                />
              )}
            </Field>

            <fieldset aria-describedby={jurisdictionError ? "jurisdictions-error" : undefined}>
              <legend className="text-sm font-medium text-slate-800">Jurisdictions</legend>
              {jurisdictions.isPending ? (
                <div className="mt-2 flex items-center gap-2 text-sm text-slate-500" role="status">
                  <Spinner className="size-4" /> Loading jurisdictions...
                </div>
              ) : jurisdictions.isError ? (
                <p className="mt-2 text-sm text-red-600" role="alert">
                  The list of jurisdictions could not be loaded.{" "}
                  <button type="button" className="font-medium underline" onClick={() => void jurisdictions.refetch()}>
                    Retry
                  </button>
                </p>
              ) : (
                <div className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
                  {jurisdictions.data.map((j) => (
                    <Checkbox
                      key={j.code}
                      label={j.name}
                      checked={selected.includes(j.code)}
                      onChange={(e) => toggle(j.code, e.target.checked)}
                    />
                  ))}
                </div>
              )}
              {jurisdictionError ? (
                <p id="jurisdictions-error" className="mt-2 text-xs font-medium text-red-600" role="alert">
                  {jurisdictionError}
                </p>
              ) : null}
            </fieldset>

            <Field label="Contract type" className="max-w-xs">
              {({ id }) => (
                <NativeSelect id={id} value={contractType} onChange={(e) => setContractType(e.target.value as ContractType)}>
                  {CONTRACT_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {CONTRACT_TYPE_LABELS[type]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>

            <Button type="submit" disabled={analysis.isPending}>
              {analysis.isPending ? <Spinner className="size-4 text-white" /> : <Scale aria-hidden="true" />}
              {analysis.isPending ? "Analyzing..." : "Run Analysis"}
            </Button>
          </form>
        </Card>

        {analysis.data ? <AnalysisResults ref={resultsHeading} result={analysis.data} /> : null}
      </div>
    </PageScaffold>
  );
}
