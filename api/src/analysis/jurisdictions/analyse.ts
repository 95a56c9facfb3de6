import {
  JURISDICTION_NAMES,
  RISK_LEVELS,
  type AnalysedJurisdiction,
  type ApplicableAct,
  type ComplianceRisk,
  type ContractFindings,
  type ContractType,
  type JurisdictionAnalysisResult,
  type JurisdictionCode,
  type LegislationTopic,
  type ParsedJurisdictionAnalysisRequest,
  type RecommendedClause,
  type RegulatoryRequirement,
  type RiskLevel,
} from "@clausewise/shared";
import { detectFindings } from "./detect";
import { JURISDICTION_PROFILES, statuteOn, statutesFor, type JurisdictionProfile } from "./statutes";

/**
 * The local jurisdictional engine: the curated statute table crossed with what the contract text says.
 * Pure and deterministic (no clock, no randomness, no I/O): the same request always gives the same result.
 */
export function analyseJurisdictions(request: ParsedJurisdictionAnalysisRequest): JurisdictionAnalysisResult {
  const findings = detectFindings(request.contractText);
  const scope = resolveScope(request, findings);
  const out = new Collector();

  checkGoverningLaw(scope, findings, out);
  checkPaymentCondition(scope, findings, out);
  checkHoldback(scope, request.contractType, findings, out);
  checkQuebec(scope, findings, out);
  checkLienWaiver(scope, findings, out);
  checkDisputeResolution(scope, out);
  checkSeveralProvinces(scope, out);
  addConsiderations(scope, request.contractType, findings, out);
  addStandardClauses(scope, out);

  return {
    primaryJurisdiction: scope.primary,
    secondaryJurisdictions: scope.secondary,
    epcSpecificConsiderations: out.considerations,
    regulatoryRequirements: regulatoryRequirements(scope, request.contractType),
    crossJurisdictionalIssues: out.crossIssues,
    complianceRisks: sortBySeverity(out.risks),
    recommendedClauses: out.clauses,
    applicableLegislation: applicableLegislation(scope, request.contractType),
    contractType: request.contractType,
    findings,
    engine: "local",
  };
}

/** Contract types whose projects commonly meet federal environmental law wherever they are. */
const FEDERAL_BY_TYPE: readonly ContractType[] = ["energy", "mining", "renewable_energy", "infrastructure", "environmental_remediation"];

interface Scope {
  primary: AnalysedJurisdiction;
  secondary: AnalysedJurisdiction[];
  /** Where the work is done (selected or named as the site): every statute of the table applies. */
  work: JurisdictionCode[];
  selected: JurisdictionCode[];
  sites: JurisdictionCode[];
  law: JurisdictionCode | null;
  seat: JurisdictionCode | null;
  /**
   * The Federal Prompt Payment for Construction Work Act reaches only federal Crown contracts: true when
   * the text names the federal Crown or the user selected federal law.
   */
  federalContract: boolean;
}

function resolveScope(request: ParsedJurisdictionAnalysisRequest, findings: ContractFindings): Scope {
  const selected = request.jurisdictions as JurisdictionCode[];
  const sites = findings.siteLocations.map((s) => s.code);
  const law = findings.governingLaw?.code ?? null;
  const seat = findings.arbitrationSeat?.code ?? null;
  const bases = new Map<JurisdictionCode, string[]>();
  const add = (code: JurisdictionCode, basis: string) => bases.set(code, [...(bases.get(code) ?? []), basis]);

  if (law) add(law, "named in the governing-law clause");
  for (const code of sites) add(code, "named as the project or site location");
  for (const code of selected) add(code, "selected for analysis");
  if (seat) add(seat, "seat of arbitration");
  if (findings.federalCrown && !bases.has("FED")) add("FED", "the federal Crown is named in the contract");
  if (FEDERAL_BY_TYPE.includes(request.contractType) && !bases.has("FED")) add("FED", `federal environmental law applies alongside provincial law to ${request.contractType.replace(/_/g, " ")} projects`);

  const provincialLaw = law === "FED" ? null : law;
  const primaryCode = provincialLaw ?? sites.find((c) => selected.includes(c)) ?? sites[0] ?? selected.find((c) => c !== "FED") ?? selected[0]!;
  const ordered = [primaryCode, ...[...bases.keys()].filter((c) => c !== primaryCode)];
  const present = (code: JurisdictionCode): AnalysedJurisdiction => ({ code, name: JURISDICTION_NAMES[code], basis: capitalise(bases.get(code)!.join("; ")) });

  // Federal law applies wherever it is in scope at all; a province only where the work is.
  const work = ordered.filter((c) => c === "FED" || selected.includes(c) || sites.includes(c));
  const federalContract = Boolean(findings.federalCrown) || selected.includes("FED");
  return { primary: present(primaryCode), secondary: ordered.slice(1).map(present), work, selected, sites, law, seat, federalContract };
}

