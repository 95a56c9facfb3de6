import { z } from "zod";
import { API_KEY_SCOPES, COMPANY_SIZES, INDUSTRIES, REMINDER_FREQUENCIES } from "../enums";
import { PASSWORD_MAX_LENGTH } from "../limits";
import { PROVINCE_CODES } from "../tax";
import { COMPANY_TIME_ZONES } from "../dates";
import { emailSchema, passwordSchema } from "./auth";

/** Spec §5 and §8: the exact texts of the Settings screen. */
export const SETTINGS_MESSAGES = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  invalidEmail: "Invalid email address",
  companyNameRequired: "Company name is required",
  industryRequired: "Industry is required",
  companySizeRequired: "Company size is required",
  profileUpdated: "Profile Updated",
  companyUpdated: "Company Settings Updated",
  notificationsUpdated: "Notification Preferences Updated",
  accountDeleted: "Account Deleted",
  updateFailed: "Update Failed",
  deletionFailed: "Deletion Failed",
  lastAdmin:
    "You are the last administrator of your company, so your account cannot be deleted. Make another team member an administrator first, then try again.",
  companyAdminOnly: "Only administrators can change company settings.",
  secondFactorRequired: "Enter the 6-digit code from your authenticator app, or one of your recovery codes.",
  invalidCode: "That code is not valid. Check your authenticator app's clock and try again.",
  passwordUpdated: "Password Updated",
  currentPasswordRequired: "Enter your current password",
  wrongCurrentPassword: "Your current password is not correct.",
  samePassword: "The new password must be different from your current password",
  passwordsDoNotMatch: "The passwords do not match",
  emailChangeNeedsPassword: "Enter your current password to change your email address.",
  emailChangeNeedsCode: "Enter a code from your authenticator app to change your email address.",
  emailChangeNoProof:
    "Your account has no password to confirm this change. Set one with “Forgot password?” on the sign-in page, or turn on two-factor sign-in, then try again.",
  emailChangePending: "We sent a confirmation link to the new address. Your email address changes when you open it.",
} as const;

/** The links of an e-mail change: confirm (mailed to the new address) and undo (mailed to the old one). */
export const EMAIL_CHANGE_MESSAGES = {
  confirmed: "Your email address has been changed. Use the new address to sign in.",
  undone: "Your email address has been restored and every session has been signed out. If you did not ask for this change, reset your password now.",
  confirmInvalid: "This confirmation link has already been used, was replaced by a newer one, or is invalid.",
  confirmExpired: "This confirmation link has expired. Change your email address in Settings again to get a new one.",
  undoInvalid: "This link has already been used or is invalid.",
  undoExpired: "This link has expired. If someone else changed your email address, contact support.",
  undoTaken: "Your old address is now used by another account, so it cannot be restored. Please contact support.",
} as const;

/** POST /api/auth/email-change/confirm and /undo: the link's token is the credential. */
export const emailChangeTokenRequest = z.object({ token: z.string().trim().min(1, "No token provided").max(200) });
export type EmailChangeTokenRequest = z.infer<typeof emailChangeTokenRequest>;
export const emailChangeResult = z.object({ email: z.string() });
export type EmailChangeResult = z.infer<typeof emailChangeResult>;

/** Optional free text: blank means "not set" (stored as null). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/** An enum field the form shows as a required select; the empty choice gets the spec's message. */
const requiredChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { message });

/** The settings record of GET /api/settings (spec §3), with the user's own name and e-mail. */
export const settingsRecord = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** A new address waiting for its confirmation link, or null. */
  pendingEmail: z.string().nullable(),
  phone: z.string().nullable(),
  jobTitle: z.string().nullable(),
  companyName: z.string(),
  industry: z.enum(INDUSTRIES).nullable(),
  companySize: z.enum(COMPANY_SIZES).nullable(),
  address: z.string().nullable(),
  /** Province or territory: sets the GST/HST on the company's invoices. */
  province: z.enum(PROVINCE_CODES).nullable(),
  website: z.string().nullable(),
  /** The legacy notification fields (spec §3), a view of the one Notification Preferences record. */
  emailDeadlines: z.boolean(),
  emailAssignments: z.boolean(),
  emailReports: z.boolean(),
  inAppNotifications: z.boolean(),
  reminderFrequency: z.enum(REMINDER_FREQUENCIES),
  /** The company's time zone: where its deadlines and expected dates end and turn overdue (issue 17). */
  timezone: z.string(),
});
export type SettingsRecord = z.infer<typeof settingsRecord>;

const legacyFlag = (name: string) => z.boolean({ message: `${name} must be true or false` });

/**
 * PATCH /api/settings/notifications (spec §7): the legacy form's fields, any of them, written onto the
 * one Notification Preferences record (api/src/notifications/legacy.ts says how).
 */
export const legacyNotificationSettingsRequest = z
  .object({
    emailDeadlines: legacyFlag("emailDeadlines"),
    emailAssignments: legacyFlag("emailAssignments"),
    emailReports: legacyFlag("emailReports"),
    inAppNotifications: legacyFlag("inAppNotifications"),
    reminderFrequency: z.enum(REMINDER_FREQUENCIES, { message: `reminderFrequency must be one of ${REMINDER_FREQUENCIES.join(", ")}` }),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, "Send at least one of emailDeadlines, emailAssignments, emailReports, inAppNotifications, reminderFrequency");
export type LegacyNotificationSettingsRequest = z.infer<typeof legacyNotificationSettingsRequest>;

/** PATCH /api/settings/profile */
export const profileUpdateRequest = z.object({
  firstName: z.string({ message: SETTINGS_MESSAGES.firstNameRequired }).trim().min(1, SETTINGS_MESSAGES.firstNameRequired).max(100),
  lastName: z.string({ message: SETTINGS_MESSAGES.lastNameRequired }).trim().min(1, SETTINGS_MESSAGES.lastNameRequired).max(100),
  email: z.string({ message: SETTINGS_MESSAGES.invalidEmail }).pipe(emailSchema),
  phone: optionalText(50),
  jobTitle: optionalText(100),
  /** Needed only when `email` changes: the current password, or (two-factor on) an authenticator code. */
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH, SETTINGS_MESSAGES.wrongCurrentPassword).optional(),
  code: z.string().trim().max(32, SETTINGS_MESSAGES.invalidCode).optional(),
});
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequest>;

