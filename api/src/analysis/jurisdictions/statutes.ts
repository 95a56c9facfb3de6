import { JURISDICTION_NAMES, type ContractType, type JurisdictionCode, type LegislationTopic } from "@clausewise/shared";

/**
 * The curated statute table behind jurisdictional analysis (DESIGN.md §5). Every act is real and named
 * as enacted. Rule for editing: where a detail (a period, a threshold, an in-force date) is not certain,
 * leave it out rather than state it; `citation` is null where we are not sure of it. The table was
 * reviewed against public sources in 2025; statutes change, which is why the result carries the
 * informational-only disclaimer.
 */
export interface Statute {
  act: string;
  citation: string | null;
  topic: LegislationTopic;
  /** What the act means for EPC work, in one or two sentences. */
  relevance: string;
  /** What a contractor must do under it, when that is worth a line of its own. */
  requirement?: string;
  /** Listed only for these contract types; for every type when absent. */
  contractTypes?: readonly ContractType[];
}

export type PromptPaymentStatus = "in_force" | "enacted";

export interface JurisdictionProfile {
  code: JurisdictionCode;
  name: string;
  legalSystem: "common_law" | "civil_law" | "federal";
  /**
   * in_force: prompt payment and adjudication apply to contracts made under the regime.
   * enacted: passed, but this table does not vouch for it being in force; the analysis says "confirm".
   */
  promptPayment: { status: PromptPaymentStatus; act: string; summary: string } | null;
  /** The statutory holdback, only where the table is sure of it. */
  holdbackPercent: number | null;
  /** The statute that creates lien (or, in Quebec, legal hypothec) rights for work on land. */
  securityAct: string | null;
  /** The party the OHS statute makes responsible for a multi-employer construction site, where sure. */
  ohsSiteRole: string | null;
  statutes: readonly Statute[];
}

const MINING: readonly ContractType[] = ["mining"];
const ENERGY: readonly ContractType[] = ["energy", "renewable_energy"];
const REMEDIATION: readonly ContractType[] = ["environmental_remediation"];
const WATER_WORKS: readonly ContractType[] = ["infrastructure", "energy", "renewable_energy", "mining"];

const ON: JurisdictionProfile = {
  code: "ON",
  name: JURISDICTION_NAMES.ON,
  legalSystem: "common_law",
  promptPayment: {
    status: "in_force",
    act: "Construction Act",
    summary:
      "Prompt payment and adjudication have applied since October 1, 2019: an owner pays a proper invoice within 28 days unless it gives a notice of non-payment, and each payer down the chain pays within 7 days of being paid; payment disputes can go to statutory adjudication.",
  },
  holdbackPercent: 10,
  securityAct: "Construction Act",
  ohsSiteRole: "constructor",
  statutes: [
    {
      act: "Construction Act",
      citation: "R.S.O. 1990, c. C.30",
      topic: "prompt_payment",
      relevance: "Sets the prompt payment timelines (28 days for owners, 7 days down the chain) and statutory adjudication; the Act applies despite contrary terms in the contract.",
      requirement: "Invoice with proper invoices, pay or give a notice of non-payment within the statutory periods, and allow payment disputes to go to adjudication.",
    },
    {
      act: "Construction Act",
      citation: "R.S.O. 1990, c. C.30",
      topic: "liens_holdback",
      relevance: "Requires a 10% basic holdback on each payment and gives lien rights; a lien must be preserved within 60 days of the triggering event.",
      requirement: "Retain the 10% holdback and release it only on the Act's timetable.",
    },
    {
      act: "Occupational Health and Safety Act",
      citation: "R.S.O. 1990, c. O.1",
      topic: "occupational_health_safety",
      relevance: "With O. Reg. 213/91 (Construction Projects), places site-wide safety duties on the constructor.",
      requirement: "Name the constructor of the project and meet the notice and site duties of O. Reg. 213/91.",
    },
    {
      act: "Workplace Safety and Insurance Act, 1997",
      citation: "S.O. 1997, c. 16, Sched. A",
      topic: "workers_compensation",
      relevance: "Construction employers must register with the WSIB; principals can be liable for unpaid premiums of contractors they hire.",
      requirement: "Keep WSIB registration in good standing and collect clearance certificates from subcontractors.",
    },
    {
      act: "Environmental Assessment Act",
      citation: "R.S.O. 1990, c. E.18",
      topic: "environmental_assessment",
      relevance: "Public-sector and designated projects may need an environmental assessment before work starts.",
    },
    {
      act: "Environmental Protection Act",
      citation: "R.S.O. 1990, c. E.19",
      topic: "environmental_protection",
      relevance: "Governs spills, waste and site contamination; approvals may be needed for remediation work.",
      contractTypes: [...REMEDIATION, "renewable_energy"],
    },
    {
      act: "Professional Engineers Act",
      citation: "R.S.O. 1990, c. P.28",
      topic: "professional_licensing",
      relevance: "Engineering design and sealing in Ontario must be done by licensed professional engineers.",
    },
    {
      act: "Ontario Energy Board Act, 1998",
      citation: "S.O. 1998, c. 15, Sched. B",
      topic: "energy_regulation",
      relevance: "Generation, transmission and distribution assets may need Ontario Energy Board leave or licences.",
      contractTypes: ENERGY,
    },
    { act: "Mining Act", citation: "R.S.O. 1990, c. M.14", topic: "mining", relevance: "Mine development and closure plans are regulated under the Act.", contractTypes: MINING },
    { act: "Arbitration Act, 1991", citation: "S.O. 1991, c. 17", topic: "arbitration", relevance: "Governs domestic arbitrations seated in Ontario." },
  ],
};