class Collector {
  risks: ComplianceRisk[] = [];
  crossIssues: string[] = [];
  considerations: string[] = [];
  clauses: RecommendedClause[] = [];

  risk(code: JurisdictionCode, severity: RiskLevel, risk: string, mitigation: string, excerpt: string | null = null) {
    this.risks.push({ risk, severity, jurisdiction: JURISDICTION_NAMES[code], jurisdictionCode: code, mitigation, excerpt });
  }

  issue(text: string) {
    if (!this.crossIssues.includes(text)) this.crossIssues.push(text);
  }

  consider(text: string) {
    if (!this.considerations.includes(text)) this.considerations.push(text);
  }

  clause(title: string, text: string, reason: string) {
    if (!this.clauses.some((c) => c.title === title)) this.clauses.push({ title, text, reason });
  }
}

const profile = (code: JurisdictionCode): JurisdictionProfile => JURISDICTION_PROFILES[code];

function promptPaymentIn(scope: Scope, code: JurisdictionCode) {
  if (code === "FED" && !scope.federalContract) return null;
  return profile(code).promptPayment;
}
const provincial = (codes: readonly JurisdictionCode[]) => codes.filter((c) => c !== "FED");

function lawsOf(code: JurisdictionCode): string {
  if (code === "FED") return "the laws of the Province or Territory where the Site is located";
  if (code === "YT" || code === "NU") return `the laws of ${JURISDICTION_NAMES[code]}`;
  if (code === "NT") return "the laws of the Northwest Territories";
  return `the laws of the Province of ${JURISDICTION_NAMES[code]}`;
}

function checkGoverningLaw(scope: Scope, findings: ContractFindings, out: Collector) {
  const { law, sites, selected } = scope;
  const primary = scope.primary.code;
  if (!law) {
    out.risk(primary, "medium", "No governing-law clause was found, so which law governs the contract is left to a court or tribunal to decide.", `Add a governing-law clause choosing ${lawsOf(primary)}, where the work is performed.`);
    out.clause("Governing law", `This Contract is governed by ${lawsOf(primary)} and the federal laws of Canada applicable there.`, "The contract does not say which law governs it.");
    return;
  }
  if (law === "FED") {
    out.risk(
      primary,
      "medium",
      "The governing-law clause names only the laws of Canada. Contract, lien and workplace matters are mostly provincial or territorial law, so the clause leaves the main body of law unchosen.",
      `Name the province or territory as well: ${lawsOf(primary)} and the federal laws of Canada applicable there.`,
      findings.governingLaw!.excerpt,
    );
    return;
  }
  const lawName = JURISDICTION_NAMES[law];
  for (const site of provincial(sites).filter((c) => c !== law)) {
    const p = profile(site);
    const statutes = [p.securityAct, statuteOn(site, "occupational_health_safety")?.act]
      .filter((act): act is string => Boolean(act))
      .map(theAct)
      .join(" and ");
    out.risk(
      site,
      "high",
      `The contract is governed by the laws of ${lawName} but names a site in ${p.name}. Statutes of ${p.name} that protect work on land there (${statutes}) apply whatever the contract chooses.`,
      `Have counsel confirm the choice of law, and state that the lien, holdback, payment and safety statutes of ${p.name} apply to the Work at the Site.`,
      findings.governingLaw!.excerpt,
    );
    out.issue(`Governing law (${lawName}) differs from the site location (${p.name}): contract interpretation follows ${lawName} law, while ${p.name}'s lien, prompt payment and workplace statutes follow the work.`);
    out.clause("Governing law", `This Contract is governed by ${lawsOf(site)} and the federal laws of Canada applicable there.`, `The site is in ${p.name}, but the contract chooses ${lawName} law.`);
  }
  if (!selected.includes(law) && !sites.includes(law)) {
    out.issue(`The governing-law clause names ${lawName}, which was not among the selected jurisdictions; its law governs the contract's interpretation.`);
  }
  for (const site of sites.filter((c) => !selected.includes(c) && c !== law)) {
    out.issue(`The contract places the work in ${JURISDICTION_NAMES[site]}, which was not among the selected jurisdictions; its statutes are included in this analysis.`);
  }
}

