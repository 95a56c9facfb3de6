import type { ClauseCode } from "@clausewise/shared";

/**
 * Industry Standards and Best Practices: for every clause code the engines detect, what a balanced
 * position looks like in a Canadian EPC (engineering, procurement, construction) contract.
 *
 * Curated reference text, not legal advice. Statements are kept general where the law varies by
 * province; `references` cite only well-established market documents and statutes (a document by
 * name when the section number is not certain). `balancedPosition` doubles as the reference text
 * for similarity ranking, so it is written in contract vocabulary.
 */
export interface ClauseStandard {
  /** One sentence: what this clause does. */
  summary: string;
  /** What a balanced EPC position looks like (2–4 sentences); also used as reference text for similarity ranking, so write it in contract-like vocabulary. */
  balancedPosition: string;
  /** Red flags to look for (3–5 short items). */
  watchFor: string[];
  /** Concrete negotiation tips (3–5 short items). */
  negotiationTips: string[];
  /** Market references where they are well established; empty when there is no reliable one. */
  references: string[];
}

export const CLAUSE_STANDARDS: Record<ClauseCode, ClauseStandard> = {
  limitation_of_liability: {
    summary: "Caps the total amount either party can recover from the other under or in connection with the contract.",
    balancedPosition:
      "The Contractor's total aggregate liability arising out of or in connection with the Contract, whether in contract, tort (including negligence) or otherwise, shall not exceed an amount equal to the Contract Price (or an agreed fraction of it). Liquidated damages, indemnities and warranty costs count toward the cap. The cap does not apply to fraud, wilful misconduct or gross negligence, and amounts recovered from required insurance are addressed expressly. The limitation is mutual and survives termination.",
    watchFor: [
      "Cap applies to the Contractor only, not to the Owner",
      "Cap set by reference to fees or a small fixed sum while exposure is the whole project",
      "Broad carve-outs (all indemnities, all breaches, 'any claim') that swallow the cap",
      "Liquidated damages, warranty or indemnity exposure sitting outside the cap",
      "Cap limited to 'direct damages' wording only, without covering tort or statutory claims",
    ],
    negotiationTips: [
      "Propose an aggregate cap of 100% of the Contract Price (or less on large or low-margin work) covering all claims 'whether in contract, tort (including negligence) or otherwise'",
      "Keep carve-outs narrow: fraud, wilful misconduct, and where unavoidable gross negligence and third-party bodily injury",
      "Bring LDs, indemnities and warranty costs inside the cap, with sub-caps where appropriate",
      "Make the limitation mutual and state that it survives termination or expiry",
      "Align the cap with available insurance so uninsured exposure is visible",
    ],
    references: [
      "FIDIC Silver Book 2017, Sub-Clause 1.15 Limitation of Liability",
      "FIDIC Silver Book 1999, Sub-Clause 17.6 Limitation of Liability",
      "Tercon Contractors Ltd. v. British Columbia (Transportation and Highways), 2010 SCC 4",
      "Civil Code of Québec, art. 1474 (no exclusion of liability for intentional or gross fault)",
    ],
  },

  uncapped_liability: {
    summary: "Exposes a party to liability with no monetary ceiling, either expressly or because no cap applies.",
    balancedPosition:
      "Unlimited liability is confined to a short, defined list of exclusions from the limitation of liability: fraud, wilful misconduct, and, where the parties agree, gross negligence, abandonment of the Work and third-party claims for death or bodily injury. All other liabilities, including indemnities, liquidated damages and warranty obligations, remain subject to the aggregate cap. Each uncapped category is drafted narrowly and applies equally to both parties.",
    watchFor: [
      "No limitation of liability clause at all in a large EPC contract",
      "Liability expressed to be 'unlimited' or 'notwithstanding any other provision'",
      "Indemnities or confidentiality breaches carved out of the cap without limit",
      "Uncapped exposure for third-party property damage or environmental claims",
      "Carve-outs that apply only against the Contractor",
    ],
    negotiationTips: [
      "Insist on an aggregate cap; treat a missing cap as a go/no-go pricing issue",
      "Limit uncapped items to fraud and wilful misconduct, and define 'gross negligence' if it is included",
      "Replace open-ended carve-outs with separate sub-caps (e.g. a multiple of insurance limits)",
      "Make every carve-out mutual",
    ],
    references: [
      "Tercon Contractors Ltd. v. British Columbia (Transportation and Highways), 2010 SCC 4",
      "FIDIC Silver Book 2017, Sub-Clause 1.15 Limitation of Liability",
    ],
  },

  indemnity: {
    summary: "Requires one party to hold the other harmless from specified losses, typically third-party claims.",
    balancedPosition:
      "Each party shall indemnify and hold harmless the other from and against third-party claims for bodily injury, death or damage to property, but only to the extent caused by the negligent acts or omissions or breach of the indemnifying party or those for whom it is responsible at law. Indemnities are reciprocal and fault-based, exclude losses caused by the indemnified party, are subject to the limitation of liability, and are conditional on prompt written notice and control of the defence.",
    watchFor: [
      "One-way indemnity from the Contractor only",
      "'Any and all claims ... arising out of or in connection with the Work' regardless of fault",
      "Indemnity covering the Owner's own negligence",
      "Indemnity for first-party losses (turning it into an uncapped damages claim)",
      "Indemnity obligations outside the limitation of liability",
    ],
    negotiationTips: [
      "Replace 'arising out of' with 'to the extent caused by' the indemnifying party's negligence or breach",
      "Make indemnities mutual and limit them to third-party claims",
      "Tie the indemnity to insurance limits or the liability cap",
      "Add notice, mitigation and conduct-of-defence conditions",
    ],
    references: ["CCDC 2 – 2020, GC 12.1 Indemnification", "FIDIC Silver Book 2017, Clause 17 (Care of the Works and Indemnities)"],
  },

  liquidated_damages: {
    summary: "Fixes a pre-agreed amount payable for delay (or underperformance) instead of proving actual loss.",
    balancedPosition:
      "Delay liquidated damages are payable at a daily or weekly rate that is a genuine pre-estimate of the Owner's loss, subject to an aggregate cap of about 10% of the Contract Price. Liquidated damages are the Owner's sole and exclusive remedy for delay, apply only to delay for which the Contractor is responsible, and are reduced by any extension of time. A grace period and milestone-specific rates may apply; Owner-caused delay suspends liquidated damages.",
    watchFor: [
      "No cap, or a cap far above 10% of the Contract Price",
      "LDs stated to be 'without prejudice' to general damages or termination for delay",
      "LDs running during Owner-caused or excusable delay",
      "Rates disproportionate to the Owner's likely loss (penalty risk)",
      "Multiple milestone LDs that stack on the same critical-path delay",
    ],
    negotiationTips: [
      "Cap delay LDs at around 10% of the Contract Price (5–10% on smaller or tight-margin work)",
      "State expressly that LDs are the sole and exclusive remedy for delay",
      "Link LDs to the extension-of-time regime so excusable delay stops the clock",
      "Add a combined cap where delay and performance LDs both apply",
      "Ask for a bonus for early completion where the Owner gains from it",
    ],
    references: [
      "FIDIC Silver Book 2017, Sub-Clause 8.8 Delay Damages",
      "Civil Code of Québec, art. 1623 (reduction of an abusive penal clause)",
    ],
  },

  consequential_damages: {
    summary: "Excludes recovery of indirect losses such as lost profit, loss of production or loss of use.",
    balancedPosition:
      "Neither party shall be liable to the other for any indirect, special or consequential loss or damage, including loss of profit, loss of revenue, loss of production, loss of use, business interruption or cost of capital, whether in contract, tort (including negligence) or otherwise. The waiver is mutual, applies regardless of the cause of action, and survives termination. Limited exceptions (fraud, wilful misconduct, liquidated damages expressly payable) are spelled out.",
    watchFor: [
      "Waiver protects only the Owner",
      "No waiver at all for a process plant or production facility",
      "Lost profit or loss of production defined as direct damages",
      "Indemnities or LDs drafted so that consequential loss returns through them",
      "Waiver limited to claims 'in contract', leaving negligence claims open",
    ],
    negotiationTips: [
      "Insist on a mutual waiver listing loss of profit, production, use and revenue expressly",
      "Apply the waiver to all causes of action, including negligence and statute",
      "Confirm that liquidated damages are not themselves treated as consequential loss",
      "Keep carve-outs to fraud and wilful misconduct",
    ],
    references: [
      "FIDIC Silver Book 2017, Sub-Clause 1.15 Limitation of Liability",
      "Tercon Contractors Ltd. v. British Columbia (Transportation and Highways), 2010 SCC 4",
    ],
  },

  termination_for_convenience: {
    summary: "Lets a party (usually the Owner) end the contract without any default by the other.",
    balancedPosition:
      "The Owner may terminate the Contract for convenience on written notice of at least 30 days. On termination the Contractor is paid for Work performed to the date of termination, the cost of materials and equipment ordered, subcontractor cancellation charges, reasonable demobilization costs and a reasonable allowance for overhead and profit on Work performed or lost profit on the remaining Work. Holdback is released in accordance with applicable lien legislation and security is returned.",
    watchFor: [
      "Termination at any time without notice",
      "Payment limited to Work performed, with no demobilization or cancellation costs",
      "Owner's right to terminate for convenience and then complete the Work with another contractor",
      "No Contractor right to terminate for prolonged suspension or non-payment",
      "Termination for default automatically converted to convenience with reduced payment",
    ],
    negotiationTips: [
      "Require a notice period (e.g. 30 days) and a defined termination payment",
      "Recover committed costs, subcontract cancellation charges, demobilization and a profit allowance",
      "Make the right reciprocal after a long suspension (e.g. 60–90 days) or persistent non-payment",
      "Exercise of the right must be honest and in good faith",
    ],
    references: [
      "FIDIC Silver Book 2017, Sub-Clause 15.5 Termination for Employer's Convenience",
      "C.M. Callow Inc. v. Zollinger, 2020 SCC 45 (duty of honest performance)",
      "Civil Code of Québec, arts. 2125 and 2129 (unilateral resiliation of a contract of enterprise)",
    ],
  },

  termination_for_default: {
    summary: "Sets out when a party may end the contract because the other has failed to perform.",
    balancedPosition:
      "Either party may terminate for material default only after written notice specifying the default and a cure period of 10 to 15 working days (or a longer period where the default cannot reasonably be cured in that time, provided the defaulting party commences and diligently pursues a cure). Termination grounds are defined objectively (insolvency, abandonment, persistent failure to perform, non-payment). Owner's recovery is limited to the reasonable cost to complete in excess of the unpaid Contract Price, subject to the liability cap, and the Contractor has a reciprocal right to suspend or terminate for non-payment or Owner default.",
    watchFor: [
      "Termination for any breach, however minor",
      "No cure period, or a cure period of a few days",
      "Owner may recover all completion costs without limit or cap",
      "No reciprocal Contractor right to suspend or terminate for non-payment",
      "Owner may take over Contractor's equipment and designs without compensation",
    ],
    negotiationTips: [
      "Limit grounds to material breach and require notice with a 10–15 working day cure period",
      "Add an extended cure where the Contractor commences and diligently pursues the remedy",
      "Subject completion-cost recovery to the liability cap and a duty to mitigate",
      "Add the Contractor's right to suspend and then terminate for non-payment",
    ],
    references: [
      "CCDC 2 – 2020, GC 7.1 Owner's Right to Perform the Work, Terminate the Contractor's Right to Continue with the Work or Terminate the Contract",
      "CCDC 2 – 2020, GC 7.2 Contractor's Right to Suspend the Work or Terminate the Contract",
      "FIDIC Silver Book 2017, Clause 15 (Termination by Employer) and Clause 16 (Suspension and Termination by Contractor)",
    ],
  },

  payment_terms: {
    summary: "Defines how and when the Contractor invoices and is paid, and the consequences of late payment.",
    balancedPosition:
      "The Contractor submits monthly progress invoices (proper invoices) for Work performed, and the Owner pays within the period required by applicable prompt payment legislation, such as 28 days from receipt of a proper invoice under the Ontario Construction Act. Any disputed amount is identified by written notice of non-payment within the statutory period, with the undisputed balance paid on time. Late payments bear interest, and the Contractor may suspend Work after notice of continued non-payment.",
    watchFor: [
      "Payment terms longer than the provincial prompt payment period (e.g. 60 or 90 days)",
      "Invoices valid only after Owner 'approval' or certification with no time limit",
      "Broad Owner set-off rights against amounts under other contracts",
      "No interest on late payment and no right to suspend",
      "Milestone payments that leave the Contractor funding the Work for long periods",
    ],
    negotiationTips: [
      "Align payment timing with the applicable prompt payment statute (28 days from proper invoice in Ontario and Alberta)",
      "Require written notice of disputed amounts and payment of the undisputed balance",
      "Add interest on late payment and a right to suspend after notice",
      "Limit set-off to amounts due under this Contract and finally determined or agreed",
      "Seek an advance payment or a cash-flow-neutral milestone schedule for major equipment",
    ],
    references: [
      "Ontario Construction Act, R.S.O. 1990, c. C.30 – Part I.1 Prompt Payment",
      "Alberta Prompt Payment and Construction Lien Act",
      "Federal Prompt Payment for Construction Work Act",
      "CCDC 2 – 2020, Part 5 Payment",
    ],
  },

  pay_when_paid: {
    summary: "Makes payment to the Contractor or subcontractor conditional on the paying party first being paid by its own client.",
    balancedPosition:
      "Payment timing may be linked to receipt of payment from the Owner only to the extent permitted by applicable prompt payment legislation, and never as a permanent condition to payment (no pay-if-paid). Where the upstream party is not paid, it must give timely notice of non-payment and pursue collection or adjudication, and payment remains due within a reasonable long-stop period regardless of upstream payment. Non-payment caused by the paying party's own default never defers payment.",
    watchFor: [
      "'Pay-if-paid' wording making Owner payment a condition precedent",
      "No long-stop date after which payment is due regardless",
      "Non-payment caused by the paying party's own default still deferring payment",
      "Conflict with provincial prompt payment rules in Ontario, Alberta and other provinces",
    ],
    negotiationTips: [
      "Convert pay-if-paid into pay-when-paid with a long-stop date (e.g. 60 days after invoice)",
      "Require notice of non-payment and an undertaking to pursue payment or adjudication",
      "Exclude non-payment caused by the paying party's own breach",
      "Check the statute for the project's province: prompt payment regimes restrict these clauses",
    ],
    references: [
      "Ontario Construction Act, R.S.O. 1990, c. C.30 – Part I.1 Prompt Payment",
      "Alberta Prompt Payment and Construction Lien Act",
    ],
  },

  holdback: {
    summary: "Requires the payer to retain a percentage of each payment as security for lien claimants and performance.",
    balancedPosition:
      "The Owner retains the statutory holdback of 10% of the value of Work performed as required by provincial lien legislation (Ontario Construction Act, Alberta Prompt Payment and Construction Lien Act, BC Builders Lien Act), and no more. Holdback is released promptly when the statutory lien period expires after substantial performance, with annual or phased release where the legislation allows it, and may be held in a separate trust account. Contractual retention beyond the statutory holdback is avoided or replaced by a security instrument.",
    watchFor: [
      "Retention above the 10% statutory holdback or a second 'contractual' retention",
      "Holdback released only on final completion or after warranty expiry",
      "Holdback release conditional on Owner discretion or outside statutory timelines",
      "Holdback used as a set-off fund for unrelated claims",
    ],
    negotiationTips: [
      "Limit retention to the statutory 10% holdback",
      "Require release promptly when lien rights expire after substantial performance",
      "Ask for annual or phased holdback release on multi-year projects where the statute allows",
      "Offer a letter of credit or maintenance bond in place of any additional retention",
    ],
    references: [
      "Ontario Construction Act, R.S.O. 1990, c. C.30 (10% basic holdback)",
      "Alberta Prompt Payment and Construction Lien Act",
      "BC Builders Lien Act, S.B.C. 1997, c. 45 (10% holdback)",
    ],
  },

  change_orders: {
    summary: "Governs how the scope, price and schedule are changed during the project.",
    balancedPosition:
      "The Owner may direct changes in the Work within the general scope of the Contract, and the Contract Price and Contract Time are adjusted by change order for the valuation of the change, including reasonable overhead and profit. Where agreement is not reached, the Owner may issue a change directive and the Contractor proceeds while being paid on a cost-plus basis, with disputes resolved under the dispute resolution procedure. Changes in law, Owner-caused delay and differing site conditions are treated as changes.",
    watchFor: [
      "Contractor must perform changes before price or time is agreed, with no interim payment",
      "Unlimited Owner right to add or omit scope, including omitted work given to others",
      "Valuation at Owner's discretion or without overhead and profit",
      "Short time bars for claiming a change, with waiver of entitlement",
      "No adjustment of the schedule for changes",
    ],
    negotiationTips: [
      "Require written change orders adjusting both Contract Price and Contract Time",
      "Agree valuation rules: unit rates, then cost plus a stated markup for overhead and profit",
      "Get paid monthly for directed changed work pending final valuation",
      "Cap the value of changes the Contractor must accept without consent (e.g. +/- 15–25%)",
      "Prohibit omitting Work in order to give it to another contractor",
    ],
    references: [
      "CCDC 2 – 2020, Part 6 Changes in the Work",
      "FIDIC Silver Book 2017, Clause 13 Variations and Adjustments",
    ],
  },

  force_majeure: {
    summary: "Excuses performance affected by extraordinary events beyond the parties' reasonable control.",
    balancedPosition:
      "Neither party is liable for delay or failure to perform to the extent caused by a force majeure event beyond its reasonable control that could not reasonably have been avoided or overcome, such as war, natural disasters, epidemics, government action, and strikes not limited to the affected party's workforce. The affected party gives prompt written notice and mitigates. The Contractor is entitled to an extension of time, relief from liquidated damages and, for certain events, recovery of costs; either party may terminate after a prolonged force majeure (e.g. 90–180 days).",
    watchFor: [
      "Force majeure relieves only the Owner",
      "Narrow closed list of events excluding epidemics, government orders or supply-chain disruption",
      "Time-only relief with no cost recovery for prolonged suspension",
      "No right to terminate after extended force majeure",
      "Very short notice periods acting as a time bar",
    ],
    negotiationTips: [
      "Use a general definition plus a non-exhaustive list of events",
      "Secure extension of time and relief from LDs; seek cost recovery for demobilization and standby",
      "Add a mutual termination right after a defined continuous period",
      "Agree a reasonable notice period (e.g. 14 days from awareness) rather than a short time bar",
    ],
    references: [
      "FIDIC Silver Book 2017, Clause 18 Exceptional Events",
      "Civil Code of Québec, art. 1470 (superior force)",
    ],
  },

  warranty: {
    summary: "Obliges the Contractor to correct defects that appear for a set period after completion.",
    balancedPosition:
      "The Contractor warrants that the Work will be free of defects in materials and workmanship and correct defects notified within 12 months from the date of substantial performance (or taking over of the relevant part). The warranty period for corrected Work is extended, but the total period is capped (e.g. 24 months from substantial performance). The warranty is the Owner's exclusive remedy for defects once the period starts, excludes normal wear and tear, misuse and Owner-supplied design or materials, and manufacturers' warranties are assigned to the Owner.",
    watchFor: [
      "Warranty period running from final acceptance or start-up rather than substantial performance",
      "Unlimited extension or 'evergreen' restart for repaired Work",
      "Fitness-for-purpose warranty without a defined purpose or performance specification",
      "Warranty covering Owner-supplied equipment, design or operation errors",
      "Warranty in addition to, not instead of, general damages for defects",
    ],
    negotiationTips: [
      "Start the 12-month period at substantial performance, with a hard stop (e.g. 24 months)",
      "Exclude wear and tear, improper operation and maintenance, and Owner-supplied items",
      "Make repair or replacement the exclusive remedy, subject to the liability cap",
      "Pass through manufacturers' warranties rather than extending the Contractor's own",
      "In Quebec, note the statutory warranties under the Civil Code that cannot be fully excluded",
    ],
    references: [
      "CCDC 2 – 2020, GC 12.3 Warranty",
      "FIDIC Silver Book 2017, Sub-Clause 11.3 Extension of Defects Notification Period",
      "Civil Code of Québec, arts. 2118 and 2120 (liability for loss of the work; one-year warranty for poor workmanship)",
    ],
  },

  insurance: {
    summary: "Specifies the insurance each party must carry, the limits, and how claims and deductibles are handled.",
    balancedPosition:
      "The Contractor maintains commercial general liability, automobile liability and, where it performs design, professional liability insurance at stated limits, and the Owner or Contractor maintains builder's risk (course of construction) insurance for the full replacement value of the Work. The Owner and Contractor are named as additional insureds on liability policies, waivers of subrogation apply, and the party at fault bears the deductible. Limits and requirements are consistent with CCDC 41 and with what is commercially available.",
    watchFor: [
      "Limits far above market availability or project size",
      "Contractor responsible for all deductibles regardless of fault",
      "No builder's risk policy, or builder's risk excluding design or testing and commissioning",
      "Professional liability required for the full project life without a reasonable tail",
      "Insurance obligations that expand the indemnity or remove the liability cap",
    ],
    negotiationTips: [
      "Benchmark requirements against CCDC 41 and your existing program",
      "Allocate deductibles to the party whose fault caused the loss",
      "Require mutual waivers of subrogation and additional insured status",
      "Confirm who places builder's risk and that it covers testing and commissioning",
      "State that insurance does not increase the liability cap",
    ],
    references: ["CCDC 41 – CCDC Insurance Requirements", "CCDC 2 – 2020, GC 11.1 Insurance"],
  },

  bonds_security: {
    summary: "Requires performance security such as bonds, letters of credit or parent company guarantees.",
    balancedPosition:
      "The Contractor provides a performance bond and a labour and material payment bond, each typically for 50% of the Contract Price, in a standard form (CCDC 221 and CCDC 222) from a licensed surety. Security reduces or is released at substantial performance and expires at the end of the warranty period. Demand instruments such as letters of credit, where required, are limited in amount and callable only for amounts due and unpaid after notice.",
    watchFor: [
      "On-demand letters of credit callable without proof of default",
      "Security above 50% of the Contract Price or stacked with a parent company guarantee",
      "Non-standard bond forms that waive surety defences",
      "No reduction or release at substantial performance",
      "Owner's failure to provide payment security or financing information",
    ],
    negotiationTips: [
      "Use standard CCDC 221 performance and CCDC 222 labour and material payment bond forms",
      "Cap bonds at 50% of the Contract Price and release or reduce at substantial performance",
      "Require notice and a cure period before any call on a letter of credit",
      "Ask for Owner payment security or financing information on private projects",
    ],
    references: [
      "CCDC 221 – Performance Bond",
      "CCDC 222 – Labour and Material Payment Bond",
      "FIDIC Silver Book 2017, Sub-Clause 4.2 Performance Security",
    ],
  },

  performance_guarantee: {
    summary: "Guarantees that the completed facility meets defined output, efficiency or quality parameters.",
    balancedPosition:
      "Guaranteed performance parameters (capacity, efficiency, emissions, availability) are measured in performance tests under an agreed test protocol, with defined tolerances and correction for site conditions and Owner-supplied inputs. If a guarantee is missed, the Contractor has an opportunity to make corrections and retest; thereafter performance liquidated damages apply at agreed rates, capped (commonly around 10% of the Contract Price, with a combined cap for delay and performance LDs) and as the sole remedy for the shortfall, unless minimum acceptance levels are not met.",
    watchFor: [
      "Guarantees without an agreed test procedure, tolerances or measurement method",
      "Guarantees dependent on Owner-supplied feedstock, utilities or operation outside Contractor control",
      "Uncapped performance LDs or rejection rights for minor shortfalls",
      "No right to retest or make corrections",
      "Fitness-for-purpose obligations on top of defined guarantees",
    ],
    negotiationTips: [
      "Agree the test protocol, instrument tolerances and correction curves before signing",
      "Get a cure-and-retest period before LDs or rejection",
      "Cap performance LDs and combine them with delay LDs under an overall cap",
      "Make performance LDs the exclusive remedy above the minimum acceptance threshold",
      "Exclude failures caused by Owner-supplied inputs, design or operating staff",
    ],
    references: [
      "FIDIC Silver Book 2017, Clause 9 Tests on Completion",
      "FIDIC Silver Book 2017, Clause 12 Tests after Completion",
    ],
  },

  dispute_resolution: {
    summary: "Sets the process for resolving disputes, from negotiation through adjudication, mediation, arbitration or litigation.",
    balancedPosition:
      "Disputes are resolved in stages: good-faith negotiation between senior representatives within a fixed period, then mediation, and finally binding arbitration or litigation in the province of the project. Statutory adjudication (for example under the Ontario Construction Act) remains available for payment and other eligible disputes, and the Contractor continues the Work and is paid undisputed amounts while disputes are resolved. The rules, seat and number of arbitrators are defined, and time limits do not extinguish claims before they can reasonably be referred.",
    watchFor: [
      "Owner or its engineer's decision stated to be final and binding",
      "Arbitration seated outside Canada or in the Owner's home jurisdiction",
      "Clauses purporting to exclude statutory adjudication",
      "Short time bars for referring disputes",
      "No obligation to pay undisputed amounts during the dispute",
    ],
    negotiationTips: [
      "Use a stepped process: negotiation, mediation, then arbitration (e.g. CCDC 40 rules) or court",
      "Preserve statutory adjudication rights for payment disputes",
      "Seat arbitration in the project's province with a neutral tribunal",
      "Require payment of undisputed amounts and continuation of the Work during disputes",
    ],
    references: [
      "CCDC 2 – 2020, Part 8 Dispute Resolution",
      "CCDC 40 – Rules for Mediation and Arbitration of Construction Disputes",
      "Ontario Construction Act, R.S.O. 1990, c. C.30 – Part II.1 Adjudication",
      "FIDIC Silver Book 2017, Clause 21 Disputes and Arbitration",
    ],
  },

  governing_law: {
    summary: "Chooses the law that governs the contract and, often, the courts with jurisdiction.",
    balancedPosition:
      "The Contract is governed by the laws of the province or territory where the project is located and the federal laws of Canada applicable there, which keeps it consistent with the lien, holdback, prompt payment, occupational health and safety and environmental legislation that applies at the site in any event. Courts of that province have jurisdiction, subject to any agreed arbitration clause. For projects in Quebec, the Civil Code of Québec applies to the contract of enterprise and its mandatory provisions cannot be displaced.",
    watchFor: [
      "Foreign law or a province unrelated to the project",
      "Exclusive jurisdiction of a distant forum",
      "Governing law inconsistent with the arbitration seat",
      "Attempts to contract out of mandatory lien or prompt payment legislation",
    ],
    negotiationTips: [
      "Choose the law of the province where the project is located",
      "Align the governing law with the arbitration seat or court forum",
      "Assume mandatory site-specific statutes apply regardless of the chosen law",
      "For Quebec projects, review the contract against the Civil Code rules on contracts of enterprise",
    ],
    references: ["CCDC 2 – 2020, GC 1.2 Law of the Contract", "Civil Code of Québec, art. 3111 (choice of law for juridical acts)"],
  },

  confidentiality: {
    summary: "Restricts disclosure and use of the other party's confidential information.",
    balancedPosition:
      "Each party keeps the other's confidential information confidential and uses it only for the project, with standard exclusions for information that is public, already known, independently developed or required to be disclosed by law, including under freedom of information legislation for public owners. Disclosure is permitted to employees, subcontractors, advisers, insurers, sureties and lenders on a need-to-know basis. Obligations are mutual and last for a defined period (e.g. 3–5 years) after completion, and personal information is handled in line with applicable privacy law.",
    watchFor: [
      "One-way obligations protecting only the Owner",
      "No standard exclusions (public domain, prior knowledge, legal compulsion)",
      "Perpetual obligations covering all project information",
      "No right to disclose to subcontractors, sureties, insurers or lenders",
      "Uncapped liability or liquidated damages for confidentiality breaches",
    ],
    negotiationTips: [
      "Make confidentiality mutual with standard exclusions",
      "Permit need-to-know disclosure to subcontractors, advisers, sureties and insurers",
      "Limit duration to a fixed period after completion, except for trade secrets",
      "Keep confidentiality breaches within the liability cap",
    ],
    references: ["FIDIC Silver Book 2017, Sub-Clause 1.12 Confidentiality"],
  },

  ip_ownership: {
    summary: "Allocates ownership and use rights in designs, documents and technology created for or used on the project.",
    balancedPosition:
      "The Contractor and its subcontractors retain ownership (including copyright) of their pre-existing intellectual property, standard designs, know-how and tools, and the Owner receives a non-exclusive, irrevocable, royalty-free licence to use the project documents to operate, maintain, repair and modify the facility. Project-specific deliverables may vest in the Owner once paid for, without restricting the Contractor's reuse of general know-how. Each party indemnifies the other against infringement claims arising from the materials it provides.",
    watchFor: [
      "Assignment to the Owner of all IP, including pre-existing and background IP",
      "No right for the Contractor to reuse standard designs or know-how",
      "Owner licence extending to other projects or third-party contractors without limits",
      "Infringement indemnity covering Owner-specified designs or equipment",
    ],
    negotiationTips: [
      "Carve out background IP and general know-how from any assignment",
      "Offer a licence to use deliverables for the project's operation and maintenance instead of assignment",
      "Condition transfer or licence on payment",
      "Make infringement indemnities reciprocal for Owner-supplied designs and materials",
    ],
    references: [
      "FIDIC Silver Book 2017, Sub-Clause 1.10 Employer's Use of Contractor's Documents",
      "FIDIC Silver Book 2017, Sub-Clause 17.3 Intellectual and Industrial Property Rights",
    ],
  },

  assignment: {
    summary: "Controls whether either party can transfer its rights or obligations under the contract to someone else.",
    balancedPosition:
      "Neither party may assign the Contract or any part of it without the prior written consent of the other, which shall not be unreasonably withheld. Either party may assign payment rights or grant security to its lenders, and the Owner may assign to a successor owner of the project only on notice and if the assignee has the financial capacity to perform. Assignment does not release the assigning party from obligations accrued before the assignment.",
    watchFor: [
      "Owner may assign freely while the Contractor needs consent",
      "Assignment to an assignee with no financial standing or no guarantee",
      "No Contractor right to assign receivables for financing",
      "Owner release from accrued payment obligations on assignment",
    ],
    negotiationTips: [
      "Make consent requirements mutual and not unreasonably withheld",
      "Require creditworthiness or a guarantee for any Owner assignee",
      "Allow collateral assignment of receivables to lenders",
      "Keep the assignor liable for accrued obligations",
    ],
    references: ["CCDC 2 – 2020, GC 1.4 Assignment", "FIDIC Silver Book 2017, Sub-Clause 1.7 Assignment"],
  },

  change_of_control: {
    summary: "Gives rights (often termination or consent) when ownership or control of a party changes.",
    balancedPosition:
      "A change of control of the Contractor requires only notice to the Owner, not consent, unless the acquirer is a competitor of the Owner or the change materially impairs the Contractor's ability to perform. Any Owner termination right on change of control is exercisable only within a limited period after notice and is treated as a termination for convenience, with payment for Work performed and demobilization. Corporate reorganizations within the same group are excluded.",
    watchFor: [
      "Change of control treated as an event of default",
      "Consent required for any change in shareholding, including intra-group reorganizations",
      "Termination without payment of convenience termination costs",
      "Open-ended termination right with no time limit after notice",
    ],
    negotiationTips: [
      "Replace consent with notice, except for transfers to direct competitors",
      "Exclude intra-group reorganizations and public market share trades",
      "Treat any resulting termination as termination for convenience",
      "Limit the termination window (e.g. 30–60 days after notice)",
    ],
    references: [],
  },

  audit_rights: {
    summary: "Lets a party inspect and audit the other's books and records relating to the contract.",
    balancedPosition:
      "Audit rights apply to cost-reimbursable elements, change orders priced on a cost basis, and claims, not to the composition of lump-sum or unit prices. Records are retained for a defined period (e.g. two to seven years after final payment), audits occur on reasonable notice during business hours at the Owner's cost, and overpayments or underpayments found are corrected in either direction. Proprietary rates, margins and fixed-price components are excluded.",
    watchFor: [
      "Audit of lump-sum pricing, margins or overhead composition",
      "Unlimited retention periods or access at any time",
      "Audit costs borne by the Contractor regardless of outcome",
      "One-way adjustments (refunds to the Owner only)",
      "Audit rights extending to all subcontractors without flow-down",
    ],
    negotiationTips: [
      "Limit audits to cost-reimbursable work, cost-based changes and claims",
      "Agree a fixed retention period and reasonable notice",
      "Make adjustments two-way and protect fixed rates, markups and lump sums",
      "Owner pays audit costs unless a material overcharge is found",
    ],
    references: ["CCDC 3 – Cost Plus Contract"],
  },

  notice_requirements: {
    summary: "Specifies how and when notices (including notices of claims and delays) must be given to be effective.",
    balancedPosition:
      "Notices are given in writing to designated representatives by delivery or email, and are effective on receipt. Notice periods for claims and delay events are reasonable (e.g. 14 to 28 days from when the party became aware, or ought reasonably to have become aware, of the event), and a late notice reduces entitlement only to the extent the other party is prejudiced rather than barring the claim. Detailed particulars follow within a further reasonable period.",
    watchFor: [
      "Short notice periods (e.g. 48 hours to 7 days) with a complete waiver of claims",
      "Notices required only by courier or registered mail",
      "Clock running from the event rather than from awareness",
      "Strict condition-precedent language for every change or delay claim",
    ],
    negotiationTips: [
      "Extend claim notice periods to 14–28 days from awareness",
      "Replace time bars with prejudice-based reduction",
      "Permit email notice to named representatives",
      "Calendar every notice requirement at contract award; Canadian courts often enforce them strictly",
    ],
    references: ["FIDIC Silver Book 2017, Sub-Clause 20.2 Claims for Payment and/or EOT"],
  },

  schedule_delay: {
    summary: "Governs the contract schedule, time for completion and entitlement to extensions of time for delay.",
    balancedPosition:
      "The Contractor is entitled to an extension of the Contract Time for delay to the critical path caused by the Owner or those for whom it is responsible, changes, differing site conditions, force majeure, changes in law and other excusable events, and to recover its reasonable costs for delays caused by the Owner. Concurrent delay is addressed expressly, delay is demonstrated by schedule analysis against an accepted baseline, and acceleration directed by the Owner is paid as a change.",
    watchFor: [
      "'No damages for delay' clauses barring recovery of Owner-caused delay costs",
      "Extensions of time only at the Owner's discretion",
      "Constructive acceleration: completion dates held despite excusable delay",
      "Float owned exclusively by the Owner",
      "Concurrent delay resolved entirely against the Contractor",
    ],
    negotiationTips: [
      "List excusable delay events expressly and include Owner-caused delay with costs",
      "Agree a schedule analysis method and baseline acceptance process",
      "Treat directed acceleration as a change with price adjustment",
      "Share float or make it available to the project rather than to the Owner alone",
      "Address concurrent delay (e.g. time but not money)",
    ],
    references: [
      "CCDC 2 – 2020, GC 6.5 Delays",
      "FIDIC Silver Book 2017, Sub-Clause 8.5 Extension of Time for Completion",
      "Society of Construction Law Delay and Disruption Protocol",
    ],
  },

  site_conditions: {
    summary: "Allocates the risk of subsurface, concealed or otherwise unforeseen physical conditions at the site.",
    balancedPosition:
      "Where the Contractor encounters concealed or unknown physical conditions, including subsurface conditions, that differ materially from those indicated in the Contract Documents or that could not reasonably have been anticipated by an experienced contractor, it gives prompt notice and is entitled to an adjustment of the Contract Price and Contract Time. The Contractor may rely on the geotechnical reports and site information provided by the Owner. Hazardous substances, contamination and archaeological finds not disclosed in the Contract Documents remain the Owner's responsibility.",
    watchFor: [
      "Contractor deemed to have inspected the site and accepted all risks",
      "Disclaimers of reliance on Owner-provided geotechnical reports",
      "No relief for subsurface conditions on design-build or EPC lump sum contracts",
      "Pre-existing contamination shifted to the Contractor",
    ],
    negotiationTips: [
      "Include a differing site conditions clause with price and time adjustment",
      "Make Owner-provided site data a contractual baseline the Contractor may rely on",
      "Use a geotechnical baseline report on major earthworks or tunnelling",
      "Keep pre-existing contamination and undisclosed hazardous substances with the Owner",
    ],
    references: [
      "CCDC 2 – 2020, GC 6.4 Concealed or Unknown Conditions",
      "FIDIC Silver Book 2017, Sub-Clause 4.12 Unforeseeable Difficulties (Contractor bears this risk under the Silver Book)",
    ],
  },

  safety: {
    summary: "Sets out responsibility for site health and safety, including the statutory constructor or prime contractor role.",
    balancedPosition:
      "The Contractor assumes responsibility for health and safety at the site and the statutory role of 'constructor' (Ontario Occupational Health and Safety Act) or 'prime contractor' (for example under Alberta and British Columbia legislation) for the areas and period it controls, and complies with applicable occupational health and safety laws. Where the Owner or its other contractors work on the same site, the Owner designates the constructor or prime contractor in writing and requires others to comply with the Contractor's safety program. Safety-related stop-work orders caused by others entitle the Contractor to time and cost relief.",
    watchFor: [
      "Constructor or prime contractor role imposed while the Owner retains control of site access or other contractors",
      "Owner-imposed safety rules beyond law with no cost or time adjustment",
      "Immediate termination for any safety infraction",
      "No allocation of responsibility for Owner's other contractors on site",
    ],
    negotiationTips: [
      "Clarify in writing who is constructor or prime contractor, for what areas and period",
      "Require the Owner's other contractors to comply with the Contractor's safety program",
      "Price Owner-specific safety requirements and make later changes a change order",
      "Use graduated responses (notice, cure, removal of individuals) rather than immediate termination",
    ],
    references: [
      "CCDC 2 – 2020, Part 9 Protection of Persons and Property",
      "Ontario Occupational Health and Safety Act ('constructor')",
      "Alberta Occupational Health and Safety Act ('prime contractor')",
      "Criminal Code, s. 217.1 (duty of persons directing work)",
    ],
  },

  environmental: {
    summary: "Allocates responsibility for environmental compliance, permits, contamination and hazardous substances.",
    balancedPosition:
      "The Contractor complies with environmental laws and permits applicable to its performance of the Work and is responsible for contamination it causes or brings to the site. The Owner obtains and maintains project environmental approvals and is responsible for pre-existing contamination and hazardous substances at the site not disclosed in the Contract Documents. On discovering undisclosed hazardous substances, the Contractor stops affected work and notifies the Owner, and is entitled to an adjustment of the Contract Price and Contract Time.",
    watchFor: [
      "Contractor liable for all contamination, including pre-existing conditions",
      "Contractor responsible for obtaining Owner-level environmental approvals",
      "Environmental indemnities outside the liability cap and with no time limit",
      "No stop-work and time/cost relief on discovery of hazardous substances",
    ],
    negotiationTips: [
      "Keep pre-existing contamination and undisclosed hazardous substances with the Owner",
      "Split permits: Owner holds project approvals, Contractor holds construction-activity permits",
      "Limit environmental indemnities to contamination caused by the Contractor",
      "Ask for baseline environmental site assessments before mobilization",
    ],
    references: ["CCDC 2 – 2020, Part 9 Protection of Persons and Property (toxic and hazardous substances)"],
  },

  non_compete: {
    summary: "Restricts a party from competing with the other, or working for its competitors, for a period or area.",
    balancedPosition:
      "Non-compete restrictions are avoided in EPC contracts; where a legitimate interest requires one, it is narrow in scope, limited to a defined period (generally no longer than the project term plus a short tail) and a defined geographic area, and limited to specific activities or customers. Non-solicitation of the other party's key personnel is mutual and excludes general advertising. Restrictions that are unreasonable or ambiguous risk being unenforceable in Canada, and courts generally will not rewrite them.",
    watchFor: [
      "Restrictions on working for other owners in the same industry or region",
      "Long durations or undefined geographic scope",
      "Restrictions that bind affiliates or subcontractors",
      "One-way non-solicitation of employees",
    ],
    negotiationTips: [
      "Delete non-competes or replace them with confidentiality protections",
      "If kept, limit duration, geography and activity precisely",
      "Make non-solicitation mutual and exclude general job postings",
      "Keep affiliates and subcontractors outside the restriction",
    ],
    references: [
      "Shafron v. KRG Insurance Brokers (Western) Inc., 2009 SCC 6",
      "Payette v. Guay inc., 2013 SCC 45",
      "Competition Act (Canada)",
    ],
  },

  exclusivity: {
    summary: "Requires a party to deal only with the other for particular work, products or services.",
    balancedPosition:
      "Exclusivity is granted only where it is matched by reciprocal commitments, such as volume, price or term commitments from the Owner, and is limited to defined scope, geography and duration. The exclusive party is released if the other party fails to meet its commitments or if the exclusive supplier cannot meet schedule or quality requirements. Exclusivity terminates with the contract.",
    watchFor: [
      "Exclusivity without minimum volume or revenue commitments in return",
      "Exclusivity that extends beyond the project or survives termination",
      "Broad scope covering unrelated services or affiliates",
      "No release if the other party breaches or under-orders",
    ],
    negotiationTips: [
      "Tie exclusivity to reciprocal volume or spend commitments",
      "Limit scope, region and duration expressly",
      "Add a release if commitments are not met",
      "Consider competition law implications for arrangements between competitors",
    ],
    references: ["Competition Act (Canada)"],
  },

  minimum_commitment: {
    summary: "Obliges a party to purchase or supply a minimum volume, value or quantity over a period.",
    balancedPosition:
      "Minimum purchase or volume commitments are realistic, tied to forecasts the parties agree, and measured over a reasonable period. A shortfall is addressed by an agreed shortfall payment limited to the lost margin, not the full price of unperformed work, and commitments are reduced for force majeure, the other party's default, and scope reductions initiated by the other party. Obligations end on termination for the other party's breach.",
    watchFor: [
      "Shortfall payable at the full price rather than lost margin",
      "No reduction for force majeure or the other party's breach",
      "Take-or-pay obligations surviving termination",
      "Commitments measured over short periods with no carry-forward",
    ],
    negotiationTips: [
      "Limit shortfall payments to lost margin or an agreed percentage",
      "Allow carry-forward or averaging across periods",
      "Reduce commitments for force majeure and for the other party's default",
      "End obligations on termination for the other party's breach",
    ],
    references: [],
  },
};
