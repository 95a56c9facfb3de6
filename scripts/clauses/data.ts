/**
 * The development data (../shared/datasets, README there) read into what the clause model learns
 * from: every CUAD contract segmented into clause units labelled by overlap with the CUAD spans, and
 * every ACORD clause as a small document of its own. Nothing here is copied into the project.
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { ClauseCode } from "@clausewise/shared";
import { featurize, type SparseVector } from "../../api/src/analysis/engine/model/features";
import { clauseUnits, type ClauseUnit } from "../../api/src/analysis/engine/model/units";
import { segmentText } from "../../api/src/analysis/engine/segment";

export const DATASETS = resolve(import.meta.dirname, "../../../shared/datasets");

/** CUAD category → product clause code (the 14 the data teaches). */
export const CUAD_CODES: Record<string, ClauseCode> = {
  "Cap on Liability": "limitation_of_liability",
  "Uncapped Liability": "uncapped_liability",
  "Liquidated Damages": "liquidated_damages",
  Insurance: "insurance",
  "Audit Rights": "audit_rights",
  "Termination for Convenience": "termination_for_convenience",
  "Warranty Duration": "warranty",
  "IP Ownership Assignment": "ip_ownership",
  "Change of Control": "change_of_control",
  "Non-Compete": "non_compete",
  "Governing Law": "governing_law",
  "Anti-Assignment": "assignment",
  Exclusivity: "exclusivity",
  "Minimum Commitment": "minimum_commitment",
};
export const BENCH_CODES = Object.values(CUAD_CODES);

/** ACORD category → product code, where the two mean the same thing. */
export const ACORD_CODES: Record<string, ClauseCode> = {
  "Limitation of Liability": "limitation_of_liability",
  Indemnification: "indemnity",
};

/** The codes the model learns: CUAD's 14 and indemnity (ACORD). */
export const MODEL_CODES: ClauseCode[] = [...BENCH_CODES, "indemnity"];

export const UNKNOWN = -1;

export interface LabelledUnit extends ClauseUnit {
  x: SparseVector;
  /** Per MODEL_CODES entry: 1, 0, or UNKNOWN (not labelled for that code, or only partly inside a span). */
  y: Int8Array;
}

export interface LabelledDoc {
  id: string;
  source: "cuad" | "acord";
  text: string;
  units: LabelledUnit[];
  /** Per code: present in the document (CUAD `present`; for ACORD, the clause rated in the category). */
  present: Map<ClauseCode, boolean>;
  /** Gold spans per code, UTF-16 offsets into the text (CUAD only). */
  spans: Map<ClauseCode, [number, number][]>;
}

export function datasetsPresent(): boolean {
  return existsSync(resolve(DATASETS, "cuad-dev/labels.json")) && existsSync(resolve(DATASETS, "acord-dev/clauses.jsonl"));
}

/** CUAD offsets count Unicode code points; JavaScript strings count UTF-16 units. */
function codePointToUtf16(text: string): (cp: number) => number {
  const map: number[] = [];
  let u = 0;
  for (const ch of text) {
    map.push(u);
    u += ch.length;
  }
  map.push(u);
  return (cp) => map[Math.min(cp, map.length - 1)]!;
}

function overlap(a0: number, a1: number, b0: number, b1: number): number {
  return Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
}

interface CuadLabels {
  contracts: Record<string, { categories: Record<string, { present: boolean; spans: { segments: [number, number][] }[] }> }>;
}

export function unitsOf(text: string): ClauseUnit[] {
  return clauseUnits(segmentText(text));
}

function labelUnits(units: ClauseUnit[], spans: Map<ClauseCode, [number, number][]>, known: ReadonlySet<ClauseCode>): LabelledUnit[] {
  return units.map((u) => {
    const y = new Int8Array(MODEL_CODES.length).fill(UNKNOWN);
    MODEL_CODES.forEach((code, k) => {
      if (!known.has(code)) return;
      let inside = 0;
      let best = 0;
      for (const [s, e] of spans.get(code) ?? []) {
        const o = overlap(u.start, u.end, s, e);
        inside += o;
        best = Math.max(best, o / Math.max(1, Math.min(e - s, u.end - u.start)));
      }
      // Mostly inside a span (or holding most of one): positive; untouched: negative; a sliver: unknown.
      y[k] = best >= 0.5 ? 1 : inside === 0 ? 0 : UNKNOWN;
    });
    return { ...u, x: featurize(u), y };
  });
}

export function loadCuad(limit = Infinity): LabelledDoc[] {
  const labels = JSON.parse(readFileSync(resolve(DATASETS, "cuad-dev/labels.json"), "utf8")) as CuadLabels;
  const known = new Set(BENCH_CODES);
  const docs: LabelledDoc[] = [];
  for (const [file, entry] of Object.entries(labels.contracts).slice(0, limit)) {
    const text = readFileSync(resolve(DATASETS, "cuad-dev/contracts", file), "utf8");
    const at = codePointToUtf16(text);
    const spans = new Map<ClauseCode, [number, number][]>();
    const present = new Map<ClauseCode, boolean>();
    for (const [category, code] of Object.entries(CUAD_CODES)) {
      const cat = entry.categories[category];
      present.set(code, cat?.present ?? false);
      spans.set(code, (cat?.spans ?? []).flatMap((s) => s.segments.map(([a, b]): [number, number] => [at(a), at(b)])));
    }
    docs.push({ id: file, source: "cuad", text, units: labelUnits(unitsOf(text), spans, known), present, spans });
  }
  return docs;
}

export function loadAcord(): LabelledDoc[] {
  const lines = readFileSync(resolve(DATASETS, "acord-dev/clauses.jsonl"), "utf8").split("\n").filter((l) => l.trim());
  const known = new Set(Object.values(ACORD_CODES));
  return lines.map((line) => {
    const clause = JSON.parse(line) as { id: string; text: string; categories: string[] };
    const text = clause.text.replace(/<omitted>/g, "\n");
    const present = new Map<ClauseCode, boolean>();
    for (const [category, code] of Object.entries(ACORD_CODES)) present.set(code, clause.categories.includes(category));
    // The clause is the labelled unit: every unit of it carries the clause's label.
    const spans = new Map<ClauseCode, [number, number][]>([...present].filter(([, p]) => p).map(([code]) => [code, [[0, text.length]]]));
    return { id: clause.id, source: "acord" as const, text, units: labelUnits(unitsOf(text), spans, known), present, spans };
  });
}