function checkPaymentCondition(scope: Scope, findings: ContractFindings, out: Collector) {
  const condition = findings.paymentCondition;
  if (!condition) return;
  const label = condition.kind === "pay_if_paid" ? "pay-if-paid" : "pay-when-paid";
  for (const code of scope.work) {
    const p = profile(code);
    const regime = promptPaymentIn(scope, code);
    if (regime) {
      const inForce = regime.status === "in_force";
      const severity: RiskLevel = inForce ? (condition.kind === "pay_if_paid" ? "critical" : "high") : condition.kind === "pay_if_paid" ? "high" : "medium";
      out.risk(
        code,
        severity,
        `The contract makes payment ${label} (conditional on payment from someone else). ${TheAct(regime.act)} sets statutory payment periods that such a clause cannot extend${inForce ? "" : " once in force for this contract"}. ${regime.summary}`,
        `Replace the ${label} wording with payment on ${theAct(regime.act)}'s timelines, using notices of non-payment for genuine disputes.`,
        condition.excerpt,
      );
      out.clause(
        `Prompt payment compliance (${regime.act})`,
        `Payment, and any notice of non-payment, under this Contract shall comply with ${theAct(regime.act)}. Nothing in this Contract makes payment conditional on payment by any other person, or extends the payment periods, beyond what that Act permits.`,
        `The contract contains ${label} wording and ${p.name}'s ${regime.act} governs payment timing.`,
      );
    } else if (code !== "FED") {
      out.risk(
        code,
        condition.kind === "pay_if_paid" ? "medium" : "low",
        `The contract makes payment ${label}. No prompt payment statute in force is listed for ${p.name}, so the clause's effect depends on its wording${p.securityAct ? ` and on ${theAct(p.securityAct)}` : ""}; it shifts the payer's credit risk down the chain.`,
        `State a fixed payment period, and if payment is conditional, say so unambiguously and limit it to the owner's insolvency.`,
        condition.excerpt,
      );
    }
  }
}

/**
 * The lien acts' holdback applies to work on land. A contract of no building type ("general": a
 * licence, a supply or distribution agreement) that states no holdback is not told it lacks one (its
 * consideration says to check the scope); one that states a holdback is still checked against the act.
 */
function checkHoldback(scope: Scope, contractType: ContractType, findings: ContractFindings, out: Collector) {
  const holdback = findings.holdback;
  if (!holdback && contractType === "general") return;
  for (const code of provincial(scope.work)) {
    const p = profile(code);
    const lienAct = statuteOn(code, "liens_holdback");
    if (!lienAct) continue;
    if (code === "QC") {
      if (holdback) out.consider(`Quebec: the ${holdback.percent}% holdback in the contract is contractual (the Civil Code of Québec sets no statutory holdback); state when and how it is released.`);
      continue;
    }
    const required = p.holdbackPercent;
    if (holdback && required !== null && holdback.percent < required) {
      out.risk(
        code,
        "high",
        `The contract holds back ${holdback.percent}%, below the ${required}% holdback ${theAct(lienAct.act)} requires in ${p.name}. An owner who retains less remains liable to lien claimants up to the statutory holdback.`,
        `Raise the holdback to ${required}% and release it on ${theAct(lienAct.act)}'s timetable.`,
        holdback.excerpt,
      );
      holdbackClause(code, required, out);
    } else if (holdback && required !== null && holdback.percent > required) {
      out.risk(
        code,
        "low",
        `The contract holds back ${holdback.percent}%, more than the ${required}% statutory holdback under ${theAct(lienAct.act)}; the excess is a contractual retention outside the Act's release rules.`,
        `Say when the retention above ${required}% is released, or reduce it to the statutory ${required}%.`,
        holdback.excerpt,
      );
    } else if (!holdback) {
      out.risk(
        code,
        required === null ? "low" : "medium",
        `The contract does not state a holdback. ${TheAct(lienAct.act)} requires ${required === null ? "a holdback" : `a ${required}% holdback`} on work in ${p.name} whether or not the contract mentions it.`,
        required === null ? `Confirm the holdback ${theAct(lienAct.act)} requires and state it in the payment terms.` : `State the ${required}% holdback and its release in the payment terms.`,
      );
      if (required !== null) holdbackClause(code, required, out);
    }
  }
}