const AB: JurisdictionProfile = {
  code: "AB",
  name: JURISDICTION_NAMES.AB,
  legalSystem: "common_law",
  promptPayment: {
    status: "in_force",
    act: "Prompt Payment and Construction Lien Act",
    summary:
      "Prompt payment and adjudication have applied since August 29, 2022: an owner pays a proper invoice within 28 days unless it disputes it in time, and a contractor pays its subcontractors within 7 days of being paid.",
  },
  holdbackPercent: 10,
  securityAct: "Prompt Payment and Construction Lien Act",
  ohsSiteRole: "prime contractor",
  statutes: [
    {
      act: "Prompt Payment and Construction Lien Act",
      citation: "RSA 2000, c P-26.4",
      topic: "prompt_payment",
      relevance: "Sets the 28-day owner payment period, the 7-day flow-down to subcontractors and statutory adjudication of payment disputes.",
      requirement: "Pay proper invoices or dispute them within the statutory periods; payment disputes can be referred to adjudication.",
    },
    {
      act: "Prompt Payment and Construction Lien Act",
      citation: "RSA 2000, c P-26.4",
      topic: "liens_holdback",
      relevance: "Requires a 10% holdback and gives lien rights; most liens must be registered within 60 days, with longer periods for some categories.",
      requirement: "Retain the 10% holdback and release it on the Act's timetable.",
    },
    {
      act: "Occupational Health and Safety Act",
      citation: "SA 2020, c O-2.2",
      topic: "occupational_health_safety",
      relevance: "With the Occupational Health and Safety Code, requires a prime contractor for a work site with more than one employer.",
      requirement: "Designate the prime contractor in writing for the work site.",
    },
    {
      act: "Workers' Compensation Act",
      citation: "RSA 2000, c W-15",
      topic: "workers_compensation",
      relevance: "Employers must hold WCB-Alberta coverage; principals check subcontractors' clearance.",
      requirement: "Keep WCB-Alberta coverage and obtain clearance letters for subcontractors.",
    },
    {
      act: "Environmental Protection and Enhancement Act",
      citation: "RSA 2000, c E-12",
      topic: "environmental_assessment",
      relevance: "Contains Alberta's environmental assessment process and the approvals regime for industrial activities, reclamation and remediation.",
    },
    {
      act: "Engineering and Geoscience Professions Act",
      citation: "RSA 2000, c E-11",
      topic: "professional_licensing",
      relevance: "Engineering work in Alberta must be done under APEGA licensing and permits to practice.",
    },
    {
      act: "Responsible Energy Development Act",
      citation: "SA 2012, c R-17.3",
      topic: "energy_regulation",
      relevance: "The Alberta Energy Regulator oversees oil, gas, oil sands and coal development under the Act.",
      contractTypes: ["energy", "mining"],
    },
    { act: "Arbitration Act", citation: "RSA 2000, c A-43", topic: "arbitration", relevance: "Governs arbitrations seated in Alberta." },
  ],
};

