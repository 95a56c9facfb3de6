import { CLAUSE_LABELS, CONTRACT_TYPE_LABELS, type AnalysisFinding, type ContractAnalysis, type RiskLevel } from "@clausewise/shared";
import { COLORS, FONTS, ReportLayout } from "./layout";

export interface AnalysisReportInput {
  contract: { title: string; client: string | null; version: number };
  /** A finished analysis (status "done"). */
  analysis: ContractAnalysis;
  jurisdictionNotes?: { jurisdiction: string; note: string }[];
  generatedAt: Date;
  companyName?: string;
}

/** The wording of web/src/components/LegalDisclaimer.tsx (spec §1), so the report and the screen agree. */
export const REPORT_DISCLAIMER =
  "ClauseWise provides AI-assisted analysis for informational purposes only. It is not legal advice and does not replace review by qualified legal counsel.";

/** A quote longer than this is cut: the report points at the clause, it does not reprint the contract. */
const MAX_QUOTE_CHARS = 1_200;

const RISK_LABELS: Record<RiskLevel, string> = { low: "Low", medium: "Medium", high: "High", critical: "Critical" };
const RISK_COLORS: Record<RiskLevel, string> = { low: "#15803d", medium: "#b45309", high: "#c2410c", critical: "#b91c1c" };

const categoryLabel = (category: AnalysisFinding["category"]) => (category === "general" ? "General" : CLAUSE_LABELS[category]);

/** "2025-03-14 15:02 UTC": the same in every time zone the server may run in. */
const stamp = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;

function engineLabel(analysis: ContractAnalysis): string {
  if (analysis.engine === "openai") return `OpenAI-compatible model${analysis.model ? ` (${analysis.model})` : ""}`;
  if (analysis.engine === "local") return "ClauseWise local engine (offline)";
  return "Not recorded";
}

function clip(text: string): string {
  const trimmed = text.trim();
  return trimmed.length <= MAX_QUOTE_CHARS ? trimmed : `${trimmed.slice(0, MAX_QUOTE_CHARS).replace(/\s+\S*$/u, "")} […]`;
}

function titleBlock(layout: ReportLayout, input: AnalysisReportInput): void {
  const { doc } = layout;
  const bandHeight = 64;
  doc.rect(0, 0, doc.page.width, bandHeight).fill(COLORS.band);
  doc.y = 20;
  layout.text(input.companyName ?? "ClauseWise", { font: FONTS.bold, size: 11, color: "#ffffff", gap: 1 });
  layout.text("AI Contract Analysis Report", { size: 9, color: "#dbeafe", gap: 0 });
  doc.y = bandHeight + 28;
  layout.text(input.contract.title, { font: FONTS.bold, size: 20, gap: 8 });
  const meta = [
    `Client: ${input.contract.client ?? "Not specified"}`,
    `Contract version: ${input.contract.version}`,
    `Analysed: ${input.analysis.completedAt ? stamp(new Date(input.analysis.completedAt)) : "Not recorded"}`,
    `Report generated: ${stamp(input.generatedAt)}`,
  ];
  for (const line of meta) layout.text(line, { size: 9.5, color: COLORS.muted, gap: 1 });
  doc.moveDown(0.8);
  layout.text(REPORT_DISCLAIMER, { font: FONTS.italic, size: 8.5, color: COLORS.muted });
}

function summary(layout: ReportLayout, analysis: ContractAnalysis): void {
  layout.heading("Summary");
  const risk = analysis.overallRisk;
  layout.table(
    [{ header: "Overall risk", width: 110 }, { header: "Contract type", width: 150 }, { header: "Produced by" }],
    [
      [
        { text: risk ? RISK_LABELS[risk] : "Not rated", color: risk ? RISK_COLORS[risk] : COLORS.muted, bold: true },
        { text: analysis.contractType ? CONTRACT_TYPE_LABELS[analysis.contractType] : "Not determined" },
        { text: engineLabel(analysis) },
      ],
    ],
  );
  if (analysis.summary) layout.text(analysis.summary, { size: 10.5, gap: 6 });
  const counts = `${analysis.riskItems.length} risk${analysis.riskItems.length === 1 ? "" : "s"}, ${analysis.advantages.length} advantage${analysis.advantages.length === 1 ? "" : "s"}, ${analysis.recommendations.length} recommendation${analysis.recommendations.length === 1 ? "" : "s"}, ${analysis.clauses.length} clause${analysis.clauses.length === 1 ? "" : "s"} detected.`;
  layout.text(counts, { size: 9.5, color: COLORS.muted });
}

