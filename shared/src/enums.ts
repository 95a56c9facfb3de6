export const ROLES = ["admin", "approver", "reviewer"] as const;
export type Role = (typeof ROLES)[number];

/**
 * What an API key may do, chosen when it is made. `read`: GET on contracts and other non-identity
 * data. `contracts:write`: that, plus changing contracts and their parts (markups, changes,
 * questions, analyses, exhibits, workflow). No scope reaches identity or security settings.
 */
export const API_KEY_SCOPES = ["read", "contracts:write"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: "Read-only",
  "contracts:write": "Read & write contracts",
};

export const CONTRACT_STATUSES = ["under_review", "pending_approval", "approved", "rejected"] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = {
  under_review: "Under Review",
  pending_approval: "Pending Approval",
  approved: "Approved",
  rejected: "Rejected",
};

export const PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export type Priority = (typeof PRIORITIES)[number];

export const RISK_LEVELS = ["low", "medium", "high", "critical"] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const CONTRACT_TYPES = [
  "general", "energy", "mining", "renewable_energy", "infrastructure", "construction",
  "facility_maintenance", "environmental_remediation", "operations_maintenance",
] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

export const MARKUP_TYPES = ["comment", "suggestion", "approval", "flag"] as const;
export type MarkupType = (typeof MARKUP_TYPES)[number];

export const CHANGE_TYPES = ["insert", "replace", "delete"] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

export const CHANGE_STATUSES = ["pending", "approved", "rejected"] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];

export const EXHIBIT_STATUSES = ["pending", "planned", "reviewed", "approved", "rejected", "overdue"] as const;
export type ExhibitStatus = (typeof EXHIBIT_STATUSES)[number];

export const NOTIFICATION_TYPES = ["contract_assigned", "markup_added", "approval_required", "contract_completed", "other"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const ANALYSIS_TYPES = ["risk", "legal", "compliance", "financial", "timeline", "jurisdiction", "custom", "contextual"] as const;
export type AnalysisType = (typeof ANALYSIS_TYPES)[number];

export const ACCESS_LEVELS = ["read", "review", "approve", "admin"] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const PLAN_IDS = ["starter", "professional", "enterprise"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const SUBSCRIPTION_STATUSES = ["active", "canceled", "past_due"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const ACCOUNT_STATUSES = ["active", "suspended", "cancelled"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const TICKET_STATUSES = ["open", "in_progress", "resolved", "closed"] as const;
export const TICKET_CATEGORIES = ["general", "technical", "billing", "account", "feature"] as const;

export const INDUSTRIES = ["energy", "mining", "construction", "manufacturing", "utilities", "other"] as const;
export const COMPANY_SIZES = ["1-10", "11-50", "51-200", "201-500", "500+"] as const;
/** The legacy Settings › Notifications "Reminder Frequency" (spec §7), read and written as the digest. */
export const REMINDER_FREQUENCIES = ["daily", "weekly", "monthly"] as const;
export const DIGEST_FREQUENCIES = ["daily", "weekly", "never"] as const;
export const REMINDER_TIMINGS = ["24h", "48h", "72h", "week"] as const;
export const TIMEZONES = [
  { value: "America/Toronto", label: "Eastern" },
  { value: "America/Winnipeg", label: "Central" },
  { value: "America/Edmonton", label: "Mountain" },
  { value: "America/Vancouver", label: "Pacific" },
  { value: "America/St_Johns", label: "Newfoundland" },
  { value: "America/Halifax", label: "Atlantic" },
] as const;

export const ANALYTICS_PERIODS = ["7d", "30d", "90d", "1y"] as const;
