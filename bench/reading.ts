/**
 * How well the engine reads who the parties are and which law governs (issue 13, items 2 and 3), on
 * the CUAD development contracts (../shared/datasets), against CUAD's own "Parties" and "Governing
 * Law" answers, and whether the findings name the parties the contract has. These readers are rules,
 * not a trained model: the contracts are split by a stable hash into a development part (folds 0–2, whose errors were read while writing the rules) and a
 * held-out part (folds 3–4, whose errors were not), and both are printed. Asserts nothing.
 * Run: npx -y pnpm@10 bench:reading   (--errors to list the misses of the development part)
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { segmentClauses } from "../api/src/analysis/engine/segment";
import { readContract } from "../api/src/analysis/engine/reading";
import { detectContractType } from "../api/src/analysis/engine/contract-type";
import { analyzeContract } from "../api/src/analysis/engine/findings";
import { answerQuestion } from "../api/src/analysis/engine/questions";
import { DATASETS, datasetsPresent } from "../scripts/clauses/data";
import { foldOf } from "../scripts/clauses/logistic";

if (!datasetsPresent()) {
  console.log("bench:reading skipped: ../shared/datasets (CUAD development data) is absent.");
  process.exit(0);
}

interface Category {
  present: boolean;
  answer: string;
  spans?: { text: string; segments: [number, number][] }[];
}
const labels = JSON.parse(readFileSync(resolve(DATASETS, "cuad-dev/labels.json"), "utf8")) as {
  contracts: Record<string, { categories: Record<string, Category | undefined> }>;
};
const showErrors = process.argv.includes("--errors");
/** A CUAD cap clause that states an amount or a formula (read independently of the engine's own reader). */
const STATES_AMOUNT = /\b(?:exceed|in excess of|limited to|more than|greater than|maximum|aggregate liability|total liability)\b/i;
const AMOUNT_WORDS = /\$|\bamounts?\b|\bfees\b|\bpaid\b|\bpayable\b|\bprice\b|\btimes\b|%|\bpercent\b/i;
const CAP_FINDING = /^(?:Liability is capped|.*'s liability is capped|High liability cap|Liability cap amount left blank)/;

const fold = (s: string) => s.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^a-z0-9]+/g, " ").trim();

/** CUAD writes "England; Wales", "People's Republic of China", "Ontario, Canada": one key per place. */
function lawKey(name: string): string {
  const f = fold(name).replace(/^the /, "").replace(/^(?:the )?(?:state|commonwealth|province|republic|federal republic|people s republic) of /, "");
  if (/^england|^wales/.test(f)) return "england";
  if (/^(?:united states|usa|us)$/.test(f)) return "united states";
  return f.replace(/ (?:canada|united kingdom|uk|australia)$/, "");
}

const GENERIC = new Set(["party", "parties", "each party", "we", "us", "our", "you", "your"]);