const BC: JurisdictionProfile = {
  code: "BC",
  name: JURISDICTION_NAMES.BC,
  legalSystem: "common_law",
  promptPayment: null,
  holdbackPercent: 10,
  securityAct: "Builders Lien Act",
  ohsSiteRole: "prime contractor",
  statutes: [
    {
      act: "Builders Lien Act",
      citation: "SBC 1997, c 45",
      topic: "liens_holdback",
      relevance: "Requires a 10% holdback and gives lien rights; a claim of lien must be filed within 45 days of the triggering event.",
      requirement: "Retain the 10% holdback (in a holdback account where the Act requires one).",
    },
    {
      act: "Workers Compensation Act",
      citation: "RSBC 2019, c 1",
      topic: "occupational_health_safety",
      relevance: "Covers both workplace safety (with the Occupational Health and Safety Regulation) and compensation; a multiple-employer workplace needs a prime contractor.",
      requirement: "Designate the prime contractor in writing and keep WorkSafeBC registration in good standing.",
    },
    {
      act: "Environmental Assessment Act",
      citation: "SBC 2018, c 51",
      topic: "environmental_assessment",
      relevance: "Reviewable projects need an environmental assessment certificate before construction.",
    },
    {
      act: "Environmental Management Act",
      citation: "SBC 2003, c 53",
      topic: "environmental_protection",
      relevance: "Governs waste discharges and contaminated sites, including remediation approvals.",
      contractTypes: REMEDIATION,
    },
    {
      act: "Professional Governance Act",
      citation: "SBC 2018, c 47",
      topic: "professional_licensing",
      relevance: "Engineers and geoscientists in British Columbia are regulated under the Act (Engineers and Geoscientists BC).",
    },
    { act: "Mines Act", citation: "RSBC 1996, c 293", topic: "mining", relevance: "Mine permits and the Health, Safety and Reclamation Code apply to mining work.", contractTypes: MINING },
    { act: "Arbitration Act", citation: "SBC 2020, c 2", topic: "arbitration", relevance: "Governs domestic arbitrations seated in British Columbia." },
  ],
};

const SK: JurisdictionProfile = {
  code: "SK",
  name: JURISDICTION_NAMES.SK,
  legalSystem: "common_law",
  promptPayment: {
    status: "in_force",
    act: "The Builders' Lien Act",
    summary: "The Builders' Lien (Prompt Payment) Amendment Act, 2019 added prompt payment timelines and adjudication to The Builders' Lien Act.",
  },
  holdbackPercent: 10,
  securityAct: "The Builders' Lien Act",
  ohsSiteRole: "prime contractor",
  statutes: [
    {
      act: "The Builders' Lien Act (as amended by The Builders' Lien (Prompt Payment) Amendment Act, 2019)",
      citation: "SS 1984-85-86, c B-7.1",
      topic: "prompt_payment",
      relevance: "Adds prompt payment timelines for proper invoices and statutory adjudication of payment disputes.",
      requirement: "Pay proper invoices or give notice of non-payment within the statutory periods.",
    },
    {
      act: "The Builders' Lien Act",
      citation: "SS 1984-85-86, c B-7.1",
      topic: "liens_holdback",
      relevance: "Requires a 10% holdback and gives lien rights on the improvement.",
      requirement: "Retain the 10% holdback and release it on the Act's timetable.",
    },
    {
      act: "The Saskatchewan Employment Act (Part III)",
      citation: "SS 2013, c S-15.1",
      topic: "occupational_health_safety",
      relevance: "Part III and The Occupational Health and Safety Regulations, 2020 set site safety duties, including those of a prime contractor.",
    },
    { act: "The Workers' Compensation Act, 2013", citation: "SS 2013, c W-17.11", topic: "workers_compensation", relevance: "Employers must register with the Saskatchewan WCB." },
    {
      act: "The Environmental Assessment Act",
      citation: "SS 1979-80, c E-10.1",
      topic: "environmental_assessment",
      relevance: "A development needs ministerial approval before it proceeds where the Act applies.",
    },
    {
      act: "The Engineering and Geoscience Professions Act",
      citation: "SS 1996, c E-9.3",
      topic: "professional_licensing",
      relevance: "Engineering in Saskatchewan must be done by APEGS members.",
    },
    { act: "The Arbitration Act, 1992", citation: "SS 1992, c A-24.1", topic: "arbitration", relevance: "Governs arbitrations seated in Saskatchewan." },
  ],
};

