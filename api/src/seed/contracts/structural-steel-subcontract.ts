// Demo contract (b): a stipulated-price steel subcontract under Demo EPC's prime contract in Ontario.
// The parties and the project are fictional; statutes and standards are named as they stand in Ontario.
export const STRUCTURAL_STEEL_SUBCONTRACT = `
# STRUCTURAL STEEL SUPPLY, FABRICATION AND ERECTION SUBCONTRACT
St. Clair Renewable Diesel Project, Sarnia, Ontario
Subcontract No. DEPC-3117-SC-042
THIS SUBCONTRACT is made as of October 19, 2026 BETWEEN DEMO EPC LTD., a corporation registered to carry on business in Ontario (the "Contractor"), AND RIDGELINE STRUCTURAL STEEL INC., a corporation existing under the laws of Ontario with its fabrication shop in Hamilton, Ontario (the "Subcontractor").
WHEREAS St. Clair Renewable Fuels Inc. (the "Owner") has engaged the Contractor under an engineering, procurement and construction agreement (the "Prime Contract") to design and build a renewable diesel production facility at the Owner's site in Sarnia, Ontario (the "Project"); AND WHEREAS the Contractor wishes to subcontract the supply, detailing, fabrication, coating, delivery and erection of structural steel for the Project to the Subcontractor.
NOW THEREFORE the Contractor and the Subcontractor agree as follows.

## 1. DEFINITIONS AND INTERPRETATION
### 1.1 Definitions
"Construction Act" means the Construction Act, R.S.O. 1990, c. C.30, and its regulations.
"Proper Invoice" has the meaning given in the Construction Act.
"Subcontract Documents" means this Subcontract, Schedule A (Scope of Subcontract Work and Drawing List), Schedule B (Unit Rates), Schedule C (Erection Sequence and Milestone Schedule), Schedule D (Site Safety Requirements), and the provisions of the Prime Contract listed in Schedule E.
"Subcontract Work" means the work described in Article 2 and Schedule A, together with everything reasonably inferable as necessary to complete it.
"Working Day" means a day other than a Saturday, Sunday or statutory holiday in Ontario.
### 1.2 Flow-Down of the Prime Contract
The Subcontractor is bound to the Contractor by the terms of the Prime Contract listed in Schedule E to the same extent that the Contractor is bound to the Owner, and assumes toward the Contractor all obligations that the Contractor assumes toward the Owner with respect to the Subcontract Work. Where this Subcontract and the Prime Contract conflict, the provision more stringent on the Subcontractor applies, except that the Subcontract Price and the limitation of liability in Article 11 are governed by this Subcontract alone.
### 1.3 Interpretation
All amounts are in Canadian dollars and exclude harmonized sales tax. Headings are for convenience only, and "including" means "including without limitation".

## 2. SUBCONTRACT WORK
### 2.1 Scope
The Subcontractor shall supply, detail, fabricate, shop-prime or hot-dip galvanize, deliver and erect approximately 3,200 tonnes of structural steel for the process structures, main and secondary pipe racks, equipment platforms, stairs, ladders, handrails and grating described in Schedule A, including connection design, shop drawings, erection engineering, anchor bolt setting templates, field bolting, field welding, touch-up coating and final survey.
### 2.2 Connection Design and Shop Drawings
Connections shall be designed by a professional engineer licensed by Professional Engineers Ontario, in accordance with CSA S16 (Design of steel structures) and the design loads shown on the Contractor's drawings. The Subcontractor shall submit sealed connection calculations and shop drawings for review in the packages and sequence set out in Schedule C. Review by the Contractor is for general conformance only and does not relieve the Subcontractor of responsibility for the accuracy and completeness of its submittals.
### 2.3 Fabrication Standards
The Subcontractor's fabrication shop shall be certified by the Canadian Welding Bureau to CSA W47.1 in Division 1 or Division 2 for the duration of the Subcontract Work. Welding shall comply with CSA W59. Fabrication and erection tolerances shall comply with CSA S16 and the CISC Code of Standard Practice for Structural Steel, except where Schedule A states tighter tolerances for equipment supports. Hot-dip galvanizing shall comply with CAN/CSA-G164 or ASTM A123/A123M as specified.
### 2.4 Materials and Traceability
All steel shall be new and shall comply with CSA G40.21 or the ASTM standards specified in Schedule A. The Subcontractor shall maintain heat-number traceability from mill test certificates to individual pieces for all primary members and shall supply the mill test certificates with each shipment.
### 2.5 Site Coordination
The Subcontractor shall coordinate its work with the Contractor and other trades, attend weekly coordination meetings, and comply with the Contractor's laydown, access, crane and permit-to-work arrangements. The Contractor will provide the foundations and anchor bolts, surveyed and ready to receive steel, in the sequence shown in Schedule C.

## 3. SCHEDULE AND DELAY
### 3.1 Time of the Essence
Time is of the essence. The Subcontractor shall deliver and erect the Subcontract Work in accordance with the erection sequence and milestone dates in Schedule C, and shall achieve completion of erection, including final bolt tensioning, by July 15, 2027.
### 3.2 Liquidated Damages
If the Subcontractor fails to achieve any milestone marked as a liquidated damages milestone in Schedule C, the Subcontractor shall pay the Contractor twelve thousand five hundred dollars ($12,500) for each day of delay until that milestone is achieved. The Parties agree that this amount is a genuine pre-estimate of the Contractor's losses, including the cost of idle crews and equipment of other trades and damages payable to the Owner, and is not a penalty. The Subcontractor's aggregate liability for liquidated damages shall not exceed ten percent (10%) of the Subcontract Price. Liquidated damages do not limit the Contractor's right to terminate under Article 13 or to recover the additional cost of completing the Subcontract Work by others after termination.
### 3.3 Extensions of Time
The Subcontractor is entitled to an extension of time for delay caused by the Contractor, the Owner, other trades, a change, or an event of Force Majeure, to the extent that it delays a milestone, provided that the Subcontractor gives written notice within five (5) Working Days after the start of the delay and substantiates its claim within fifteen (15) Working Days after that.
### 3.4 Recovery and Acceleration
If the Subcontractor falls behind Schedule C for reasons within its control, it shall, at its own cost, increase its workforce, equipment and shifts as necessary to recover the schedule. If the Contractor directs acceleration for reasons not attributable to the Subcontractor, the cost shall be valued as a change.

## 4. SUBCONTRACT PRICE AND PAYMENT
### 4.1 Subcontract Price
The Contractor shall pay the Subcontractor the stipulated price of fourteen million eight hundred fifty thousand dollars ($14,850,000) (the "Subcontract Price"), subject to adjustment by change orders. Quantities in Schedule A are provided for information only; the Subcontract Price is not subject to remeasurement, except that additional tonnage resulting from changes shall be paid at the unit rates in Schedule B.
### 4.2 Proper Invoices
The Subcontractor shall submit a Proper Invoice monthly, on or before the twenty-fifth (25th) day of the month, for work performed and materials delivered to the Site or stored in the Subcontractor's shop and vested in the Contractor under Section 4.7. Each Proper Invoice shall include the information required by the Construction Act, a statutory declaration in a form acceptable to the Contractor, and a current clearance certificate from the Workplace Safety and Insurance Board.
### 4.3 Payment
In accordance with Part I.1 of the Construction Act, the Contractor shall pay the amount payable to the Subcontractor under a Proper Invoice, less holdback, no later than seven (7) days after the Contractor receives payment from the Owner in respect of the Subcontract Work included in that Proper Invoice.
### 4.4 Pay-When-Paid and Notice of Non-Payment
The Contractor's obligation to pay is conditional on the Contractor's receipt of payment from the Owner for the corresponding Subcontract Work, to the extent permitted by the Construction Act. If the Owner does not pay the Contractor in full for the Subcontract Work, the Contractor shall, within the time required by the Construction Act, either pay the Subcontractor or give the Subcontractor a notice of non-payment in the prescribed form, in which case the Contractor shall undertake to refer the non-payment to adjudication within the time required by the Construction Act. The Contractor may also withhold an amount it disputes in good faith by giving the Subcontractor a notice of non-payment in the prescribed form, identifying the amount not being paid and the reasons.
### 4.5 Holdback
The Contractor shall retain the basic holdback of ten percent (10%) required by the Construction Act from each payment. The holdback shall be released to the Subcontractor in accordance with the Construction Act after the expiry of the lien period following publication of a certificate of substantial performance of the Prime Contract, provided that no liens remain registered in respect of the Subcontract Work and the Subcontractor has delivered the documents listed in Section 4.6. The Contractor may release holdback earlier where the Construction Act permits, including on a phased or annual basis if the Prime Contract so provides.
### 4.6 Close-Out Documents
Before release of holdback, the Subcontractor shall deliver final as-built drawings, the erection survey, bolt tensioning records, weld inspection reports, coating reports, warranty documents and a statutory declaration that all its suppliers, sub-subcontractors and workers have been paid.
### 4.7 Vesting of Materials
Materials paid for by the Contractor while stored at the Subcontractor's shop shall vest in the Contractor on payment, shall be clearly marked as the property of the Contractor, and shall be insured by the Subcontractor for their full value until delivered to the Site.
### 4.8 Backcharges and Set-Off
The Contractor may deduct from amounts otherwise payable the reasonable costs it incurs because of the Subcontractor's failure to perform, including clean-up, corrective work and liquidated damages, provided that the Contractor first gives the Subcontractor written notice of the deficiency and, where the deficiency can reasonably be remedied, two (2) Working Days to remedy it. Any amount withheld from a Proper Invoice shall be identified in a notice of non-payment as required by the Construction Act.
### 4.9 Trust Obligations
The Subcontractor acknowledges that amounts it receives on account of the Subcontract Price are subject to the trust provisions of Part II of the Construction Act and shall apply them first to pay its workers, suppliers and sub-subcontractors.

## 5. CHANGES
### 5.1 Change Orders
The Contractor may order changes to the Subcontract Work by written change order. The Subcontractor shall not perform changed work without a written change order or a written directive from the Contractor's project manager, and shall not be paid for any change performed without one.
### 5.2 Valuation
Changes shall be valued using the unit rates in Schedule B where they apply, otherwise by agreed lump sum, or failing agreement on the Subcontractor's substantiated direct costs plus ten percent (10%) for overhead and five percent (5%) for profit.
### 5.3 Owner Changes
Where a change originates with the Owner, the Subcontractor's entitlement to additional payment or time is limited to the amount and time the Contractor recovers from the Owner for the Subcontract Work, less the Contractor's reasonable costs of pursuing the recovery, unless the change results from the Contractor's own design error.
### 5.4 Claims
The Subcontractor shall give written notice of any claim for additional payment within seven (7) Working Days after the event giving rise to it and shall submit full particulars within twenty-one (21) days, so that the Contractor can meet its own notice obligations under the Prime Contract. Claims not notified within these periods are waived.

## 6. QUALITY, INSPECTION AND TESTING
### 6.1 Quality Management
The Subcontractor shall implement a quality management program meeting Schedule A, including an inspection and test plan for each fabrication package submitted for review at least ten (10) Working Days before fabrication begins.
### 6.2 Inspection
The Contractor, the Owner and their third-party inspectors may inspect the Subcontract Work in the shop and on Site at any reasonable time. The Subcontractor shall give at least five (5) Working Days' notice of each hold point. Non-destructive examination of welds shall be carried out by personnel certified to CAN/CGSB-48.9712 (ISO 9712) in the percentages stated in Schedule A.
### 6.3 Non-Conforming Work
The Subcontractor shall promptly correct or replace non-conforming work at its own cost, including the cost of dismantling and re-erecting work of other trades affected, and shall bear the cost of retesting.

## 7. WARRANTY
### 7.1 Warranty Period
The Subcontractor warrants that the Subcontract Work will be free from defects in materials, fabrication, coating and erection, and will conform to the Subcontract Documents, for a period ending on the later of twenty-four (24) months after substantial performance of the Subcontract Work and the expiry of the corresponding warranty under the Prime Contract.
### 7.2 Correction of Defects
The Subcontractor shall correct defects notified during the warranty period within five (5) Working Days after notice, or immediately where the defect affects safety. If the Subcontractor fails to do so, the Contractor may correct the defect and recover its costs from the Subcontractor.

## 8. INSURANCE AND BONDS
### 8.1 Insurance
The Subcontractor shall maintain commercial general liability insurance with limits of not less than five million dollars ($5,000,000) per occurrence, naming the Contractor and the Owner as additional insureds; automobile liability insurance of not less than two million dollars ($2,000,000); contractor's equipment insurance on its cranes and equipment, with a waiver of subrogation in favour of the Contractor and the Owner; and cargo insurance for steel in transit.
### 8.2 Bonds
Within ten (10) Working Days after execution of this Subcontract, the Subcontractor shall deliver a performance bond and a labour and material payment bond, each for fifty percent (50%) of the Subcontract Price, issued by a surety licensed in Ontario and acceptable to the Contractor, on forms CCDC 221 and CCDC 222 or equivalent forms acceptable to the Contractor.

## 9. HEALTH AND SAFETY
### 9.1 Compliance
The Subcontractor shall comply with the Occupational Health and Safety Act (Ontario), Ontario Regulation 213/91 (Construction Projects), the Contractor's site safety program and Schedule D. The Contractor is the constructor for the Project for the purposes of that Act, and the Subcontractor shall follow the Contractor's directions on health and safety.
### 9.2 Workers and Equipment
All workers shall hold the training and certifications required by Applicable Law, including working at heights training under Ontario Regulation 297/13, and crane and hoist operators shall hold the certification required for their compulsory trade through Skilled Trades Ontario. The Subcontractor shall submit a lift plan, reviewed by a professional engineer where required, for every critical lift.
### 9.3 Stop Work
The Contractor may stop any part of the Subcontract Work that it considers unsafe. The Subcontractor is not entitled to additional payment or time for a stoppage resulting from its own unsafe acts or conditions.

## 10. INDEMNITY
The Subcontractor shall indemnify and hold harmless the Contractor and the Owner, and their directors, officers and employees, from all claims, losses, costs and expenses, including reasonable legal fees, arising from bodily injury, death or damage to property caused by the acts or omissions of the Subcontractor or those for whom it is responsible at law, or from the Subcontractor's breach of this Subcontract or of Applicable Law, including any lien registered by a person claiming through the Subcontractor.

## 11. LIMITATION OF LIABILITY
### 11.1 Cap
The Subcontractor's total aggregate liability to the Contractor under or in connection with this Subcontract, whether in contract, tort or otherwise, shall not exceed one hundred percent (100%) of the Subcontract Price, except for liability arising from gross negligence, wilful misconduct, the Subcontractor's indemnity for third-party claims, or amounts recoverable under the insurance required by this Subcontract.
### 11.2 Consequential Damages
Neither Party is liable to the other for loss of profit or other indirect or consequential damages, except that liquidated damages under Section 3.2 and amounts the Contractor must pay to the Owner under the Prime Contract because of the Subcontractor's default are recoverable as direct damages.

## 12. FORCE MAJEURE
Neither Party is responsible for delay caused by an event beyond its reasonable control, such as fire, flood, epidemic, war, or a province-wide strike in the construction industry not specific to the affected Party, provided that it gives prompt written notice and uses reasonable efforts to mitigate. The Subcontractor's remedy for Force Majeure delay is an extension of time only. Fluctuations in the price or availability of steel, and delays at the mill or at the galvanizer, are not Force Majeure.

## 13. TERMINATION
### 13.1 Termination for Default
If the Subcontractor fails to perform any obligation and does not begin to correct the default within five (5) Working Days after written notice and diligently complete the correction, the Contractor may, without prejudice to its other rights, terminate this Subcontract or take over any part of the Subcontract Work and complete it by other means, and the Subcontractor shall pay the Contractor the amount by which the cost of completion exceeds the unpaid balance of the Subcontract Price.
### 13.2 Termination for Convenience
The Contractor may terminate this Subcontract for convenience on ten (10) Working Days' written notice. The Contractor shall then pay the Subcontractor for the Subcontract Work properly performed, for materials fabricated or irrevocably ordered for the Project, and for its reasonable demobilization costs. The Subcontractor is not entitled to profit on work not performed.
### 13.3 Termination of the Prime Contract
If the Prime Contract is terminated for any reason, the Contractor may terminate this Subcontract on written notice, and the Subcontractor's entitlement shall be limited to the amounts described in Section 13.2, to the extent the Contractor recovers them from the Owner.

## 14. LIENS
The Subcontractor shall keep the Project free of liens registered by any person claiming through it. If such a lien is registered and the Subcontractor has been paid the amounts then due to it, the Subcontractor shall cause the lien to be discharged or vacated within ten (10) days after notice, failing which the Contractor may do so and recover its costs, including legal fees, from the Subcontractor.

## 15. CONFIDENTIALITY
The Subcontractor shall keep the Subcontract Documents, the Owner's process information and all drawings confidential, use them only for the Subcontract Work, and return or destroy them at completion, except for one archival copy kept for warranty and legal purposes. The Subcontractor shall not publicize its involvement in the Project without the Contractor's written consent.

## 16. DISPUTE RESOLUTION
### 16.1 Negotiation
The Parties' project managers shall meet within five (5) Working Days after either Party gives notice of a dispute. Disputes not resolved within ten (10) Working Days after that meeting shall be escalated to a senior officer of each Party.
### 16.2 Adjudication
Either Party may refer a dispute that may be adjudicated under Part II.1 of the Construction Act to adjudication through Ontario Dispute Adjudication for Construction Contracts, the Authorized Nominating Authority under that Act. A determination is binding on an interim basis until the dispute is finally resolved by arbitration, by court or by written agreement of the Parties.
### 16.3 Related Prime Contract Disputes
Where a dispute involves the Owner's responsibility, the Subcontractor agrees to be bound by the outcome of the dispute resolution process under the Prime Contract and to participate in it at the Contractor's request.
### 16.4 Arbitration
Disputes not otherwise resolved shall be finally resolved by arbitration in Toronto, Ontario under the Arbitration Act, 1991 (Ontario), before a single arbitrator agreed by the Parties or, failing agreement within fifteen (15) Working Days, appointed under that Act.

## 17. GENERAL
### 17.1 Governing Law
This Subcontract is governed by the laws of the Province of Ontario and the federal laws of Canada applicable in Ontario.
### 17.2 Assignment
The Subcontractor shall not assign this Subcontract or sublet any part of the Subcontract Work, other than galvanizing and material supply, without the Contractor's prior written consent. The Contractor may assign this Subcontract to the Owner if the Prime Contract is terminated.
### 17.3 Notices
Notices shall be given in writing by e-mail with a copy by courier to the addresses set out in Schedule A, and are effective on the Working Day after they are sent.
### 17.4 Entire Agreement
The Subcontract Documents form the entire agreement between the Parties concerning the Subcontract Work and supersede the Subcontractor's quotation and all prior communications.
IN WITNESS WHEREOF the Parties have executed this Subcontract.
DEMO EPC LTD. Per: Authorized Signatory
RIDGELINE STRUCTURAL STEEL INC. Per: Authorized Signatory
`;
