import {
  API_KEY_SCOPES,
  COMPANY_SIZES,
  INDUSTRIES,
  PROVINCE_CODES,
  type ApiKeyScope,
  type ApiKeySummary,
  type NotificationPreferences,
  type SessionSummary,
  type SettingsRecord,
  type TwoFactorStatus,
} from "@clausewise/shared";
import type { CompanyRow, UserRow } from "../auth/sessions";
import type { ApiKeyRow } from "../commands/settings/create-api-key";
import type { UserSettingsRow } from "../commands/settings/load-settings";
import type { sessions } from "../db/schema";
import { legacyNotificationFields } from "../notifications/legacy";

function oneOf<T extends string>(values: readonly T[], value: string | null | undefined): T | null {
  return value && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** GET /api/settings: the spec §3 record, with spec §9 defaults for a user who never saved. */
export function presentSettings(user: UserRow, company: CompanyRow, row: UserSettingsRow | undefined, prefs: NotificationPreferences): SettingsRecord {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    pendingEmail: user.pendingEmail,
    phone: row?.phone ?? null,
    jobTitle: row?.jobTitle ?? null,
    companyName: company.name,
    industry: oneOf(INDUSTRIES, company.industry),
    companySize: oneOf(COMPANY_SIZES, company.companySize),
    address: company.address,
    province: oneOf(PROVINCE_CODES, company.province),
    website: company.website,
    ...legacyNotificationFields(prefs),
    timezone: company.timezone,
  };
}

/** Never the secret or the recovery-code hashes: only whether two-factor is on and how many codes are left. */
export function presentTwoFactor(user: UserRow): TwoFactorStatus {
  return {
    enabled: user.totpEnabledAt !== null,
    enabledAt: user.totpEnabledAt?.toISOString() ?? null,
    recoveryCodesRemaining: user.totpEnabledAt ? (user.totpRecoveryCodes?.length ?? 0) : 0,
  };
}

/** The session id is the sha256 of the cookie: naming it in a list does not let anyone use the session. */
export function presentSession(row: typeof sessions.$inferSelect, currentSessionId: string | null): SessionSummary {
  return {
    id: row.id,
    current: row.id === currentSessionId,
    ip: row.ip,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
  };
}

export function presentApiKey(row: ApiKeyRow): ApiKeySummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: (API_KEY_SCOPES as readonly string[]).includes(row.scope) ? (row.scope as ApiKeyScope) : "read",
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}