function holdbackClause(code: JurisdictionCode, percent: number, out: Collector) {
  const act = statuteOn(code, "liens_holdback")!.act;
  out.clause(
    `Holdback (${act})`,
    `The Owner shall retain from each payment a holdback of ${percent}% of the value of the Work performed, as required by ${theAct(act)}, and shall release it in accordance with that Act.`,
    `${JURISDICTION_NAMES[code]} requires a ${percent}% statutory holdback.`,
  );
}

function checkQuebec(scope: Scope, findings: ContractFindings, out: Collector) {
  if (!scope.work.includes("QC")) return;
  if (findings.frenchLanguageClause) {
    out.consider(`Quebec: a language clause was found ("${findings.frenchLanguageClause.excerpt}"); check that a French version was provided first where the contract is one of adhesion (Charter of the French language, art. 55).`);
  } else if (!findings.writtenInFrench) {
    out.risk(
      "QC",
      "high",
      "The contract is in English and has no French-language clause. Under the Charter of the French language as amended by Bill 96, a contract of adhesion must first be provided in French, and the parties may be bound by an English version only at their express wish after that.",
      "Provide a French version first (or confirm the contract was freely negotiated) and add a clause recording the parties' express wish to be bound by the English version.",
    );
    out.clause(
      "Language of the contract (Quebec)",
      "The parties acknowledge that a French version of this Contract and its related documents was provided to them and that it is their express wish to be bound by the English version. Les parties reconnaissent qu'une version française du présent contrat et des documents qui s'y rattachent leur a été remise et que c'est leur volonté expresse d'être liées par la version anglaise.",
      "Charter of the French language (art. 55), as amended by An Act respecting French, the official and common language of Québec.",
    );
  }
  const law = scope.law === "FED" ? null : scope.law;
  if (law && law !== "QC" && !scope.sites.includes("QC")) {
    out.risk(
      "QC",
      "medium",
      `The contract chooses the laws of ${JURISDICTION_NAMES[law]} for work in Quebec. Civil Code of Québec rules tied to the immovable (legal hypothecs for construction, the five-year liability for loss of the work under art. 2118) still apply.`,
      "Have Quebec counsel review the choice of law and align security and warranty terms with the Civil Code of Québec.",
      findings.governingLaw!.excerpt,
    );
  }
  if (law && law !== "QC") out.issue(`Common-law contract (${JURISDICTION_NAMES[law]}) for work in civil-law Quebec: terms such as "lien" or "consideration" have no direct Civil Code equivalent (legal hypothec, contract of enterprise).`);
}

function checkLienWaiver(scope: Scope, findings: ContractFindings, out: Collector) {
  const waiver = findings.lienWaiver;
  if (!waiver) return;
  for (const code of provincial(scope.work)) {
    const act = profile(code).securityAct;
    if (!act) continue;
    out.risk(
      code,
      "high",
      code === "QC"
        ? "The contract purports to waive construction security rights in advance; the legal hypothec of the Civil Code of Québec protects those who took part in the work, and an advance waiver may not bind them."
        : `The contract purports to waive lien rights in advance. Lien statutes such as ${theAct(act)} generally do not let parties contract out of their protection, so the waiver may be void.`,
      "Replace the waiver with an obligation to keep the lands free of registered liens and to discharge any lien within a short period.",
      waiver.excerpt,
    );
  }
  out.clause(
    "Liens and discharge",
    "The Contractor shall keep the lands free of liens and hypothecs arising from the Work, and shall have any lien or hypothec registered by a person claiming through the Contractor discharged or vacated within [10] days of notice, at the Contractor's cost.",
    "An advance waiver of lien rights is generally unenforceable; a discharge obligation protects the Owner instead.",
  );
}

function checkDisputeResolution(scope: Scope, out: Collector) {
  const { seat, law } = scope;
  if (seat && law && seat !== law) {
    const arbitrationAct = statuteOn(seat, "arbitration")?.act;
    out.issue(`Arbitration is seated in ${JURISDICTION_NAMES[seat]} while the contract is governed by ${JURISDICTION_NAMES[law]} law: ${arbitrationAct ? `${theAct(arbitrationAct)} of ${JURISDICTION_NAMES[seat]}` : "the seat's arbitration statute"} governs the procedure and court supervision of the arbitration.`);
  }
  if (!seat) return;
  for (const code of scope.work) {
    const regime = promptPaymentIn(scope, code);
    if (!regime || regime.status !== "in_force") continue;
    out.issue(`${JURISDICTION_NAMES[code]}: statutory adjudication of payment disputes under ${theAct(regime.act)} remains available alongside the arbitration clause, which does not displace it.`);
    out.clause(
      `Statutory adjudication (${regime.act})`,
      `Nothing in the dispute resolution provisions of this Contract limits a party's right to refer a dispute to adjudication under ${theAct(regime.act)}.`,
      `The contract provides for arbitration and ${theAct(regime.act)} gives a right to adjudicate payment disputes.`,
    );
  }
}