const MB: JurisdictionProfile = {
  code: "MB",
  name: JURISDICTION_NAMES.MB,
  legalSystem: "common_law",
  promptPayment: {
    status: "enacted",
    act: "The Builders' Liens Act",
    summary: "Prompt payment and adjudication amendments to The Builders' Liens Act have been enacted; confirm they apply to this contract's date.",
  },
  holdbackPercent: 7.5,
  securityAct: "The Builders' Liens Act",
  ohsSiteRole: null,
  statutes: [
    {
      act: "The Builders' Liens Act",
      citation: "C.C.S.M. c. B91",
      topic: "liens_holdback",
      relevance: "Requires a 7.5% holdback and gives lien rights; agreements waiving the Act's protection are against public policy.",
      requirement: "Retain the 7.5% holdback and keep the trust and record duties of the Act.",
    },
    {
      act: "The Builders' Liens Act (prompt payment amendments)",
      citation: "C.C.S.M. c. B91",
      topic: "prompt_payment",
      relevance: "Prompt payment timelines and adjudication added by amendment; confirm they apply to the contract.",
    },
    { act: "The Workplace Safety and Health Act", citation: "C.C.S.M. c. W210", topic: "occupational_health_safety", relevance: "Sets site safety duties for employers, contractors and prime contractors." },
    { act: "The Workers Compensation Act", citation: "C.C.S.M. c. W200", topic: "workers_compensation", relevance: "Employers must register with the WCB of Manitoba." },
    { act: "The Environment Act", citation: "C.C.S.M. c. E125", topic: "environmental_assessment", relevance: "Developments in the Act's classes need an environment licence." },
    {
      act: "The Engineering and Geoscience Professions Act",
      citation: "C.C.S.M. c. E120",
      topic: "professional_licensing",
      relevance: "Engineering in Manitoba must be done by Engineers Geoscientists Manitoba members.",
    },
    { act: "The Arbitration Act", citation: "C.C.S.M. c. A120", topic: "arbitration", relevance: "Governs arbitrations seated in Manitoba." },
  ],
};

const NS: JurisdictionProfile = {
  code: "NS",
  name: JURISDICTION_NAMES.NS,
  legalSystem: "common_law",
  promptPayment: {
    status: "enacted",
    act: "Builders' Lien Act",
    summary: "Amendments to the Builders' Lien Act add prompt payment and adjudication (renaming it the Builders' Lien and Prompt Payment Act); confirm they are in force for this contract.",
  },
  holdbackPercent: 10,
  securityAct: "Builders' Lien Act",
  ohsSiteRole: null,
  statutes: [
    {
      act: "Builders' Lien Act (prompt payment amendments)",
      citation: "R.S.N.S. 1989, c. 277",
      topic: "prompt_payment",
      relevance: "Prompt payment timelines and adjudication added by the 2019 amendments; confirm they are in force for the contract.",
    },
    {
      act: "Builders' Lien Act",
      citation: "R.S.N.S. 1989, c. 277",
      topic: "liens_holdback",
      relevance: "Requires a 10% holdback and gives lien rights on the improvement.",
      requirement: "Retain the 10% holdback and release it on the Act's timetable.",
    },
    { act: "Occupational Health and Safety Act", citation: "S.N.S. 1996, c. 7", topic: "occupational_health_safety", relevance: "Sets workplace and site safety duties for employers and contractors." },
    { act: "Workers' Compensation Act", citation: "S.N.S. 1994-95, c. 10", topic: "workers_compensation", relevance: "Employers in covered industries must register with the WCB of Nova Scotia." },
    { act: "Environment Act", citation: "S.N.S. 1994-95, c. 1", topic: "environmental_assessment", relevance: "Undertakings listed in the Environmental Assessment Regulations need approval." },
    { act: "Engineering Profession Act", citation: "S.N.S. 1990, c. 3", topic: "professional_licensing", relevance: "Engineering in Nova Scotia must be done by Engineers Nova Scotia members." },
    { act: "Commercial Arbitration Act", citation: "S.N.S. 1999, c. 5", topic: "arbitration", relevance: "Governs commercial arbitrations seated in Nova Scotia." },
  ],
};

