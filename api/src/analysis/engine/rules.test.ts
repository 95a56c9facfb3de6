import { CLAUSE_CODES, type ClauseCode } from "@clausewise/shared";
import { describe, expect, it } from "vitest";
import { detectClauses, ruleHits } from "./detect";

/** The rule layer alone: the engine adds the learned model (model/classifier.test.ts, bench:quality). */
const codesOf = (text: string) => new Set(ruleHits(text).flatMap((s) => s.hits.map((h) => h.code)));

/**
 * Per code, three positives in different phrasing families (CCDC-, FIDIC-, AIA-style forms, MSAs,
 * purchase orders; plain paragraphs without a heading, so the body must carry the code) and three
 * hard negatives that use the code's vocabulary without being that clause type.
 */
const CASES: Record<ClauseCode, { positives: string[]; negatives: string[] }> = {
  limitation_of_liability: {
    positives: [
      "The Contractor's total aggregate liability under this Agreement, whether in contract, tort or otherwise, shall not exceed the Contract Price.",
      "In no event shall the Supplier's liability, whether in contract, in tort (including negligence) or otherwise, exceed the value of the Purchase Order.",
      "The Consultant's liability for all claims shall be limited to the greater of the fees paid and $500,000.",
    ],
    negatives: [
      "The Contractor's aggregate liability for delay liquidated damages shall not exceed ten percent (10%) of the Contract Price.",
      "The Contractor shall maintain commercial general liability insurance with limits of not less than $5,000,000 per occurrence.",
      "The Subcontractor's vehicles shall not exceed a gross weight of 40 tonnes on the Owner's roads.",
    ],
  },
  uncapped_liability: {
    positives: [
      "The limitations in this Article do not apply to liability for gross negligence, wilful misconduct or fraud.",
      "The Contractor's liability for death or bodily injury shall be unlimited.",
      "Liability for breach of confidentiality is excluded from the aggregate liability limit and shall not be counted toward it.",
    ],
    negatives: [
      "Each party shall use reasonable efforts to mitigate any loss for which the other party may be liable.",
      "The Contractor's total liability under this Contract shall not exceed the Contract Price.",
      "Liquidated damages do not limit the Owner's right to terminate for default.",
    ],
  },
  indemnity: {
    positives: [
      "The Subcontractor shall indemnify and hold harmless the Contractor from all claims arising from the Subcontract Work.",
      "To the fullest extent permitted by law, the Contractor shall defend and save harmless the Owner from third-party claims for bodily injury.",
      "Company shall release, protect and defend Contractor Group from and against all claims for loss of Company's property.",
    ],
    negatives: [
      "Professional indemnity insurance with a limit of $2,000,000 shall be maintained by the Consultant.",
      "The Contractor shall protect the Work from frost and damage until Substantial Performance.",
      "The insurers shall waive subrogation, and the policies shall respond to the indemnities in this Contract.",
    ],
  },
  liquidated_damages: {
    positives: [
      "If Substantial Performance is late, the Contractor shall pay the Owner liquidated damages of $10,000 for each day of delay, as a genuine pre-estimate and not a penalty.",
      "If the Works are not completed within the Time for Completion, the Contractor shall pay Delay Damages at the daily rate stated in the Contract Data.",
      "The Owner may deduct the sum of $5,000 per calendar day for each day the Work remains incomplete after the Contract Time.",
    ],
    negatives: [
      "Neither party is liable for indirect losses, except for amounts expressly payable under this Agreement.",
      "The Contractor shall pay its subcontractors within seven days after receiving payment.",
      "The Contractor shall notify the Owner of any anticipated delay in delivery of the transformers.",
    ],
  },
  consequential_damages: {
    positives: [
      "Neither party shall be liable for any indirect, special or consequential damages, including loss of profit or loss of production.",
      "The Contractor and the Owner waive claims against each other for consequential damages, including losses of use, income and profit.",
      "In no event shall either party be liable for special, incidental, indirect or punitive damages.",
    ],
    negatives: [
      "The Owner may make consequential amendments to the Specifications to reflect an approved change.",
      "The Contractor is not entitled to anticipated profit on the Work not performed after a termination for convenience.",
      "Any loss of or damage to the Work before Substantial Performance shall be made good by the Contractor.",
    ],
  },
  termination_for_convenience: {
    positives: [
      "The Owner may terminate this Agreement for its convenience at any time on thirty (30) days' written notice.",
      "The Owner may, without cause, terminate the Contract upon seven days' written notice to the Contractor.",
      "Company may end this Agreement at will by giving the Contractor fifteen days' notice.",
    ],
    negatives: [
      "This Agreement begins on January 1, 2027 and continues until December 31, 2029.",
      "If the Supplier becomes bankrupt, the Purchaser may terminate this Order on notice.",
      "The Contractor may terminate the Contract if the Owner fails to pay an amount due within 15 days after notice.",
    ],
  },
  termination_for_default: {
    positives: [
      "If the Contractor becomes insolvent or fails to remedy a material breach within 10 days after notice, the Owner may terminate this Agreement.",
      "If the Contractor makes a general assignment for the benefit of creditors, the Owner may terminate the Contract.",
      "If the Vendor commits a material breach incapable of remedy, the Buyer may cancel the Order and purchase substitute goods at the Vendor's expense.",
    ],
    negatives: [
      "The Contractor shall remedy any deficiency identified at the pre-commissioning walkdown.",
      "The Owner may terminate this Agreement for its convenience on 30 days' notice, whether or not the Contractor is in default.",
      "The Contractor shall attend the Owner's monthly review of open deficiencies.",
    ],
  },
  payment_terms: {
    positives: [
      "The Owner shall pay each proper invoice within twenty-eight (28) days after receiving it, and overdue amounts bear interest at prime plus 2% per annum.",
      "Payment shall be made by the Owner no later than 28 days after receipt of a proper invoice.",
      "The Client shall settle each monthly account within 30 days after it is rendered.",
    ],
    negatives: [
      "The Contractor shall keep the Site clean and free of debris at all times.",
      "The Contractor shall pay all taxes and duties imposed on its employees and equipment.",
      "Any insurance proceeds received shall be applied to the reinstatement of the Work.",
    ],
  },
  pay_when_paid: {
    positives: [
      "The Contractor's obligation to pay the Subcontractor is conditional on the Contractor's receipt of payment from the Owner.",
      "Receipt of payment from the Owner is a condition precedent to the Contractor's obligation to pay the Subcontractor.",
      "The Trade Contractor shall look solely to funds received from the Owner for payment of its progress claims.",
    ],
    negatives: [
      "Payment to the Subcontractor is not conditional on the Contractor's receipt of payment from the Owner.",
      "The Owner shall pay each proper invoice within 28 days after receiving it.",
      "The Contractor shall pay the Subcontractor regardless of whether the Owner has paid the Contractor.",
    ],
  },
  holdback: {
    positives: [
      "The Owner shall retain a holdback of ten percent (10%) of each payment as required by the Construction Act.",
      "The Employer shall retain five percent of each Interim Payment as Retention Money until the Taking-Over Certificate.",
      "The Owner shall keep back from each payment the amount prescribed by the Builders' Lien Act until the lien period expires.",
    ],
    negatives: [
      "The Contractor shall retain all project records for seven years after completion.",
      "The Contractor shall retain qualified welders for the duration of the shutdown.",
      "Key personnel shall be retained on the Project until Final Completion.",
    ],
  },
  change_orders: {
    positives: [
      "The Owner may order additions, deletions or other revisions to the Work, and no change shall be performed without a Change Order.",
      "Variations may be initiated by the Engineer at any time before taking over, by an instruction or a request for a proposal.",
      "Buyer may by written notice make changes within the general scope of this Order in drawings, specifications or place of delivery.",
    ],
    negatives: [
      "A change of control of the Contractor requires the Owner's prior written consent.",
      "The Contractor shall change the filters on the air handling units every three months.",
      "A change in law after the bid date shall be dealt with under Article 14.",
    ],
  },
  force_majeure: {
    positives: [
      "Neither party is liable for delay caused by an event beyond its reasonable control, including wildfire, flood, epidemic or war.",
      "Force Majeure means an exceptional event which is beyond a Party's control and which that Party could not reasonably have provided against.",
      "Neither the Owner nor the Contractor shall be responsible for any failure to perform caused by natural disasters or quarantine restrictions.",
    ],
    negatives: [
      "The Contractor shall control dust on haul roads during dry weather.",
      "The Contractor shall keep the fire extinguishers on Site inspected and charged.",
      "The Contractor shall plan the shutdown so that the flare is never out of service.",
    ],
  },
  warranty: {
    positives: [
      "The Contractor warrants that the Work will be free from defects in materials and workmanship for twenty-four (24) months after Substantial Completion.",
      "The Contractor shall correct promptly, at its own expense, defects or deficiencies in the Work which appear within one year from Substantial Performance.",
      "Any non-conforming Services reported within 90 days after completion shall be re-performed without charge.",
    ],
    negatives: [
      "The Contractor represents and warrants that it is duly incorporated and has full power and authority to enter into this Agreement.",
      "Seller warrants that it has good title to the Goods, free and clear of all liens and encumbrances.",
      "Seller shall provide a warranty bond in the amount of 10% of the Purchase Order price.",
    ],
  },
  insurance: {
    positives: [
      "The Contractor shall maintain commercial general liability insurance with limits of not less than $5,000,000 per occurrence, naming the Owner as additional insured.",
      "The Contractor shall insure the Works for their full reinstatement cost until the Taking-Over Certificate is issued.",
      "Automobile liability coverage of $2,000,000 per accident shall be carried on all owned and leased vehicles.",
    ],
    negatives: [
      "The Contractor shall provide the Owner with a weekly report of manpower on Site.",
      "The Owner shall ensure safe access to the tie-in points.",
      "The Contractor shall register with the provincial workers' compensation board.",
    ],
  },
  bonds_security: {
    positives: [
      "The Subcontractor shall deliver a performance bond and a labour and material payment bond, each for 50% of the Subcontract Price.",
      "The Contractor shall deliver the Performance Security to the Employer within 28 days after the Letter of Acceptance.",
      "Within 10 days the Supplier shall deliver an irrevocable standby letter of credit for 10% of the Purchase Price.",
    ],
    negatives: [
      "The Subcontractor shall apply a bond breaker between the slab and the wall.",
      "The Subcontractor shall be responsible for the security of its tools stored on Site.",
      "The Contractor shall provide site security guards at the main gate.",
    ],
  },
  performance_guarantee: {
    positives: [
      "The Contractor shall carry out the Performance Tests to demonstrate that the Facility achieves its guaranteed capacity of 120 MMscf/d.",
      "The Contractor guarantees that the Plant will process not less than 150 MMscf/d of inlet gas at design conditions.",
      "Tests after Completion shall determine whether the Works achieve the Guaranteed Performance.",
    ],
    negatives: [
      "The Contractor shall perform the Work in accordance with good industry practice.",
      "The parties shall meet quarterly to review performance indicators such as response time.",
      "The guaranteed maximum price includes the Contractor's fee.",
    ],
  },
  dispute_resolution: {
    positives: [
      "Any dispute not resolved by negotiation shall be finally resolved by arbitration under the Arbitration Act (Alberta).",
      "If a dispute arises, either party may refer it to the Dispute Adjudication Board for its decision.",
      "Pending resolution of any dispute, the Contractor shall proceed diligently with the Work.",
    ],
    negatives: [
      "The Contractor shall attend weekly coordination meetings with other trades.",
      "The Contractor shall resolve clashes between the piping and structural models before issuing drawings.",
      "The Contractor shall settle its accounts with suppliers promptly.",
    ],
  },
  governing_law: {
    positives: [
      "This Agreement is governed by the laws of the Province of Alberta and the federal laws of Canada applicable therein.",
      "The Contract shall be governed by the law of the place where the Project is located.",
      "The law applicable to this Contract is the law of the Province of New Brunswick.",
    ],
    negatives: [
      "The Owner, a corporation existing under the laws of Alberta, operates the Facility.",
      "The Contractor shall comply with all laws, by-laws and regulations applicable to the Work.",
      "The Subcontractor is incorporated under the laws of Ontario and registered in Alberta.",
    ],
  },
  confidentiality: {
    positives: [
      "Each party shall keep confidential all Confidential Information received from the other and shall not disclose it to any third party.",
      "Each party shall restrict access to the other's non-public information to employees who need to know it.",
      "Neither party shall issue any press release about the Project without the other's approval.",
    ],
    negatives: [
      "The Contractor shall install the fence around the laydown area before mobilization.",
      "The Consultant shall attend public information sessions organised by the Owner.",
      "The Contractor shall disclose its safety statistics in its monthly report.",
    ],
  },
  ip_ownership: {
    positives: [
      "All drawings, specifications and other documents prepared for the Project shall become the property of the Owner upon payment.",
      "The Drawings and Specifications are instruments of service, and the Architect retains all reserved rights in them.",
      "The Contractor retains the copyright in the Contractor's Documents, and the Employer has a royalty-free licence to use them for the Works.",
    ],
    negatives: [
      "The Contractor shall hold a valid electrical contractor licence in the province.",
      "The Contractor is responsible for its own interpretation of soil and groundwater data.",
      "The Contractor shall deliver as-built drawings to the Owner before Final Completion.",
    ],
  },
  assignment: {
    positives: [
      "The Contractor shall not assign this Agreement without the Owner's prior written consent.",
      "Neither Party shall assign the whole or any part of the Contract or any benefit or interest in it without the other Party's agreement.",
      "Any transfer of this Purchase Order by Seller without Buyer's written consent is void.",
    ],
    negatives: [
      "The personnel assigned to the Work shall hold the required trade certificates.",
      "If the Supplier makes an assignment for the benefit of creditors, the Purchaser may terminate this Order.",
      "The Subcontractor shall assign to the Contractor the benefit of all manufacturers' warranties.",
    ],
  },
  change_of_control: {
    positives: [
      "A change of control of the Supplier shall be deemed an assignment of this Agreement requiring the Purchaser's consent.",
      "A transfer of more than fifty percent of the voting shares of the Contractor shall be deemed an assignment.",
      "If any person obtains control of the Contractor, the Contractor shall notify the Owner within 5 days.",
    ],
    negatives: [
      "The Owner's site representative controls access to the process units.",
      "The Owner holds a controlling interest in the pipeline company that will transport the product.",
      "Merger of Terms. Upon acceptance of the Purchase Order, all prior quotations are merged into this Order.",
    ],
  },
  audit_rights: {
    positives: [
      "The Owner may audit the Contractor's books and records relating to reimbursable costs for two years after final payment.",
      "The Owner shall be afforded access to the Contractor's books and records for the purpose of verifying costs.",
      "The Purchaser may, on reasonable notice, inspect and copy the Vendor's records relating to this Order.",
    ],
    negatives: [
      "The Contractor shall participate in the Owner's quarterly safety audits of the Site.",
      "The Contractor shall supply audited financial statements of its parent company with its proposal.",
      "The Owner's representative may inspect the Work at any time and reject non-conforming work.",
    ],
  },
  notice_requirements: {
    positives: [
      "Notices shall be in writing and delivered by hand, by courier or by e-mail to the addresses set out in Schedule A, and are effective on receipt.",
      "Written notice shall be deemed to have been duly served if delivered in person or sent by registered mail to the last business address known.",
      "The Contractor shall give a notice describing the event not later than 28 days after becoming aware of it, failing which it shall not be entitled to any extension.",
    ],
    negatives: [
      "The Contractor shall post the Owner's site rules at the entrance to the Site.",
      "The Owner may terminate this Agreement for any reason on sixty days' written notice.",
      "The Contractor shall commence the Work within ten days after the notice to proceed.",
    ],
  },
  schedule_delay: {
    positives: [
      "The Contractor is entitled to an extension of time to the extent the critical path is delayed by an act of the Owner.",
      "If the Contractor is delayed by an act of the Owner, the Contract Time shall be extended for such reasonable time as the Consultant recommends.",
      "The Contractor shall submit a detailed time programme within 28 days and shall recover lost time if it falls behind schedule.",
    ],
    negatives: [
      "The Owner shall pay undisputed amounts without delay.",
      "The Schedule of Rates in Appendix B applies to all reimbursable work.",
      "Progress payments shall be made monthly on account of the Contract Price.",
    ],
  },
  site_conditions: {
    positives: [
      "If the Contractor encounters subsurface conditions that differ materially from those described in the geotechnical report, the Contract Price shall be adjusted.",
      "The Contractor shall be deemed to have inspected the Site and its surroundings and satisfied itself as to the nature of the ground.",
      "If unrecorded underground utilities not shown in the Contract Documents are discovered, the Contractor shall stop work and notify the Owner.",
    ],
    negatives: [
      "The Contractor shall keep its site office heated and lit.",
      "The Contractor shall protect the Work from frost and shall not place concrete on frozen ground.",
      "The Owner will provide electrical power at the tie-in points.",
    ],
  },
  safety: {
    positives: [
      "The Contractor is the prime contractor for the Site under the Occupational Health and Safety Act and shall implement a site-specific safety plan.",
      "The Contractor shall take all reasonable precautions for the safety of persons on the Site and prevent injury to workers.",
      "No person shall work at height without a full-body harness and an approved rescue plan.",
    ],
    negatives: [
      "All pressure equipment shall be registered under the Safety Codes Act before fabrication.",
      "The Customer grants the Contractor the exclusive right to provide scaffolding services at its facilities.",
      "Hazardous Substances. The Owner remains responsible for all pre-existing contamination at the Site.",
    ],
  },
  environmental: {
    positives: [
      "The Contractor shall comply with the Environmental Protection and Enhancement Act, shall prevent spills and shall report any release immediately.",
      "The Contractor shall handle, store and dispose of all waste generated by the Work in accordance with Applicable Law.",
      "The Contractor shall remediate any contamination of the Site caused by its operations at its own cost.",
    ],
    negatives: [
      "The Contractor shall maintain contractor's pollution liability insurance with limits of $5,000,000.",
      "Performance is excused if hindered by an act of God, civil war or nuclear contamination beyond the party's control.",
      "The Contractor shall keep the lay-down yard free of snow and ice.",
    ],
  },
  non_compete: {
    positives: [
      "For two years after the Term, the Consultant shall not, directly or indirectly, provide services to any competitor of the Company.",
      "Neither party shall solicit for employment any of the other party's employees engaged on the Project during the Term.",
      "The Vendor agrees not to sell equipment built to the Purchaser's design to any competitor of the Purchaser.",
    ],
    negatives: [
      "Prices shall be competitive with those of similar contractors.",
      "The Supplier shall notify the Purchaser if control of the Supplier is acquired by a competitor.",
      "The Contractor shall employ local workers where practicable.",
    ],
  },
  exclusivity: {
    positives: [
      "The Supplier is appointed the exclusive supplier of valves for the Project.",
      "The Owner appoints the Contractor as its sole maintenance provider for the compressors.",
      "The Company shall obtain all of its requirements for scaffolding at the Mill exclusively from the Contractor.",
    ],
    negatives: [
      "Liquidated damages are the Owner's sole and exclusive remedy for delay.",
      "Nothing in this Agreement prevents the Owner from engaging other contractors at the Site.",
      "All prices are exclusive of GST.",
    ],
  },
  minimum_commitment: {
    positives: [
      "The Buyer shall purchase a minimum volume of 50,000 tonnes per contract year and shall pay for any shortfall.",
      "The Shipper shall pay the demand charge for its firm service whether or not it tenders any volumes.",
      "The Owner shall provide the Contractor with not less than 20,000 crew-hours of maintenance work per year.",
    ],
    negatives: [
      "The Contractor shall provide at least two qualified welders on each shift.",
      "The Contractor shall provide the minimum staffing levels set out in Schedule C during shutdowns.",
      "The Owner will supply natural gas for commissioning up to the quantity in Schedule D.",
    ],
  },
};

