import { CLAUSE_CODES, type ClauseCode } from "@clausewise/shared";
import { renderContract } from "../../../seed/contracts/render";
import { detectClauses } from "../detect";
import type { DevDocument } from "./documents";
import type { DevExample } from "./types";

export interface CodeScore {
  code: ClauseCode;
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
  f1: number;
}

/** One scored unit (a clause example or a labelled section of a document) that the detector got wrong. */
export interface Miss {
  source: string;
  text: string;
  missed: ClauseCode[];
  extra: ClauseCode[];
}

export interface QualityReport {
  codes: CodeScore[];
  micro: { precision: number; recall: number; f1: number };
  macroF1: number;
  units: number;
  misses: Miss[];
}

interface Unit {
  source: string;
  text: string;
  truth: Set<ClauseCode>;
  ignore: Set<ClauseCode>;
  predicted: Set<ClauseCode>;
}

const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
const f1Of = (p: number, r: number) => (p + r === 0 ? 0 : (2 * p * r) / (p + r));

function exampleUnits(examples: DevExample[]): Unit[] {
  return examples.map((e, i) => ({
    source: `example #${i}`,
    text: e.text,
    truth: new Set(e.codes),
    ignore: new Set(e.also ?? []),
    predicted: new Set(detectClauses(e.text).map((d) => d.code)),
  }));
}

/**
 * Runs the detector over the whole rendered document (so headings and article context count, as in
 * production) and credits each detected clause to every labelled section its excerpt overlaps.
 */
function documentUnits(doc: DevDocument): Unit[] {
  const rendered = renderContract(doc.source);
  const lines = rendered.plainText.split("\n");
  if (lines.length !== rendered.blocks.length) throw new Error(`${doc.name}: plain text lines do not match blocks`);
  const keys: string[] = [];
  let key = "preamble";
  for (const raw of doc.source.split("\n")) {
    const line = raw.trim();
    if (line === "") continue;
    const heading = /^(#{2,3})\s+(\d+(?:\.\d+)?)\.?\s/.exec(line);
    if (heading) key = heading[2]!;
    keys.push(key);
  }
  const spans = new Map<string, { start: number; end: number; text: string[] }>();
  let offset = 0;
  lines.forEach((text, i) => {
    const k = keys[i]!;
    const span = spans.get(k) ?? { start: offset, end: offset, text: [] };
    span.end = offset + text.length;
    span.text.push(text);
    spans.set(k, span);
    offset += text.length + 1;
  });
  const detected = detectClauses(rendered.plainText);
  const units: Unit[] = [];
  for (const [k, label] of Object.entries(doc.sections)) {
    const span = spans.get(k);
    if (!span) throw new Error(`${doc.name}: no section ${k}`);
    const [codes, also] = Array.isArray(label[0]) ? (label as [ClauseCode[], ClauseCode[]]) : [label as ClauseCode[], []];
    const predicted = new Set(detected.filter((d) => d.start < span.end && d.end > span.start).map((d) => d.code));
    units.push({ source: `${doc.name} §${k}`, text: span.text.join("\n"), truth: new Set(codes), ignore: new Set(also), predicted });
  }
  return units;
}

/** Per-code precision, recall and F1 over the clause examples and the labelled document sections. */
export function evaluate(examples: DevExample[], documents: DevDocument[] = []): QualityReport {
  const units = [...exampleUnits(examples), ...documents.flatMap(documentUnits)];
  const counts = new Map<ClauseCode, { tp: number; fp: number; fn: number }>(CLAUSE_CODES.map((c) => [c, { tp: 0, fp: 0, fn: 0 }]));
  const misses: Miss[] = [];
  for (const u of units) {
    const missed: ClauseCode[] = [];
    const extra: ClauseCode[] = [];
    for (const code of CLAUSE_CODES) {
      if (u.ignore.has(code)) continue;
      const c = counts.get(code)!;
      const truth = u.truth.has(code);
      const predicted = u.predicted.has(code);
      if (truth && predicted) c.tp++;
      else if (truth) {
        c.fn++;
        missed.push(code);
      } else if (predicted) {
        c.fp++;
        extra.push(code);
      }
    }
    if (missed.length > 0 || extra.length > 0) misses.push({ source: u.source, text: u.text, missed, extra });
  }
  const codes = CLAUSE_CODES.map((code) => {
    const { tp, fp, fn } = counts.get(code)!;
    const precision = ratio(tp, tp + fp);
    const recall = ratio(tp, tp + fn);
    return { code, tp, fp, fn, precision, recall, f1: f1Of(precision, recall) };
  });
  const tp = codes.reduce((s, c) => s + c.tp, 0);
  const fp = codes.reduce((s, c) => s + c.fp, 0);
  const fn = codes.reduce((s, c) => s + c.fn, 0);
  const precision = ratio(tp, tp + fp);
  const recall = ratio(tp, tp + fn);
  return {
    codes,
    micro: { precision, recall, f1: f1Of(precision, recall) },
    macroF1: codes.reduce((s, c) => s + c.f1, 0) / codes.length,
    units: units.length,
    misses,
  };
}

const pct = (x: number) => x.toFixed(3);

/** A fixed-width table: one row per code, then micro and macro averages. */
export function formatReport(title: string, report: QualityReport): string {
  const width = Math.max(...CLAUSE_CODES.map((c) => c.length));
  const rows = [`${title} (${report.units} units)`, `${"code".padEnd(width)}   tp   fp   fn  precision  recall     f1`];
  for (const c of report.codes) {
    rows.push(`${c.code.padEnd(width)} ${String(c.tp).padStart(4)} ${String(c.fp).padStart(4)} ${String(c.fn).padStart(4)}  ${pct(c.precision).padStart(9)} ${pct(c.recall).padStart(7)} ${pct(c.f1).padStart(6)}`);
  }
  rows.push(`${"micro".padEnd(width)} ${"".padStart(14)}  ${pct(report.micro.precision).padStart(9)} ${pct(report.micro.recall).padStart(7)} ${pct(report.micro.f1).padStart(6)}`);
  rows.push(`${"macro F1".padEnd(width)} ${"".padStart(14)}  ${"".padStart(9)} ${"".padStart(7)} ${pct(report.macroF1).padStart(6)}`);
  return rows.join("\n");
}