/** PATCH /api/settings/company (admins only). */
export const companyUpdateRequest = z.object({
  companyName: z.string({ message: SETTINGS_MESSAGES.companyNameRequired }).trim().min(1, SETTINGS_MESSAGES.companyNameRequired).max(200),
  industry: requiredChoice(INDUSTRIES, SETTINGS_MESSAGES.industryRequired),
  companySize: requiredChoice(COMPANY_SIZES, SETTINGS_MESSAGES.companySizeRequired),
  address: optionalText(500),
  /** Absent: unchanged; "" or null: not set. */
  province: z
    .union([z.enum(PROVINCE_CODES, { message: "Select a province or territory" }), z.literal(""), z.null()])
    .optional()
    .transform((value) => (value === "" ? null : value)),
  website: optionalText(300),
  /** Absent: unchanged. */
  timezone: z.enum(COMPANY_TIME_ZONES, { message: "Select a time zone" }).optional(),
});
export type CompanyUpdateRequest = z.input<typeof companyUpdateRequest>;

/** Spec §9: the plan the Billing tab shows when nothing is loaded. */
export const DEFAULT_SETTINGS_PLAN = { planName: "Starter Plan", amount: 99 } as const;

// ── Security: two-factor sign-in, sessions, API keys ────────────────────────────────────────────

/** A 6-digit authenticator code or a recovery code (xxxxx-xxxxx); spaces and dashes are ignored. */
export const secondFactorCode = z
  .string({ message: SETTINGS_MESSAGES.secondFactorRequired })
  .trim()
  .min(6, SETTINGS_MESSAGES.secondFactorRequired)
  .max(32, SETTINGS_MESSAGES.secondFactorRequired);

export const secondFactorRequest = z.object({ code: secondFactorCode });
export type SecondFactorRequest = z.infer<typeof secondFactorRequest>;

export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesRemaining: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/** POST /api/settings/security/two-factor/setup: the secret to scan or type into an authenticator app. */
export const twoFactorSetup = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCodeSvg: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

/** Recovery codes are shown once, right after they are made. */
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

export const sessionSummary = z.object({
  id: z.string(),
  current: z.boolean(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type SessionSummary = z.infer<typeof sessionSummary>;

export const apiKeySummary = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKeySummary = z.infer<typeof apiKeySummary>;

export const createApiKeyRequest = z.object({
  name: z.string({ message: "Key name is required" }).trim().min(1, "Key name is required").max(100, "Key name must be at most 100 characters"),
  /** Read-only unless asked otherwise: the safe default for a client that does not know scopes. */
  scope: z.enum(API_KEY_SCOPES, { message: `scope must be one of ${API_KEY_SCOPES.join(", ")}` }).default("read"),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequest>;

/** What an API key is told where it may not go. */
export const API_KEY_MESSAGES = {
  notAllowed: "API keys cannot read or change identity or security settings. Sign in to do this.",
  readOnly: "This API key is read-only. Create a key with the “Read & write contracts” scope to make changes.",
} as const;

/** The full key appears in this answer only; the server keeps its hash. */
export const createdApiKey = z.object({ apiKey: apiKeySummary, key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKey>;

/** POST /api/settings/password: the current password proves it is the owner; the new one follows sign-up's rule. */
export const changePasswordRequest = z
  .object({
    currentPassword: z
      .string({ message: SETTINGS_MESSAGES.currentPasswordRequired })
      .min(1, SETTINGS_MESSAGES.currentPasswordRequired)
      .max(PASSWORD_MAX_LENGTH, SETTINGS_MESSAGES.wrongCurrentPassword),
    newPassword: z.string({ message: "Enter a new password" }).pipe(passwordSchema),
  })
  .refine((body) => body.newPassword !== body.currentPassword, { path: ["newPassword"], message: SETTINGS_MESSAGES.samePassword });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/** The Change Password form: the request plus a confirmation typed twice, checked in the browser only. */
export const changePasswordForm = z
  .object({
    currentPassword: z.string().min(1, SETTINGS_MESSAGES.currentPasswordRequired),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, { path: ["confirmPassword"], message: SETTINGS_MESSAGES.passwordsDoNotMatch })
  .refine((form) => form.newPassword !== form.currentPassword, { path: ["newPassword"], message: SETTINGS_MESSAGES.samePassword });

// ── Approvals: separation of duties (issue 17) ──────────────────────────────────────────────────

export const APPROVAL_SETTINGS_MESSAGES = {
  adminOnly: "Only administrators can change who may approve contracts.",
  updated: "Approval Settings Updated",
} as const;

/**
 * GET/PATCH /api/settings/approvals: whether one person may clear Legal Review, Finance Review and
 * Final Approval alone (off by default: someone else must give at least one of the approvals).
 */
export const approvalSettings = z.object({
  allowSingleApprover: z.boolean({ message: "allowSingleApprover must be true or false." }),
});
export type ApprovalSettings = z.infer<typeof approvalSettings>;
