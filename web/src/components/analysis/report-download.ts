import { ApiError, isNotFoundError, isUnauthorizedError } from "../../api/client";
import { downloadAnalysisReport } from "../../api/contract-document";
import { toast } from "../../stores/toast";

/**
 * "Download AI Analysis Report" and "Export Analysis Report": the PDF, or spec §8's two toasts by
 * whether an analysis exists. A 403 (AI review turned off) says so in the server's words instead.
 */
export async function downloadReportWithToasts(contractId: string): Promise<void> {
  try {
    await downloadAnalysisReport(contractId);
  } catch (error) {
    if (isUnauthorizedError(error)) return;
    if (isNotFoundError(error)) {
      toast({ title: "No Analysis Available", description: "This contract hasn't been analyzed yet. Please wait for AI analysis to complete.", variant: "destructive" });
    } else if (error instanceof ApiError && error.status === 403 && error.serverMessage) {
      toast({ title: "Download Failed", description: error.serverMessage, variant: "destructive" });
    } else {
      toast({ title: "Download Failed", description: "Failed to generate AI analysis report. Please try again.", variant: "destructive" });
    }
  }
}
