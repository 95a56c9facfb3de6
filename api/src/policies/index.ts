import { USER_ABILITIES, type UserAbilities, type UserAbility } from "@clausewise/shared";
import { activeRole, type Actor } from "./actor";
import { canActAsSupport } from "../support/policy";
import { canViewAuditLog } from "./audit";
import { billingAdminScope, canManageSubscription, type PlatformContext } from "./billing";
import { canEditCompanySettings, canToggleAiReview, canViewAnalytics } from "./company";
import { LEVEL_ABILITIES, ROLE_DEFAULT_ACCESS, canUploadContract } from "./contract";
import { canGrantAccessAnywhere, canManageTeam } from "./team";

export { authorize } from "./authorize";
export { activeRole, type Actor } from "./actor";
export * from "./contract";
export * from "./team";
export * from "./company";
export * from "./billing";
export * from "./user";
export * from "./exhibit";
export * from "./audit";

/**
 * Company-wide abilities, sent with GET /api/auth/user. `contract.approve` and `change.decide` say what
 * the role may do on contracts without a grant; a contract's own `abilities` are the final word there.
 */
export function userAbilities(user: Actor, options: PlatformContext): UserAbilities {
  const role = activeRole(user);
  const company = { id: user.companyId };
  const onContracts = role ? LEVEL_ABILITIES[ROLE_DEFAULT_ACCESS[role]] : [];
  const rules: Record<UserAbility, boolean> = {
    "contract.upload": canUploadContract(user),
    "contract.approve": onContracts.includes("approve"),
    "change.decide": onContracts.includes("decideChanges"),
    "team.manage": canManageTeam(user),
    "access.grant": canGrantAccessAnywhere(user),
    "analytics.view": canViewAnalytics(user, company),
    "subscription.manage": canManageSubscription(user, company),
    "billing.admin": billingAdminScope(user, options) !== null,
    "settings.company": canEditCompanySettings(user, company),
    "settings.aiReview": canToggleAiReview(user, company),
    "audit.view": canViewAuditLog(user, company),
    "support.desk": canActAsSupport(user, options),
  };
  return Object.fromEntries(USER_ABILITIES.map((a) => [a, rules[a]])) as UserAbilities;
}
