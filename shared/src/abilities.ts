/**
 * Company-wide abilities of the current user, computed by api/src/policies and sent with
 * GET /api/auth/user so the UI never re-derives role rules.
 */
export const USER_ABILITIES = [
  "contract.upload",
  "contract.approve",
  "change.decide",
  "team.manage",
  "access.grant",
  "analytics.view",
  "subscription.manage",
  "billing.admin",
  "settings.company",
  "settings.aiReview",
  "audit.view",
  "support.desk",
] as const;
export type UserAbility = (typeof USER_ABILITIES)[number];
export type UserAbilities = Record<UserAbility, boolean>;

/** Per-contract abilities, sent with GET /api/contracts/{id}. */
export const CONTRACT_ABILITIES = [
  "read",
  "edit",
  "suggest",
  "comment",
  "decideChanges",
  "approve",
  "submitForApproval",
  "analyze",
  "manageExhibits",
  "reviewExhibits",
  "grantAccess",
  "delete",
] as const;
export type ContractAbility = (typeof CONTRACT_ABILITIES)[number];
export type ContractAbilities = Record<ContractAbility, boolean>;