function riskTable(layout: ReportLayout, risks: AnalysisFinding[]): void {
  layout.heading("Risk overview");
  if (risks.length === 0) {
    layout.text("No risks were identified.", { color: COLORS.muted });
    return;
  }
  layout.table(
    [{ header: "#", width: 28 }, { header: "Risk" }, { header: "Level", width: 64 }, { header: "Section", width: 70 }],
    risks.map((risk, i) => [
      { text: `R${i + 1}` },
      { text: risk.title },
      { text: RISK_LABELS[risk.riskLevel], color: RISK_COLORS[risk.riskLevel], bold: true },
      { text: risk.section ?? "-" },
    ]),
  );
}

/** How each list reads a finding's level: a risk's severity, a recommendation's priority. */
type LevelWording = (level: RiskLevel) => string | null;

function findings(layout: ReportLayout, title: string, prefix: string, items: AnalysisFinding[], empty: string, wording: LevelWording): void {
  layout.heading(title);
  if (items.length === 0) {
    layout.text(empty, { color: COLORS.muted });
    return;
  }
  items.forEach((item, i) => {
    const heading = `${prefix}${i + 1}. ${item.title}`;
    const quote = item.excerpt.trim() ? clip(item.excerpt) : null;
    // A finding stays on one page when it fits on one, so a heading is never parted from its quote.
    const height =
      layout.heightOf(heading, FONTS.bold, 11, layout.width) +
      layout.heightOf(item.description, FONTS.regular, 10, layout.width) +
      (quote ? layout.heightOf(`“${quote}”`, FONTS.italic, 9.5, layout.width - 14) : 12) +
      40;
    layout.ensureSpace(height <= layout.pageRoom ? height : 70);
    layout.text(heading, { font: FONTS.bold, size: 11, gap: 2 });
    const facts = [wording(item.riskLevel), categoryLabel(item.category), item.section ? `Section ${item.section}` : null].filter(Boolean).join("  •  ");
    layout.text(facts, { size: 8.5, color: wording(item.riskLevel) ? RISK_COLORS[item.riskLevel] : COLORS.muted, gap: 3 });
    if (item.description) layout.text(item.description, { size: 10, gap: 4 });
    if (quote) layout.quote(quote);
    else layout.text("The contract has no clause on this.", { font: FONTS.italic, size: 9, color: COLORS.muted });
    layout.doc.moveDown(0.5);
  });
}

function clauses(layout: ReportLayout, analysis: ContractAnalysis): void {
  layout.heading("Clauses detected");
  if (analysis.clauses.length === 0) {
    layout.text("No clauses were detected.", { color: COLORS.muted });
    return;
  }
  layout.table(
    [{ header: "Clause", width: 170 }, { header: "Section", width: 70 }, { header: "Heading" }],
    analysis.clauses.map((clause) => [{ text: CLAUSE_LABELS[clause.code] }, { text: clause.section ?? "-" }, { text: clause.heading ?? "-" }]),
  );
}

function jurisdiction(layout: ReportLayout, notes: { jurisdiction: string; note: string }[]): void {
  layout.heading("Jurisdiction notes");
  for (const note of notes) {
    layout.ensureSpace(40);
    layout.text(note.jurisdiction, { font: FONTS.bold, size: 10.5, gap: 2 });
    layout.text(note.note, { gap: 8 });
  }
}

/**
 * The AI analysis report as a PDF: header, summary (overall risk, contract type, engine), a risk
 * table, each risk, advantage and recommendation with the clause it quotes, the clauses detected,
 * jurisdiction notes and the disclaimer (also in every page's footer).
 */
export async function renderAnalysisReport(input: AnalysisReportInput): Promise<Buffer> {
  const { analysis } = input;
  if (analysis.status !== "done") throw new Error(`renderAnalysisReport needs a finished analysis (status is ${analysis.status})`);
  const layout = new ReportLayout({ title: `AI Contract Analysis – ${input.contract.title}`, author: input.companyName ?? "ClauseWise" });

  titleBlock(layout, input);
  summary(layout, analysis);
  riskTable(layout, analysis.riskItems);
  findings(layout, "Risks", "R", analysis.riskItems, "No risks were identified.", (level) => `${RISK_LABELS[level]} risk`);
  findings(layout, "Advantages", "A", analysis.advantages, "No advantages were identified.", () => null);
  findings(layout, "Recommendations", "", analysis.recommendations, "No recommendations.", (level) => `${RISK_LABELS[level]} priority`);
  clauses(layout, analysis);
  if (input.jurisdictionNotes && input.jurisdictionNotes.length > 0) jurisdiction(layout, input.jurisdictionNotes);
  layout.heading("Disclaimer");
  layout.text(REPORT_DISCLAIMER, { size: 10 });

  const shortTitle = input.contract.title.length > 60 ? `${input.contract.title.slice(0, 57)}...` : input.contract.title;
  layout.footers((page, pages) => `${shortTitle} – AI analysis, informational only, not legal advice  •  Page ${page} of ${pages}`);
  return layout.finish();
}
