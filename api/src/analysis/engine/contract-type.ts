import type { ContractType } from "@clausewise/shared";

/**
 * The kind of work a contract is for (spec §9 list), from the words of its title (counted thrice) and
 * text. Each type needs a few distinct signals; "construction" is the fallback for building work and
 * "general" for anything else.
 */
const SIGNALS: [Exclude<ContractType, "general" | "construction">, RegExp][] = [
  ["renewable_energy", /\b(solar|photovoltaic|pv (module|array|plant)|wind (farm|turbine|project|energy)|wind turbine generator|battery (energy )?storage|bess|hydroelectric|run-of-river|geothermal|biomass|renewable)\w*/g],
  ["mining", /\b(mine|mining|ore|tailings|concentrator|mill(ing)? circuit|pit|underground development|ore body|mineral|crusher|heap leach|potash)\b/g],
  ["energy", /\b(oil|natural gas|lng|pipeline|refinery|upstream|midstream|compressor station|power (plant|station|generation)|substation|transmission line|utility|electrical grid|cogeneration|steam generator|nuclear|petrochemical)\b/g],
  ["infrastructure", /\b(highway|bridge|overpass|interchange|transit|light rail|lrt|railway|rail line|tunnel|water treatment|wastewater|sewer|watermain|roadway|airport|port|municipal infrastructure|public-private partnership|p3)\b/g],
  ["environmental_remediation", /\b(remediation|remediate|contaminated (soil|site|groundwater)|decommissioning|reclamation|hazardous waste|abatement|asbestos removal|site restoration|brownfield|soil vapour|excavate and dispose)\w*/g],
  ["facility_maintenance", /\b(maintenance services|preventive maintenance|preventative maintenance|facility (management|maintenance|services)|janitorial|hvac maintenance|service calls?|work orders?|building operations|call-?out|routine maintenance)\b/g],
];

const CONSTRUCTION = /\b(construction|construct|building|contractor|subcontract|general contractor|design-build|epc|engineering, procurement|site work|foundations?|concrete|structural steel|substantial performance)\b/g;

function count(re: RegExp, text: string): { hits: number; distinct: number } {
  const seen = new Set<string>();
  let hits = 0;
  for (const m of text.matchAll(re)) {
    hits++;
    seen.add(m[0]);
  }
  return { hits, distinct: seen.size };
}

export function detectContractType(title: string, text: string): ContractType {
  const folded = text.toLowerCase();
  const head = title.toLowerCase();
  let best: { type: ContractType; score: number } = { type: "general", score: 0 };
  for (const [type, re] of SIGNALS) {
    const body = count(re, folded);
    const inTitle = count(re, head);
    // Several different words, not one word repeated: "port" alone in a notices clause is not a port project.
    const score = Math.min(body.hits, 20) + body.distinct * 3 + inTitle.hits * 8;
    if ((body.distinct >= 2 || inTitle.hits > 0) && score > best.score && score >= 8) best = { type, score };
  }
  if (best.type !== "general") return best.type;
  const construction = count(CONSTRUCTION, `${head} ${folded}`);
  return construction.distinct >= 2 ? "construction" : "general";
}
