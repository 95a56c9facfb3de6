import type { ContractStatus, ContractType, ExhibitStatus, MarkupType, NotificationType, Priority, Role } from "@clausewise/shared";
import { GAS_PLANT_EPC_AGREEMENT } from "./contracts/gas-plant-epc";
import { PULP_MILL_MAINTENANCE_AGREEMENT } from "./contracts/pulp-mill-maintenance";
import { STRUCTURAL_STEEL_SUBCONTRACT } from "./contracts/structural-steel-subcontract";

/*
 * The demo company of DESIGN.md §2 as data; demo.ts writes it. Times are offsets from the moment of
 * seeding so the demo never looks stale. Names, companies and projects are fictional.
 */

export const DEMO_COMPANY = {
  name: "Demo EPC Ltd.",
  industry: "energy",
  companySize: "201-500",
  address: "Suite 1800, 333 7 Avenue SW, Calgary, AB T2P 2Z1",
  province: "AB",
  website: "https://demo-epc.example",
  plan: "professional",
} as const;

export const DEMO_PASSWORD = "demo-password";

export type DemoUserKey = "admin" | "approver" | "reviewer";

export interface DemoUser {
  key: DemoUserKey;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  jobTitle: string;
  phone: string;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { key: "admin", email: "admin@demo.test", role: "admin", firstName: "Alex", lastName: "Morgan", jobTitle: "Director, Contracts and Risk", phone: "403-555-0142" },
  { key: "approver", email: "approver@demo.test", role: "approver", firstName: "Priya", lastName: "Raman", jobTitle: "Vice President, Project Delivery", phone: "403-555-0178" },
  { key: "reviewer", email: "reviewer@demo.test", role: "reviewer", firstName: "Daniel", lastName: "Okafor", jobTitle: "Senior Contracts Analyst", phone: "403-555-0193" },
];

export type ApprovalStage = "legal" | "finance" | "final";
export type ApprovalStepStatus = "waiting" | "pending" | "approved" | "rejected";

export interface DemoApprovalStep {
  stage: ApprovalStage;
  status: ApprovalStepStatus;
  decidedBy?: DemoUserKey;
  decidedDaysAgo?: number;
  comment?: string;
}

export interface DemoMarkup {
  author: DemoUserKey;
  type: MarkupType;
  /** Words of the contract the markup is about; the seed finds their paragraph and offsets. */
  quote: string;
  content: string;
  hoursAgo: number;
}

export interface DemoExhibit {
  exhibitNumber: string;
  title: string;
  description: string;
  isRequired: boolean;
  status: ExhibitStatus;
  tags: string[];
  uploadedBy?: DemoUserKey;
  /** A small text file stored as the exhibit's bytes; absent for a planned exhibit. */
  file?: { name: string; text: string };
  planned?: { expectedInDays: number; assignedTo: DemoUserKey; notes: string };
  review?: { by: DemoUserKey; notes: string };
}

export interface DemoContract {
  key: "gasPlant" | "steel" | "pulpMill";
  title: string;
  client: string;
  status: ContractStatus;
  priority: Priority;
  contractType: ContractType;
  source: string;
  createdDaysAgo: number;
  updatedHoursAgo: number;
  reviewDeadlineInDays: number | null;
  approvalDeadlineInDays: number | null;
  submittedDaysAgo: number | null;
  completedDaysAgo: number | null;
  approvalSteps: [DemoApprovalStep, DemoApprovalStep, DemoApprovalStep];
  exhibits: DemoExhibit[];
  markups: DemoMarkup[];
}

