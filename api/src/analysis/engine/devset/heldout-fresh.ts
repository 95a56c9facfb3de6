import { ex, type DevExample } from "./types";

/**
 * A second, FRESH held-out probe: written after the rules of commit 73d7f9b were changed, and measured
 * once before any further change, because the first held-out set (heldout.ts) had been looked at
 * while fixing rules by concept. Three positives per code in yet other wording, then hard negatives.
 * Never tuned on; not part of DEV_EXAMPLES.
 */
export const HELDOUT_FRESH_EXAMPLES: DevExample[] = [
  // limitation_of_liability
  ex(["limitation_of_liability"], "Vendor's entire liability, and Purchaser's exclusive remedy, for any claim relating to the Goods shall be limited to the repair or replacement of the Goods or refund of the price paid."),
  ex(["limitation_of_liability"], "Save as otherwise stated, the aggregate of all amounts for which the Contractor may become liable under this Contract is restricted to 100% of the Contract Price."),
  ex(["limitation_of_liability"], "The Engineer's liability hereunder shall not, under any circumstances, be greater than the total fees received by the Engineer for the Services."),

  // uncapped_liability
  ex(["uncapped_liability"], "The limits set out in Section 12.1 shall not operate to restrict the Contractor's liability for damage caused by its deliberate default or reckless misconduct.", ["limitation_of_liability"]),
  ex(["uncapped_liability"], "There shall be no limit on either party's liability for breach of Article 15 (Confidentiality).", ["confidentiality"]),
  ex(["uncapped_liability"], "Notwithstanding the maximum amount in Clause 17.6, the Contractor remains fully responsible without limitation for its obligations to indemnify the Employer for third-party property damage.", ["indemnity", "limitation_of_liability"]),

  // indemnity
  ex(["indemnity"], "The Service Provider releases and agrees to protect the Company Group from all losses arising from pollution originating from the Service Provider's equipment above the surface of the land.", ["environmental"]),
  ex(["indemnity"], "Subcontractor assumes the defence of, and shall pay any judgment or settlement of, any suit brought against Contractor by a third party that arises from Subcontractor's work."),
  ex(["indemnity"], "The Owner shall indemnify the Contractor against claims for the infringement of any patent resulting from the Contractor's compliance with designs provided by the Owner.", ["ip_ownership"]),

  // liquidated_damages
  ex(["liquidated_damages"], "Should the Goods be delivered after the agreed delivery date, Buyer shall be entitled to a price reduction of 1% per complete week of delay, up to 5% of the order value.", ["schedule_delay"]),
  ex(["liquidated_damages"], "The Contractor shall pay the Authority the sum stated in Appendix C for every day between the Date for Completion and the date the Works are taken over.", ["schedule_delay"]),
  ex(["liquidated_damages"], "The parties agree that the amounts of liquidated and ascertained damages stated in the Particulars are a reasonable forecast of the loss that the Owner is likely to suffer."),

  // consequential_damages
  ex(["consequential_damages"], "Contractor shall not be liable for Owner's loss of throughput, loss of hydrocarbons or downtime of the facilities, whether or not foreseeable."),
  ex(["consequential_damages"], "Each party excludes all liability to the other for any loss that does not arise naturally from the breach, including remote or unforeseeable losses."),
  ex(["consequential_damages"], "Under no circumstances shall the Consultant be responsible for any special or indirect damages suffered by the Client."),

  // termination_for_convenience
  ex(["termination_for_convenience"], "Company may end this Agreement or any Work Order at will by giving the Contractor fifteen (15) days' notice, and shall have no further obligation except payment for Services rendered."),
  ex(["termination_for_convenience"], "The Authority may, at any time and without giving reasons, terminate the Contract upon 28 days' notice to the Contractor."),
  ex(["termination_for_convenience"], "Owner reserves the right to discontinue the Project and terminate the Agreement without the Design-Builder being in breach, in which case Owner shall pay the termination costs described in Schedule 9."),

  // termination_for_default
  ex(["termination_for_default"], "If the Supplier commits a material breach which is incapable of remedy, the Purchaser may forthwith cancel the Order by written notice."),
  ex(["termination_for_default"], "Where the Consultant is in default and has not commenced to correct it within 7 days of receipt of a notice to correct, the Client may terminate the Consultant's engagement."),
  ex(["termination_for_default"], "If the Contractor suspends the Work for more than 10 days without the Owner's authorization, or is subject to a bankruptcy order, the Owner may take the Work out of the Contractor's hands."),

  // payment_terms
  ex(["payment_terms"], "Each month the Consultant shall render an account for Services performed, which the Client shall settle within thirty days of its receipt."),
  ex(["payment_terms"], "The Fee is payable in twelve equal monthly instalments, in advance, on the first business day of each month."),
  ex(["payment_terms"], "The Owner shall remit payment by electronic funds transfer to the bank account designated by the Contractor in writing."),

  // pay_when_paid
  ex(["pay_when_paid"], "Trade Contractor's right to be paid for any portion of its work arises only after the Construction Manager receives the corresponding funds from the Owner."),
  ex(["pay_when_paid"], "The Supplier agrees that it shall look solely to monies received from the End Customer for payment of its invoices under this Order."),
  ex(["pay_when_paid"], "Amounts due to the Sub-contractor shall be paid within 5 Working Days of the date on which the Main Contractor is itself paid by the Employer in respect of those amounts.", ["payment_terms"]),

  // holdback
  ex(["holdback"], "Until expiry of the lien period, the Payer shall keep back from each payment the amount prescribed by the Builders' Lien Act."),
  ex(["holdback"], "Five percent of each progress claim will be withheld by the Contractor as security for the performance of the Subcontract and released on Total Performance.", ["bonds_security"]),
  ex(["holdback"], "The finishing holdback for the Subcontract Work shall be paid to the Subcontractor when the time for registering liens for the finishing work has expired."),

  // change_orders
  ex(["change_orders"], "The Engineer may by Instruction alter, add to or omit any part of the Works, and the Contractor shall carry out every such Instruction."),
  ex(["change_orders"], "No Change to the Services shall be binding unless documented in a Change Notice signed by the authorized representatives of both Parties."),
  ex(["change_orders"], "If Company's requirements for the Project are revised after the Effective Date, Contractor shall be entitled to an adjustment of the Contract Price reflecting the revised scope."),

  // force_majeure
  ex(["force_majeure"], "Performance of either party's obligations shall be excused to the extent it is hindered by an act of God, civil war, nuclear contamination or a regional power outage not caused by that party."),
  ex(["force_majeure"], "An Event of Force Majeure does not include lack of funds, or any event caused by the negligence of the party claiming relief."),
  ex(["force_majeure"], "Neither the Owner nor the Contractor shall be held responsible for any failure to perform caused by natural disasters, quarantine restrictions or orders of a government authority."),

  // warranty
  ex(["warranty"], "Subcontractor guarantees its workmanship for a period of two (2) years and shall, upon notice, rectify any faults appearing during that period at its own expense."),
  ex(["warranty"], "All Services shall be performed in a good and workmanlike manner, and any non-conforming Services reported within 90 days shall be re-done without charge."),
  ex(["warranty"], "The Manufacturer's Warranty for the transformers shall run for 36 months from energization and shall be transferred to the Owner at Substantial Completion."),

  // insurance
  ex(["insurance"], "Contractor shall keep in force, with reputable insurers, marine cargo coverage for all equipment shipped to Site from overseas."),
  ex(["insurance"], "The Consultant's errors and omissions policy shall remain in effect for a period of not less than two years following completion of the Services."),
  ex(["insurance"], "The Owner and its lenders shall be endorsed as loss payees on the builder's risk policy covering the Works during construction."),

  // bonds_security
  ex(["bonds_security"], "The Subcontractor shall lodge with the Contractor security in the form of an unconditional undertaking from an approved financial institution equal to 5% of the Subcontract Sum."),
  ex(["bonds_security"], "Seller shall provide a warranty bond for the duration of the Warranty Period in the amount of 10% of the Purchase Order price."),
  ex(["bonds_security"], "The Contractor's ultimate holding company shall guarantee the due performance of the Contractor's obligations by executing the deed of guarantee in Annex 4."),

  // performance_guarantee
  ex(["performance_guarantee"], "The Supplier guarantees a net electrical efficiency of not less than 41.5% at ISO conditions for the gas turbine generator package."),
  ex(["performance_guarantee"], "The Plant shall be accepted once it has produced on-specification product at 95% of nameplate for seven consecutive days."),
  ex(["performance_guarantee"], "If the Works fail to pass the Tests after Completion, the Employer may reject them or accept them subject to a reduction in the Contract Price."),

  // dispute_resolution
  ex(["dispute_resolution"], "Claims that remain unsettled after the Owner's decision may be referred by either party to a tribunal appointed under the Commercial Arbitration Act."),
  ex(["dispute_resolution"], "Any disagreement regarding a measurement or valuation shall be submitted to an independent quantity surveyor whose determination shall be binding."),
  ex(["dispute_resolution"], "Before commencing any legal proceedings, the parties shall participate in at least one mediation session facilitated by a neutral mediator."),

  // governing_law
  ex(["governing_law"], "The law applicable to this Contract is the law of the Province of New Brunswick."),
  ex(["governing_law"], "All questions concerning the construction and effect of this Subcontract shall be decided according to the law of the jurisdiction in which the Project is situated."),
  ex(["governing_law"], "This Order and any non-contractual obligations arising from it are governed by English law."),

  // confidentiality
  ex(["confidentiality"], "The Contractor shall not, without the Owner's prior consent, use for any purpose other than the Work any specification, plan or data supplied by the Owner."),
  ex(["confidentiality"], "Each Party shall restrict access to the other Party's non-public information to those of its employees who need to know it for the Project."),
  ex(["confidentiality"], "Contractor shall not make any announcement or post any material on social media concerning the Project or Company without Company's prior written approval."),

  // ip_ownership
  ex(["ip_ownership"], "Company shall be the owner of all designs, processes and improvements developed in the course of the Services and may patent them in its own name."),
  ex(["ip_ownership"], "The Consultant grants the Client an irrevocable right to reproduce and adapt the Reports for the purposes of the Project."),
  ex(["ip_ownership"], "Nothing in this Agreement transfers to the Owner any proprietary process licensed to the Contractor by its technology licensor."),

  // assignment
  ex(["assignment"], "Purchaser may transfer its rights under this Contract to any successor owner of the Facility by notice to the Supplier."),
  ex(["assignment"], "The Consultant shall not hand over the benefit or burden of this Agreement to another person without first obtaining the Client's approval in writing."),
  ex(["assignment"], "Either party may assign its rights and obligations hereunder to an Affiliate, provided that the assigning party remains jointly liable for performance."),

  // change_of_control
  ex(["change_of_control"], "The Contractor shall promptly notify the Owner if any person or group of persons acting jointly obtains control of the Contractor."),
  ex(["change_of_control"], "Company may terminate this MSA if Contractor is acquired by, or combined with, an entity that Company reasonably regards as unacceptable.", ["termination_for_default", "termination_for_convenience"]),
  ex(["change_of_control"], "A disposal of shares which results in the Guarantor ceasing to hold, directly or indirectly, 51% of the equity in the Supplier shall require the Purchaser's prior consent."),

  // audit_rights
  ex(["audit_rights"], "The Contractor shall allow the Owner's cost auditors to examine all payroll, purchasing and subcontract records relevant to Cost of the Work."),
  ex(["audit_rights"], "The Supplier shall grant the Buyer's internal audit department reasonable access to its premises and financial records to confirm compliance with this Agreement."),
  ex(["audit_rights"], "If any examination of the Contractor's records reveals that the Owner has been overcharged by more than 2%, the Contractor shall bear the cost of the examination."),

  // notice_requirements
  ex(["notice_requirements"], "All communications under this Agreement shall be addressed to the Representatives named in Schedule 1 and sent by registered post or by e-mail with confirmation of receipt."),
  ex(["notice_requirements"], "A notice sent by e-mail after 5:00 p.m. local time shall be deemed to be received on the next Business Day."),
  ex(["notice_requirements"], "The Subcontractor shall give the Contractor written notice of any claim for additional time or money no later than seven days before the Contractor's own notice to the Owner is due."),

  // schedule_delay
  ex(["schedule_delay"], "The Works shall be completed within the Time for Completion, including the passing of the Tests on Completion."),
  ex(["schedule_delay"], "Contractor shall furnish a three-week look-ahead each Friday and shall promptly advise Company of any slippage against the Contract Schedule."),
  ex(["schedule_delay"], "If the Engineer considers that progress is too slow to complete within the Time for Completion, the Contractor shall submit a revised programme describing the methods it proposes to adopt to expedite progress."),

  // site_conditions
  ex(["site_conditions"], "Information about the Site supplied by the Owner, including survey data and soils reports, is furnished in good faith but without any guarantee of accuracy."),
  ex(["site_conditions"], "If rock is encountered in excavation above the elevations indicated by the borehole data, the additional excavation shall be paid at the unit rate for rock removal.", ["payment_terms"]),
  ex(["site_conditions"], "The Contractor shall be deemed to have inspected the Site and its surroundings and to have taken into account all physical conditions that could affect the cost of the Works."),

  // safety
  ex(["safety"], "The Subcontractor shall ensure that scaffolding is erected and inspected by competent persons and tagged before use."),
  ex(["safety"], "Contractor shall participate in Company's incident investigations and implement all corrective actions arising from them."),
  ex(["safety"], "Workers shall not perform work at height without a full-body harness and an approved rescue plan."),

  // environmental
  ex(["environmental"], "No fuel, oil or chemical shall be stored on Site except in secondary containment, and all drips shall be collected and cleaned up immediately."),
  ex(["environmental"], "The Contractor shall comply with the conditions of the Environmental Compliance Approval issued for the Facility."),
  ex(["environmental"], "The Contractor shall minimize dust, noise and light pollution affecting neighbouring residents and shall water haul roads as required."),

  // non_compete
  ex(["non_compete"], "For the duration of the Project, the Engineer shall not act for any other bidder on the Owner's competing tenders for the same Facility."),
  ex(["non_compete"], "The Seller shall not set up or operate a competing fabrication facility within 100 km of the Buyer's plant for five years after the Closing."),
  ex(["non_compete"], "Each party undertakes not to employ or offer employment to any member of the other party's project team during the Project and for six months thereafter."),

  // exclusivity
  ex(["exclusivity"], "For the Term, the Owner appoints the Contractor as its sole maintenance provider for the rotating equipment at the Terminal."),
  ex(["exclusivity"], "Purchaser shall source all replacement membranes for the water treatment plant solely from Vendor during the Warranty Period and the two years after."),
  ex(["exclusivity"], "The Customer shall not procure services of the kind described in Schedule A from any person other than the Supplier."),

  // minimum_commitment
  ex(["minimum_commitment"], "The Buyer commits to a floor of 3,000 tonnes of feedstock per quarter and shall pay for any tonnes below that floor at the Contract Price."),
  ex(["minimum_commitment"], "Customer shall pay the Fixed Capacity Fee each month irrespective of the actual throughput at the Facility."),
  ex(["minimum_commitment"], "The Company estimates but does not commit to any level of Work Orders, and the Contractor shall have no claim if the actual quantity is lower."),

  // hard negatives
  ex([], "The Contractor shall protect survey monuments and benchmarks and replace any that it disturbs."),
  ex([], "Compliance with the Specifications shall be demonstrated by the test certificates listed in the Inspection and Test Plan."),
  ex([], "Drawings shall be submitted in PDF and native CAD format with a transmittal identifying the revision."),
  ex([], "The Contractor shall provide the Owner with a monthly manpower histogram by trade."),
  ex([], "All temporary facilities shall be removed from the Site at completion and the Site left clean."),
  ex([], "The Contractor shall obtain the Owner's approval of the coating system before any surface preparation starts."),
  ex([], "The Owner shall provide the Contractor with the site plot plan and the tie-in list."),
  ex([], "Overtime worked at the Company's written request shall be charged at 1.5 times the straight-time rate.", ["payment_terms"]),
  ex([], "Unless the context otherwise requires, words in the singular include the plural."),
  ex([], "The Contractor's design shall provide for a plant life of 30 years."),
  ex(["termination_for_default"], "Should the Subcontractor make a proposal to its creditors under the Bankruptcy and Insolvency Act, the Contractor may terminate this Subcontract on notice."),
  ex([], "The Consultant shall attend public information sessions organised by the Owner and answer technical questions from the public."),
  ex([], "The Contractor shall verify all dimensions on Site before fabrication and report any discrepancy to the Engineer."),
  ex([], "Delivery of the Equipment shall be DAP Site (Incoterms 2020), unloaded by the Owner."),
  ex([], "The Owner will furnish, at no cost, electrical power for the Contractor's site trailers."),
  ex([], "The Contractor shall keep a copy of the Contract Documents at the Site in good order and available to the Consultant."),
  ex([], "The Owner's representative shall have authority to accept the Work on behalf of the Owner."),
  ex([], "The Parties shall hold a kick-off meeting within seven days after the Effective Date to review the execution plan."),
  ex([], "The Supplier shall pack the Goods to prevent damage during transit and mark each package with the Purchase Order number."),
  ex([], "Where the Specifications name a product, an equivalent may be proposed for the Consultant's review."),
];
