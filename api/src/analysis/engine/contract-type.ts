import type { ContractType } from "@clausewise/shared";

/**
 * The kind of work a contract is for (spec §9 list, plus operations & maintenance), from the words of
 * its title and text. Each type has core words that make it that type and supporting words that only
 * count alongside them: an O&M agreement mentions hazardous waste and decommissioning, which alone
 * must not make it a remediation contract (issue 13). "construction" is the fallback for building
 * work and "general" for anything else.
 */
interface Signal {
  type: Exclude<ContractType, "general" | "construction">;
  core: RegExp;
  support?: RegExp;
}

const SIGNALS: Signal[] = [
  { type: "renewable_energy", core: /\b(solar|photovoltaic|pv (module|array|plant)|wind (farm|turbine|project|energy)|wind turbine generator|battery (energy )?storage|bess|hydroelectric|run-of-river|geothermal|biomass|renewable)\w*/g },
  { type: "mining", core: /\b(mine|mining|ore|tailings|concentrator|mill(ing)? circuit|pit|underground development|ore body|mineral|crusher|heap leach|potash)\b/g },
  // Not "utility" or "pipeline" alone (a patent's utility, a sales or product pipeline), nor "upstream" (of a gene).
  { type: "energy", core: /\b(crude oil|oil and gas|oil ?field|natural gas|lng|(?:gas|oil|crude|products?) pipelines?|pipeline (?:system|facilities|capacity|tariff)|refinery|midstream|compressor station|power (plant|station|generation)|substation|transmission line|(?:electric|gas|public|water) utility|utility company|electrical grid|cogeneration|steam generator|nuclear (?:power|plant|facility|reactor)|petrochemical)\b/g },
  // Not "port", "transit", "tunnel" or "bridge" alone: a USB port, goods in transit, a VPN tunnel, a network bridge.
  { type: "infrastructure", core: /\b(highway|(?:road|rail|highway|pedestrian) bridge|bridge (?:deck|rehabilitation|construction)|overpass|interchange|public transit|transit (?:system|authority|line|station)|light rail|lrt|railway|rail line|(?:road|rail|highway) tunnel|water treatment|wastewater|sewer|watermain|roadway|airport|port (?:authority|facility|facilities|terminal)|municipal infrastructure|public-private partnership|p3)\b/g },
  {
    type: "environmental_remediation",
    core: /\b(remediation|remediate|contaminated (soil|site|groundwater|material)s?|site restoration|brownfield|soil vapour|asbestos (removal|abatement)|excavate and dispose|risk assessment and remediation)\w*/g,
    support: /\b(hazardous waste|reclamation|decommissioning|abatement|contamination|disposal facility)\b/g,
  },
  {
    type: "operations_maintenance",
    core: /\b(operations? and maintenance|o ?& ?m|operate and maintain|operating and maintaining|operation, maintenance|operations, maintenance)\b/g,
    support: /\b(operator|operating (plan|budget|procedures|personnel|staff)|availability|plant operations|dispatch|operating year|major maintenance)\b/g,
  },
  {
    type: "facility_maintenance",
    core: /\b(maintenance services|preventive maintenance|preventative maintenance|facility (management|maintenance|services)|janitorial|hvac maintenance|service calls?|work orders?|building operations|call-?out|routine maintenance)\b/g,
  },
];

/**
 * Words of building work. Not "building" or "contractor" alone (an "independent contractor", a
 * "building" that houses a licensee's office), and not "construction" of a text ("construction and
 * interpretation", "rules of construction"): every commercial contract has those.
 */