const NB: JurisdictionProfile = {
  code: "NB",
  name: JURISDICTION_NAMES.NB,
  legalSystem: "common_law",
  promptPayment: {
    status: "enacted",
    act: "Construction Prompt Payment and Adjudication Act",
    summary: "The Construction Prompt Payment and Adjudication Act was passed in 2023; confirm whether it is in force for this contract.",
  },
  holdbackPercent: null,
  securityAct: "Construction Remedies Act",
  ohsSiteRole: null,
  statutes: [
    { act: "Construction Prompt Payment and Adjudication Act", citation: null, topic: "prompt_payment", relevance: "Prompt payment and adjudication regime passed in 2023; confirm whether it is in force." },
    {
      act: "Construction Remedies Act",
      citation: null,
      topic: "liens_holdback",
      relevance: "Replaced the Mechanics' Lien Act: holdback, lien and trust rights for work on land in New Brunswick.",
      requirement: "Retain the holdback the Act requires.",
    },
    { act: "Occupational Health and Safety Act", citation: "S.N.B. 1983, c. O-0.2", topic: "occupational_health_safety", relevance: "Sets workplace and site safety duties." },
    { act: "Workers' Compensation Act", citation: "R.S.N.B. 1973, c. W-13", topic: "workers_compensation", relevance: "Employers must be registered with WorkSafeNB." },
    {
      act: "Clean Environment Act",
      citation: "R.S.N.B. 1973, c. C-6",
      topic: "environmental_assessment",
      relevance: "The Environmental Impact Assessment Regulation under the Act requires registration of listed undertakings.",
    },
  ],
};

const NL: JurisdictionProfile = {
  code: "NL",
  name: JURISDICTION_NAMES.NL,
  legalSystem: "common_law",
  promptPayment: null,
  holdbackPercent: null,
  securityAct: "Mechanics' Lien Act",
  ohsSiteRole: null,
  statutes: [
    { act: "Mechanics' Lien Act", citation: "RSNL 1990, c M-3", topic: "liens_holdback", relevance: "Holdback and lien rights for work on land in Newfoundland and Labrador.", requirement: "Retain the holdback the Act requires." },
    { act: "Occupational Health and Safety Act", citation: "RSNL 1990, c O-3", topic: "occupational_health_safety", relevance: "Sets workplace and site safety duties." },
    {
      act: "Workplace Health, Safety and Compensation Act",
      citation: "RSNL 1990, c W-11",
      topic: "workers_compensation",
      relevance: "Employers must register with WorkplaceNL.",
    },
    { act: "Environmental Protection Act", citation: "SNL 2002, c E-14.2", topic: "environmental_assessment", relevance: "Part X sets the provincial environmental assessment process." },
    { act: "Arbitration Act", citation: "RSNL 1990, c A-14", topic: "arbitration", relevance: "Governs arbitrations seated in Newfoundland and Labrador." },
  ],
};

