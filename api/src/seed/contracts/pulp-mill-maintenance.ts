// Demo contract (c): a multi-year maintenance services agreement for a kraft pulp mill in British
// Columbia. The parties and the mill are fictional; statutes are named as they stand in British Columbia.
export const PULP_MILL_MAINTENANCE_AGREEMENT = `
# MAINTENANCE SERVICES AGREEMENT
Cariboo Fibre Kraft Pulp Mill, Quesnel, British Columbia
Agreement No. CFP-MSA-2026-07
THIS AGREEMENT is made as of November 1, 2026 (the "Effective Date") BETWEEN CARIBOO FIBRE PULP CORP., a corporation existing under the laws of British Columbia (the "Company"), AND DEMO EPC LTD., a corporation registered to carry on business in British Columbia (the "Contractor").
WHEREAS the Company owns and operates a bleached kraft pulp mill in Quesnel, British Columbia (the "Mill"); AND WHEREAS the Company wishes to engage the Contractor to provide routine, planned, shutdown and emergency mechanical, electrical and instrumentation maintenance services at the Mill, and the Contractor wishes to provide those services on the terms of this Agreement.
NOW THEREFORE the Parties agree as follows.

## 1. DEFINITIONS AND INTERPRETATION
### 1.1 Definitions
"Applicable Law" means all statutes, regulations, codes, permits and orders of any governmental authority that apply to the Services or the Mill, including the Workers Compensation Act (British Columbia) and the Occupational Health and Safety Regulation.
"Rates Schedule" means Schedule B, setting out the hourly labour rates, equipment rates, markups and fixed fees for the Services.
"Services" means the maintenance services described in Article 2 and Schedule A, and all work performed under a Work Order.
"Shutdown" means a planned outage of all or part of the Mill for maintenance, including the annual major maintenance shutdown of the recovery boiler and the fibre line.
"Shutdown Window" means the period, stated in a Shutdown Work Order, between the time the affected equipment is released to the Contractor under lockout and the time the Contractor must return it to the Company ready for start-up.
"Work Order" means a written order issued by the Company under Section 2.2, including a Shutdown Work Order.
### 1.2 Interpretation
All amounts are in Canadian dollars and exclude GST and PST. "Including" means "including without limitation". If a Work Order conflicts with this Agreement, this Agreement prevails unless the Work Order expressly states the provision it varies and is signed by an officer of each Party.

## 2. SERVICES
### 2.1 Scope of Services
The Contractor shall provide maintenance services to the Mill's woodroom and chip handling, digester and brown stock washing, bleach plant, recovery boiler, evaporators, recausticizing and lime kiln, pulp machine, power boiler, water and effluent treatment systems and associated utilities, as further described in Schedule A. The Services include preventive and predictive maintenance, corrective repairs, minor capital and modification work of up to two hundred fifty thousand dollars ($250,000) per project, Shutdown planning and execution support, and emergency call-out.
### 2.2 Work Orders
The Company shall request Services by issuing Work Orders through its computerized maintenance management system. Each Work Order shall describe the work, the location, the priority, the required completion date and, for fixed-price work, the agreed price. The Contractor shall acknowledge routine Work Orders within one (1) Business Day. The Company does not guarantee any minimum volume of Work Orders.
### 2.3 Emergency Call-Out
The Contractor shall maintain a twenty-four (24) hour on-call roster and shall have qualified personnel on site within four (4) hours after an emergency call from the Company's shift superintendent, and within two (2) hours for an event affecting the recovery boiler or a chemical containment system.
### 2.4 Standard of Performance
The Contractor shall perform the Services diligently, in a good and workmanlike manner, in accordance with Applicable Law, original equipment manufacturer recommendations, the Mill's site rules in Schedule D and the standards of skill and care of experienced maintenance contractors serving pulp and paper mills in British Columbia.
### 2.5 Regulated Equipment
Work on boilers, pressure vessels, pressure piping, gas systems and electrical equipment shall be performed only by persons holding the qualifications and permits required under the Safety Standards Act (British Columbia) and the regulations administered by Technical Safety BC. The Contractor shall obtain and close all permits required for the Services and provide the Company with copies.
### 2.6 Company Responsibilities
The Company shall provide safe access to the work areas, isolate and lock out process equipment under its lockout program, supply process information and drawings reasonably required for the Services, and provide the utilities and facilities described in Schedule A.

## 3. TERM
### 3.1 Initial Term
This Agreement begins on December 1, 2026 and continues until November 30, 2029 (the "Initial Term"), unless terminated earlier under Article 14.
### 3.2 Renewal
The Company may extend this Agreement for up to two (2) additional periods of one (1) year each by giving the Contractor written notice at least ninety (90) days before the end of the then-current term. The Rates Schedule for each renewal period shall be adjusted under Section 4.4.

## 4. COMPENSATION AND PAYMENT
### 4.1 Rates
The Company shall pay for the Services at the rates in the Rates Schedule, or at the fixed price stated in a Work Order. The rates include all wages, benefits, supervision, small tools, consumables, personal protective equipment, travel within the Quesnel area, overhead and profit, except as expressly stated in Schedule B.
### 4.2 Materials and Subcontracts
Materials and subcontracted services not supplied by the Company shall be invoiced at cost plus the markup stated in the Rates Schedule, supported by supplier invoices. The Contractor shall obtain at least three (3) competitive quotations for any purchase over twenty-five thousand dollars ($25,000) unless the Company waives this requirement in writing.
### 4.3 Invoicing and Payment
The Contractor shall invoice monthly, by Work Order, with approved timesheets and supporting documents. The Company shall pay each undisputed invoice within thirty (30) days after receiving it. If the Company disputes any part of an invoice, it shall notify the Contractor within fifteen (15) days, giving reasons, and shall pay the undisputed part on time. Overdue undisputed amounts bear interest at one percent (1%) per month.
### 4.4 Rate Adjustment
On each anniversary of the start of the Initial Term, the labour rates shall be adjusted by the percentage change in the British Columbia Consumer Price Index published by Statistics Canada for the preceding twelve (12) months, up to a maximum adjustment of three percent (3%) per year, unless a collective agreement binding on the Contractor requires a greater wage increase, in which case the Parties shall negotiate the adjustment in good faith.
### 4.5 Holdback
To the extent that any Work Order involves an improvement to which the Builders Lien Act (British Columbia) applies, the Company shall retain a holdback of ten percent (10%) of the amount payable under that Work Order as required by that Act, and, where that Act requires, shall hold the retained amount in a holdback account. The holdback shall be released when the holdback period under the Builders Lien Act has expired, provided that no claim of lien has been filed in respect of the Work Order or that any filed claim has been discharged or cancelled.
### 4.6 Audit
The Contractor shall keep complete records supporting its invoices for two (2) years after the end of this Agreement, and the Company may audit them on ten (10) Business Days' notice. If an audit reveals an overcharge, the Contractor shall refund it promptly, and if the overcharge exceeds three percent (3%) of the audited amount, the Contractor shall also pay the reasonable cost of the audit.

## 5. SHUTDOWNS
### 5.1 Shutdown Planning
At least one hundred twenty (120) days before each major Shutdown, the Parties shall agree on the Shutdown scope, the Shutdown Window, the staffing plan and a detailed schedule, and the Company shall issue a Shutdown Work Order. The Contractor shall freeze its Shutdown scope sixty (60) days before the Shutdown begins; later additions are changes under Article 6.
### 5.2 Liquidated Damages for Shutdown Overrun
If the Contractor fails to return the equipment covered by a Shutdown Work Order to the Company within the Shutdown Window for reasons within the Contractor's control, the Contractor shall pay the Company liquidated damages of thirty thousand dollars ($30,000) for each period of twenty-four (24) hours, or part of such a period, by which the Shutdown Window is exceeded. The Parties agree that this amount is a genuine pre-estimate of part of the Company's loss of production and is not a penalty. The Contractor's total liability for these liquidated damages for any one Shutdown shall not exceed ten percent (10%) of the price of the Shutdown Work Order. These liquidated damages are the Company's sole remedy for a Shutdown overrun.
### 5.3 Early Completion Incentive
If the Contractor returns all equipment covered by a Shutdown Work Order at least twenty-four (24) hours before the end of the Shutdown Window, with all safety and quality close-out documents complete, the Company shall pay the Contractor a bonus of ten thousand dollars ($10,000) for each full period of twenty-four (24) hours, up to a maximum of fifty thousand dollars ($50,000) per Shutdown.

## 6. CHANGES
### 6.1 Change Orders
The Company may change the scope of a Work Order by written change order. The Contractor shall not perform additional work without a change order, except in an emergency threatening safety, the environment or the integrity of Mill equipment, in which case the Contractor shall act as reasonably necessary and notify the Company immediately.
### 6.2 Valuation
Changes to time-and-materials Work Orders are valued at the Rates Schedule. Changes to fixed-price Work Orders are valued by agreed lump sum or, failing agreement, at the Rates Schedule with a reasonable adjustment to the Shutdown Window or completion date where the change affects it.

## 7. PERSONNEL
### 7.1 Qualifications
The Contractor shall provide competent and adequately supervised personnel holding the trade qualifications required by Applicable Law, including certification through SkilledTradesBC where a trade requires it. Apprentices may be used in the ratios permitted by Applicable Law.
### 7.2 Key Personnel
The Contractor's site manager, maintenance planner and safety coordinator named in Schedule A are key personnel and shall not be replaced without the Company's consent, which shall not be unreasonably withheld. The Company may require the Contractor to remove from the Mill any person who does not comply with the site rules.
### 7.3 Fitness for Work
The Contractor shall maintain a fitness-for-work and drug and alcohol policy at least as stringent as the Company's policy in Schedule D, applied in accordance with Applicable Law, including the British Columbia Human Rights Code.

## 8. HEALTH, SAFETY AND ENVIRONMENT
### 8.1 Health and Safety
The Contractor shall comply with the Workers Compensation Act (British Columbia), the Occupational Health and Safety Regulation and the Company's safety program. The Company is the prime contractor for the Mill as a multiple-employer workplace, except where a Shutdown Work Order designates the Contractor in writing as prime contractor for a defined work area during a Shutdown, in which case the Contractor shall fulfil all duties of a prime contractor for that area.
### 8.2 WorkSafeBC Registration
The Contractor shall remain registered with and in good standing with WorkSafeBC and shall provide a clearance letter with each invoice.
### 8.3 Lockout and Confined Spaces
The Contractor shall participate in the Company's lockout program, apply personal locks to each isolation before work begins, and follow the Company's confined space and hot work procedures. Work inside the recovery boiler, digesters and tanks shall not begin without a confined space entry permit.
### 8.4 Environment
The Contractor shall comply with the Environmental Management Act (British Columbia), the Mill's permits issued under that Act and the Company's environmental procedures, shall prevent spills of chemicals and process liquors, and shall report any release to the Company immediately.

## 9. WARRANTY
### 9.1 Services Warranty
The Contractor warrants that the Services will be performed in accordance with this Agreement and will be free from defects in workmanship for twelve (12) months after completion of each Work Order. The Contractor shall re-perform defective Services promptly at its own cost.
### 9.2 Parts and Materials
The Contractor shall assign to the Company all manufacturer warranties for parts and materials it supplies. For parts and materials the Contractor supplies without a manufacturer warranty, the Contractor warrants that they are new and fit for their purpose for twelve (12) months after installation.

## 10. INSURANCE
The Contractor shall maintain, throughout the term and for twelve (12) months after it ends:
(a) commercial general liability insurance with limits of not less than ten million dollars ($10,000,000) per occurrence, including non-owned automobile, contractual liability and completed operations, naming the Company as additional insured;
(b) automobile liability insurance with limits of not less than five million dollars ($5,000,000) per accident for all licensed vehicles used for the Services;
(c) property insurance on the Contractor's tools and equipment, with a waiver of subrogation in favour of the Company; and
(d) contractor's pollution liability insurance with limits of not less than five million dollars ($5,000,000) per claim.

## 11. INDEMNITY
Each Party shall indemnify and hold harmless the other Party, and its directors, officers and employees, from and against all claims by third parties for bodily injury, death or damage to property, and related costs and expenses including reasonable legal fees, to the extent caused by the negligence, wilful misconduct or breach of this Agreement of the indemnifying Party or those for whom it is responsible at law. Where both Parties contributed to a loss, each shall bear it in proportion to its degree of fault.

## 12. LIMITATION OF LIABILITY
### 12.1 Consequential Loss
Neither Party is liable to the other for loss of production, loss of pulp sales, loss of profit, business interruption, or any indirect or consequential loss, however caused, except liquidated damages payable under Section 5.2.
### 12.2 Aggregate Cap
Each Party's total liability to the other under or in connection with this Agreement in any contract year shall not exceed the greater of two million dollars ($2,000,000) and the total fees paid to the Contractor in the twelve (12) months before the event giving rise to the claim.
### 12.3 Exceptions
The limitations in this Article do not apply to liability for gross negligence, wilful misconduct, fraud, breach of confidentiality, the indemnity for third-party claims under Article 11, or the Company's obligation to pay for Services performed.

## 13. FORCE MAJEURE
Neither Party is liable for failure or delay in performance, other than payment, caused by an event beyond its reasonable control, including wildfire, evacuation orders, flood, landslide, closure of Highway 97 or of the rail line serving the Mill, epidemic, and orders of governmental authorities. The affected Party shall notify the other promptly, use reasonable efforts to mitigate, and resume performance as soon as practicable. A curtailment or closure of the Mill by the Company for market or fibre supply reasons is not Force Majeure but entitles the Company to reduce Work Orders under Section 2.2.

## 14. TERMINATION
### 14.1 Termination for Convenience
The Company may terminate this Agreement, in whole or in part, for any reason on sixty (60) days' written notice. The Contractor may terminate this Agreement for any reason on one hundred eighty (180) days' written notice, provided that the termination does not take effect during a Shutdown or within sixty (60) days before a Shutdown for which a Shutdown Work Order has been issued.
### 14.2 Termination for Default
Either Party may terminate this Agreement by written notice if the other Party materially breaches it and fails to remedy the breach within twenty (20) Business Days after receiving notice describing it, or immediately if the other Party becomes insolvent. The Company may also terminate immediately if the Contractor commits a serious safety violation that results in a stop-work order from WorkSafeBC or a fatality caused by the Contractor's breach of Applicable Law.
### 14.3 Payment on Termination
On any termination, the Company shall pay the Contractor for Services performed up to the effective date of termination, for materials ordered for open Work Orders that cannot be cancelled or returned, and, on termination for convenience by the Company, for the Contractor's reasonable demobilization costs. The Contractor is not entitled to loss of profit on Services not performed.
### 14.4 Transition
On expiry or termination, the Contractor shall cooperate in the orderly transition of the Services to the Company or a replacement contractor for up to sixty (60) days at the rates in the Rates Schedule, including the handover of maintenance records, spare parts and Company-owned tools.

## 15. CONFIDENTIALITY
The Contractor shall keep confidential all information concerning the Mill, its processes, production data, costs and business, and shall use it only to perform the Services. The Contractor shall not take photographs or video at the Mill except as needed for the Services. These obligations continue for three (3) years after this Agreement ends, and indefinitely for information the Company identifies as a trade secret.

## 16. DISPUTE RESOLUTION
### 16.1 Negotiation
The Parties shall first attempt to resolve any dispute through their site representatives and, failing resolution within ten (10) Business Days, through their respective vice presidents.
### 16.2 Mediation
If a dispute is not resolved within twenty (20) Business Days after referral to the vice presidents, either Party may refer it to mediation with a mediator agreed by the Parties. The costs of the mediator are shared equally.
### 16.3 Arbitration
A dispute not resolved by mediation within sixty (60) days after the appointment of the mediator shall be finally resolved by arbitration administered by the Vancouver International Arbitration Centre under its rules, before a single arbitrator. The seat of the arbitration is Vancouver, British Columbia, and the arbitration is subject to the Arbitration Act (British Columbia).
### 16.4 Continued Performance
The Contractor shall continue to perform the Services, and the Company shall continue to pay undisputed amounts, while a dispute is being resolved.

## 17. GENERAL
### 17.1 Governing Law
This Agreement is governed by the laws of the Province of British Columbia and the federal laws of Canada applicable in British Columbia.
### 17.2 Independent Contractor
The Contractor is an independent contractor. Nothing in this Agreement makes the Contractor or its personnel employees, agents or partners of the Company.
### 17.3 Assignment and Subcontracting
Neither Party shall assign this Agreement without the other's written consent, except that the Company may assign it to a purchaser of the Mill that assumes the Company's obligations in writing. The Contractor shall not subcontract more than twenty-five percent (25%) of the Services in any contract year without the Company's consent.
### 17.4 Notices
Notices shall be in writing and delivered by hand, by courier or by e-mail to the addresses in Schedule A, and are effective when received during business hours in British Columbia.
### 17.5 Entire Agreement
This Agreement, its Schedules and the Work Orders form the entire agreement between the Parties concerning the Services and supersede all prior proposals and understandings.
IN WITNESS WHEREOF the Parties have executed this Agreement as of the Effective Date.
CARIBOO FIBRE PULP CORP. Per: Authorized Signatory
DEMO EPC LTD. Per: Authorized Signatory
`;