function checkSeveralProvinces(scope: Scope, out: Collector) {
  const provinces = provincial(scope.work);
  if (provinces.length < 2) return;
  const names = provinces.map((c) => JURISDICTION_NAMES[c]).join(", ");
  out.issue(`Work in several jurisdictions (${names}): lien, holdback and prompt payment rules follow the location of each site, not the contract's governing law.`);
  const safety = provinces.map((c) => `${JURISDICTION_NAMES[c]}: ${statuteOn(c, "occupational_health_safety")?.act ?? "its safety statute"}`).join("; ");
  out.issue(`Workers on site in each jurisdiction are covered by that jurisdiction's safety and compensation regime (${safety}); register with each workers' compensation board.`);
}

const TYPE_CONSIDERATIONS: Record<ContractType, string[]> = {
  general: ["Check whether the scope includes work on land: lien, holdback and prompt payment statutes apply to construction work, not to pure supply or services."],
  construction: ["Construction of an improvement to land is the core case for lien, holdback and prompt payment statutes: align invoicing, holdback release and dispute provisions with them."],
  energy: [
    "Energy facilities may need regulator approvals (provincial energy regulators, or the Canada Energy Regulator for interprovincial lines); tie schedule relief to approvals the Contractor does not control.",
  ],
  renewable_energy: ["Renewable projects depend on grid interconnection and environmental approvals; allocate interconnection and permitting delay risk expressly."],
  mining: ["Mine sites combine provincial mining statutes, mine-specific safety rules and federal effluent rules; confirm which safety regime governs contractors on the mine site."],
  infrastructure: ["Public infrastructure brings public procurement rules and, for federal owners, the Federal Prompt Payment for Construction Work Act; works in or near water may need Fisheries Act and Canadian Navigable Waters Act approvals."],
  facility_maintenance: ["Repair and maintenance of an existing facility can still be an improvement for lien and prompt payment statutes; check the statutory definitions before assuming they do not apply."],
  operations_maintenance: [
    "Operating and maintaining an existing facility is mostly services: lien, holdback and prompt payment statutes reach only the parts that improve the land (repairs, modifications); check their definitions.",
    "The operator usually becomes the employer (and often the constructor or prime contractor) for safety purposes on the site; the contract should say so.",
  ],
  environmental_remediation: ["Remediation involves waste handling, transport of dangerous goods and site-condition approvals; allocate regulatory liability for pre-existing contamination expressly."],
};

function addConsiderations(scope: Scope, contractType: ContractType, findings: ContractFindings, out: Collector) {
  for (const text of TYPE_CONSIDERATIONS[contractType]) out.consider(text);
  for (const code of scope.work) {
    const p = profile(code);
    const regime = promptPaymentIn(scope, code);
    if (regime) out.consider(`${p.name}: ${regime.summary}`);
    else if (code === "FED") continue;
    else if (code === "QC") out.consider("Quebec: no general prompt payment statute applies to private construction contracts; prompt payment measures have been limited to public contracts under the Act respecting contracting by public bodies.");
    else out.consider(`${p.name}: this analysis lists no prompt payment statute in force; payment timing is as agreed${p.securityAct ? `, subject to ${theAct(p.securityAct)}` : ""}. Confirm none has come into force since.`);
    const ohs = statuteOn(code, "occupational_health_safety");
    if (p.ohsSiteRole && ohs) out.consider(`${p.name}: ${theAct(ohs.act)} makes the ${p.ohsSiteRole} responsible for site-wide safety; the contract should say who that is.`);
    const licensing = statuteOn(code, "professional_licensing");
    if (licensing && code !== "QC") out.consider(`${p.name}: design and engineering deliverables must be prepared and sealed by engineers licensed under ${theAct(licensing.act)}.`);
  }
  if (scope.work.includes("QC")) {
    out.consider("Quebec: an EPC contract is a contract of enterprise under the Civil Code of Québec; contractors need a Régie du bâtiment du Québec licence (Building Act) and engineering must be done by members of the Ordre des ingénieurs du Québec (Engineers Act).");
  }
  if (findings.federalCrown) {
    out.consider(`The federal Crown is a party or owner ("${findings.federalCrown.excerpt}"): the Federal Prompt Payment for Construction Work Act may govern payment, and provincial liens generally cannot be registered against federal Crown land, so payment security usually rests on bonds.`);
    if (!scope.selected.includes("FED")) out.issue("The contract names the federal Crown, but federal law was not selected; federal statutes are included in this analysis.");
  }
  if (findings.indigenousReference) {
    out.consider(`The contract refers to Indigenous communities ("${findings.indigenousReference.excerpt}"): consultation is the Crown's duty, but benefit-agreement commitments (local hiring, procurement, reporting) are often flowed down to the EPC contractor; make them explicit and priced.`);
  }
}