describe("clause rules", () => {
  const positives = CLAUSE_CODES.flatMap((code) => CASES[code].positives.map((text, i) => [code, i + 1, text] as const));
  const negatives = CLAUSE_CODES.flatMap((code) => CASES[code].negatives.map((text, i) => [code, i + 1, text] as const));

  it.each(positives)("%s: detects positive %i", (code, _i, text) => {
    expect(codesOf(text).has(code)).toBe(true);
  });

  it.each(negatives)("%s: does not tag hard negative %i", (code, _i, text) => {
    expect(codesOf(text).has(code)).toBe(false);
  });

  it("every code has at least three positives and three hard negatives", () => {
    for (const code of CLAUSE_CODES) {
      expect(CASES[code].positives.length).toBeGreaterThanOrEqual(3);
      expect(CASES[code].negatives.length).toBeGreaterThanOrEqual(3);
    }
  });

  it("a clause with an inline heading is detected from its heading", () => {
    const text = "Set-off. The Contractor may deduct from any amount otherwise due the reasonable costs of clean-up.\nHoldback Interest. Holdback monies shall be deposited in a separate trust account.";
    const found = detectClauses(text);
    expect(found.map((d) => [d.code, d.heading])).toEqual(expect.arrayContaining([["payment_terms", "Set-off"], ["holdback", "Holdback Interest"]]));
  });

  it("a section number inside a sentence does not cut a rule's window", () => {
    expect(codesOf("The exclusion in Section 21.1 and the cap in Section 21.2 do not apply to losses resulting from a party's gross negligence.").has("uncapped_liability")).toBe(true);
  });
});