/** The short names CUAD's answer gives in quotes ("Accuray"), and the names before them. */
function goldParties(answer: string): { alias: string; name: string }[] {
  const out: { alias: string; name: string }[] = [];
  for (const part of answer.split(";")) {
    const quoted = [...part.matchAll(/["“]([^"”]{1,40})["”]/g)].map((m) => m[1]!.trim()).filter((q) => !GENERIC.has(fold(q)));
    const name = part.replace(/\(.*$/s, "").replace(/["“”]/g, "").trim();
    if (quoted.length === 0 && name) out.push({ alias: "", name });
    for (const alias of quoted.slice(0, 1)) out.push({ alias, name });
  }
  // CUAD's answers also list phrases ("Each of the foregoing parties is referred to herein as a Party",
  // "Stryker and Conformis"): without a short name, only something that reads as a name counts.
  return out.filter((p) => p.alias || (!/^\[?\s*\*/.test(p.name) && !/\b(?:and|parties|party|referred|collectively|individually|each)\b|\)/i.test(p.name)));
}

interface Tally {
  law: { gold: number; right: number; missed: number; wrong: number; absent: number; invented: number };
  parties: { docs: number; gold: number; found: number; twoOrMore: number };
  /** CUAD's contracts are commercial (licences, supply, services…): none is building work. */
  construction: { docs: number; read: number };
  /** Contracts whose findings name an "Owner" or a "Contractor" the contract itself never names. */
  alien: number;
  /** "How long does the agreement last?": contracts with an expiry in CUAD, answered quoting it first; without one, answered anyway. */
  term: { gold: number; quoted: number; absent: number; claimed: number };
  /**
   * Caps: "No cap on liability" said of a contract whose CUAD "Cap on Liability" clause states an amount
   * or formula (CUAD's category also holds consequential-damages waivers and sole remedies, which are
   * no cap); a cap said of a contract CUAD marks as having none.
   */
  capGap: { gold: number; denied: number; none: number; invented: number };
}
const tally = (): Tally => ({
  law: { gold: 0, right: 0, missed: 0, wrong: 0, absent: 0, invented: 0 },
  parties: { docs: 0, gold: 0, found: 0, twoOrMore: 0 },
  construction: { docs: 0, read: 0 },
  alien: 0,
  term: { gold: 0, quoted: 0, absent: 0, claimed: 0 },
  capGap: { gold: 0, denied: 0, none: 0, invented: 0 },
});
const parts = { development: tally(), "held out": tally() };
const errors: string[] = [];

for (const [file, entry] of Object.entries(labels.contracts)) {
  const part = foldOf(file, 5) < 3 ? "development" : "held out";
  const t = parts[part];
  const text = readFileSync(resolve(DATASETS, "cuad-dev/contracts", file), "utf8");
  const reading = readContract(text, segmentClauses(text));
  t.construction.docs++;
  if (detectContractType(file.replace(/\.txt$/, ""), text) === "construction") t.construction.read++;

  const analysis = analyzeContract(text, { title: file.replace(/\.txt$/, "") });
  const said = [...analysis.riskItems, ...analysis.advantages, ...analysis.recommendations].map((f) => `${f.title} ${f.description}`).join(" ");
  const alien = ["Owner", "Contractor"].filter((w) => new RegExp(String.raw`\b${w}\b`).test(said) && !new RegExp(String.raw`\b${w}\b`).test(text));
  if (alien.length > 0) {
    t.alien++;
    if (part === "development") errors.push(`names ${file}: findings say ${alien.join(" and ")}; parties ${analysis.parties?.map((p) => `"${p.role}"`).join(", ") || "none"}`);
  }

  const expiry = entry.categories["Expiration Date"];
  const termAnswer = answerQuestion({ text, question: "How long does the agreement last?" });
  if (expiry?.present) {
    t.term.gold++;
    const first = termAnswer.citations[0];
    const overlaps = first && (expiry.spans ?? []).some((span) => span.segments.some(([a, b]) => first.start < b && a < first.end));
    if (termAnswer.addressed && overlaps) t.term.quoted++;
    else if (part === "development") errors.push(`term ${file}: ${termAnswer.addressed ? `quoted "${first?.excerpt.slice(0, 80)}…"` : "not answered"}; CUAD "${expiry.spans?.[0]?.text.slice(0, 80)}…"`);
  } else {
    t.term.absent++;
    if (termAnswer.addressed) t.term.claimed++;
  }
  const capLabel = entry.categories["Cap on Liability"];
  if (capLabel?.present && (capLabel.spans ?? []).some((span) => STATES_AMOUNT.test(span.text) && AMOUNT_WORDS.test(span.text))) {
    t.capGap.gold++;
    if (analysis.riskItems.some((f) => f.title === "No cap on liability")) {
      t.capGap.denied++;
      if (part === "development") errors.push(`cap ${file}: "No cap on liability"; CUAD "${capLabel.spans?.find((span) => STATES_AMOUNT.test(span.text))?.text.replace(/\s+/g, " ").slice(0, 120)}…"`);
    }
  } else if (!capLabel?.present) {
    t.capGap.none++;
    if ([...analysis.riskItems, ...analysis.advantages].some((f) => CAP_FINDING.test(f.title))) t.capGap.invented++;
  }

  const law = entry.categories["Governing Law"];
  const goldLaw = law?.present && law.answer && !/\*/.test(law.answer) ? law.answer : null;
  const ours = reading.governingLaw ? lawKey(reading.governingLaw.name) : null;
  if (goldLaw) {
    t.law.gold++;
    const keys = goldLaw.split(/;|, (?=[A-Z])(?!Canada|United|UK|Australia)/).map(lawKey);
    // "Victoria, Australia" read as Australia is right, if less precise.
    const countries = goldLaw.split(";").map((g) => lawKey(g.split(",").at(-1)!));
    if (ours && (keys.some((k) => k === ours || k.startsWith(`${ours} `)) || countries.includes(ours))) t.law.right++;
    else if (!ours) t.law.missed++;
    else t.law.wrong++;
    if (part === "development" && (!ours || !keys.includes(ours))) errors.push(`law ${file}: gold "${goldLaw}", ours ${ours ?? "none"}`);
  } else {
    t.law.absent++;
    if (ours) t.law.invented++;
  }

  const gold = goldParties(entry.categories.Parties?.answer ?? "");
  if (gold.length > 0) {
    t.parties.docs++;
    if (reading.parties.length >= Math.min(2, gold.length)) t.parties.twoOrMore++;
    for (const g of gold) {
      t.parties.gold++;
      const hit = reading.parties.some(
        (p) => (g.alias && fold(p.role) === fold(g.alias)) || (p.name && g.name && (fold(p.name) === fold(g.name) || fold(g.name).startsWith(fold(p.name)) || fold(p.name).startsWith(fold(g.name)))),
      );
      if (hit) t.parties.found++;
      else if (part === "development") errors.push(`party ${file}: gold ${g.name} ("${g.alias}"); ours ${reading.parties.map((p) => `${p.name ?? "?"} ("${p.role}")`).join(", ") || "none"}`);
    }
  }
}

const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)} %`;
for (const [name, t] of Object.entries(parts)) {
  const l = t.law;
  const p = t.parties;
  console.log(`\n${name}:`);
  console.log(`  governing law: ${l.right} of ${l.gold} right (${pct(l.right, l.gold)}); ${l.missed} not found, ${l.wrong} another place; ${l.invented} of ${l.absent} without one in CUAD given one`);
  console.log(`  contract type: ${t.construction.read} of ${t.construction.docs} commercial contracts read as construction (${pct(t.construction.read, t.construction.docs)})`);
  console.log(`  findings naming an Owner or a Contractor the contract never names: ${t.alien} of ${t.construction.docs} contracts (${pct(t.alien, t.construction.docs)})`);
  console.log(`  term ("How long does the agreement last?"): quotes CUAD's expiry clause first in ${t.term.quoted} of ${t.term.gold} contracts that have one (${pct(t.term.quoted, t.term.gold)}); answers as if there were one in ${t.term.claimed} of ${t.term.absent} without (${pct(t.term.claimed, t.term.absent)})`);
  console.log(`  caps: "No cap on liability" said of ${t.capGap.denied} of ${t.capGap.gold} contracts whose CUAD cap clause states an amount or formula (${pct(t.capGap.denied, t.capGap.gold)}); a cap said of ${t.capGap.invented} of ${t.capGap.none} without one in CUAD (${pct(t.capGap.invented, t.capGap.none)})`);
  console.log(`  parties: ${p.found} of ${p.gold} CUAD parties found (${pct(p.found, p.gold)}); at least two parties read in ${p.twoOrMore} of ${p.docs} contracts (${pct(p.twoOrMore, p.docs)})`);
}
if (showErrors) console.log(`\n${errors.join("\n")}`);
