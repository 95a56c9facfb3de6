import { useState } from "react";
import type { ContractDetail, TextAnalysis } from "@clausewise/shared";
import { SideSheet } from "../ui/side-sheet";
import { ContractIntelligence } from "./ContractIntelligence";
import type { ShowInDocument } from "./QuotedClause";
import { TextAnalysisResult } from "./TextAnalysisResult";
import { TextAnalysisTools, type SelectedText } from "./TextAnalysisTools";

interface AiReviewToolsProps {
  contract: ContractDetail;
  /** The last text selected in the Document Viewer. */
  selection: SelectedText | null;
  onShowInDocument?: ShowInDocument;
}

/** The AI part of the review tools: analysis of the selected text (result beside the document) and contract intelligence. */
export function AiReviewTools({ contract, selection, onShowInDocument }: AiReviewToolsProps) {
  const [result, setResult] = useState<TextAnalysis | null>(null);
  return (
    <>
      <TextAnalysisTools contract={contract} selection={selection} onResult={setResult} />
      <ContractIntelligence contract={contract} onShowInDocument={onShowInDocument} />
      <SideSheet open={result !== null} onOpenChange={(open) => !open && setResult(null)} title="AI Analysis Result">
        {result && <TextAnalysisResult result={result} onShowInDocument={onShowInDocument} />}
      </SideSheet>
    </>
  );
}
