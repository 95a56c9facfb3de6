import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { analyses, companies, contractFiles } from "../../db/schema";
import { jurisdictionNotes } from "../../analysis/jurisdictions/notes";
import { renderAnalysisReport } from "../../analysis/report";
import { presentAnalysis } from "../../presenters/analysis";
import { exportDocx, MIME_TYPES } from "../../documents";
import { notFound } from "../../http/errors";
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
 * "Download AI Analysis Report": a PDF of the finished analysis (summary, risk table, quoted clauses,
 * recommendations, jurisdiction notes, the disclaimer); 404 with the spec's message until an analysis is done.
 */
export async function analysisReport(db: Db, contract: ContractRow, now: Date): Promise<DownloadFile> {
  const [row] = await db
    .select()
    .from(analyses)
    .where(and(eq(analyses.contractId, contract.id), eq(analyses.companyId, contract.companyId)))
    .limit(1);
  if (!row || row.status !== "done") throw notFound(NO_ANALYSIS_MESSAGE);
  const analysis = presentAnalysis(row);
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, contract.companyId));
  const bytes = await renderAnalysisReport({
    contract: { title: contract.title, client: contract.client, version: contract.version },
    analysis,
    generatedAt: now,
    jurisdictionNotes: jurisdictionNotes(contract.plainText, analysis.contractType ?? "general"),
    ...(company ? { companyName: company.name } : {}),
  });
  return { bytes, fileName: fileNameFromTitle(`${contract.title} - AI analysis report`, "pdf"), contentType: "application/pdf" };
}