function addStandardClauses(scope: Scope, out: Collector) {
  const provinces = provincial(scope.work);
  for (const code of provinces) {
    const p = profile(code);
    const ohs = statuteOn(code, "occupational_health_safety");
    if (p.ohsSiteRole && ohs) {
      out.clause(
        `Site safety responsibility (${p.name})`,
        `[The Contractor] is designated the ${p.ohsSiteRole} for the Site for the purposes of ${theAct(ohs.act)} and accepts the duties of that role.`,
        `${TheAct(ohs.act)} assigns site-wide duties to the ${p.ohsSiteRole}; naming it avoids gaps and disputes.`,
      );
    }
  }
  const compensation = provinces.map((c) => statuteOn(c, "workers_compensation") ?? statuteOn(c, "occupational_health_safety")).filter((s) => s !== undefined);
  if (compensation.length > 0) {
    out.clause(
      "Workers' compensation",
      "The Contractor shall maintain registration in good standing with the workers' compensation authority of each jurisdiction in which the Work is performed and shall provide evidence of good standing before the Work starts and with each application for payment.",
      `Required under ${[...new Set(compensation.map((s) => s.act))].join(", ")}.`,
    );
  }
}

/** The topics a jurisdiction contributes when it is only the governing law or only the arbitration seat. */
function topicsFor(scope: Scope, code: JurisdictionCode): ((topic: LegislationTopic) => boolean) {
  const isWork = scope.work.includes(code);
  const isSeat = scope.seat === code || (!scope.seat && code === scope.primary.code);
  if (code === "FED" && !scope.federalContract) return (t) => t !== "prompt_payment" && (t !== "arbitration" || isSeat);
  if (!isWork) {
    if (code === scope.law) return (t) => t === "civil_law" || t === "language" || (t === "arbitration" && isSeat);
    return (t) => t === "arbitration" && isSeat;
  }
  return (t) => t !== "arbitration" || isSeat;
}

function scopeCodes(scope: Scope): JurisdictionCode[] {
  return [scope.primary.code, ...scope.secondary.map((j) => j.code)];
}

function applicableLegislation(scope: Scope, contractType: ContractType): ApplicableAct[] {
  const out: ApplicableAct[] = [];
  for (const code of scopeCodes(scope)) {
    const include = topicsFor(scope, code);
    for (const statute of statutesFor(code, contractType)) {
      if (!include(statute.topic)) continue;
      out.push({ act: statute.act, citation: statute.citation, jurisdiction: JURISDICTION_NAMES[code], jurisdictionCode: code, topic: statute.topic, relevance: statute.relevance });
    }
  }
  return out;
}

function regulatoryRequirements(scope: Scope, contractType: ContractType): RegulatoryRequirement[] {
  const out: RegulatoryRequirement[] = [];
  for (const code of scope.work) {
    const include = topicsFor(scope, code);
    for (const statute of statutesFor(code, contractType)) {
      if (!include(statute.topic)) continue;
      const requirement =
        statute.requirement ??
        (statute.topic === "environmental_assessment" ? `Confirm whether the project needs an assessment or approval under ${theAct(statute.act)} before work starts.` : undefined);
      if (requirement) out.push({ requirement, act: statute.act, jurisdiction: JURISDICTION_NAMES[code], jurisdictionCode: code });
    }
  }
  return out;
}

function sortBySeverity(risks: ComplianceRisk[]): ComplianceRisk[] {
  const rank = (level: RiskLevel) => RISK_LEVELS.length - RISK_LEVELS.indexOf(level);
  return [...risks].sort((a, b) => rank(a.severity) - rank(b.severity));
}

/** "the Construction Act", but "The Builders' Liens Act" (Prairie act names begin with "The"). */
function theAct(act: string): string {
  return act.startsWith("The ") ? act : `the ${act}`;
}

function TheAct(act: string): string {
  return capitalise(theAct(act));
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
