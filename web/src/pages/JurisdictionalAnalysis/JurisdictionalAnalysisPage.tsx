import { PageScaffold } from "../../components/PageScaffold";

export function JurisdictionalAnalysisPage() {
  return (
    <PageScaffold
      title="Jurisdictional Analysis"
      description="Check contract text against Canadian federal, provincial and territorial requirements for EPC work."
    />
  );
}