const PE: JurisdictionProfile = {
  code: "PE",
  name: JURISDICTION_NAMES.PE,
  legalSystem: "common_law",
  promptPayment: null,
  holdbackPercent: null,
  securityAct: "Mechanics' Lien Act",
  ohsSiteRole: null,
  statutes: [
    { act: "Mechanics' Lien Act", citation: "RSPEI 1988, c M-4", topic: "liens_holdback", relevance: "Holdback and lien rights for work on land in Prince Edward Island.", requirement: "Retain the holdback the Act requires." },
    { act: "Occupational Health and Safety Act", citation: "RSPEI 1988, c O-1.01", topic: "occupational_health_safety", relevance: "Sets workplace and site safety duties." },
    { act: "Workers Compensation Act", citation: "RSPEI 1988, c W-7.1", topic: "workers_compensation", relevance: "Employers must register with the WCB of PEI." },
    { act: "Environmental Protection Act", citation: "RSPEI 1988, c E-9", topic: "environmental_assessment", relevance: "Undertakings need environmental impact assessment approval under the Act." },
    { act: "Arbitration Act", citation: "RSPEI 1988, c A-16", topic: "arbitration", relevance: "Governs arbitrations seated in Prince Edward Island." },
  ],
};

const YT: JurisdictionProfile = {
  code: "YT",
  name: JURISDICTION_NAMES.YT,
  legalSystem: "common_law",
  promptPayment: null,
  holdbackPercent: null,
  securityAct: "Builders Lien Act",
  ohsSiteRole: null,
  statutes: [
    { act: "Builders Lien Act", citation: "RSY 2002, c 18", topic: "liens_holdback", relevance: "Holdback and lien rights for work on land in Yukon.", requirement: "Retain the holdback the Act requires." },
    {
      act: "Workers' Safety and Compensation Act",
      citation: "SY 2021, c 8",
      topic: "occupational_health_safety",
      relevance: "Combines workplace safety and workers' compensation in Yukon.",
      requirement: "Keep coverage with the Yukon Workers' Safety and Compensation Board.",
    },
    {
      act: "Yukon Environmental and Socio-economic Assessment Act",
      citation: "SC 2003, c 7",
      topic: "environmental_assessment",
      relevance: "Federal statute: projects in Yukon are assessed by the Yukon Environmental and Socio-economic Assessment Board.",
    },
  ],
};

const NT: JurisdictionProfile = {
  code: "NT",
  name: JURISDICTION_NAMES.NT,
  legalSystem: "common_law",
  promptPayment: null,
  holdbackPercent: null,
  securityAct: "Mechanics Lien Act",
  ohsSiteRole: null,
  statutes: [
    { act: "Mechanics Lien Act", citation: "RSNWT 1988, c M-7", topic: "liens_holdback", relevance: "Holdback and lien rights for work on land in the Northwest Territories.", requirement: "Retain the holdback the Act requires." },
    { act: "Safety Act", citation: "RSNWT 1988, c S-1", topic: "occupational_health_safety", relevance: "With the Occupational Health and Safety Regulations, sets site safety duties." },
    { act: "Workers' Compensation Act", citation: "SNWT 2007, c 21", topic: "workers_compensation", relevance: "Employers must register with the WSCC (Northwest Territories and Nunavut)." },
    {
      act: "Mackenzie Valley Resource Management Act",
      citation: "SC 1998, c 25",
      topic: "environmental_assessment",
      relevance: "Federal statute: land and water permits and environmental assessment in the Mackenzie Valley.",
    },
  ],
};

const NU: JurisdictionProfile = {
  code: "NU",
  name: JURISDICTION_NAMES.NU,
  legalSystem: "common_law",
  promptPayment: null,
  holdbackPercent: null,
  securityAct: "Mechanics Lien Act",
  ohsSiteRole: null,
  statutes: [
    { act: "Mechanics Lien Act", citation: "RSNWT (Nu) 1988, c M-7", topic: "liens_holdback", relevance: "Holdback and lien rights for work on land in Nunavut.", requirement: "Retain the holdback the Act requires." },
    { act: "Safety Act", citation: "RSNWT (Nu) 1988, c S-1", topic: "occupational_health_safety", relevance: "Sets workplace and site safety duties in Nunavut." },
    { act: "Workers' Compensation Act", citation: "SNu 2007, c 15", topic: "workers_compensation", relevance: "Employers must register with the WSCC (Northwest Territories and Nunavut)." },
    {
      act: "Nunavut Planning and Project Assessment Act",
      citation: "SC 2013, c 14, s 2",
      topic: "environmental_assessment",
      relevance: "Federal statute: land use conformity and review by the Nunavut Impact Review Board.",
    },
  ],
};

