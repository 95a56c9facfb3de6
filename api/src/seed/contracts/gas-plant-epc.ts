// Demo contract (a): an owner-friendly lump-sum EPC agreement for a sour gas plant in Alberta. The
// parties and the project are fictional; statutes are named as they stand in Alberta.
export const GAS_PLANT_EPC_AGREEMENT = `
# ENGINEERING, PROCUREMENT AND CONSTRUCTION AGREEMENT
Wapiti Ridge Gas Processing Plant, County of Grande Prairie No. 1, Alberta
Agreement No. WRM-EPC-2026-014
THIS AGREEMENT is made as of November 2, 2026 (the "Effective Date") BETWEEN WAPITI RIDGE MIDSTREAM LTD., a corporation existing under the laws of Alberta (the "Owner"), AND DEMO EPC LTD., a corporation existing under the laws of Alberta (the "Contractor").
WHEREAS the Owner intends to develop a sour gas processing facility with a nominal inlet capacity of 120 MMscf/d, together with inlet separation, amine sweetening, dehydration, refrigeration for hydrocarbon dew point control, acid gas compression and injection, sales gas compression and associated utilities and infrastructure, located approximately 35 kilometres south of the City of Grande Prairie (the "Facility"); AND WHEREAS the Contractor has agreed to engineer, procure, construct, pre-commission and commission the Facility on a lump-sum basis on the terms of this Agreement.
NOW THEREFORE, in consideration of the mutual covenants in this Agreement, the Parties agree as follows.

## 1. DEFINITIONS AND INTERPRETATION
### 1.1 Definitions
In this Agreement, capitalized terms have the meanings given below.
"Applicable Law" means all federal, provincial and municipal statutes, regulations, codes, orders, approvals and directives of any Governmental Authority that apply to the Work, the Site or the Parties, including the requirements of the Alberta Energy Regulator.
"Change Order" means a written instrument signed by both Parties that adjusts the Work, the Contract Price, the Schedule or any other term of this Agreement in accordance with Article 5.
"Contract Price" means the lump-sum price stated in Section 3.1, as adjusted by Change Orders.
"Good Industry Practice" means the practices, methods, standards and degree of skill, diligence and prudence that would reasonably be expected from a skilled and experienced contractor engaged in the engineering, procurement and construction of gas processing facilities in western Canada under similar conditions.
"Guaranteed Substantial Completion Date" means November 30, 2028, as extended in accordance with this Agreement.
"Proper Invoice" has the meaning given in the Prompt Payment and Construction Lien Act (Alberta) and includes the information required by that Act and by Exhibit B.
"Site" means the lands legally described in Exhibit A on which the Facility is to be constructed, together with the laydown areas, access roads and camp lands made available by the Owner.
"Substantial Completion" means the stage at which the Facility has been mechanically completed, commissioned, successfully passed the Performance Tests (or the Owner has elected to accept the Facility under Section 6.3) and is capable of being operated safely and continuously for its intended purpose, with only minor deficiencies that do not affect operability or safety remaining.
"Work" means all engineering, procurement, fabrication, construction, pre-commissioning, commissioning, training, documentation and other services, labour, equipment and materials that the Contractor must supply under this Agreement, as described in Exhibit A.
### 1.2 Interpretation
Headings are for convenience only. Words in the singular include the plural and vice versa. "Including" means "including without limitation". All amounts are in Canadian dollars and exclusive of goods and services tax. A reference to a statute includes its regulations and any amendment or re-enactment.
### 1.3 Order of Precedence
In the event of any conflict or inconsistency among the documents forming this Agreement, the following order of precedence applies, from highest to lowest: (1) Change Orders, most recent first; (2) the Articles of this Agreement; (3) Exhibit B (Compensation and Payment); (4) Exhibit D (Performance Guarantees and Test Procedures); (5) Exhibit A (Scope of Work); (6) Exhibit C (Project Schedule); and (7) all other Exhibits.

## 2. THE WORK
### 2.1 Scope of Work
The Contractor shall perform and complete the Work in accordance with this Agreement, Applicable Law and Good Industry Practice, and shall deliver a complete Facility that is fit for the purposes described in Exhibit A. The Contractor shall supply everything necessary for the Work, whether or not expressly described, where it may reasonably be inferred as necessary to achieve the results required by this Agreement.
### 2.2 Standard of Performance and Engineering
All engineering shall be performed under the responsible charge of professional engineers registered with the Association of Professional Engineers and Geoscientists of Alberta, and all drawings and specifications issued for construction shall be authenticated accordingly. The Contractor shall design pressure equipment and piping to the requirements of the Safety Codes Act (Alberta) and shall obtain design registrations from ABSA, the pressure equipment safety authority, before fabrication begins.
### 2.3 Site Conditions
The Contractor acknowledges that it has inspected the Site and its surroundings, has reviewed the geotechnical report identified in Exhibit A and all other information made available by the Owner, and has satisfied itself as to the nature of the ground and subsurface conditions, access, climatic conditions and all other matters that may affect the Work. The Contractor shall not be entitled to any adjustment of the Contract Price or the Schedule by reason of any Site or subsurface condition, whether or not such condition was foreseeable, except for pre-existing contamination for which the Owner is responsible under Section 10.3.
### 2.4 Owner-Supplied Items
The Owner shall supply the long-lead items listed in Exhibit A, namely the inlet compressor packages and the acid gas injection compressor, delivered to the Site. The Contractor shall receive, inspect, store, install and commission the Owner-supplied items, and shall notify the Owner of any visible damage or shortage within five (5) Business Days after delivery. Late delivery of an Owner-supplied item beyond the date stated in Exhibit C entitles the Contractor to an extension of time under Section 4.3.
### 2.5 Regulatory Approvals
The Owner shall obtain the facility licence and the approvals from the Alberta Energy Regulator and the approvals required under the Environmental Protection and Enhancement Act (Alberta) that are identified as Owner approvals in Exhibit A. The Contractor shall obtain all other permits, licences and registrations required to perform the Work, including safety codes permits for building, electrical, gas and plumbing work.

## 3. CONTRACT PRICE AND PAYMENT
### 3.1 Contract Price
In consideration of the performance of the Work, the Owner shall pay the Contractor the lump sum of one hundred eighty-six million four hundred thousand dollars ($186,400,000), subject only to adjustment by Change Order. The Contract Price includes all costs of labour, equipment, materials, camp and accommodation, freight, duties, insurance to be provided by the Contractor, overhead and profit, and is not subject to escalation for changes in the cost of labour, steel, pipe or other commodities.
### 3.2 Invoicing
The Contractor shall submit a Proper Invoice on the last Business Day of each month for the Work performed in that month, measured against the milestone and progress schedule in Exhibit B. Each Proper Invoice shall be accompanied by a progress report, a statutory declaration that all subcontractors and suppliers have been paid the amounts then due to them, and evidence that the Contractor's account with the Workers' Compensation Board of Alberta is in good standing.
### 3.3 Payment
The Owner shall pay each Proper Invoice, less the holdback required by Section 3.4, within twenty-eight (28) days after receiving it, as required by the Prompt Payment and Construction Lien Act (Alberta). If the Owner disputes all or part of a Proper Invoice, the Owner shall give the Contractor a notice of dispute within fourteen (14) days after receiving the Proper Invoice, identifying the disputed amount and the reasons for the dispute, and shall pay the undisputed balance within the time required above. Overdue amounts bear interest at the prime rate of the Owner's principal bank plus two percent (2%) per year.
### 3.4 Holdback
The Owner shall retain a holdback of ten percent (10%) of the value of the Work performed, as required by the Prompt Payment and Construction Lien Act (Alberta). The Owner shall release the holdback in accordance with that Act once the period for registering liens in respect of the Work has expired without any lien being registered, or once all registered liens have been discharged or vacated. The Parties may agree in writing to release holdback for completed portions of the Work where the Act permits.
### 3.5 Set-Off
The Owner may deduct from any amount payable to the Contractor any amount that the Contractor owes to the Owner under this Agreement, including liquidated damages, the cost of correcting defective Work and the cost of discharging liens registered by persons claiming through the Contractor, provided that the Owner has given the Contractor written notice of the amount and the basis of the deduction.
### 3.6 Taxes
The Contract Price excludes goods and services tax, which the Owner shall pay in addition to each payment. The Contractor is responsible for all other taxes, duties and levies imposed on it in connection with the Work.

## 4. SCHEDULE AND DELAY
### 4.1 Commencement and Key Dates
The Contractor shall commence the Work on the Effective Date and shall achieve Mechanical Completion of the Facility by September 30, 2028 and Substantial Completion by the Guaranteed Substantial Completion Date. The Contractor shall prepare and maintain a detailed resource-loaded schedule consistent with Exhibit C and shall update it monthly.
### 4.2 Liquidated Damages for Delay
If the Contractor fails to achieve Substantial Completion by the Guaranteed Substantial Completion Date, the Contractor shall pay the Owner liquidated damages of eighty-five thousand dollars ($85,000) for each day of delay until Substantial Completion is achieved. The Parties agree that this amount is a genuine pre-estimate of the Owner's losses from delay, including lost processing fees and contractual penalties under the Owner's gas handling agreements, and is not a penalty. The Contractor's aggregate liability for delay liquidated damages shall not exceed ten percent (10%) of the Contract Price. Delay liquidated damages are the Owner's sole and exclusive monetary remedy for delay in achieving Substantial Completion, without prejudice to the Owner's right to terminate under Section 13.3.
### 4.3 Extensions of Time
The Contractor is entitled to an extension of the Guaranteed Substantial Completion Date to the extent that the critical path of the Work is delayed by a Change Order, an act or omission of the Owner or its other contractors, late delivery of Owner-supplied items, suspension under Section 13.1 not caused by the Contractor, or an event of Force Majeure. To claim an extension, the Contractor shall give written notice within ten (10) Business Days after it becomes aware of the delaying event and shall provide a schedule analysis demonstrating the effect on the critical path within thirty (30) days after that notice.
### 4.4 Acceleration
If the Work falls behind the schedule for reasons for which the Contractor is responsible, the Owner may direct the Contractor to take measures to recover the schedule, including additional shifts and resources, at the Contractor's cost.

## 5. CHANGES
### 5.1 Change Orders
The Owner may at any time order additions, deletions or other revisions to the Work. No change shall be performed without a Change Order or a Change Directive, and the Contractor shall not be entitled to any payment or extension of time for changed work performed without one.
### 5.2 Change Directives
Where the Parties cannot agree on the adjustment to the Contract Price or the Schedule for a change, the Owner may issue a written Change Directive, and the Contractor shall proceed with the changed work promptly. The adjustment for work under a Change Directive shall be determined in accordance with Section 5.3 and, failing agreement, under Article 16.
### 5.3 Valuation of Changes
Changes shall be valued, in order of preference: (1) by the unit rates in Exhibit B where applicable; (2) by a lump sum agreed by the Parties; or (3) on the basis of the Contractor's reasonable direct costs plus a markup of ten percent (10%) for overhead and profit, supported by time sheets, invoices and other records open to audit by the Owner.
### 5.4 Notice of Claims
If the Contractor considers that it is entitled to an increase in the Contract Price or an extension of time for any reason, it shall give written notice of its claim within fourteen (14) days after the event giving rise to the claim first became known to it, and shall submit full particulars within thirty (30) days thereafter. A claim not notified within these periods is waived and released, to the extent permitted by Applicable Law.

## 6. PERFORMANCE GUARANTEES
### 6.1 Performance Tests
Following commissioning, the Contractor shall carry out the Performance Tests described in Exhibit D to demonstrate that the Facility, operating continuously for seventy-two (72) hours on the design feed gas, processes not less than 120 MMscf/d of inlet gas, produces sales gas that meets the gas quality specifications of the downstream sales gas pipeline, and reinjects the acid gas stream within the limits of the Owner's approvals.
### 6.2 Performance Liquidated Damages
If the Facility fails to meet the guaranteed inlet capacity after the retests allowed by Exhibit D, the Contractor shall pay performance liquidated damages of two hundred fifty thousand dollars ($250,000) for each full 1 MMscf/d of shortfall. The Contractor's aggregate liability for performance liquidated damages shall not exceed five percent (5%) of the Contract Price.
### 6.3 Acceptance with Shortfall
If the Facility achieves at least ninety-five percent (95%) of the guaranteed inlet capacity and meets all sales gas quality and environmental limits, the Owner may accept the Facility and declare Substantial Completion, subject to payment of the performance liquidated damages.

## 7. WARRANTY
### 7.1 Defects Warranty
The Contractor warrants that the Work will be free from defects in design, materials and workmanship and will conform to this Agreement for a period of twenty-four (24) months after Substantial Completion (the "Warranty Period"). The Contractor shall correct any defect notified during the Warranty Period promptly and at its own cost, including the cost of removing and reinstalling other work where necessary to gain access.
### 7.2 Corrected Work
Work that is repaired or replaced under this Article is warranted for twelve (12) months after the correction, provided that no warranty period extends beyond thirty-six (36) months after Substantial Completion.
### 7.3 Exclusions
The warranty does not cover normal wear and tear, damage caused by operation outside the parameters of the operating manuals, or defects in Owner-supplied items, for which the Contractor shall assign to the Owner the benefit of all warranties it receives.

## 8. SECURITY
### 8.1 Letter of Credit
Within fifteen (15) Business Days after the Effective Date, the Contractor shall deliver to the Owner an irrevocable standby letter of credit issued by a Canadian Schedule I bank in the amount of ten percent (10%) of the Contract Price, in the form of Exhibit E. The letter of credit shall be reduced to five percent (5%) of the Contract Price at Substantial Completion and returned at the end of the Warranty Period.
### 8.2 Parent Company Guarantee
The Contractor shall cause its ultimate parent company to deliver a guarantee of the Contractor's obligations under this Agreement in the form of Exhibit E.

## 9. INSURANCE
### 9.1 Contractor's Insurance
The Contractor shall maintain, from the Effective Date until the end of the Warranty Period, the following insurance with insurers licensed in Alberta:
(a) commercial general liability insurance with limits of not less than ten million dollars ($10,000,000) per occurrence, including products and completed operations, naming the Owner as additional insured;
(b) automobile liability insurance with limits of not less than five million dollars ($5,000,000) per accident;
(c) contractor's pollution liability insurance with limits of not less than ten million dollars ($10,000,000) per claim;
(d) professional liability insurance covering the engineering portion of the Work with limits of not less than five million dollars ($5,000,000) per claim, maintained for two (2) years after Substantial Completion; and
(e) workers' compensation coverage as required by the Workers' Compensation Act (Alberta).
### 9.2 Builder's Risk
The Owner shall procure and maintain builder's all-risk insurance covering the Facility for its full replacement value, naming the Contractor and its subcontractors as additional insureds, with a deductible of not more than two hundred fifty thousand dollars ($250,000) per occurrence. The Contractor bears the deductible for losses caused by the Contractor or its subcontractors.

## 10. INDEMNITY
### 10.1 Contractor's Indemnity
The Contractor shall indemnify and hold harmless the Owner, its affiliates and their directors, officers and employees from and against all claims, losses, damages, costs and expenses (including reasonable legal fees) arising from bodily injury, death or damage to third-party property caused by the negligent acts or omissions or wilful misconduct of the Contractor or its subcontractors in the performance of the Work.
### 10.2 Owner's Indemnity
The Owner shall indemnify and hold harmless the Contractor and its directors, officers and employees from and against all claims arising from bodily injury, death or damage to third-party property caused by the negligent acts or omissions or wilful misconduct of the Owner or its other contractors.
### 10.3 Environmental Matters
The Owner is responsible for contamination present at the Site before the Effective Date and shall indemnify the Contractor against claims arising from it. The Contractor is responsible for, and shall indemnify the Owner against, all spills, releases and contamination caused by the Contractor or its subcontractors, and the Contractor's liability under this Section is not subject to the limitation in Section 11.2.

## 11. LIMITATION OF LIABILITY
### 11.1 Consequential Loss
Neither Party is liable to the other for any loss of profit, loss of production, loss of use, business interruption or any other indirect or consequential loss, except that delay and performance liquidated damages payable under Articles 4 and 6 are not excluded by this Section.
### 11.2 Aggregate Cap
The Contractor's total aggregate liability arising out of or in connection with this Agreement, whether in contract, tort (including negligence) or otherwise, shall not exceed one hundred percent (100%) of the Contract Price.
### 11.3 Exceptions
The limitations in this Article do not apply to liability for gross negligence or wilful misconduct, to the Contractor's indemnity for third-party claims under Section 10.1, to the Contractor's environmental obligations under Section 10.3, or to amounts recovered under the insurance required by Article 9.

## 12. FORCE MAJEURE
### 12.1 Definition
"Force Majeure" means an event beyond the reasonable control of the affected Party that could not have been prevented or overcome by the exercise of reasonable diligence, including wildfire, flood, earthquake, epidemic, war, terrorism, blockades, and orders of a Governmental Authority not caused by the affected Party. Force Majeure excludes weather conditions that are normal for the Peace River region in the season concerned, labour disputes limited to the Contractor's own workforce, and a lack of funds.
### 12.2 Effect
A Party affected by Force Majeure shall give notice within five (5) Business Days and is excused from performance to the extent it is prevented by the event, except for obligations to pay money. The Contractor is entitled to an extension of time, but not to additional compensation, for delay caused by Force Majeure.
### 12.3 Prolonged Force Majeure
If an event of Force Majeure prevents the performance of substantially all of the Work for more than one hundred twenty (120) consecutive days, either Party may terminate this Agreement on thirty (30) days' written notice, and the Owner shall pay the amounts described in Section 13.2 except the demobilization fee.

## 13. SUSPENSION AND TERMINATION
### 13.1 Suspension by Owner
The Owner may suspend all or part of the Work at any time by written notice. Unless the suspension results from the Contractor's default, the Contractor is entitled to an extension of time and to its reasonable direct costs of the suspension, including standby and remobilization.
### 13.2 Termination for Convenience
The Owner may terminate this Agreement for its convenience at any time on thirty (30) days' written notice. On termination for convenience, the Owner shall pay the Contractor: (1) the value of the Work performed to the date of termination; (2) the cost of materials and equipment ordered for the Work that cannot be cancelled; (3) reasonable demobilization costs; and (4) a termination fee equal to three percent (3%) of the value of the Work not performed. The Contractor is not entitled to loss of anticipated profit on the Work not performed beyond the termination fee.
### 13.3 Termination for Contractor Default
If the Contractor becomes insolvent, abandons the Work, persistently fails to perform the Work in accordance with the Schedule, fails to comply with Article 14, or otherwise materially breaches this Agreement and does not cure the breach within fifteen (15) Business Days after written notice, the Owner may terminate this Agreement, take possession of the Site and the Contractor's materials, and complete the Work by other means. The Contractor shall pay the Owner the amount by which the cost of completion exceeds the unpaid balance of the Contract Price.
### 13.4 Termination by Contractor
If the Owner fails to pay an undisputed amount within thirty (30) days after it is due and does not cure the failure within fifteen (15) Business Days after written notice, the Contractor may suspend the Work and, if the failure continues for a further thirty (30) days, terminate this Agreement and recover the amounts described in Section 13.2.

## 14. HEALTH, SAFETY AND ENVIRONMENT
### 14.1 Prime Contractor
The Contractor is designated as the prime contractor for the Site for the purposes of the Occupational Health and Safety Act (Alberta) until Substantial Completion and shall fulfil all duties of a prime contractor under that Act, including coordinating the activities of all employers on the Site and establishing a health and safety management system that meets the Owner's requirements in Exhibit F.
### 14.2 Environmental Compliance
The Contractor shall perform the Work in compliance with the Environmental Protection and Enhancement Act (Alberta), the Water Act (Alberta), the conditions of the Owner's approvals and the environmental protection plan in Exhibit F, and shall report any release to the Owner immediately and to the Governmental Authorities as required by Applicable Law.
### 14.3 Indigenous Relations
The Contractor shall cooperate with the Owner's commitments to Indigenous communities identified in Exhibit F, including commitments for local and Indigenous participation in subcontracting and employment, and shall report its performance against those commitments monthly.

## 15. CONFIDENTIALITY AND INTELLECTUAL PROPERTY
### 15.1 Confidentiality
Each Party shall keep confidential all information received from the other Party in connection with this Agreement and shall use it only for the purposes of this Agreement. This obligation does not apply to information that is or becomes public other than through a breach of this Agreement, or that must be disclosed under Applicable Law or the rules of a stock exchange. This Section survives for five (5) years after termination or expiry of this Agreement.
### 15.2 Project Documents
The Owner owns all drawings, specifications, data and other documents prepared specifically for the Facility once paid for, and may use them to operate, maintain, repair and modify the Facility. The Contractor retains ownership of its pre-existing intellectual property and grants the Owner a perpetual, royalty-free licence to use it for the Facility.

## 16. DISPUTE RESOLUTION
### 16.1 Negotiation
Any dispute arising out of or in connection with this Agreement shall first be referred to the Parties' project managers and, if not resolved within ten (10) Business Days, to a senior executive of each Party, who shall meet within a further fifteen (15) Business Days to attempt to resolve it.
### 16.2 Adjudication
Nothing in this Article limits a Party's right to refer a dispute that may be adjudicated under the Prompt Payment and Construction Lien Act (Alberta) to adjudication in accordance with that Act. The Parties shall comply with an adjudicator's determination unless and until it is set aside or varied by a court or by an arbitral award under Section 16.3.
### 16.3 Arbitration
A dispute not resolved under Section 16.1 shall be finally resolved by arbitration in Calgary, Alberta under the Arbitration Act (Alberta) before three arbitrators. The arbitration shall be conducted in English and the award shall be final and binding on the Parties.
### 16.4 Continuation of Work
The Contractor shall continue to perform the Work diligently during any dispute, and the Owner shall continue to pay undisputed amounts.

## 17. GENERAL
### 17.1 Governing Law
This Agreement is governed by the laws of the Province of Alberta and the federal laws of Canada applicable in Alberta.
### 17.2 Notices
Notices shall be in writing and delivered by hand, by courier or by e-mail to the addresses set out in Exhibit G, and are effective on receipt during normal business hours in Calgary.
### 17.3 Assignment and Subcontracting
The Contractor shall not assign this Agreement without the Owner's prior written consent. The Contractor may subcontract portions of the Work, other than the overall engineering and project management, to subcontractors approved by the Owner, but remains responsible for all subcontracted Work.
### 17.4 Entire Agreement
This Agreement, including its Exhibits, is the entire agreement between the Parties concerning the Work and supersedes all prior negotiations, proposals and understandings.
### 17.5 Counterparts
This Agreement may be executed in counterparts and delivered electronically, each of which is an original and all of which together form one agreement.
IN WITNESS WHEREOF the Parties have executed this Agreement as of the Effective Date.
WAPITI RIDGE MIDSTREAM LTD. Per: Authorized Signatory
DEMO EPC LTD. Per: Authorized Signatory
`;