const CONSTRUCTION = /\b(construction (?:work|site|schedule|contract|manager|management|drawings|period|phase|costs?|of the (?:project|facility|plant|works?|building))|construct(?:ed|ing)? (?:the|a|an) (?!agreement)\w+|general contractor|subcontractor|design-build|design-builder|epc|engineering, procurement|site work|foundations?|concrete|structural steel|substantial (?:performance|completion)|holdback|builders' lien|construction lien|change orders?)\b/g;

function count(re: RegExp | undefined, text: string): { hits: number; distinct: number } {
  if (!re) return { hits: 0, distinct: 0 };
  const seen = new Set<string>();
  let hits = 0;
  for (const m of text.matchAll(re)) {
    hits++;
    seen.add(m[0]);
  }
  return { hits, distinct: seen.size };
}

/**
 * Forms of agreement that are never a contract for a project's work, whatever the industry of the
 * parties: a non-competition agreement of a mining company, a solar installer's franchise or licence.
 * Named in the title or the opening lines, they make the contract "general": the building-work checks
 * (change orders, insurance of the work, lien and holdback statutes) do not apply to them.
 */
const COMMERCIAL_FORM =
  /\b(?:non-?competition|non-?compete|non-?solicitation|franchise|licen[cs]e|sub-?licen[cs]e|distribut(?:or|orship|ion)|reseller|marketing|sponsorship|endorsement|co-?branding|affiliate|web ?hosting|hosting|promotion|agency|intellectual property|escrow|employment|stock purchase|share purchase|loan|credit) agreement\b/;

export function detectContractType(title: string, text: string): ContractType {
  const folded = text.toLowerCase();
  const head = title.toLowerCase();
  // The opening lines name the agreement ("OPERATIONS AND MAINTENANCE AGREEMENT") even when the title field does not.
  const opening = folded.slice(0, 400);
  const om = SIGNALS.find((s) => s.type === "operations_maintenance")!;
  const omBody = count(om.core, folded);
  // An O&M agreement is that whatever the plant it runs: the form of the contract decides.
  if (COMMERCIAL_FORM.test(head) || COMMERCIAL_FORM.test(opening)) return "general";
  if (count(om.core, head).hits > 0 || count(om.core, opening).hits > 0 || omBody.hits >= 4) return "operations_maintenance";

  let best: { type: ContractType; score: number } = { type: "general", score: 0 };
  for (const signal of SIGNALS) {
    if (signal.type === "operations_maintenance") continue;
    const body = count(signal.core, folded);
    const inTitle = count(signal.core, head);
    const support = count(signal.support, folded);
    // Several different core words, not one word repeated: "port" alone in a notices clause is not a port project.
    const score = Math.min(body.hits, 20) + body.distinct * 3 + inTitle.hits * 8 + (body.distinct > 0 ? Math.min(support.hits, 10) : 0);
    if ((body.distinct >= 2 || inTitle.hits > 0) && score > best.score && score >= 8) best = { type: signal.type, score };
  }
  if (best.type !== "general") return best.type;
  // Building work: several of its words, or the title or opening saying so.
  const construction = count(CONSTRUCTION, folded);
  const interpretive = /\b(?:rules of construction|construction (?:and|or) interpretation|interpretation and construction|construction of this \w+)\b/g;
  const named = /\b(?:construction|construct|design-build|epc|building works?|subcontract)\b/.test(`${head} ${opening}`.replace(interpretive, ""));
  return construction.distinct >= 3 || named ? "construction" : "general";
}

/**
 * A contract for work someone performs at a site or on a facility (not the sale, carriage or licence
 * of something): it speaks of "the Work" or its scope, prices it as a contract price, or changes it by
 * change order. Only such a contract is expected to have a change-order procedure and insurance of the
 * work; a gas transportation or a collaboration agreement of an energy company is not.
 */
export function isWorksContract(text: string): boolean {
  const folded = text.toLowerCase();
  if (/\b(?:scope of (?:the )?work|statement of work|change orders?|change directives?|(?:sub)?contract price)\b/.test(folded)) return true;
  return [...folded.matchAll(/\b(?:the|all|such|any) works?\b(?! (?:of authorship|product|for hire|made for hire))/g)].length >= 3;
}