const QC: JurisdictionProfile = {
  code: "QC",
  name: JURISDICTION_NAMES.QC,
  legalSystem: "civil_law",
  promptPayment: null,
  holdbackPercent: null,
  securityAct: "Civil Code of Québec",
  ohsSiteRole: "principal contractor (maître d'œuvre)",
  statutes: [
    {
      act: "Civil Code of Québec",
      citation: "CQLR c CCQ-1991",
      topic: "civil_law",
      relevance:
        "Quebec is a civil-law jurisdiction: an EPC contract is a contract of enterprise (arts. 2098 and following); contractors, engineers and architects answer for the loss of the work for five years (art. 2118); abusive clauses in contracts of adhesion can be annulled or reduced (art. 1437).",
    },
    {
      act: "Civil Code of Québec",
      citation: "CQLR c CCQ-1991",
      topic: "liens_holdback",
      relevance:
        "There are no builders' liens: persons who took part in the construction or renovation of an immovable have a legal hypothec on it (art. 2726 and following), which must be published and preserved within short time limits. There is no statutory holdback; any holdback is contractual.",
    },
    {
      act: "Charter of the French language",
      citation: "CQLR c C-11",
      topic: "language",
      relevance:
        "Since the amendments of An Act respecting French, the official and common language of Québec (Bill 96), a contract of adhesion must be given in French first; the parties may be bound by another language only if that is their express wish after the French version was provided (art. 55).",
      requirement: "Provide a French version of contracts of adhesion (and related documents) before the parties choose another language.",
    },
    {
      act: "An Act respecting French, the official and common language of Québec",
      citation: "SQ 2022, c 14",
      topic: "language",
      relevance: "Bill 96: amended the Charter of the French language, including the language of contracts and of dealings with the civil administration.",
    },
    {
      act: "Building Act",
      citation: "CQLR c B-1.1",
      topic: "professional_licensing",
      relevance: "Contractors need a licence from the Régie du bâtiment du Québec for construction work.",
      requirement: "Hold (and require subcontractors to hold) the appropriate RBQ licence.",
    },
    {
      act: "Act respecting labour relations, vocational training and workforce management in the construction industry",
      citation: "CQLR c R-20",
      topic: "construction_labour",
      relevance: "Construction work in Quebec is subject to sector collective agreements and workforce rules overseen by the Commission de la construction du Québec.",
    },
    {
      act: "Act respecting occupational health and safety",
      citation: "CQLR c S-2.1",
      topic: "occupational_health_safety",
      relevance: "With the Safety Code for the construction industry, places site-wide duties on the principal contractor (maître d'œuvre).",
      requirement: "Identify the principal contractor and meet CNESST notice and prevention-program duties.",
    },
    {
      act: "Act respecting industrial accidents and occupational diseases",
      citation: "CQLR c A-3.001",
      topic: "workers_compensation",
      relevance: "Employers must be registered with the CNESST.",
    },
    {
      act: "Environment Quality Act",
      citation: "CQLR c Q-2",
      topic: "environmental_assessment",
      relevance: "Sets the environmental impact assessment and review procedure and ministerial authorizations.",
    },
    { act: "Engineers Act", citation: "CQLR c I-9", topic: "professional_licensing", relevance: "Engineering work in Quebec must be done by members of the Ordre des ingénieurs du Québec." },
    {
      act: "Act respecting contracting by public bodies",
      citation: "CQLR c C-65.1",
      topic: "public_procurement",
      relevance: "Governs construction contracts with Quebec public bodies; Quebec's prompt payment measures have been limited to public contracts.",
      contractTypes: ["infrastructure", "construction"],
    },
    { act: "Mining Act", citation: "CQLR c M-13.1", topic: "mining", relevance: "Mining rights, rehabilitation plans and financial guarantees.", contractTypes: MINING },
    { act: "Code of Civil Procedure", citation: "CQLR c C-25.01", topic: "arbitration", relevance: "Governs arbitrations seated in Quebec." },
  ],
};

