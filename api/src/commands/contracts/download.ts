import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { analyses, contractFiles } from "../../db/schema";
import { exportDocx, MIME_TYPES } from "../../documents";
import { AppError, notFound } from "../../http/errors";
import type { ContractRow } from "../../loaders/contract";
import { fileNameFromTitle, safeFileName } from "./content-disposition";

export interface DownloadFile {
  bytes: Uint8Array;
  fileName: string;
  contentType: string;
}

/**
 * "Download Contract" (DESIGN.md §5): the original bytes when they were stored with consent, with
 * their name and type; otherwise the current document exported as .docx, named after the title.
 */
export async function contractDownload(db: Db, contract: ContractRow): Promise<DownloadFile> {
  const [original] = await db
    .select({ bytes: contractFiles.bytes })
    .from(contractFiles)
    .where(and(eq(contractFiles.contractId, contract.id), eq(contractFiles.companyId, contract.companyId)))
    .limit(1);
  if (original) {
    return {
      bytes: original.bytes,
      fileName: safeFileName(contract.fileName ?? "", "contract"),
      contentType: contract.mimeType ?? "application/octet-stream",
    };
  }
  const bytes = await exportDocx({ title: contract.title, html: contract.content });
  return { bytes, fileName: fileNameFromTitle(contract.title, "docx"), contentType: MIME_TYPES.docx };
}

export const NO_ANALYSIS_MESSAGE = "No Analysis Available - This contract hasn't been analyzed yet. Please wait for AI analysis to complete.";

/**
 * "Download AI Analysis Report": 404 with the spec's message until an analysis is done. The report
 * itself (PDF/DOCX of the analysis) comes with the analysis engine; until then a finished analysis
 * answers 503 rather than a made-up document.
 */
export async function analysisReport(db: Db, contract: ContractRow): Promise<never> {
  const [analysis] = await db
    .select({ status: analyses.status })
    .from(analyses)
    .where(and(eq(analyses.contractId, contract.id), eq(analyses.companyId, contract.companyId)))
    .limit(1);
  if (!analysis || analysis.status !== "done") throw notFound(NO_ANALYSIS_MESSAGE);
  throw new AppError("unavailable", "Download Failed - The AI analysis report cannot be generated yet. The analysis itself is available on the contract page.");
}