export const DEMO_CONTRACTS: readonly DemoContract[] = [
  {
    key: "gasPlant",
    title: "EPC Agreement - Wapiti Ridge Gas Processing Plant",
    client: "Wapiti Ridge Midstream Ltd.",
    status: "under_review",
    priority: "high",
    contractType: "energy",
    source: GAS_PLANT_EPC_AGREEMENT,
    createdDaysAgo: 6,
    updatedHoursAgo: 2,
    reviewDeadlineInDays: 9,
    approvalDeadlineInDays: 23,
    submittedDaysAgo: null,
    completedDaysAgo: null,
    approvalSteps: [
      { stage: "legal", status: "pending" },
      { stage: "finance", status: "waiting" },
      { stage: "final", status: "waiting" },
    ],
    exhibits: [
      {
        exhibitNumber: "A",
        title: "Scope of Work",
        description: "Facility description, battery limits, Owner-supplied items and the geotechnical report reference.",
        isRequired: true,
        status: "reviewed",
        tags: ["scope", "technical"],
        uploadedBy: "admin",
        file: {
          name: "Exhibit A - Scope of Work.txt",
          text: "EXHIBIT A - SCOPE OF WORK\n\n1. Facility: 120 MMscf/d sour gas processing plant, inlet separation, amine sweetening, TEG dehydration, refrigeration dew point control, acid gas compression and injection, sales gas compression.\n2. Battery limits: inlet pipeline pig receiver to sales gas custody transfer meter.\n3. Owner-supplied items: inlet compressor packages (2 x 50%), acid gas injection compressor.\n4. Geotechnical report: Wapiti Ridge Plant Site Geotechnical Investigation, Rev. 1.\n",
        },
        review: { by: "reviewer", notes: "Battery limits agree with the Agreement. Geotechnical report is Rev. 1 only; ask for the final revision before we accept the site-conditions risk in 2.3." },
      },
      {
        exhibitNumber: "B",
        title: "Compensation and Payment Schedule",
        description: "Milestone payment schedule, unit rates for changes and Proper Invoice requirements.",
        isRequired: true,
        status: "pending",
        tags: ["commercial", "payment"],
        uploadedBy: "admin",
        file: {
          name: "Exhibit B - Compensation and Payment.txt",
          text: "EXHIBIT B - COMPENSATION AND PAYMENT\n\nMilestone 1 - Issued for construction P&IDs: 6%\nMilestone 2 - Major equipment purchase orders placed: 14%\nMilestone 3 - Foundations complete: 12%\nMonthly progress on earned value thereafter.\nChange order markup: 10% on direct cost.\nProper Invoice requirements per the Prompt Payment and Construction Lien Act (Alberta).\n",
        },
      },
      {
        exhibitNumber: "E",
        title: "Form of Letter of Credit and Parent Company Guarantee",
        description: "Security forms required by Article 8.",
        isRequired: true,
        status: "planned",
        tags: ["security", "legal"],
        planned: { expectedInDays: 7, assignedTo: "approver", notes: "Treasury to confirm the issuing bank and a 10% face amount." },
      },
    ],
    markups: [
      {
        author: "reviewer",
        type: "flag",
        quote: "whether or not such condition was foreseeable",
        content: "All subsurface risk sits with us, even unforeseeable conditions. Propose a differing site conditions clause instead.",
        hoursAgo: 26,
      },
      {
        author: "reviewer",
        type: "comment",
        quote: "eighty-five thousand dollars ($85,000) for each day of delay",
        content: "LD rate is about 0.046% of the price per day. Within our range, but the 10% cap should include performance LDs (aggregate cap for all LDs).",
        hoursAgo: 20,
      },
      {
        author: "approver",
        type: "suggestion",
        quote: "is not subject to the limitation in Section 11.2",
        content: "Uncapped pollution liability is a deal-breaker. Suggest capping at the pollution liability insurance limit ($10M).",
        hoursAgo: 5,
      },
      {
        author: "reviewer",
        type: "comment",
        quote: "A claim not notified within these periods is waived and released",
        content: "14-day time bar on claims: add to the project team's notice register at kick-off.",
        hoursAgo: 3,
      },
    ],
  },
  {
    key: "steel",
    title: "Structural Steel Subcontract - St. Clair Renewable Diesel Project",
    client: "Ridgeline Structural Steel Inc.",
    status: "pending_approval",
    priority: "urgent",
    contractType: "construction",
    source: STRUCTURAL_STEEL_SUBCONTRACT,
    createdDaysAgo: 21,
    updatedHoursAgo: 27,
    reviewDeadlineInDays: null,
    approvalDeadlineInDays: 3,
    submittedDaysAgo: 2,
    completedDaysAgo: null,
    approvalSteps: [
      { stage: "legal", status: "approved", decidedBy: "approver", decidedDaysAgo: 2, comment: "Pay-when-paid is drafted subject to the Construction Act notice of non-payment regime. Acceptable." },
      { stage: "finance", status: "approved", decidedBy: "admin", decidedDaysAgo: 1, comment: "50% performance and L&M bonds confirmed with the surety." },
      { stage: "final", status: "pending" },
    ],
    exhibits: [
      {
        exhibitNumber: "B",
        title: "Unit Rates for Changes",
        description: "Supply, fabrication and erection rates per tonne for added tonnage.",
        isRequired: true,
        status: "approved",
        tags: ["commercial", "rates"],
        uploadedBy: "reviewer",
        file: {
          name: "Schedule B - Unit Rates.txt",
          text: "SCHEDULE B - UNIT RATES\n\nSupply and fabricate, shop primed: $4,150 per tonne\nSupply and fabricate, hot-dip galvanized: $4,620 per tonne\nErection: $1,280 per tonne\nMiscellaneous metals (stairs, handrail, grating): $7,900 per tonne\n",
        },
        review: { by: "approver", notes: "Rates benchmarked against two other Ontario fabricators; within 4%." },
      },
      {
        exhibitNumber: "C",
        title: "Erection Sequence and Milestone Schedule",
        description: "Erection sequence by area with the milestones that carry liquidated damages.",
        isRequired: true,
        status: "reviewed",
        tags: ["schedule"],
        uploadedBy: "reviewer",
        file: {
          name: "Schedule C - Erection Sequence.txt",
          text: "SCHEDULE C - ERECTION SEQUENCE\n\nArea 100 main pipe rack: start March 1, 2027 (LD milestone: complete April 30, 2027)\nArea 200 hydrotreater structure: May 3 to June 11, 2027 (LD milestone)\nArea 300 utilities and platforms: June 14 to July 15, 2027\n",
        },
        review: { by: "reviewer", notes: "LD milestones align with the prime contract schedule." },
      },
    ],
    markups: [
      {
        author: "reviewer",
        type: "comment",
        quote: "conditional on the Contractor's receipt of payment from the Owner",
        content: "Pay-when-paid is enforceable here only with a timely notice of non-payment under the Construction Act. Finance must diarize the 35-day deadline for each invoice.",
        hoursAgo: 70,
      },
      {
        author: "approver",
        type: "approval",
        quote: "shall not exceed ten percent (10%) of the Subcontract Price",
        content: "LD cap matches our prime contract flow-down. Approved.",
        hoursAgo: 40,
      },
      {
        author: "reviewer",
        type: "flag",
        quote: "limited to the amount and time the Contractor recovers from the Owner",
        content: "Subcontractor counsel will push back on this. Fallback: pay for owner changes within 30 days regardless of recovery.",
        hoursAgo: 30,
      },
    ],
  },
  {
    key: "pulpMill",
    title: "Maintenance Services Agreement - Cariboo Fibre Pulp Mill",
    client: "Cariboo Fibre Pulp Corp.",
    status: "approved",
    priority: "medium",
    contractType: "facility_maintenance",
    source: PULP_MILL_MAINTENANCE_AGREEMENT,
    createdDaysAgo: 45,
    updatedHoursAgo: 9 * 24,
    reviewDeadlineInDays: null,
    approvalDeadlineInDays: null,
    submittedDaysAgo: 16,
    completedDaysAgo: 9,
    approvalSteps: [
      { stage: "legal", status: "approved", decidedBy: "approver", decidedDaysAgo: 14, comment: "Consequential loss exclusion covers lost production. Good." },
      { stage: "finance", status: "approved", decidedBy: "admin", decidedDaysAgo: 12, comment: "CPI cap of 3% accepted; labour agreement carve-out protects us." },
      { stage: "final", status: "approved", decidedBy: "approver", decidedDaysAgo: 9, comment: "Approved for signature." },
    ],
    exhibits: [
      {
        exhibitNumber: "B",
        title: "Rates Schedule",
        description: "Hourly labour rates, equipment rates and markups for 2027.",
        isRequired: true,
        status: "approved",
        tags: ["commercial", "rates"],
        uploadedBy: "admin",
        file: {
          name: "Schedule B - Rates.txt",
          text: "SCHEDULE B - RATES (2027)\n\nMillwright journeyperson: $118.50/h straight time\nElectrician journeyperson: $121.00/h\nInstrument technician: $123.75/h\nOvertime: 1.5x; double time per collective agreement\nMaterials markup: 12%\n",
        },
        review: { by: "approver", notes: "Matches the final negotiated rates." },
      },
      {
        exhibitNumber: "C",
        title: "Key Performance Indicators",
        description: "Schedule compliance, safety and rework KPIs with quarterly reviews.",
        isRequired: false,
        status: "planned",
        tags: ["performance"],
        planned: { expectedInDays: 14, assignedTo: "reviewer", notes: "Mill maintenance superintendent to send the KPI baseline after the first quarter." },
      },
    ],
    markups: [
      {
        author: "reviewer",
        type: "comment",
        quote: "thirty thousand dollars ($30,000) for each period of twenty-four (24) hours",
        content: "Shutdown overrun LDs are capped at 10% of the Shutdown Work Order and are the sole remedy. Acceptable.",
        hoursAgo: 20 * 24,
      },
      {
        author: "approver",
        type: "approval",
        quote: "the greater of two million dollars ($2,000,000)",
        content: "Cap approved by the risk committee.",
        hoursAgo: 10 * 24,
      },
    ],
  },
];