const FED: JurisdictionProfile = {
  code: "FED",
  name: JURISDICTION_NAMES.FED,
  legalSystem: "federal",
  promptPayment: {
    status: "in_force",
    act: "Federal Prompt Payment for Construction Work Act",
    summary:
      "In force since December 9, 2023 for construction work for the federal Crown on federal real property: payment within 28 days of a proper invoice unless disputed, 7 days down the chain, and adjudication of payment disputes.",
  },
  holdbackPercent: null,
  securityAct: null,
  ohsSiteRole: null,
  statutes: [
    {
      act: "Federal Prompt Payment for Construction Work Act",
      citation: "SC 2019, c 29, s 387",
      topic: "prompt_payment",
      relevance: "Applies to construction contracts with the federal Crown for federal real property or immovables; sets payment periods and adjudication.",
      requirement: "Pay proper invoices (or give notice of non-payment) on the Act's timelines throughout the subcontract chain.",
    },
    {
      act: "Impact Assessment Act",
      citation: "SC 2019, c 28, s 1",
      topic: "environmental_assessment",
      relevance: "Designated projects (Physical Activities Regulations) need a federal impact assessment decision before work starts; the Act was amended in 2024 after Reference re Impact Assessment Act, 2023 SCC 23.",
    },
    {
      act: "Canada Labour Code (Part II)",
      citation: "RSC 1985, c L-2",
      topic: "occupational_health_safety",
      relevance: "Occupational health and safety for federally regulated works and undertakings (for example interprovincial pipelines); provincial OHS law applies otherwise.",
    },
    {
      act: "Canadian Environmental Protection Act, 1999",
      citation: "SC 1999, c 33",
      topic: "environmental_protection",
      relevance: "Federal rules on toxic substances, releases and environmental emergencies.",
      contractTypes: [...REMEDIATION, "energy", "mining"],
    },
    {
      act: "Fisheries Act",
      citation: "RSC 1985, c F-14",
      topic: "environmental_protection",
      relevance: "Works in or near water that harm fish habitat need authorization; deleterious-substance rules apply to effluent.",
      contractTypes: [...WATER_WORKS, ...REMEDIATION],
    },
    {
      act: "Canadian Navigable Waters Act",
      citation: "RSC 1985, c N-22",
      topic: "environmental_protection",
      relevance: "Works in, on, over, under, through or across navigable waters may need approval or notice.",
      contractTypes: WATER_WORKS,
    },
    {
      act: "Canadian Energy Regulator Act",
      citation: "SC 2019, c 28, s 10",
      topic: "energy_regulation",
      relevance: "Interprovincial and international pipelines and power lines, and offshore renewable projects, are regulated by the Canada Energy Regulator.",
      contractTypes: ENERGY,
    },
    {
      act: "Metal and Diamond Mining Effluent Regulations",
      citation: "SOR/2002-222",
      topic: "mining",
      relevance: "Effluent limits and monitoring for metal and diamond mines under the Fisheries Act.",
      contractTypes: MINING,
    },
    {
      act: "Transportation of Dangerous Goods Act, 1992",
      citation: "SC 1992, c 34",
      topic: "environmental_protection",
      relevance: "Moving contaminated soil, waste and other dangerous goods needs classification, documents and trained staff.",
      contractTypes: REMEDIATION,
    },
    {
      act: "Commercial Arbitration Act",
      citation: "RSC 1985, c 17 (2nd Supp.)",
      topic: "arbitration",
      relevance: "Applies to commercial arbitrations where a party is a federal department or Crown corporation, or in maritime matters.",
    },
  ],
};

export const JURISDICTION_PROFILES: Record<JurisdictionCode, JurisdictionProfile> = { AB, BC, MB, NB, NL, NS, NT, NU, ON, PE, QC, SK, YT, FED };

/** The statutes of a jurisdiction that bear on a contract type, in table order. */
export function statutesFor(code: JurisdictionCode, contractType: ContractType): Statute[] {
  return JURISDICTION_PROFILES[code].statutes.filter((s) => !s.contractTypes || s.contractTypes.includes(contractType));
}

export function statuteOn(code: JurisdictionCode, topic: LegislationTopic): Statute | undefined {
  return JURISDICTION_PROFILES[code].statutes.find((s) => s.topic === topic);
}
