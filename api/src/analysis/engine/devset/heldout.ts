import { ex, type DevExample } from "./types";

/**
 * HELD-OUT probe set: never used to choose or tune a rule, only to measure how the detector does on
 * wording it was not written against. Clauses are written for ClauseWise in the vocabulary of the
 * common families of forms (CCDC-style Canadian stipulated-price and design-build contracts,
 * FIDIC-style EPC conditions, AIA/ConsensusDocs-style US forms, owner-drafted oil and gas MSAs,
 * purchase orders, subcontracts and maintenance services agreements); none is copied from a form.
 * Six or more positives per code, then hard negatives that use a code's vocabulary without being it.
 * It is not part of DEV_EXAMPLES and must stay out of it; bench:quality prints its figures separately.
 */
export const HELDOUT_EXAMPLES: DevExample[] = [
  // limitation_of_liability
  ex(["limitation_of_liability"], "The Design-Builder's maximum cumulative liability arising out of or in connection with the Contract shall be limited to an amount equal to the Contract Price."),
  ex(["limitation_of_liability"], "In no event shall the Contractor's liability to the Owner, whether in contract, warranty, tort (including negligence), strict liability or otherwise, exceed in the aggregate the sum of $5,000,000."),
  ex(["limitation_of_liability"], "The total liability of the Contractor to the Employer under or in connection with the Contract shall not exceed the sum stated in the Contract Data or, if no sum is stated, the Accepted Contract Amount."),
  ex(["limitation_of_liability"], "Supplier's liability for all claims of any kind, whether based on contract, indemnity, warranty, tort or otherwise, arising out of this Purchase Order shall in no case exceed the purchase price of the Goods giving rise to the claim."),
  ex(["limitation_of_liability"], "The Consultant's liability for any and all claims shall be limited to the greater of the fees paid under this Agreement and $1,000,000."),
  ex(["limitation_of_liability"], "The Contractor's obligation to pay damages of any kind to the Owner under this Contract shall be capped at fifty percent (50%) of the Contract Sum."),
  ex(["limitation_of_liability"], "Except as otherwise expressly provided, the Subcontractor shall not be liable to the Contractor for any amount in excess of the Subcontract Price."),

  // uncapped_liability
  ex(["uncapped_liability"], "The foregoing limitation shall not apply to claims arising from the Contractor's fraud, gross negligence or wilful misconduct, nor to its indemnity for third-party bodily injury.", ["indemnity"]),
  ex(["uncapped_liability"], "The Contractor's liability for death or personal injury, and for damage to the Owner's existing facilities, shall be unlimited."),
  ex(["uncapped_liability"], "Nothing in this Agreement shall exclude or limit either party's liability for fraud or fraudulent misrepresentation."),
  ex(["uncapped_liability", "limitation_of_liability"], "The cap in Section 14.2 shall not apply to the Supplier's obligations under Section 18 (Intellectual Property Indemnity), which are without limit.", ["indemnity", "ip_ownership"]),
  ex(["uncapped_liability"], "Liability for breach of the confidentiality obligations is excluded from the aggregate liability limit and shall not be counted toward it.", ["confidentiality", "limitation_of_liability"]),
  ex(["uncapped_liability"], "The Contractor's indemnity obligations for environmental claims shall survive and shall not be subject to any monetary cap.", ["indemnity", "environmental"]),

  // indemnity
  ex(["indemnity"], "To the fullest extent permitted by law, Contractor shall defend, indemnify and hold harmless Owner, its affiliates and their officers, directors and employees from and against all claims, damages, losses and expenses, including attorneys' fees, arising out of the performance of the Work."),
  ex(["indemnity"], "The Contractor shall indemnify the Employer against all claims, proceedings, damages, costs, charges and expenses in respect of bodily injury, sickness, disease or death of any person."),
  ex(["indemnity"], "The Subcontractor shall save harmless and keep the Contractor indemnified from all liens, claims and demands arising from the Subcontract Work."),
  ex(["indemnity"], "The Consultant shall reimburse the Client for any loss, cost or damage the Client suffers as a result of a third-party claim to the extent caused by the Consultant's negligent acts or omissions."),
  ex(["indemnity"], "Company shall release, defend and indemnify Contractor Group from claims for injury to Company Group personnel, regardless of the negligence of Contractor Group."),
  ex(["indemnity"], "Each Party shall protect, defend and hold the other Party harmless from and against any claim brought by a third party to the extent caused by its negligence."),

  // liquidated_damages
  ex(["liquidated_damages"], "If the Contractor fails to comply with the Time for Completion, the Contractor shall pay Delay Damages to the Employer at the daily rate stated in the Contract Data.", ["schedule_delay"]),
  ex(["liquidated_damages"], "For each day that Substantial Completion is delayed beyond the Substantial Completion Date, the Design-Builder shall pay the Owner $25,000 as liquidated damages, which the parties agree are a reasonable estimate of the Owner's damages and not a penalty.", ["schedule_delay"]),
  ex(["liquidated_damages"], "The Owner may deduct from amounts due to the Contractor the sum of $5,000 per calendar day for each day the Work remains incomplete after the Contract Time has expired.", ["schedule_delay", "payment_terms"]),
  ex(["liquidated_damages"], "Late Delivery. Should the Supplier fail to deliver the Equipment by the Delivery Date, the Supplier shall pay to the Purchaser, as liquidated damages, one-half percent (0.5%) of the Purchase Order price for each week of delay, up to a maximum of 10%.", ["schedule_delay"]),
  ex(["liquidated_damages"], "The parties acknowledge that the Owner's actual damages from late completion would be difficult to ascertain, and agree that the amounts specified in Schedule F are a fair estimate of those damages and shall be paid for each day of late completion."),
  ex(["liquidated_damages"], "Delay damages payable by the Contractor under this Clause shall be the only monies due from the Contractor for failure to complete the Works within the Time for Completion.", ["schedule_delay"]),

  // consequential_damages
  ex(["consequential_damages"], "Neither Party shall be liable to the other Party for loss of use of any Works, loss of profit, loss of any contract or for any indirect or consequential loss or damage which may be suffered by the other Party."),
  ex(["consequential_damages"], "The Contractor and Owner waive claims against each other for consequential damages arising out of or relating to this Contract, including rental expenses, losses of use, income, profit, financing, business and reputation."),
  ex(["consequential_damages"], "In no event shall either Party be liable for special, incidental, indirect or punitive damages, howsoever caused."),
  ex(["consequential_damages"], "Company shall release Contractor Group from any liability for Company's loss of production, loss of product, reservoir loss or business interruption, however arising.", ["indemnity"]),
  ex(["consequential_damages"], "The Supplier shall not be responsible for any loss of revenue or anticipated profits suffered by the Buyer, whether direct or indirect."),
  ex(["consequential_damages"], "Damages recoverable under this Agreement shall be limited to direct damages, and each party waives any claim for loss of opportunity, goodwill or financing costs."),

  // termination_for_convenience
  ex(["termination_for_convenience"], "The Employer shall be entitled to terminate the Contract at any time for the Employer's convenience, by giving notice of such termination to the Contractor."),
  ex(["termination_for_convenience"], "The Owner may, without cause, terminate the Contract upon not less than seven days' written notice to the Contractor and the Consultant."),
  ex(["termination_for_convenience"], "Company may at any time and for any reason, by written notice, terminate all or part of the Work under any Purchase Order, and shall pay Contractor for Work performed to the date of termination plus reasonable demobilization costs."),
  ex(["termination_for_convenience"], "The Client may suspend or terminate the Services, in whole or in part, upon 30 days' notice, whether or not the Consultant is in default."),
  ex(["termination_for_convenience"], "Buyer reserves the right to cancel this Order, or any part of it, at any time by written notice, in which event Buyer shall pay Seller for finished goods and work in process up to the date of cancellation."),
  ex(["termination_for_convenience"], "If the Owner elects to terminate this Agreement other than for the Contractor's default, the Contractor shall be paid for all Work properly performed, its costs of demobilization and a termination fee of 3% of the unearned portion of the Contract Price, but not anticipated profit."),

  // termination_for_default
  ex(["termination_for_default"], "If the Contractor is adjudged bankrupt, makes a general assignment for the benefit of creditors, or a receiver is appointed on account of its insolvency, the Owner may, without prejudice to any other right, terminate the Contract."),
  ex(["termination_for_default"], "If the Contractor persistently fails to supply enough properly skilled workers or proper materials, or disregards applicable laws, the Owner may, upon certification by the Architect that sufficient cause exists, terminate employment of the Contractor and take possession of the site."),
  ex(["termination_for_default"], "The Employer shall be entitled to terminate the Contract if the Contractor fails to comply with a Notice to Correct, abandons the Works, or without reasonable excuse fails to proceed with the Works."),
  ex(["termination_for_default"], "Should the Subcontractor neglect to perform the Subcontract Work properly and fail to correct such neglect within five working days of written notice, the Contractor may, without prejudice to other remedies, correct such default at the Subcontractor's expense or terminate the Subcontract."),
  ex(["termination_for_default"], "If the Owner fails to pay the Contractor any amount certified within 15 Working Days after the due date, the Contractor may give notice that it intends to terminate the Contract unless payment is made within a further 5 Working Days.", ["payment_terms", "notice_requirements"]),
  ex(["termination_for_default"], "Upon the occurrence of an Event of Default by the Service Provider, the Company may, by written notice, immediately end this Agreement or any Work Order and recover from the Service Provider the excess cost of completing the Services."),

  // payment_terms
  ex(["payment_terms"], "The Employer shall pay to the Contractor the amount certified in each Interim Payment Certificate within 56 days after the Engineer receives the Statement and supporting documents."),
  ex(["payment_terms"], "Payment shall be made by the Owner no later than 28 days after receipt by the Owner of a proper invoice in accordance with the Construction Act."),
  ex(["payment_terms"], "Based upon Applications for Payment submitted to the Architect by the Contractor and Certificates for Payment issued by the Architect, the Owner shall make progress payments on account of the Contract Sum."),
  ex(["payment_terms"], "Seller's invoices are payable net sixty (60) days from the later of receipt of invoice or delivery of the Goods."),
  ex(["payment_terms"], "Compensation for the Services shall be calculated on a cost-reimbursable basis at the rates in Exhibit B, and invoices shall be submitted monthly in arrears with supporting timesheets."),
  ex(["payment_terms"], "Any amount not paid when due shall bear interest from the due date until paid at the rate of two percent above the Bank of Canada prime rate."),
  ex(["payment_terms"], "The Contract Price is a fixed lump sum of $18,400,000, which includes all taxes other than GST, and is not subject to adjustment except by Change Order.", ["change_orders"]),

  // pay_when_paid
  ex(["pay_when_paid"], "Contractor's receipt of payment from Owner for the Subcontractor's Work is a condition precedent to Contractor's obligation to make payment to Subcontractor."),
  ex(["pay_when_paid"], "The Subcontractor shall be paid within 7 days after the Contractor receives payment from the Owner for the work included in the Subcontractor's application.", ["payment_terms"]),
  ex(["pay_when_paid"], "The Subcontractor accepts the risk that the Owner may fail to pay, and agrees that it shall not be entitled to payment for any portion of the Subcontract Work until the Contractor has been paid for that portion."),
  ex(["pay_when_paid"], "Payment to the Vendor shall be made only out of, and to the extent of, funds actually received by the Purchaser from the Project owner."),
  ex(["pay_when_paid"], "Sub-consultant fees become payable only once the Prime Consultant has received the related fees from the Client.", ["payment_terms"]),
  ex(["pay_when_paid"], "The Contractor's obligation to pay the Trade Contractor is subject to and contingent upon the Owner's payment to the Contractor."),

  // holdback
  ex(["holdback"], "Ten percent of the amount of each progress payment shall be held back by the Owner as the basic holdback required by the Construction Act (Ontario).", ["payment_terms"]),
  ex(["holdback"], "The Employer shall retain five percent of each Interim Payment as Retention Money, and one half of it shall be released upon issue of the Taking-Over Certificate.", ["payment_terms"]),
  ex(["holdback"], "Owner shall withhold retainage in the amount of ten percent (10%) from each progress payment until Substantial Completion.", ["payment_terms"]),
  ex(["holdback"], "The Contractor shall retain from payments to the Subcontractor the holdback required under the Builders Lien Act and shall pay it within 14 days after the holdback period expires.", ["payment_terms"]),
  ex(["holdback"], "The holdback shall be released upon the expiry of the 60-day lien period following publication of the certificate of substantial performance, provided no liens are then registered."),
  ex(["holdback"], "Retention. An amount equal to 5% of the value of the Services shall be retained against each invoice and shall be paid upon the Company's acceptance of the Services.", ["payment_terms"]),

  // change_orders
  ex(["change_orders"], "Variations may be initiated by the Engineer at any time prior to issuing the Taking-Over Certificate, either by an instruction or by a request for the Contractor to submit a proposal."),
  ex(["change_orders"], "The Owner, without invalidating the Contract, may order changes in the Work consisting of additions, deletions or modifications, the Contract Sum and Contract Time being adjusted accordingly."),
  ex(["change_orders"], "A Change Directive shall be used where the Owner and the Contractor have not agreed on the adjustment in Contract Price or Contract Time."),
  ex(["change_orders"], "The Purchaser may at any time by written notice make changes within the general scope of this Order in drawings, designs, specifications, method of shipment or packing, or place of delivery."),
  ex(["change_orders"], "The Contractor shall not perform any extra or additional work without a written Change Order, and no claim for extra compensation shall be allowed unless so authorised."),
  ex(["change_orders"], "If the Company requests a modification to the scope of Services, the Service Provider shall submit a written estimate of its effect on price and schedule within 5 days, and shall not proceed until the Company approves the modification."),

  // force_majeure
  ex(["force_majeure"], "Force Majeure means an exceptional event or circumstance which is beyond a Party's control, and which such Party could not reasonably have provided against before entering into the Contract."),
  ex(["force_majeure"], "Neither party shall be responsible for delays or failure in performance resulting from acts beyond its reasonable control, including labour disputes, fire, flood, governmental action, epidemics or unusual weather."),
  ex(["force_majeure", "schedule_delay"], "If the Contractor is delayed by war, invasion, rebellion, pandemic, wildfire or any other cause beyond the Contractor's control, the Contract Time shall be extended."),
  ex(["force_majeure"], "A party prevented from performing by an event of force majeure shall give notice within 48 hours, describing the event and its expected duration, and shall use diligent efforts to mitigate.", ["notice_requirements"]),
  ex(["force_majeure"], "Excusable Delay. Seller shall not be liable for any delay caused by acts of God, acts of civil or military authority, embargoes, riots or transportation delays not within its control.", ["schedule_delay"]),
  ex(["force_majeure"], "The obligations of the affected party, other than the payment of money due, shall be suspended for as long as the superior force continues."),

  // warranty
  ex(["warranty"], "The Contractor warrants to the Owner that materials and equipment furnished will be of good quality and new, and that the Work will be free from defects not inherent in the quality required."),
  ex(["warranty"], "The Contractor shall correct promptly, at the Contractor's expense, defects or deficiencies in the Work which appear prior to and during a period of one year from the date of Substantial Performance of the Work."),
  ex(["warranty"], "During the Defects Notification Period, the Contractor shall remedy all defects or damage notified by the Employer within a reasonable time."),
  ex(["warranty"], "Seller guarantees that the Goods shall conform to the Specifications, be merchantable and free from defects in design, material and workmanship for 18 months from delivery or 12 months from start-up, whichever occurs first."),
  ex(["warranty"], "Any part of the Services found to be deficient within twelve months after completion shall be re-performed by the Service Provider at no cost to the Company."),
  ex(["warranty"], "Re-performed Work. Any equipment repaired or replaced under this Article shall carry a fresh warranty of 12 months from its reinstallation."),

  // insurance
  ex(["insurance"], "The Contractor shall provide, maintain and pay for general liability insurance naming the Owner and Consultant as additional insureds, with limits of not less than $5,000,000 inclusive per occurrence."),
  ex(["insurance"], "The Contractor shall insure the Works, Goods and Contractor's Documents for not less than the full reinstatement cost, from the Commencement Date until the issue of the Taking-Over Certificate."),
  ex(["insurance"], "Prior to commencing the Work, Subcontractor shall furnish certificates evidencing the coverage required by this Article, and each policy shall provide 30 days' notice of cancellation to Contractor."),
  ex(["insurance"], "The Owner shall arrange an owner-controlled wrap-up liability program covering the Contractor and all subcontractors while at the Site."),
  ex(["insurance"], "Contractor shall cause its underwriters to waive all rights of subrogation against Company Group."),
  ex(["insurance"], "Automobile liability coverage for owned and non-owned vehicles shall be carried with a limit of $2,000,000 per accident."),

  // bonds_security
  ex(["bonds_security"], "Before starting the Work, the Contractor shall furnish a performance bond and a labour and material payment bond, each in the amount of 50% of the Contract Price, issued by a surety licensed to carry on business in the Province."),
  ex(["bonds_security"], "The Contractor shall obtain, at its cost, a Performance Security for proper performance in the amount stated in the Particular Conditions and deliver it to the Employer within 28 days."),
  ex(["bonds_security"], "Within 10 days of execution, the Supplier shall deliver an irrevocable standby letter of credit issued by a Canadian Schedule I bank for 10% of the Purchase Price."),
  ex(["bonds_security"], "The Contractor shall procure that its ultimate parent company provides a guarantee of the Contractor's obligations in the form of Schedule 12."),
  ex(["bonds_security"], "The Owner may call upon the security if the Contractor fails to extend its validity or fails to pay an amount due to the Owner."),
  ex(["bonds_security"], "Advance Payment. The first instalment of the advance payment shall not be made until the Contractor has submitted an advance payment guarantee in an amount equal to the advance.", ["payment_terms"]),

  // performance_guarantee
  ex(["performance_guarantee"], "The Contractor guarantees that upon completion the Plant will process not less than 150 MMscf/d of inlet gas at the design conditions."),
  ex(["performance_guarantee"], "Tests after Completion shall be carried out to determine whether the Works achieve the Guaranteed Performance stated in the Schedule of Guarantees."),
  ex(["performance_guarantee"], "If the Facility fails to achieve the Guaranteed Net Output during the Performance Test, the Contractor shall pay Performance Liquidated Damages of $1,200 per kW of shortfall.", ["liquidated_damages"]),
  ex(["performance_guarantee"], "The Equipment shall operate for 72 consecutive hours at rated load without trip as a condition of acceptance."),
  ex(["performance_guarantee"], "Vendor guarantees that the compressor's power consumption at the rated point shall not exceed 4,250 kW, measured in accordance with the agreed test procedure."),
  ex(["performance_guarantee"], "Should the measured heat rate exceed the guaranteed value by more than the test tolerance, the Contractor shall, at its cost, make such modifications as are necessary and repeat the test."),

  // dispute_resolution
  ex(["dispute_resolution"], "Any claim arising out of or related to the Contract shall be subject to mediation as a condition precedent to binding dispute resolution."),
  ex(["dispute_resolution"], "If a Dispute arises, either Party may refer it to the Dispute Avoidance/Adjudication Board for its decision."),
  ex(["dispute_resolution"], "All disputes shall be finally settled under the Rules of Arbitration of the International Chamber of Commerce by three arbitrators."),
  ex(["dispute_resolution"], "The parties shall first attempt in good faith to resolve any disagreement through negotiations between their project managers and, failing resolution within 10 days, between senior executives."),
  ex(["dispute_resolution"], "Any controversy or claim which cannot be resolved by the parties may be litigated in the Court of King's Bench, and the parties waive trial by jury."),
  ex(["dispute_resolution"], "Pending resolution of any dispute, the Contractor shall proceed diligently with the performance of the Work and the Owner shall continue to make undisputed payments.", ["payment_terms"]),

  // governing_law
  ex(["governing_law"], "The Contract shall be governed by the law of the country or other jurisdiction stated in the Contract Data."),
  ex(["governing_law"], "This Agreement shall be interpreted in accordance with the laws in force in the Province of Saskatchewan."),
  ex(["governing_law"], "The Contract shall be governed by the law of the place where the Project is located, excluding that jurisdiction's choice of law rules."),
  ex(["governing_law"], "The parties irrevocably attorn to the exclusive jurisdiction of the courts of British Columbia sitting in Vancouver.", ["dispute_resolution"]),
  ex(["governing_law"], "The validity, construction and performance of this Purchase Order shall be determined under Ontario law, and the United Nations Convention on Contracts for the International Sale of Goods shall not apply."),
  ex(["governing_law"], "This Contract is governed by the Civil Code of Québec and the other laws applicable in Québec."),

  // confidentiality
  ex(["confidentiality"], "The Contractor shall treat the details of the Contract as private and confidential, except to the extent necessary to carry out its obligations."),
  ex(["confidentiality"], "Recipient shall use the Disclosing Party's proprietary data solely for the Project and shall not furnish it to others without prior written consent."),
  ex(["confidentiality"], "Neither party shall issue any press release or public statement regarding the Project without the other's approval."),
  ex(["confidentiality"], "The Consultant shall keep secret all information concerning the Client's business that comes to its knowledge in performing the Services."),
  ex(["confidentiality"], "The obligations of non-use and non-disclosure in this Section do not apply to information that is or becomes publicly available other than through a breach of this Agreement."),
  ex(["confidentiality"], "Personal information collected in connection with the Services shall be protected in accordance with applicable privacy legislation, including PIPEDA."),

  // ip_ownership
  ex(["ip_ownership"], "As between the Employer and the Contractor, the Contractor shall retain the copyright and other intellectual property rights in the Contractor's Documents, and the Employer shall have a non-terminable, royalty-free licence to copy and use them for the Works."),
  ex(["ip_ownership"], "The Drawings, Specifications and other documents prepared by the Architect are instruments of service, and the Architect retains all common law, statutory and other reserved rights in them."),
  ex(["ip_ownership"], "All work product created by the Consultant under this Agreement shall vest in the Company upon creation, and the Consultant hereby assigns to the Company all right, title and interest therein."),
  ex(["ip_ownership"], "Each party retains ownership of its pre-existing technology; the Owner is granted a perpetual licence to use the Contractor's technology incorporated into the Plant for its operation and maintenance."),
  ex(["ip_ownership"], "The Supplier warrants that the Goods do not infringe any third-party patent, trade-mark or industrial design, and shall defend the Buyer against any infringement claim.", ["indemnity", "warranty"]),
  ex(["ip_ownership"], "Software embedded in the control system is licensed, not sold, and the Owner may use it only in connection with the Facility."),
  ex(["ip_ownership"], "Title to all inventions and improvements conceived in performing the Services shall pass to the Company."),

  // assignment
  ex(["assignment"], "Neither Party shall assign the whole or any part of the Contract or any benefit or interest in or under it without the prior agreement of the other Party."),
  ex(["assignment"], "The Contractor shall not, without the written consent of the Owner, assign any portion of the Contract or any payment due to it."),
  ex(["assignment"], "This Agreement shall enure to the benefit of and be binding upon the parties and their respective successors and permitted assigns."),
  ex(["assignment"], "The Owner may, without the Contractor's consent, assign this Agreement to an affiliate or to a lender as collateral security for the Project financing."),
  ex(["assignment"], "Any transfer of this Purchase Order by Seller, whether voluntary or by operation of law, without Buyer's written consent shall be null and void."),
  ex(["assignment"], "The Subcontractor shall not delegate or transfer any of its rights or obligations under this Subcontract to a third party."),

  // change_of_control
  ex(["change_of_control"], "A transfer of more than fifty percent of the voting shares of the Contractor, or any merger or amalgamation of the Contractor with another entity, shall be deemed an assignment for purposes of this Article.", ["assignment"]),
  ex(["change_of_control"], "The Supplier shall give prompt notice of any change in the persons who control it, directly or indirectly, and the Purchaser may terminate this Agreement if the new controlling person is a competitor.", ["termination_for_convenience", "termination_for_default"]),
  ex(["change_of_control"], "If the Contractor undergoes a change of control, the Owner may require a replacement parent company guarantee from the new parent.", ["bonds_security"]),
  ex(["change_of_control"], "Any sale of all or substantially all of the assets of the Service Provider, or a change in its beneficial ownership exceeding 50%, requires the prior written consent of the Company.", ["assignment"]),
  ex(["change_of_control"], "For the purposes of this Section, a party is deemed to assign this Agreement if it is amalgamated or merged with, or its shares are acquired by, any other person.", ["assignment"]),
  ex(["change_of_control"], "The Consultant shall notify the Client within 10 days of any reorganization that results in a different entity holding a majority of its outstanding shares."),

  // audit_rights
  ex(["audit_rights"], "The Owner shall be afforded access to the Contractor's books, records, correspondence, instructions, drawings, receipts, vouchers and memoranda relating to the Contract for the purpose of verifying costs."),
  ex(["audit_rights"], "The Purchaser and its authorized representatives may, upon reasonable notice, inspect and copy the Vendor's records relating to this Order."),
  ex(["audit_rights"], "The Contractor shall keep full and detailed accounts of the Cost of the Work, and the Owner's accountants shall be afforded access to them during normal business hours."),
  ex(["audit_rights"], "Company or its designated auditor may examine Contractor's accounting records to verify charges invoiced under any Work Order, and Contractor shall refund any overcharges so revealed with interest."),
  ex(["audit_rights"], "The Contractor shall preserve all records pertaining to reimbursable costs for a period of six years following final payment and make them available to the Owner upon request."),
  ex(["audit_rights"], "Records and Audit. The Consultant shall maintain time sheets and expense receipts supporting its invoices."),

  // notice_requirements
  ex(["notice_requirements"], "Any notice required under the Contract shall be in writing and shall be delivered by hand, by courier or by email to the address stated in the Contract Data, and shall be deemed received on the day of delivery."),
  ex(["notice_requirements"], "Whenever these Conditions provide for the giving of a Notice, the Notice shall be in writing, identified as a Notice, and signed by the authorised representative of the Party giving it."),
  ex(["notice_requirements", "schedule_delay"], "If the Contractor considers itself entitled to any extension of the Time for Completion or additional payment, it shall give a Notice to the Engineer describing the event not later than 28 days after it became aware of the event, failing which it shall not be entitled to the extension or payment."),
  ex(["notice_requirements"], "Written notice shall be deemed to have been duly served if delivered in person to the individual for whom it was intended or sent by registered mail to the last business address known to the party giving notice."),
  ex(["notice_requirements"], "Either party may change its address for notices by written notice to the other in accordance with this Section."),
  ex(["notice_requirements"], "Claims by the Contractor must be initiated by written notice to the Owner within 21 days after occurrence of the event giving rise to the claim."),

  // schedule_delay
  ex(["schedule_delay"], "If the Contractor is delayed in the performance of the Work by a stop work order issued by a court, the Contract Time shall be extended for such reasonable time as the Consultant may recommend."),
  ex(["schedule_delay"], "The Contractor shall be entitled to an extension of the Time for Completion if completion is or will be delayed by any of the following causes."),
  ex(["schedule_delay"], "The Contractor shall achieve Substantial Performance of the Work by the date stated in the Agreement and shall proceed with the Work diligently."),
  ex(["schedule_delay"], "Within 28 days after receiving the notice to commence, the Contractor shall submit a detailed time programme to the Engineer showing the order in which it intends to carry out the Works."),
  ex(["schedule_delay"], "Where the Subcontractor falls behind the approved schedule through its own fault, it shall take all measures necessary to recover lost time, including working overtime, at its own cost."),
  ex(["schedule_delay"], "Requests for EOT shall identify the delay event, the affected activities on the critical path and the number of days claimed."),
  ex(["schedule_delay"], "Deliveries shall be made on the dates specified in the Purchase Order, and Buyer may refuse shipments that arrive late."),

  // site_conditions
  ex(["site_conditions"], "If the Contractor encounters adverse physical conditions which it considers to have been unforeseeable, it shall give notice to the Engineer as soon as practicable.", ["notice_requirements"]),
  ex(["site_conditions"], "If conditions are encountered at the site that are subsurface or otherwise concealed physical conditions that differ materially from those indicated in the Contract Documents, the observing party shall promptly notify the other."),
  ex(["site_conditions"], "The Contractor acknowledges that it has investigated and satisfied itself as to the conditions affecting the Work, including the character of the soil, the water table and access roads."),
  ex(["site_conditions"], "The Owner does not warrant the accuracy of the geotechnical baseline report, and the Contractor shall make its own interpretation of the borehole logs."),
  ex(["site_conditions"], "If the Contractor discovers unrecorded underground utilities or obstructions not shown in the Contract Documents, it shall stop the affected work and the Owner shall issue instructions."),
  ex(["site_conditions"], "The Contractor shall bear the risk of the actual conditions of the ground encountered during tunnelling, whether or not these were foreseeable."),

  // safety
  ex(["safety"], "The Contractor shall take all reasonable precautions for the safety of, and shall provide reasonable protection to prevent damage, injury or loss to, employees on the Work and other persons who may be affected."),
  ex(["safety"], "The Contractor shall be responsible for construction safety at the Place of the Work and for compliance with the rules, regulations and practices required by the applicable construction health and safety legislation."),
  ex(["safety"], "Subcontractor personnel shall attend the Owner's site orientation, wear the required protective equipment and comply with the Owner's Life Saving Rules."),
  ex(["safety"], "The Service Provider shall immediately report to the Company every injury, near miss and property damage incident, and shall cooperate in any investigation."),
  ex(["safety"], "Before entering any vessel, the Contractor shall obtain a confined space entry permit and test the atmosphere for oxygen and hydrogen sulphide."),
  ex(["safety"], "Contractor shall maintain a current Certificate of Recognition and an acceptable total recordable incident frequency, and Company may remove from the Site any worker who acts unsafely."),

  // environmental
  ex(["environmental"], "The Contractor shall handle, store, transport and dispose of all waste generated by the Work in accordance with Applicable Law, and shall not bury or burn waste at the Site."),
  ex(["environmental"], "The Contractor shall take all necessary measures to protect the environment and to limit damage and nuisance to people and property resulting from pollution, noise and other results of its operations."),
  ex(["environmental"], "If a spill of a hazardous substance occurs, the Contractor shall immediately contain and clean it up and notify the Owner and the appropriate regulatory authority."),
  ex(["environmental"], "The Subcontractor shall ensure that air emissions, surface discharges and effluent from its activities do not exceed the values indicated in the Specification or prescribed by law."),
  ex(["environmental"], "The Contractor shall be responsible for the remediation of any contamination of the Site caused by its operations, at its own cost."),
  ex(["environmental"], "Erosion and sediment control measures shall be installed before topsoil is stripped, and no equipment shall be refuelled within 30 metres of a watercourse."),

  // non_compete
  ex(["non_compete"], "During the Term and for twelve months thereafter, the Contractor shall not provide similar services to any person operating a facility that competes with the Owner's facility within Alberta."),
  ex(["non_compete"], "Neither party shall, during the Project and for one year after its completion, solicit for employment or hire any of the other party's employees engaged on the Project."),
  ex(["non_compete"], "The Consultant covenants that it will not engage, directly or indirectly, in any business that is competitive with the Client's business in the Territory."),
  ex(["non_compete"], "Vendor agrees not to sell the customized equipment design, or equipment substantially similar to it, to any competitor of Purchaser for a period of three years."),
  ex(["non_compete"], "The Contractor shall not, for two years after the expiry of this Agreement, induce or attempt to induce any of the Company's employees to leave their employment."),
  ex(["non_compete"], "Non-Solicitation. The Service Provider will not, during the Term, approach the Company's customers with a view to providing them with services of the kind provided under this Agreement."),

  // exclusivity
  ex(["exclusivity"], "During the Term, the Company shall obtain all of its requirements for scaffolding services at the Mill exclusively from the Contractor."),
  ex(["exclusivity"], "The Owner shall not engage any other contractor to perform work of the type described in Schedule A at the Plant while this Agreement is in force."),
  ex(["exclusivity"], "The Supplier is designated the sole source of catalyst for the hydrotreater for the Term."),
  ex(["exclusivity"], "The Contractor shall have the exclusive right to perform all maintenance turnarounds at the Refinery during the Initial Term."),
  ex(["exclusivity"], "Buyer agrees to purchase from Seller, and not from any third party, all of the pipe coating services required for the Pipeline."),
  ex(["exclusivity"], "The Owner grants the Contractor a right of first refusal to perform any additional phases of the Project on the terms of this Agreement."),

  // minimum_commitment
  ex(["minimum_commitment"], "The Company guarantees that the total value of Work Orders issued during each Contract Year will be not less than $2,000,000, and if it is less the Company shall pay the Contractor 10% of the difference."),
  ex(["minimum_commitment"], "The Shipper shall pay the demand charge for its Firm Service whether or not it tenders any volumes for transportation."),
  ex(["minimum_commitment"], "The Customer undertakes to take or, failing which, pay for at least 90% of the Annual Contract Quantity."),
  ex(["minimum_commitment"], "This Agreement does not oblige the Owner to order any minimum quantity of Services, and the estimated quantities in Schedule B are for information only."),
  ex(["minimum_commitment"], "The Owner shall provide the Contractor with not less than 20,000 crew-hours of maintenance work per year during the Term."),
  ex(["minimum_commitment"], "Minimum Monthly Charge. Regardless of the quantity of services actually requested, the Customer shall pay a minimum monthly charge of $45,000.", ["payment_terms"]),

  // hard negatives: a code's vocabulary, another clause type (or none)
  ex(["termination_for_default"], "If the Supplier makes an assignment for the benefit of creditors or becomes bankrupt, the Purchaser may terminate this Order immediately by notice."),
  ex([], "The Owner will circulate an agenda and notice of each monthly progress meeting, and the Contractor's site superintendent shall attend.", ["schedule_delay"]),
  ex(["insurance"], "Any insurance proceeds received for loss of or damage to the Work shall be applied to the repair and reinstatement of the Work."),
  ex([], "Seller warrants that it has good title to the Goods, free and clear of all liens, charges and encumbrances."),
  ex([], "The Contractor shall pay all taxes, duties and assessments imposed on it in respect of its employees and its equipment."),
  ex([], "The Contractor shall give the Owner 24 hours' notice before any inspection of embedded items so that the Consultant may attend."),
  ex([], "The Owner shall control access to the Site through its security gate, and the Contractor's personnel shall carry identification badges."),
  ex([], "The Contractor shall supply the audited financial statements of its parent company for the last three fiscal years with its proposal."),
  ex([], "The Owner will perform a quality audit of the fabricator's shop before release of the first fabrication package."),
  ex([], "The Owner's representative may inspect the Work at any time and reject work that does not conform to the Contract Documents."),
  ex([], "The Consultant shall keep a daily log of weather, manpower and equipment on Site."),
  ex([], "Each party shall bear its own costs of preparing and negotiating this Agreement."),
  ex([], "The Contractor shall comply with all laws, by-laws and regulations applicable to the Work and shall obtain the permits for which it is responsible."),
  ex([], "The Subcontractor is a corporation incorporated under the laws of Ontario and is registered to carry on business in Alberta."),
  ex([], "The Contractor shall deliver as-built drawings and operating and maintenance manuals to the Owner before Final Completion."),
  ex([], "The Subcontractor shall be responsible for the security of its tools and materials stored on Site."),
  ex(["payment_terms"], "The guaranteed maximum price includes the Contractor's fee and contingency, and the Owner shall pay the Cost of the Work up to that price."),
  ex([], "The Contractor shall change the filters on the air handling units every three months as part of routine maintenance."),
  ex([], "The Contractor shall resolve clashes between the piping and structural models before issuing drawings for construction."),
  ex([], "The term Subcontractor includes sub-subcontractors of any tier."),
  ex([], "The Contractor shall provide the Owner with copies of all permits, licences and approvals obtained for the Work."),
  ex([], "The Owner's operating personnel will be trained by the Contractor on the control system software at the Site."),
  ex([], "The Contractor shall bear the cost of retesting any weld that fails radiographic examination.", ["warranty"]),
  ex([], "The Contractor shall keep the Owner's lay-down yard free of snow and ice."),
  ex([], "The Contractor's vehicles shall not exceed a maximum axle load of 10 tonnes on the Owner's access roads."),
  ex([], "Meetings of the Steering Committee shall be held quarterly, with the agenda circulated in writing at least five days in advance."),
  ex([], "At handover the Contractor shall deliver to the Owner all operating manuals, spare parts lists and manufacturers' warranties for the equipment.", ["warranty"]),
  ex([], "Nothing in this Agreement prevents the Owner from engaging other contractors to perform work at the Site adjacent to the Work."),
  ex([], "The Contractor shall provide at least the minimum staffing levels set out in Schedule C during shutdowns."),
  ex([], "The Subcontractor shall use only approved welding procedures and qualified welders."),
  ex([], "The Owner will supply natural gas for commissioning free of charge up to the quantity set out in Schedule D."),
  ex([], "The Owner shall provide the Contractor with reasonable access to the Site during normal working hours."),
  ex([], "The Contractor shall provide competent supervision and is responsible for the acts and omissions of its employees."),
  ex([], "The parties shall meet at the end of each quarter to review performance indicators such as response time and first-time fix rate."),
  ex([], "The Owner holds a controlling interest in the pipeline company that will transport the product from the Facility."),
  ex([], "Merger of Terms. Upon acceptance of the Purchase Order, all prior quotations are merged into this Order."),
  ex([], "Owner's Representative. The Owner appoints its project director as its representative with authority to issue instructions and receive notices on its behalf."),
  ex([], "Title to the Equipment shall pass to the Purchaser upon delivery to Site, and risk of loss shall pass at the same time."),
  ex(["payment_terms"], "The Contractor shall pay its subcontractors and suppliers promptly and shall provide a statutory declaration with each progress claim that they have been paid."),
  ex([], "The Contractor shall protect the Work from frost and shall not place concrete on frozen ground."),
  ex([], "The Contractor shall assign a full-time safety coordinator and a quality manager to the Project.", ["safety"]),
  ex([], "The Contractor's design shall allow for future expansion of the compressor station by the addition of a third unit."),
  ex([], "Headings and the table of contents are for convenience of reference only."),
  ex([], "The Owner may use the Contractor's laydown yard for the storage of the Owner-supplied pipe."),
];