export interface DemoNotification {
  user: DemoUserKey;
  type: NotificationType;
  title: string;
  message: string;
  contract?: DemoContract["key"];
  read: boolean;
  hoursAgo: number;
}

export const DEMO_NOTIFICATIONS: readonly DemoNotification[] = [
  { user: "reviewer", type: "contract_assigned", title: "Contract assigned", message: "You have been assigned to review the EPC Agreement for the Wapiti Ridge Gas Processing Plant.", contract: "gasPlant", read: true, hoursAgo: 6 * 24 },
  { user: "reviewer", type: "markup_added", title: "New suggestion", message: "Priya Raman suggested capping pollution liability in the Wapiti Ridge EPC Agreement.", contract: "gasPlant", read: false, hoursAgo: 5 },
  { user: "reviewer", type: "other", title: "Review deadline approaching", message: "The Wapiti Ridge EPC Agreement is due for review in 9 days.", contract: "gasPlant", read: false, hoursAgo: 1 },
  { user: "approver", type: "approval_required", title: "Approval required", message: "The Structural Steel Subcontract for the St. Clair Renewable Diesel Project is waiting for final approval.", contract: "steel", read: false, hoursAgo: 27 },
  { user: "approver", type: "markup_added", title: "New flag", message: "Daniel Okafor flagged the site conditions clause in the Wapiti Ridge EPC Agreement.", contract: "gasPlant", read: false, hoursAgo: 26 },
  { user: "approver", type: "contract_completed", title: "Contract approved", message: "The Maintenance Services Agreement for the Cariboo Fibre Pulp Mill was approved.", contract: "pulpMill", read: true, hoursAgo: 9 * 24 },
  { user: "admin", type: "approval_required", title: "Finance review requested", message: "The Structural Steel Subcontract needs a finance review of the bonding requirements.", contract: "steel", read: true, hoursAgo: 2 * 24 },
  { user: "admin", type: "contract_completed", title: "Contract approved", message: "The Maintenance Services Agreement for the Cariboo Fibre Pulp Mill was approved.", contract: "pulpMill", read: false, hoursAgo: 9 * 24 },
  { user: "admin", type: "other", title: "Welcome to ClauseWise", message: "Your Professional plan is active. Invite your team from the Team page.", read: true, hoursAgo: 46 * 24 },
];
